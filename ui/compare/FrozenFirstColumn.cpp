#include "ui/compare/FrozenFirstColumn.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

namespace vtw {

FrozenFirstColumn::FrozenFirstColumn(QTableView* table)
    : QObject(table), m_table(table), m_frozen(new QTableView(table)), m_tableHeader(table->horizontalHeader()) {
    m_frozen->setObjectName(QStringLiteral("frozenFirstColumn"));
    m_frozen->setModel(table->model());
    m_frozen->setSelectionModel(table->selectionModel());
    m_frozen->setFocusPolicy(Qt::NoFocus);
    m_frozen->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_frozen->verticalHeader()->hide();
    m_frozen->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_frozen->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollMode(table->verticalScrollMode());
    m_frozen->setFrameShape(QFrame::NoFrame);
    m_frozen->setAlternatingRowColors(table->alternatingRowColors());
    m_frozen->setWordWrap(table->wordWrap());
    m_frozen->setTextElideMode(table->textElideMode());
    // A line at its right edge: the columns scrolled under it go out of sight there.
    m_frozen->setStyleSheet(QStringLiteral("QTableView { border-right: 1px solid palette(mid); }"));
    // Sideways the table scrolls by pixels, so its first column slides under this one.
    table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);

    connect(table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section, int, int size) {
        if (section == 0) {
            m_frozen->setColumnWidth(0, size);
            place();
        }
    });
    connect(table->verticalHeader(), &QHeaderView::sectionResized, this,
            [this](int row, int, int size) { m_frozen->setRowHeight(row, size); });
    connect(table->horizontalHeader(), &QHeaderView::geometriesChanged, this, &FrozenFirstColumn::place);
    connect(m_frozen->verticalScrollBar(), &QAbstractSlider::valueChanged, table->verticalScrollBar(),
            &QAbstractSlider::setValue);
    connect(table->verticalScrollBar(), &QAbstractSlider::valueChanged, m_frozen->verticalScrollBar(),
            &QAbstractSlider::setValue);
    QAbstractItemModel* model = table->model();
    for (auto changed : {&QAbstractItemModel::columnsInserted, &QAbstractItemModel::columnsRemoved,
                         &QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(model, changed, m_frozen, [this] { matchColumns(); });
    // The overlay as the context: its connections go with it.
    connect(model, &QAbstractItemModel::modelReset, m_frozen, [this] { matchColumns(); });
    connect(model, &QAbstractItemModel::headerDataChanged, m_frozen, [this] { place(); });
    table->installEventFilter(this);
    table->viewport()->stackUnder(m_frozen);
    matchColumns();
}

bool FrozenFirstColumn::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_table && (event->type() == QEvent::Resize || event->type() == QEvent::Show ||
                               event->type() == QEvent::LayoutRequest))
        place();
    return QObject::eventFilter(watched, event);
}

bool FrozenFirstColumn::intact() const {
    return m_frozen && m_tableHeader && m_frozen->horizontalHeader();
}

void FrozenFirstColumn::matchColumns() {
    if (!intact())
        return;
    const int columns = m_table->model()->columnCount();
    for (int c = 1; c < columns; ++c)
        m_frozen->setColumnHidden(c, true);
    if (columns > 0) {
        m_frozen->setColumnHidden(0, false);
        m_frozen->setColumnWidth(0, m_table->columnWidth(0));
    }
    for (int r = 0; r < m_table->model()->rowCount(); ++r)
        m_frozen->setRowHeight(r, m_table->rowHeight(r));
    place();
}

void FrozenFirstColumn::place() {
    if (!intact())
        return;
    const bool shown = m_table->model()->columnCount() > 0 && !m_table->isColumnHidden(0);
    m_frozen->setVisible(shown);
    if (!shown)
        return;
    // Exactly over the table's first column and its header, wherever the table has scrolled.
    const int headerHeight = m_table->horizontalHeader()->isVisible() ? m_table->horizontalHeader()->height() : 0;
    m_frozen->horizontalHeader()->setFixedHeight(headerHeight);
    m_frozen->horizontalHeader()->setVisible(headerHeight > 0);
    const int left = m_table->frameWidth() + (m_table->verticalHeader()->isVisible() ? m_table->verticalHeader()->width() : 0);
    m_frozen->setGeometry(left, m_table->frameWidth(), m_table->columnWidth(0) + 1,
                          m_table->viewport()->height() + headerHeight);
    m_frozen->verticalScrollBar()->setValue(m_table->verticalScrollBar()->value());
}

} // namespace vtw
