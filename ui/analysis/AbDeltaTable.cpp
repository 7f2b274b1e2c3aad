#include "ui/analysis/AbDeltaTable.h"

#include "core/analysis/ChannelTable.h"
#include "core/analysis/TraceInterpolation.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace vtw {

namespace {

QString shown(double v) {
    return std::isfinite(v) ? QString::number(v, 'g', 5) : QStringLiteral("\u2013");
}

} // namespace

std::vector<AbRow> abRowsOf(const ChannelTable& table, CursorAxis axis, double a, double b,
                            const std::vector<std::string>& channels) {
    std::vector<AbRow> rows;
    const ChannelColumn* x = table.find(cursorAxisChannel(axis));
    if (!x)
        return rows;
    std::vector<std::string> names{std::string(channelTableTime), std::string(channelTableDistance)};
    for (const std::string& c : channels) {
        if (c != channelTableTime && c != channelTableDistance)
            names.push_back(c);
    }
    for (const std::string& name : names) {
        const ChannelColumn* column = table.find(name);
        if (!column)
            continue;
        const std::vector<double> at = interpolateOnto(x->values, column->values, {a, b});
        rows.push_back({QString::fromStdString(column->label.empty() ? column->name : column->label),
                        QString::fromStdString(column->unit == "1" ? std::string() : column->unit), at[0], at[1]});
    }
    return rows;
}

AbDeltaTable::AbDeltaTable(WorkspaceCursor* cursor, QWidget* parent)
    : QWidget(parent), m_cursor(cursor), m_table(new QTableWidget(0, 4, this)),
      m_setA(new QPushButton(tr("Set A"), this)), m_setB(new QPushButton(tr("Set B"), this)),
      m_clear(new QPushButton(tr("Clear A/B"), this)) {
    setObjectName(QStringLiteral("abDeltaTable"));
    m_table->setHorizontalHeaderLabels({tr("A/B"), tr("A"), tr("B"), tr("B \u2212 A")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c)
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_setA->setToolTip(tr("Marker A at the cursor (or Ctrl+click a trace)"));
    m_setB->setToolTip(tr("Marker B at the cursor (or Shift+click a trace)"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_setA);
    buttons->addWidget(m_setB);
    buttons->addWidget(m_clear);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_table, 1);
    setMinimumWidth(220);

    connect(m_setA, &QPushButton::clicked, cursor, [cursor] { cursor->setMarkerAtCursor(WorkspaceCursor::Marker::A); });
    connect(m_setB, &QPushButton::clicked, cursor, [cursor] { cursor->setMarkerAtCursor(WorkspaceCursor::Marker::B); });
    connect(m_clear, &QPushButton::clicked, cursor, &WorkspaceCursor::clearMarkers);
    connect(cursor, &WorkspaceCursor::markersChanged, this, &AbDeltaTable::refresh);
    refresh();
}

void AbDeltaTable::setRowSource(RowSource source) {
    m_source = std::move(source);
    refresh();
}

void AbDeltaTable::refresh() {
    const auto a = m_cursor->marker(WorkspaceCursor::Marker::A);
    const auto b = m_cursor->marker(WorkspaceCursor::Marker::B);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<AbRow> rows = m_source && (a || b) ? m_source(a.value_or(nan), b.value_or(nan))
                                                         : std::vector<AbRow>{};
    m_table->setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const AbRow& row = rows[static_cast<std::size_t>(r)];
        const QString name = row.unit.isEmpty() ? row.label : QStringLiteral("%1 (%2)").arg(row.label, row.unit);
        const QString cells[4] = {name, shown(row.a), shown(row.b), shown(row.b - row.a)};
        for (int c = 0; c < 4; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    }
}

QString AbDeltaTable::cellText(int row, int column) const {
    const QTableWidgetItem* item = m_table->item(row, column);
    return item ? item->text() : QString();
}

} // namespace vtw
