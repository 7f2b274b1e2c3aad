#pragma once

// The A/B table of a workspace: for each quantity shown (time, distance, every shown
// channel) its value at marker A, at marker B and the difference B - A. The workspace
// says what the values are (a row source); the table asks again whenever the markers
// move or the workspace's data changes (refresh()). A value with no data at a marker
// (before the start or past the end of a run) shows as a dash, never as a guess.

#include "ui/analysis/WorkspaceCursor.h"

#include <QString>
#include <QWidget>

#include <functional>
#include <limits>
#include <string>
#include <vector>

class QPushButton;
class QTableWidget;

namespace vtw {

class ChannelTable;

struct AbRow {
    QString label;
    QString unit; ///< as shown; empty for a number without unit
    double a = std::numeric_limits<double>::quiet_NaN();
    double b = std::numeric_limits<double>::quiet_NaN();
};

/// Rows for the named channels of a table (the axis channels first when present), read
/// at the markers by linear interpolation along `axis`; NaN outside the data. Values in
/// the table's own units.
std::vector<AbRow> abRowsOf(const ChannelTable& table, CursorAxis axis, double a, double b,
                            const std::vector<std::string>& channels);

class AbDeltaTable : public QWidget {
    Q_OBJECT
public:
    using RowSource = std::function<std::vector<AbRow>(double a, double b)>;

    AbDeltaTable(WorkspaceCursor* cursor, QWidget* parent = nullptr);

    void setRowSource(RowSource source);
    /// Reads the rows again (the workspace's data changed).
    void refresh();

    QTableWidget* table() const { return m_table; }
    QPushButton* setAButton() const { return m_setA; }
    QPushButton* setBButton() const { return m_setB; }
    QPushButton* clearButton() const { return m_clear; }
    /// The text of a cell (row, column 0-3: name, A, B, B - A), for tests.
    QString cellText(int row, int column) const;

private:
    WorkspaceCursor* m_cursor;
    RowSource m_source;
    QTableWidget* m_table;
    QPushButton* m_setA;
    QPushButton* m_setB;
    QPushButton* m_clear;
};

} // namespace vtw
