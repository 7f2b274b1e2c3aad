#pragma once

// The Compare workspace's cursor and reference run, around its overlay of traces: the
// cursor on the traces and their delta plot (by time or distance, as the overlay),
// the A/B table of every overlaid run's channel (and time, by distance), and the
// reference panel, which pins the baseline run of the overlay and measures the
// baseline's delta-time against the reference. The reference is drawn behind the
// overlaid traces in a muted colour.

#include "ui/analysis/AbDeltaTable.h"
#include "ui/analysis/ReferencePanel.h"
#include "ui/analysis/WorkspaceCursor.h"

#include <QWidget>

namespace vtw {

class CursorLines;
class ReferenceRuns;
class TraceOverlayPanel;
struct ComparisonData;

/// The baseline run of the overlay's selection as a table: its telemetry's channels, on
/// a track its lap from the start line (distance along the line, time from the crossing),
/// as the traces draw it. Empty without a run.
std::optional<RunForReference> baselineRunOf(const ComparisonData& data, const TraceOverlayPanel& panel);

class CompareTraceTools : public QWidget {
    Q_OBJECT
public:
    /// Takes the panel into its layout.
    explicit CompareTraceTools(TraceOverlayPanel* panel, QWidget* parent = nullptr);

    void setComparison(const ComparisonData* data);
    void setReferenceRuns(ReferenceRuns* runs);

    WorkspaceCursor* cursor() const { return m_cursor; }
    CursorLines* traceCursorLines() const { return m_traceLines; }
    AbDeltaTable* abTable() const { return m_ab; }
    ReferencePanel* referencePanel() const { return m_reference; }

private:
    std::vector<AbRow> rowsAt(double a, double b) const;
    void beforeTraceReplot();

    TraceOverlayPanel* m_panel;
    const ComparisonData* m_data = nullptr;
    WorkspaceCursor* m_cursor;
    CursorLines* m_traceLines;
    AbDeltaTable* m_ab;
    ReferencePanel* m_reference;
};

} // namespace vtw
