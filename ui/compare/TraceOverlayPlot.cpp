#include "TraceOverlayPlot.h"

#include "CompareStyle.h"
#include "ComparisonData.h"
#include "TraceAlignment.h"

#include <qcustomplot.h>

namespace vtw {

namespace {

const ChannelInfo* channelInfo(const std::string& name) {
    const int index = channelIndex(name);
    return index < 0 ? nullptr : &channelCatalogue()[static_cast<std::size_t>(index)];
}

const char* xChannel(TraceAxis axis) {
    return axis == TraceAxis::Time ? "time" : "distance";
}

QVector<double> toVector(const std::vector<double>& v) {
    return QVector<double>(v.begin(), v.end());
}

// Telemetry of a run, or nullptr when the run recorded none (failed, cancelled).
const Telemetry* telemetryOf(const ComparisonData& data, std::size_t m, std::size_t s) {
    const RunResult* run = data.run(m, s);
    return run && run->telemetry.sampleCount() > 0 ? &run->telemetry : nullptr;
}

void prepare(QCustomPlot* plot, const TraceSelection& selection, const QString& yTitle) {
    plot->clearGraphs();
    plot->clearItems();
    const ChannelInfo* x = channelInfo(xChannel(selection.x));
    plot->xAxis->setLabel(
        axisTitleWithUnit(QString::fromStdString(x->label), QString::fromStdString(x->unit)));
    plot->yAxis->setLabel(yTitle);
}

QCPGraph* addGraph(QCustomPlot* plot, std::size_t s, const QString& name) {
    QCPGraph* graph = plot->addGraph();
    QPen pen(setupColour(static_cast<int>(s)), 2.0);
    graph->setPen(pen);
    graph->setName(name);
    graph->setAdaptiveSampling(true);
    return graph;
}

} // namespace

QString channelLabel(const std::string& channel) {
    const ChannelInfo* info = channelInfo(channel);
    return info ? QString::fromStdString(info->label) : QString::fromStdString(channel);
}

int plotTraceOverlay(QCustomPlot* plot, const ComparisonData& data,
                     const TraceSelection& selection) {
    const ChannelInfo* y = channelInfo(selection.channel);
    if (!y)
        return 0;
    prepare(plot, selection,
            axisTitleWithUnit(QString::fromStdString(y->label), QString::fromStdString(y->unit)));
    int drawn = 0;
    for (std::size_t s = 0; s < data.setupCount(); ++s) {
        const Telemetry* t = telemetryOf(data, selection.maneuver, s);
        if (!t)
            continue;
        QString name = data.names.value(static_cast<int>(s));
        if (s == data.baseline)
            name += QStringLiteral(" (baseline)");
        // Telemetry x is sorted (time, and distance never decreases): no re-sort needed.
        addGraph(plot, s, name)
            ->setData(toVector(t->column(xChannel(selection.x))), toVector(t->column(y->name)),
                      true);
        ++drawn;
    }
    plot->rescaleAxes();
    plot->yAxis->scaleRange(1.08, plot->yAxis->range().center());
    return drawn;
}

int plotTraceDelta(QCustomPlot* plot, const ComparisonData& data, const TraceSelection& selection) {
    const ChannelInfo* y = channelInfo(selection.channel);
    if (!y)
        return 0;
    prepare(plot, selection,
            axisTitleWithUnit(QStringLiteral("\u0394 ") + QString::fromStdString(y->label),
                              QString::fromStdString(y->unit)));
    const Telemetry* base = telemetryOf(data, selection.maneuver, data.baseline);
    if (!base)
        return 0;
    const std::vector<double>& baseX = base->column(xChannel(selection.x));
    const std::vector<double>& baseY = base->column(y->name);
    int drawn = 0;
    for (std::size_t s = 0; s < data.setupCount(); ++s) {
        const Telemetry* t = telemetryOf(data, selection.maneuver, s);
        if (!t || s == data.baseline)
            continue;
        std::vector<double> delta =
            interpolateOnto(t->column(xChannel(selection.x)), t->column(y->name), baseX);
        for (std::size_t k = 0; k < delta.size(); ++k)
            delta[k] -= baseY[k];
        addGraph(plot, s,
                 QStringLiteral("%1 \u2212 %2")
                     .arg(data.names.value(static_cast<int>(s)),
                          data.names.value(static_cast<int>(data.baseline))))
            ->setData(toVector(baseX), toVector(delta), true);
        ++drawn;
    }
    auto* zero = new QCPItemStraightLine(plot);
    zero->point1->setCoords(0, 0);
    zero->point2->setCoords(1, 0);
    zero->setPen(QPen(QColor(0x88, 0x88, 0x88), 1, Qt::DashLine));
    plot->rescaleAxes();
    plot->yAxis->scaleRange(1.15, plot->yAxis->range().center());
    return drawn;
}

} // namespace vtw
