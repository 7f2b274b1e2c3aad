#include "ui/compare/AttributionPanel.h"

#include "ui/shared/BackgroundStudy.h"
#include "ui/shared/CompareStyle.h"
#include "ui/compare/ComparisonData.h"
#include "ui/compare/FieldDisplayText.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

namespace vtw {

AttributionPanel::AttributionPanel(QWidget* parent)
    : QWidget(parent), m_study(new BackgroundStudy(this)), m_tuned(new QComboBox(this)),
      m_maneuver(new QComboBox(this)), m_metric(new QComboBox(this)),
      m_grouping(new QComboBox(this)), m_run(new QPushButton(tr("Attribute"), this)),
      m_busy(new QProgressBar(this)), m_status(new QLabel(this)), m_table(new QTableWidget(this)),
      m_plot(new QCustomPlot(this)) {
    m_tuned->setObjectName(QStringLiteral("attributionTuned"));
    m_maneuver->setObjectName(QStringLiteral("attributionManeuver"));
    m_metric->setObjectName(QStringLiteral("attributionMetric"));
    m_grouping->setObjectName(QStringLiteral("attributionGrouping"));
    m_run->setObjectName(QStringLiteral("attributionRun"));
    m_table->setObjectName(QStringLiteral("attributionTable"));
    m_plot->setObjectName(QStringLiteral("attributionPlot"));
    m_grouping->addItem(tr("Each parameter"), static_cast<int>(AttributionGrouping::PerParameter));
    m_grouping->addItem(tr("Each section"), static_cast<int>(AttributionGrouping::PerSection));
    m_busy->setRange(0, 0);
    m_busy->setVisible(false);
    m_busy->setMaximumWidth(120);
    m_status->setWordWrap(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Part"), tr("Contribution"), tr("Share of total")});
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    styleComparePlot(m_plot);
    m_plot->legend->setVisible(false);
    m_plot->setInteractions({});

    auto* controls = new QGridLayout;
    controls->addWidget(new QLabel(tr("Tuned setup:"), this), 0, 0);
    controls->addWidget(m_tuned, 0, 1);
    controls->addWidget(new QLabel(tr("Maneuver:"), this), 0, 2);
    controls->addWidget(m_maneuver, 0, 3);
    controls->addWidget(new QLabel(tr("Metric:"), this), 1, 0);
    controls->addWidget(m_metric, 1, 1);
    controls->addWidget(new QLabel(tr("Revert:"), this), 1, 2);
    controls->addWidget(m_grouping, 1, 3);
    controls->addWidget(m_run, 0, 4);
    controls->addWidget(m_busy, 1, 4);
    controls->setColumnStretch(1, 1);
    controls->setColumnStretch(3, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_plot);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    m_plot->setMinimumHeight(160);
    split->setSizes({600, 220}); // the chart first; the table needs a few rows only
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    connect(m_maneuver, &QComboBox::currentIndexChanged, this, &AttributionPanel::fillMetrics);
    connect(m_run, &QPushButton::clicked, this, &AttributionPanel::run);
    connect(m_study, &BackgroundStudy::finished, this, &AttributionPanel::showResult);
    setComparison(nullptr);
}

void AttributionPanel::setComparison(const ComparisonData* data) {
    m_study->cancel();
    m_data = data;
    {
        const QSignalBlocker a(m_tuned), b(m_maneuver);
        m_tuned->clear();
        m_maneuver->clear();
        if (data) {
            for (std::size_t s = 0; s < data->setupCount(); ++s) {
                if (s != data->baseline)
                    m_tuned->addItem(data->names.value(static_cast<int>(s)), static_cast<int>(s));
            }
            for (const ManeuverSpec& m : data->maneuvers)
                m_maneuver->addItem(maneuverSummary(m));
        }
    }
    fillMetrics();
    m_run->setEnabled(data && m_tuned->count() > 0);
    m_status->setText(data ? tr("Shares out the change between the baseline (%1) and the tuned "
                                "setup among the parameters that differ, by re-running the "
                                "maneuver with each combination of them applied.")
                                 .arg(data->names.value(static_cast<int>(data->baseline)))
                           : tr("Run a comparison first."));
    m_result = {};
    m_table->setRowCount(0);
    m_plot->clearPlottables();
    replotIfSized(m_plot);
}

void AttributionPanel::fillMetrics() {
    const QString keep = m_metric->currentData().toString();
    m_metric->clear();
    if (!m_data)
        return;
    const std::string id =
        m_maneuver->currentIndex() >= 0
            ? m_data->maneuvers[static_cast<std::size_t>(m_maneuver->currentIndex())].id
            : std::string();
    for (const MetricComparison& row : m_data->metrics) {
        if (row.maneuverId == id && row.metric.sense != MetricSense::Neutral)
            m_metric->addItem(QString::fromStdString(row.metric.label),
                              QString::fromStdString(row.metric.key));
    }
    const int index = m_metric->findData(keep);
    if (index >= 0)
        m_metric->setCurrentIndex(index);
}

bool AttributionPanel::isRunning() const {
    return m_study->isRunning();
}

void AttributionPanel::run() {
    if (!m_data || m_tuned->currentIndex() < 0 || m_maneuver->currentIndex() < 0 ||
        m_metric->currentIndex() < 0 || isRunning())
        return;
    const Setup baseline = m_data->setups[m_data->baseline];
    const Setup tuned = m_data->setups[static_cast<std::size_t>(m_tuned->currentData().toInt())];
    const ManeuverSpec maneuver =
        m_data->maneuvers[static_cast<std::size_t>(m_maneuver->currentIndex())];
    const std::string key = m_metric->currentData().toString().toStdString();
    const auto grouping = static_cast<AttributionGrouping>(m_grouping->currentData().toInt());
    for (const MetricComparison& row : m_data->metrics) {
        if (row.maneuverId == maneuver.id && row.metric.key == key)
            m_unit = row.metric.unit;
    }
    auto result = std::make_shared<Attribution>();
    m_run->setEnabled(false);
    m_busy->setVisible(true);
    m_status->setText(tr("Re-running with each change reverted\u2026"));
    // The work writes into its own shared result; showResult takes it on the GUI thread.
    m_pending = result;
    m_study->start([=](const std::atomic<bool>* cancel, const BackgroundStudy::Progress&) {
        *result = attributeChange(baseline, tuned, maneuver, key, grouping, 0, cancel);
    });
}

void AttributionPanel::showResult() {
    m_busy->setVisible(false);
    m_run->setEnabled(m_data != nullptr);
    if (!m_pending)
        return;
    m_result = *m_pending;
    m_pending.reset();
    m_table->setRowCount(0);
    m_plot->clearPlottables();
    if (m_study->wasCancelled() || !m_result.ok) {
        m_status->setText(
            m_study->wasCancelled()
                ? tr("Cancelled.")
                : tr("No attribution: %1").arg(QString::fromStdString(m_result.error)));
        replotIfSized(m_plot);
        emit attributionFinished(false);
        return;
    }
    const QString unit =
        m_unit.empty() ? QString() : QLatin1Char(' ') + QString::fromStdString(m_unit);
    const QString method =
        m_result.exact
            ? tr("Each change's share is its effect averaged over every order of applying the "
                 "changes to the baseline (%1 runs), so the shares add up to the total.")
                  .arg(m_result.runs)
            : tr("Each change's share is its effect averaged over %1 sampled orders of applying "
                 "the changes to the baseline (%2 runs): the shares add up to the total, their "
                 "split is an estimate.")
                  .arg(m_result.ordersAveraged)
                  .arg(m_result.runs);
    QStringList joins;
    for (const Contribution& c : m_result.parts)
        if (!c.joinedBecause.isEmpty())
            joins << tr("Kept together: %1.").arg(c.joinedBecause);
    m_status->setText(tr("Baseline %1%4, tuned %2%4: change %3%4. ")
                          .arg(formatFigure(m_result.baselineValue),
                               formatFigure(m_result.tunedValue), formatDelta(m_result.total), unit) +
                      method + (joins.isEmpty() ? QString() : QLatin1Char(' ') + joins.join(QLatin1Char(' '))));
    // Bars from the top: each part, then the total they add up to.
    struct Bar {
        QString name;
        double value;
        QColor colour;
        QString toolTip;
    };
    std::vector<Bar> bars;
    for (const Contribution& c : m_result.parts) {
        QStringList names;
        for (const FieldMeta* f : c.fields)
            names << fieldDisplayName(*f);
        // A whole section goes by the section's name; single or joined fields by theirs.
        QStringList sections;
        for (const FieldMeta* f : c.fields)
            if (!sections.contains(fieldSectionName(*f)))
                sections << fieldSectionName(*f);
        const bool bySection =
            m_grouping->currentData().toInt() == static_cast<int>(AttributionGrouping::PerSection);
        const QString name = bySection ? sections.join(QStringLiteral(" + "))
                                       : names.join(QStringLiteral(" + "));
        bars.push_back({name, c.contribution, QColor(0x00, 0x72, 0xb2),
                        c.joinedBecause.isEmpty() ? names.join(QLatin1Char('\n'))
                                                  : tr("Kept together: %1").arg(c.joinedBecause)});
    }
    bars.push_back({tr("Total change"), m_result.total, QColor(0x33, 0x33, 0x33), QString()});
    m_table->setRowCount(static_cast<int>(bars.size()));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const int n = static_cast<int>(bars.size());
    for (int i = 0; i < n; ++i) {
        const Bar& b = bars[static_cast<std::size_t>(i)];
        auto* name = new QTableWidgetItem(b.name);
        name->setToolTip(b.toolTip);
        auto* value = new QTableWidgetItem(formatDelta(b.value) + unit);
        value->setData(Qt::UserRole, b.value);
        value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        const double share =
            m_result.total != 0.0 ? 100.0 * b.value / m_result.total : std::nan("");
        auto* shareItem =
            new QTableWidgetItem(std::isfinite(share) ? QStringLiteral("%1 %").arg(share, 0, 'f', 1)
                                                      : QStringLiteral("\u2013"));
        shareItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(i, 0, name);
        m_table->setItem(i, 1, value);
        m_table->setItem(i, 2, shareItem);
        const double y = n - i; // first part on top
        auto* bar = new QCPBars(m_plot->yAxis, m_plot->xAxis);
        bar->setWidth(0.6);
        bar->setPen(Qt::NoPen);
        bar->setBrush(b.colour);
        bar->addData(y, b.value);
        ticker->addTick(y, b.name);
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRange(0.4, n + 0.6);
    m_plot->xAxis->setLabel(axisTitleWithUnit(tr("Change of %1").arg(m_metric->currentText()),
                                              QString::fromStdString(m_unit)));
    m_plot->xAxis->rescale();
    const QCPRange r = m_plot->xAxis->range();
    const double pad = std::max(1e-9, 0.1 * (r.upper - r.lower));
    m_plot->xAxis->setRange(std::min(0.0, r.lower) - pad, std::max(0.0, r.upper) + pad);
    replotIfSized(m_plot);
    emit attributionFinished(true);
}

} // namespace vtw
