#pragma once

// The Track workspace's cursor and reference run: the workspace cursor (by distance)
// joined to the page's cursor, so hovering the traces moves the map's marker too; A and
// B markers on the traces with their table; the lap pinned as a reference, drawn
// behind the traces in a muted colour, and the lap's delta-time against it.

#include "ui/analysis/AbDeltaTable.h"
#include "ui/analysis/ReferencePanel.h"
#include "ui/analysis/WorkspaceCursor.h"

#include <QObject>

namespace vtw {

class CursorLines;
class ReferenceRuns;
class TrackPage;
struct LapTrace;

class TrackCursorTools : public QObject {
    Q_OBJECT
public:
    explicit TrackCursorTools(TrackPage* page);

    WorkspaceCursor* cursor() const { return m_cursor; }
    CursorLines* traceCursorLines() const { return m_lines; }
    AbDeltaTable* abTable() const { return m_ab; }
    ReferencePanel* referencePanel() const { return m_reference; }
    void setReferenceRuns(ReferenceRuns* runs);

    /// The page shows another lap (or units): the reference, A/B and delta-time follow.
    void lapChanged();

private:
    void drawReference();

    TrackPage* m_page;
    WorkspaceCursor* m_cursor;
    CursorLines* m_lines;
    AbDeltaTable* m_ab;
    ReferencePanel* m_reference;
};

} // namespace vtw
