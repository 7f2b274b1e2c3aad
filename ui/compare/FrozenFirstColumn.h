#pragma once

// The first column of a wide table kept in view: a second view of the same model and
// selection, laid over the table's first column, showing only that column. The table
// scrolls sideways under it; rows scroll together, widths and heights follow the table.

#include <QObject>

class QTableView;

namespace vtw {

class FrozenFirstColumn : public QObject {
    Q_OBJECT
public:
    /// Lays itself over the table (a child of it) and lives as long as it.
    explicit FrozenFirstColumn(QTableView* table);

    /// The view drawn over the first column.
    QTableView* view() const { return m_frozen; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Only the first column shown, at the table's width and row heights.
    void matchColumns();
    void place();

    QTableView* m_table;
    QTableView* m_frozen;
};

} // namespace vtw
