#include "ui/compare/MetricsTable.h"
#include "ui/shared/DisplayUnits.h"

#include "ui/shared/CompareStyle.h"
#include "ui/compare/ComparisonData.h"
#include "ui/compare/FrozenFirstColumn.h"
#include "core/vehicle/Targets.h"

#include <QHeaderView>

#include <cmath>

namespace vtw {

namespace {

QTableWidgetItem* textItem(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

QString unitSuffix(const QString& unit) {
    return unit.isEmpty() ? QString() : QLatin1Char(' ') + unit;
}

QString senseText(MetricSense sense) {
    switch (sense) {
    case MetricSense::LowerIsBetter:
        return QStringLiteral("lower is better");
    case MetricSense::HigherIsBetter:
        return QStringLiteral("higher is better");
    case MetricSense::Neutral:
        break;
    }
    return QStringLiteral("neither direction is better");
}

} // namespace

MetricsTable::MetricsTable(QWidget* parent) : QTableWidget(parent) {
    setObjectName(QStringLiteral("metricsTable"));
    setEditTriggers(NoEditTriggers);
    setAlternatingRowColors(true);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setStretchLastSection(false);
    setWordWrap(false);
    m_frozen = new FrozenFirstColumn(this);
}

QTableView* MetricsTable::frozenColumn() const {
    return m_frozen->view();
}

void MetricsTable::setUnitSystem(UnitSystem system) {
    m_units = system;
    setComparison(m_data);
}

void MetricsTable::setComparison(const ComparisonData* data) {
    m_data = data;
    clear();
    setRowCount(0);
    setColumnCount(0);
    m_firstPublishedColumn = -1;
    if (!data)
        return;
    const int setups = static_cast<int>(data->setupCount());
    const int baseline = static_cast<int>(data->baseline);
    QStringList headers{tr("Metric"), tr("Unit")};
    for (int s = 0; s < setups; ++s)
        headers << (s == baseline ? tr("%1 (baseline)").arg(data->names.value(s))
                                  : data->names.value(s));
    for (int s = 0; s < setups; ++s) {
        if (s != baseline)
            headers << tr("\u0394 %1").arg(data->names.value(s));
    }
    // Published figures: two columns for each setup with a target among the rows.
    std::vector<int> withTargets;
    for (int s = 0; s < setups; ++s) {
        for (const MetricComparison& m : data->metrics) {
            if (data->target(std::size_t(s), m.maneuverId, m.metric.key)) {
                withTargets.push_back(s);
                break;
            }
        }
    }
    m_firstPublishedColumn = withTargets.empty() ? -1 : int(headers.size());
    for (int s : withTargets)
        headers << tr("Published\n%1").arg(data->names.value(s))
                << tr("vs published\n%1").arg(data->names.value(s));
    setColumnCount(headers.size());
    setHorizontalHeaderLabels(headers);
    for (int i = 0; i < int(withTargets.size()); ++i) {
        for (int c = 0; c < 2; ++c) {
            QTableWidgetItem* header = horizontalHeaderItem(m_firstPublishedColumn + 2 * i + c);
            header->setData(setupRole, withTargets[std::size_t(i)]);
            header->setToolTip(c == 0 ? tr("The figure published for the real car, with its "
                                           "source in the cell's tooltip")
                                      : tr("(simulated - published) / published"));
        }
    }
    setRowCount(static_cast<int>(data->metrics.size()));
    int row = 0;
    for (const MetricComparison& m : data->metrics) {
        auto* name = textItem(QStringLiteral("%1: %2").arg(maneuverTitle(m.maneuverId),
                                                           QString::fromStdString(m.metric.label)));
        name->setToolTip(QStringLiteral("%1 (%2), %3")
                             .arg(QString::fromStdString(m.metric.key),
                                  QString::fromStdString(m.maneuverId), senseText(m.metric.sense)));
        name->setData(keyRole, QString::fromStdString(m.maneuverId + "/" + m.metric.key));
        setItem(row, 0, name);
        const DisplayedMetric shown = displayedMetric(m, m_units);
        setItem(row, 1, textItem(shown.unit));
        int deltaColumn = firstSetupColumn + setups;
        for (int s = 0; s < setups; ++s) {
            const double value = shown.values[static_cast<std::size_t>(s)];
            auto* cell = textItem(formatMetricFigure(value, m.metric.unit));
            cell->setData(valueRole, value);
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            cell->setForeground(setupColour(s).darker(130));
            if (!std::isfinite(value)) {
                cell->setData(invalidReasonRole,
                              QString::fromStdString(m.invalidReasons[static_cast<std::size_t>(s)]));
                cell->setToolTip(tr("Not reached: %1")
                                     .arg(QString::fromStdString(m.invalidReasons[static_cast<std::size_t>(s)])));
            } else if (!m.valid(static_cast<std::size_t>(s))) {
                // Keep the figure readable but plainly not a result: grey, struck out.
                QFont font = cell->font();
                font.setStrikeOut(true);
                cell->setFont(font);
                cell->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
                cell->setData(invalidReasonRole,
                              QString::fromStdString(m.invalidReasons[static_cast<std::size_t>(s)]));
                cell->setToolTip(tr("Invalid: %1")
                                     .arg(QString::fromStdString(m.invalidReasons[static_cast<std::size_t>(s)])));
            }
            setItem(row, firstSetupColumn + s, cell);
            if (s == baseline)
                continue;
            const double delta = shown.deltas[static_cast<std::size_t>(s)];
            const int verdict = m.verdicts[static_cast<std::size_t>(s)];
            // The arrow says which way the figure moved; the colour says whether that is good.
            const QString arrow = !std::isfinite(delta) || delta == 0.0 ? QString()
                                  : delta > 0.0                         ? QStringLiteral(" \u25b2")
                                                                        : QStringLiteral(" \u25bc");
            const bool yesNo = m.metric.unit == yesNoUnit;
            auto* d = textItem(formatMetricDelta(delta, m.metric.unit) + unitSuffix(shown.unit) +
                               (yesNo ? QString() : arrow));
            d->setData(valueRole, delta);
            d->setData(verdictRole, verdict);
            d->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (!m.valid(static_cast<std::size_t>(s)) || !m.valid(static_cast<std::size_t>(baseline)))
                d->setToolTip(tr("No difference: a figure is invalid"));
            // Graded: a 0.2 % change is barely tinted, a 20 % one fully; inside the neutral
            // band it keeps its arrow but no colour.
            const double base = m.values[static_cast<std::size_t>(baseline)];
            const double relative = base != 0.0 ? m.deltas[static_cast<std::size_t>(s)] / base : 1.0;
            const QColor tint = gradedChangeTint(verdict, relative);
            if (tint.isValid()) {
                d->setForeground(verdict > 0 ? betterColour() : worseColour());
                d->setBackground(tint);
                d->setToolTip(verdict > 0 ? tr("Better than the baseline (%1)").arg(senseText(m.metric.sense))
                                          : tr("Worse than the baseline (%1)").arg(senseText(m.metric.sense)));
            } else if (verdict != 0) {
                d->setToolTip(tr("Within %1 % of the baseline: no real difference")
                                  .arg(100.0 * neutralChangeShare, 0, 'g', 2));
            }
            setItem(row, deltaColumn++, d);
        }
        for (int i = 0; i < int(withTargets.size()); ++i) {
            const int s = withTargets[std::size_t(i)];
            const PublishedFigure* t = data->target(std::size_t(s), m.maneuverId, m.metric.key);
            if (!t)
                continue;
            const DisplayUnit unit = metricDisplayUnit(QString::fromStdString(m.metric.unit), m_units);
            const double published = t->value * unit.scale;
            auto* p = textItem(formatFigure(published));
            p->setData(valueRole, published);
            p->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            p->setToolTip(tr("Source: %1").arg(QString::fromStdString(t->source)));
            setItem(row, m_firstPublishedColumn + 2 * i, p);
            const double deviation =
                targetDeviation(m.values[static_cast<std::size_t>(s)], t->value);
            auto* d = textItem(std::isfinite(deviation) ? formatSignedPercent(deviation) : QStringLiteral("—"));
            d->setData(valueRole, deviation);
            d->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            d->setToolTip(std::isfinite(deviation)
                              ? tr("Simulated %1 against published %2").arg(formatFigure(
                                    m.values[static_cast<std::size_t>(s)] * unit.scale),
                                    formatFigure(published))
                              : tr("Not reached in this run"));
            setItem(row, m_firstPublishedColumn + 2 * i + 1, d);
        }
        ++row;
    }
    resizeColumnsToContents();
}

} // namespace vtw
