#include "TraceOverlayPanel.h"

#include "CompareStyle.h"
#include "ComparisonData.h"
#include "RunMathChannels.h"

#include "lap/LapTelemetry.h"
#include "study/LapTarget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace vtw {

namespace {
void fillManeuvers(QComboBox* box, const ComparisonData* data) {
    const int keep = box->currentIndex();
    const QSignalBlocker block(box);
    box->clear();
    if (!data)
        return;
    for (const ManeuverSpec& m : data->maneuvers)
        box->addItem(maneuverSummary(m));
    box->setCurrentIndex(keep >= 0 && keep < box->count() ? keep : 0);
}

void fillOverlays(QComboBox* box, const ComparisonData* data) {
    const int keep = box->currentIndex();
    const QSignalBlocker block(box);
    box->clear();
    box->addItem(QCoreApplication::translate("vtw::TraceOverlayPanel", "Setups"), -1);
    for (int s = 0; data && s < data->names.size(); ++s)
        box->addItem(QCoreApplication::translate("vtw::TraceOverlayPanel", "Maneuvers of %1").arg(data->names[s]), s);
    box->setCurrentIndex(keep >= 0 && keep < box->count() ? keep : 0);
}
} // namespace

TraceOverlayPanel::TraceOverlayPanel(QWidget* parent)
    : QWidget(parent), m_overlay(new QComboBox(this)), m_maneuver(new QComboBox(this)), m_channel(new QComboBox(this)),
      m_axis(new QComboBox(this)), m_showDelta(new QCheckBox(tr("Delta vs baseline:"), this)),
      m_deltaOf(new QComboBox(this)), m_plot(new QCustomPlot(this)), m_delta(new QCustomPlot(this)) {
    m_overlay->setObjectName(QStringLiteral("traceOverlay"));
    m_overlay->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_overlay->setMinimumContentsLength(4);
    m_overlay->setToolTip(tr("Overlay every setup of one maneuver, or every maneuver of one setup "
                             "(the dynamic lap over the quasi-steady lap of its track, by distance)"));
    m_maneuver->setObjectName(QStringLiteral("traceManeuver"));
    m_channel->setObjectName(QStringLiteral("traceChannel"));
    m_axis->setObjectName(QStringLiteral("traceAxis"));
    m_showDelta->setObjectName(QStringLiteral("traceDelta"));
    m_plot->setObjectName(QStringLiteral("tracePlot"));
    m_delta->setObjectName(QStringLiteral("deltaPlot"));
    // Every catalogue channel is offered: a modder may need wheel spin as much as speed.
    for (const ChannelInfo& c : channelCatalogue()) {
        if (c.name == "time")
            continue;
        m_channel->addItem(
            QStringLiteral("%1 \u2013 %2")
                .arg(QString::fromStdString(c.group), QString::fromStdString(c.label)),
            QString::fromStdString(c.name));
    }
    m_channel->setCurrentIndex(m_channel->findData(QStringLiteral("speed")));
    offerMathChannels(m_channel);
    m_channel->setMaxVisibleItems(24);
    m_axis->addItem(tr("Time"), static_cast<int>(TraceAxis::Time));
    m_axis->addItem(tr("Distance"), static_cast<int>(TraceAxis::Distance));
    m_showDelta->setChecked(true);
    m_deltaOf->setObjectName(QStringLiteral("traceDeltaOf"));
    m_deltaOf->addItem(tr("of the channel"), QStringLiteral("channel"));
    m_deltaOf->addItem(tr("of time, by distance"), QStringLiteral("time"));
    // Long maneuver and channel names must not widen the page past the window.
    for (QComboBox* box : {m_maneuver, m_channel}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(14);
    }
    styleComparePlot(m_plot);
    styleComparePlot(m_delta);
    placeLegendAbove(m_plot);
    placeLegendAbove(m_delta);
    // Zooming the traces moves the delta plot with them, so both show the same stretch.
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& r) {
                if (m_delta->xAxis->range() != r) {
                    m_delta->xAxis->setRange(r);
                    m_delta->replot(QCustomPlot::rpQueuedReplot);
                }
            });

    fillOverlays(m_overlay, nullptr);
    // Two rows: what is overlaid above, how it is drawn below (one row would widen the page).
    auto* what = new QHBoxLayout;
    what->addWidget(new QLabel(tr("Overlay:"), this));
    what->addWidget(m_overlay, 1);
    what->addWidget(new QLabel(tr("Maneuver:"), this));
    what->addWidget(m_maneuver, 2);
    auto* how = new QHBoxLayout;
    how->addWidget(new QLabel(tr("Channel:"), this));
    how->addWidget(m_channel, 2);
    how->addWidget(new QLabel(tr("X axis:"), this));
    how->addWidget(m_axis);
    auto* controls = new QVBoxLayout;
    controls->addLayout(what);
    controls->addLayout(how);
    // The delta's own choices sit over its plot.
    auto* deltaPane = new QWidget(this);
    auto* deltaLayout = new QVBoxLayout(deltaPane);
    deltaLayout->setContentsMargins(0, 0, 0, 0);
    auto* deltaControls = new QHBoxLayout;
    deltaControls->addWidget(m_showDelta);
    deltaControls->addWidget(m_deltaOf);
    deltaControls->addStretch(1);
    deltaLayout->addLayout(deltaControls);
    deltaLayout->addWidget(m_delta, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_plot);
    split->addWidget(deltaPane);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(split, 1);

    connect(m_maneuver, &QComboBox::currentIndexChanged, this, &TraceOverlayPanel::followManeuver);
    connect(m_overlay, &QComboBox::currentIndexChanged, this, &TraceOverlayPanel::followManeuver);
    for (QComboBox* box : {m_overlay, m_maneuver, m_channel, m_axis, m_deltaOf})
        connect(box, &QComboBox::currentIndexChanged, this, &TraceOverlayPanel::replot);
    connect(m_showDelta, &QCheckBox::toggled, this, &TraceOverlayPanel::replot);
}

