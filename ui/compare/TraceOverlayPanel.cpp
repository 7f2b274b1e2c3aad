#include "ui/compare/TraceOverlayPanel.h"

#include "ui/shared/CompareStyle.h"
#include "ui/compare/ComparisonData.h"
#include "ui/analysis/CursorLines.h"
#include "ui/shared/ReadableTicker.h"
#include "ui/mathchannels/RunMathChannels.h"
#include "ui/compare/TraceReadout.h"
#include "ui/analysis/WorkspaceCursor.h"

#include "core/lap/LapTelemetry.h"
#include "core/study/LapTarget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QToolButton>
#include <QStandardItemModel>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace vtw {

namespace {
// A stacked plot under this height stops showing its trace's shape: more scroll.
constexpr int minimumChannelPlotHeight = 150;

// Every catalogue channel is offered: a modder may need wheel spin as much as speed.
void fillChannelChoice(QComboBox* box) {
    for (const ChannelInfo& c : channelCatalogue()) {
        if (c.name == "time")
            continue;
        box->addItem(QStringLiteral("%1 \u2013 %2").arg(QString::fromStdString(c.group), QString::fromStdString(c.label)),
                     QString::fromStdString(c.name));
    }
    box->setCurrentIndex(box->findData(QStringLiteral("speed")));
    offerMathChannels(box);
    box->setMaxVisibleItems(24);
    // Long channel names must not widen the page past the window.
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(14);
}

/// On a lap only the channels it fills (and the math channels) can be chosen; a choice
/// it leaves empty goes back to speed.
void offerLapChannels(QComboBox* box, bool lap) {
    auto* model = qobject_cast<QStandardItemModel*>(box->model());
    for (int row = 0; model && row < model->rowCount(); ++row)
        model->item(row)->setEnabled(!lap || lapFillsChannel(box->itemData(row).toString().toStdString()) ||
                                     isMathChannelName(box->itemData(row).toString().toStdString()));
    if (model && !model->item(std::max(0, box->currentIndex()))->isEnabled())
        box->setCurrentIndex(box->findData(QStringLiteral("speed")));
}

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
      m_deltaOf(new QComboBox(this)), m_plot(new QCustomPlot(this)), m_delta(new QCustomPlot(this)),
      m_readout(new QLabel(this)), m_addChannel(new QPushButton(tr("Add channel"), this)) {
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
    fillChannelChoice(m_channel);
    m_addChannel->setObjectName(QStringLiteral("traceAddChannel"));
    m_addChannel->setToolTip(tr("Plot another channel under this one, on the same x axis"));
    m_readout->setObjectName(QStringLiteral("traceReadout"));
    m_axis->addItem(tr("Time"), static_cast<int>(TraceAxis::Time));
    m_axis->addItem(tr("Distance"), static_cast<int>(TraceAxis::Distance));
    m_showDelta->setChecked(true);
    m_deltaOf->setObjectName(QStringLiteral("traceDeltaOf"));
    m_deltaOf->addItem(tr("of the channel"), QStringLiteral("channel"));
    m_deltaOf->addItem(tr("of time, by distance"), QStringLiteral("time"));
    // Long maneuver names must not widen the page past the window.
    m_maneuver->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_maneuver->setMinimumContentsLength(14);
    styleComparePlot(m_plot);
    styleComparePlot(m_delta);
    placeLegendAbove(m_plot);
    placeLegendAbove(m_delta);
    // The delta plot is short: its ticks as many as its height holds.
    for (QCustomPlot* plot : {m_plot, m_delta})
        useReadableTicks(plot->yAxis);
    // Zooming the traces moves the delta plot with them, so both show the same stretch.
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &TraceOverlayPanel::shareXRange);

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
    how->addWidget(m_addChannel);
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
    // The channels' plots, each with its read-out, scroll when more than fit.
    auto* stackPane = new QWidget;
    m_stack = new QVBoxLayout(stackPane);
    m_stack->setContentsMargins(0, 0, 0, 0);
    m_plot->setMinimumHeight(minimumChannelPlotHeight);
    m_stack->addWidget(m_plot, 1);
    m_stack->addWidget(m_readout);
    auto* stackScroll = new QScrollArea(this);
    stackScroll->setObjectName(QStringLiteral("traceStackScroll"));
    stackScroll->setWidget(stackPane);
    stackScroll->setWidgetResizable(true);
    stackScroll->setFrameShape(QFrame::NoFrame);
    stackScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(stackScroll);
    split->addWidget(deltaPane);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    // The scrolling plots would ask for all the height: three fifths, the delta the rest.
    split->setSizes({300, 200});
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(split, 1);

