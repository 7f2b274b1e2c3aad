#include "ui/track/TrackLogView.h"

#include "ui/track/LapTracePlots.h"
#include "ui/logs/LogCorrelationPanel.h"
#include "ui/mathchannels/RunMathChannels.h"
#include "core/analysis/RunAlignment.h"
#include "core/lap/LapTelemetry.h"

#include <qcustomplot.h>

#include <stdexcept>

namespace vtw {

namespace {

// The rows of LapTracePlots, top to bottom, and the log's channels drawn in each: which
// value axis (the gear row's engine speed is on the right).
struct OverlayTrace {
    int row;
    const char* channel;
    QCPAxis::AxisType axis;
};
constexpr OverlayTrace overlayTraces[] = {
    {0, "speed", QCPAxis::atLeft},    {1, "gear", QCPAxis::atLeft},  {1, "rpm", QCPAxis::atRight},
    {2, "ax", QCPAxis::atLeft},       {2, "ay", QCPAxis::atLeft},    {3, "throttle", QCPAxis::atLeft},
    {3, "brake", QCPAxis::atLeft},
};

QCPLegend* rowLegend(QCPAxisRect* row) {
    return row->insetLayout()->elementCount() > 0 ? qobject_cast<QCPLegend*>(row->insetLayout()->elementAt(0))
                                                  : nullptr;
}

} // namespace

TrackLogView::TrackLogView(LapTracePlots* traces, QObject* parent)
    : QObject(parent), m_traces(traces), m_panel(new LogCorrelationPanel) {
    connect(m_panel, &LogCorrelationPanel::positionChosen, this, &TrackLogView::distanceChosen);
    connect(m_panel, &LogCorrelationPanel::removeRequested, this, [this] { setLoggedRun(std::nullopt); });
    connect(m_panel, &LogCorrelationPanel::alignmentChanged, this, &TrackLogView::redraw);
    connect(m_panel, &LogCorrelationPanel::findOffsetRequested, this, &TrackLogView::findTimeOffset);
}

void TrackLogView::setLoggedRun(std::optional<LoggedRun> run) {
    m_log = std::move(run);
    redraw();
}

void TrackLogView::redraw() {
    // The traces drawn afresh drop a former log's lines; then the log goes over them.
    m_traces->setLap(m_run, m_units);
    lapShown(m_run, m_units);
}

bool TrackLogView::findTimeOffset() {
    if (!m_log || !m_run || !m_run->lap.ok)
        return false;
    // A minute either way at 0.1 s, then finer round the best (findTimeOffset refines).
    constexpr double searchWindow = 60.0, searchStep = 0.1;
    const TimeOffsetFit fit =
        vtw::findTimeOffset(lapChannelTable(m_run->lap.trace), m_log->table, "speed", searchWindow, searchStep);
    if (fit.found)
        m_panel->setTimeOffset(fit.offset);
    return fit.found;
}

void TrackLogView::lapShown(const LapRun* run, UnitSystem units) {
    m_run = run;
    m_units = units;
    m_correlation.reset();
    if (!m_log) {
        m_panel->setCorrelation(QString(), nullptr, units,
                                tr("Import a log (File > Import logged data) to lay it over the lap."));
        return;
    }
    if (!run || !run->lap.ok) {
        m_panel->setCorrelation(m_log->name, nullptr, units, tr("run a lap to set the log against it."));
        return;
    }
    const bool byTime = m_panel->alignedByTime();
    if (!m_log->table.has(byTime ? channelTableTime : channelTableDistance)) {
        m_panel->setCorrelation(m_log->name, nullptr, units,
                                byTime ? tr("the log has no time channel.") : tr("the log has no distance channel."));
        return;
    }
    // The user's math channels, computed from each run's own data (the log's from its
    // own clock), are compared like the recorded ones.
    const ChannelTable reference = withMathChannels(lapChannelTable(run->lap.trace));
    // By time, the log's samples are put on the lap's times (plus the offset); either way
    // on the lap's samples, so where they differ is a distance along the lap.
    const ChannelTable aligned = alignOnto(reference, withMathChannels(m_log->table),
                                           byTime ? AlignAxis::Time : AlignAxis::Distance,
                                           byTime ? m_panel->timeOffset() : 0.0);
    m_correlation = correlateRuns(reference, aligned, channelTableDistance);
    m_panel->setCorrelation(m_log->name, &*m_correlation, units, QString());
    overlay(*reference.find(channelTableDistance), aligned, units);
}

void TrackLogView::overlay(const ChannelColumn& distance, const ChannelTable& aligned, UnitSystem units) {
    const QList<QCPAxisRect*>& rows = m_traces->rows();
    const QVector<double> x(distance.values.begin(), distance.values.end());
    for (const OverlayTrace& trace : overlayTraces) {
        const ChannelColumn* c = aligned.find(trace.channel);
        if (!c || trace.row >= rows.size())
            continue;
        QCPAxisRect* row = rows[trace.row];
        const ShownLogUnit shown = shownLogUnit(c->name, c->unit, units);
        QVector<double> y;
        y.reserve(qsizetype(c->values.size()));
        for (double v : c->values)
            y.append(v * shown.scale);
        QCPGraph* graph = m_traces->addGraph(row->axis(QCPAxis::atBottom), row->axis(trace.axis));
        graph->setData(x, y, true);
        // The log in one dark dashed line in every row: told from the simulation's colours at a glance.
        const QColor colour(0x22, 0x22, 0x22);
        graph->setPen(QPen(colour, 1.3, Qt::DashLine));
        graph->setName(tr("%1 (log)").arg(QString::fromStdString(c->name)));
        graph->setObjectName(QStringLiteral("logTrace_") + QLatin1String(trace.channel));
        if (c->name == "gear")
            graph->setLineStyle(QCPGraph::lsStepLeft);
        if (QCPLegend* legend = rowLegend(row))
            graph->addToLegend(legend);
    }
    m_traces->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace vtw
