#pragma once

// The first column of a wide table kept in view: a second view of the same model and
// selection, laid over the table's first column, showing only that column. The table
// scrolls sideways under it; rows scroll together, widths and heights follow the table.

#include <QObject>
#include <QPointer>

class QHeaderView;
class QTableView;

namespace vtw {

class FrozenFirstColumn : public QObject {
    Q_OBJECT
public:
    /// Lays itself over the table (a child of it) and lives as long as it.
    explicit FrozenFirstColumn(QTableView* table);

    /// The view drawn over the first column.
    QTableView* view() const { return m_frozen.data(); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Only the first column shown, at the table's width and row heights.
    void matchColumns();
    void place();

    /// False once the table or the overlay has begun to go away: the model may still
    /// announce a reset while the table's children are deleted, with its headers gone.
    bool intact() const;

    QTableView* m_table;
    QPointer<QTableView> m_frozen;
    QPointer<QHeaderView> m_tableHeader;
};

} // namespace vtw