    connect(m_maneuver, &QComboBox::currentIndexChanged, this, &TraceOverlayPanel::followManeuver);
    connect(m_overlay, &QComboBox::currentIndexChanged, this, &TraceOverlayPanel::followManeuver);
    for (QComboBox* box : {m_overlay, m_maneuver, m_channel, m_axis, m_deltaOf})
        connect(box, &QComboBox::currentIndexChanged, this, &TraceOverlayPanel::replot);
    connect(m_showDelta, &QCheckBox::toggled, this, &TraceOverlayPanel::replot);
    connect(m_channel, &QComboBox::currentIndexChanged, this, &TraceOverlayPanel::channelsChanged);
    connect(m_addChannel, &QPushButton::clicked, this, [this] { addChannelPlot(); });
    m_readout->setWordWrap(true);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void TraceOverlayPanel::setCursor(WorkspaceCursor* cursor) {
    m_cursor = cursor;
    for (const ExtraPlot& extra : m_extras)
        new CursorLines(extra.plot, cursor);
    connect(cursor, &WorkspaceCursor::moved, this, &TraceOverlayPanel::updateReadouts);
    updateReadouts();
}

QStringList TraceOverlayPanel::channels() const {
    QStringList names{m_channel->currentData().toString()};
    for (const ExtraPlot& extra : m_extras)
        names << extra.channel->currentData().toString();
    return names;
}

std::vector<QCustomPlot*> TraceOverlayPanel::channelPlots() const {
    std::vector<QCustomPlot*> plots{m_plot};
    for (const ExtraPlot& extra : m_extras)
        plots.push_back(extra.plot);
    return plots;
}

QLabel* TraceOverlayPanel::readout(int plot) const {
    if (plot == 0)
        return m_readout;
    return plot > 0 && plot <= static_cast<int>(m_extras.size()) ? m_extras[static_cast<std::size_t>(plot - 1)].readout
                                                                 : nullptr;
}

void TraceOverlayPanel::setExtraChannels(const QStringList& names) {
    while (!m_extras.empty())
        removeChannelPlot(m_extras.back().pane);
    for (const QString& name : names)
        addChannelPlot(name);
}

void TraceOverlayPanel::addChannelPlot(const QString& channel) {
    ExtraPlot extra;
    extra.pane = new QWidget;
    extra.channel = new QComboBox(extra.pane);
    extra.channel->setObjectName(QStringLiteral("traceChannel%1").arg(m_extras.size() + 1));
    fillChannelChoice(extra.channel);
    // Without a name: the next channel after the last plot's, so that the new plot shows something new.
    const int next = m_channel->findData(channels().constLast()) + 1;
    const int index = channel.isEmpty() ? (next < extra.channel->count() ? next : 0) : extra.channel->findData(channel);
    extra.channel->setCurrentIndex(std::max(0, index));
    auto* remove = new QToolButton(extra.pane);
    remove->setText(QStringLiteral("\u2715"));
    remove->setToolTip(tr("Remove this plot"));
    extra.plot = new QCustomPlot(extra.pane);
    extra.plot->setObjectName(QStringLiteral("tracePlot%1").arg(m_extras.size() + 1));
    extra.plot->setMinimumHeight(minimumChannelPlotHeight);
    styleComparePlot(extra.plot);
    placeLegendAbove(extra.plot);
    useReadableTicks(extra.plot->yAxis);
    extra.plot->legend->setVisible(false); // the first plot names the runs
    extra.readout = new QLabel(extra.pane);
    extra.readout->setWordWrap(true);
    extra.readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Channel:"), extra.pane));
    row->addWidget(extra.channel, 1);
    row->addWidget(remove);
    auto* layout = new QVBoxLayout(extra.pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(extra.plot, 1);
    layout->addWidget(extra.readout);
    m_stack->addWidget(extra.pane, 1);
    if (m_cursor)
        new CursorLines(extra.plot, m_cursor);
    connect(extra.plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &TraceOverlayPanel::shareXRange);
    QWidget* pane = extra.pane;
    connect(remove, &QToolButton::clicked, this, [this, pane] { removeChannelPlot(pane); });
    connect(extra.channel, &QComboBox::currentIndexChanged, this, [this] {
        replot();
        emit channelsChanged();
    });
    m_extras.push_back(extra);
    followManeuver();
    replot();
    emit channelsChanged();
}

void TraceOverlayPanel::removeChannelPlot(QWidget* pane) {
    std::erase_if(m_extras, [pane](const ExtraPlot& e) { return e.pane == pane; });
    pane->deleteLater();
    pane->hide();
    emit channelsChanged();
}

void TraceOverlayPanel::shareXRange(const QCPRange& range) {
    if (m_sharingX)
        return;
    m_sharingX = true;
    for (QCustomPlot* plot : channelPlots()) {
        if (plot->xAxis->range() != range) {
            plot->xAxis->setRange(range);
            replotWhenShown(plot);
        }
    }
    if (m_delta->xAxis->range() != range) {
        m_delta->xAxis->setRange(range);
        replotWhenShown(m_delta);
    }
    m_sharingX = false;
}

void TraceOverlayPanel::updateReadouts() {
    const std::optional<double> x = m_cursor ? m_cursor->position() : std::nullopt;
    const QStringList names = channels();
    for (int p = 0; p < names.size(); ++p) {
        QLabel* label = readout(p);
        TraceSelection s = selection();
        s.channel = names[p].toStdString();
        label->setText(m_data && x ? traceReadoutText(*m_data, s, *x) : QString());
    }
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
    offerLapChannels(m_channel, lap);
    for (const ExtraPlot& extra : m_extras) {
        const QSignalBlocker blockExtra(extra.channel);
        offerLapChannels(extra.channel, lap);
    }
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
        for (const ExtraPlot& extra : m_extras) {
            TraceSelection other = s;
            other.channel = extra.channel->currentData().toString().toStdString();
            plotTraceOverlay(extra.plot, *m_data, other);
            extra.plot->xAxis->setRange(m_plot->xAxis->range());
        }
    }
    if (!m_data) {
        for (const ExtraPlot& extra : m_extras)
            extra.plot->clearGraphs();
    }
    replotIfSized(m_plot);
    replotIfSized(m_delta);
    for (const ExtraPlot& extra : m_extras)
        replotIfSized(extra.plot);
    updateReadouts();
}

} // namespace vtw
