#include "ui/track/SectorTable.h"

#include "ui/track/LapRun.h"
#include "core/base/Units.h"

#include "core/setupfile/SetupMetadata.h"

#include <QHeaderView>

#include <cmath>

namespace vtw {

QString formatLapTime(double seconds) {
    if (!std::isfinite(seconds))
        return QStringLiteral("\u2013");
    if (seconds < 60.0)
        return QStringLiteral("%1 s").arg(seconds, 0, 'f', 3);
    const int minutes = static_cast<int>(seconds / 60.0);
    return QStringLiteral("%1:%2").arg(minutes).arg(seconds - 60.0 * minutes, 6, 'f', 3, QLatin1Char('0'));
}

SectorTable::SectorTable(QWidget* parent) : QTableWidget(parent) {
    setObjectName(QStringLiteral("sectorTable"));
    setColumnCount(2);
    setHorizontalHeaderLabels({tr("Figure"), tr("Value")});
    horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
}

void SectorTable::setLap(const LapRun* run, UnitSystem units) {
    setRowCount(0);
    if (!run || !run->lap.ok)
        return;
    const LapResult& lap = run->lap;
    auto addRow = [this](const QString& name, const QString& value, const QString& tip = {}) {
        const int row = rowCount();
        insertRow(row);
        auto* n = new QTableWidgetItem(name);
        auto* v = new QTableWidgetItem(value);
        v->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        n->setToolTip(tip);
        v->setToolTip(tip);
        setItem(row, 0, n);
        setItem(row, 1, v);
        return v;
    };
    QTableWidgetItem* lapItem = addRow(tr("Lap time"), formatLapTime(lap.lapTime),
                                       tr("%1 s").arg(lap.lapTime, 0, 'f', 3));
    lapItem->setData(secondsRole, lap.lapTime);
    QFont bold = lapItem->font();
    bold.setBold(true);
    lapItem->setFont(bold);
    item(0, 0)->setFont(bold);
    const DisplayUnit distance = metricDisplayUnit(QStringLiteral("m"), units);
    for (std::size_t s = 0; s < lap.sectors.size(); ++s) {
        const SectorTime& sector = lap.sectors[s];
        QTableWidgetItem* v = addRow(
            tr("Sector %1").arg(s + 1), QStringLiteral("%1 s").arg(sector.time, 0, 'f', 3),
            tr("From %1 to %2 %3 along the line")
                .arg(sector.start * distance.scale, 0, 'f', 0)
                .arg(sector.end * distance.scale, 0, 'f', 0)
                .arg(distance.symbol));
        v->setData(secondsRole, sector.time);
    }
    const DisplayUnit speed = metricDisplayUnit(QStringLiteral("km/h"), units);
    auto speedText = [&](double mps) {
        return QStringLiteral("%1 %2").arg(mps * units::kmhPerMps * speed.scale, 0, 'f', 1).arg(speed.symbol);
    };
    addRow(tr("Top speed"), speedText(lap.topSpeed));
    addRow(tr("Lowest speed"), speedText(lap.minSpeed),
           tr("The slowest corner; past the start line on a standing start"));
    addRow(tr("Average speed"), speedText(lap.lapTime > 0.0 ? lap.length / lap.lapTime : 0.0));
    addRow(tr("Length"), QStringLiteral("%1 %2").arg(lap.length * distance.scale, 0, 'f', 0).arg(distance.symbol));
    resizeRowsToContents();
}

QTableWidgetItem* SectorTable::lapTimeItem() const {
    return rowCount() > 0 ? item(0, 1) : nullptr;
}

} // namespace vtw