void TraceOverlayPanel::setComparison(const ComparisonData* data) {
    m_data = data;
    fillManeuvers(m_maneuver, data);
    fillOverlays(m_overlay, data);
    followManeuver();
    replot();
}

TraceSelection TraceOverlayPanel::selection() const {
    TraceSelection s;
    s.maneuver = static_cast<std::size_t>(std::max(0, m_maneuver->currentIndex()));
    s.channel = m_channel->currentData().toString().toStdString();
    s.x = static_cast<TraceAxis>(m_axis->currentData().toInt());
    const int setup = m_overlay->currentData().toInt();
    s.overlayManeuvers = setup >= 0;
    s.setup = static_cast<std::size_t>(std::max(0, setup));
    s.units = m_units;
    return s;
}

void TraceOverlayPanel::setUnitSystem(UnitSystem system) {
    m_units = system;
    replot();
}

void TraceOverlayPanel::setSelection(const TraceSelection& selection) {
    m_maneuver->setCurrentIndex(static_cast<int>(selection.maneuver));
    m_channel->setCurrentIndex(m_channel->findData(QString::fromStdString(selection.channel)));
    m_axis->setCurrentIndex(m_axis->findData(static_cast<int>(selection.x)));
    m_overlay->setCurrentIndex(selection.overlayManeuvers ? m_overlay->findData(static_cast<int>(selection.setup)) : 0);
}

void TraceOverlayPanel::setDeltaVisible(bool on) {
    m_showDelta->setChecked(on);
}

void TraceOverlayPanel::followManeuver() {
    const int m = m_maneuver->currentIndex();
    const bool maneuvers = m_overlay->currentData().toInt() >= 0;
    m_maneuver->setEnabled(!maneuvers);
    // Overlaid with the other maneuvers, a lap puts them all on distance.
    bool lap = false;
    for (std::size_t i = 0; m_data && i < m_data->maneuvers.size(); ++i)
        lap = lap || ((maneuvers || int(i) == m) && m_data->maneuvers[i].id == lapTargetId);
    // A lap is driven by distance, and fills only some channels: its traces go against
    // distance, and the channels it leaves empty are not offered.
    const QSignalBlocker blockAxis(m_axis), blockChannel(m_channel), blockDelta(m_deltaOf);
    if (lap) {
        m_axis->setCurrentIndex(m_axis->findData(static_cast<int>(TraceAxis::Distance)));
        m_deltaOf->setCurrentIndex(m_deltaOf->findData(QStringLiteral("time"))); // a lap's delta is time
    }
    m_axis->setEnabled(!lap);
    auto* model = qobject_cast<QStandardItemModel*>(m_channel->model());
    for (int row = 0; model && row < model->rowCount(); ++row)
        model->item(row)->setEnabled(!lap || lapFillsChannel(m_channel->itemData(row).toString().toStdString()) ||
                                     isMathChannelName(m_channel->itemData(row).toString().toStdString()));
    if (model && !model->item(std::max(0, m_channel->currentIndex()))->isEnabled())
        m_channel->setCurrentIndex(m_channel->findData(QStringLiteral("speed")));
}

void TraceOverlayPanel::replot() {
    m_delta->setVisible(m_showDelta->isChecked());
    if (!m_data) {
        m_plot->clearGraphs();
        m_delta->clearGraphs();
    } else {
        const TraceSelection s = selection();
        plotTraceOverlay(m_plot, *m_data, s);
        // Time by distance: where along the run one setup gains or loses on the other.
        const bool byDistance = s.x == TraceAxis::Distance;
        m_deltaOf->setEnabled(m_showDelta->isChecked() && byDistance);
        TraceSelection deltaOf = s;
        if (byDistance && m_deltaOf->currentData().toString() == QLatin1String("time"))
            deltaOf.channel = "time";
        if (m_showDelta->isChecked()) {
            plotTraceDelta(m_delta, *m_data, deltaOf);
            m_delta->xAxis->setRange(m_plot->xAxis->range());
        }
    }
    replotIfSized(m_plot);
    replotIfSized(m_delta);
}

} // namespace vtw
