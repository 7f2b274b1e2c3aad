#include "ui/compare/TraceOverlayPlot.h"

#include "ui/analysis/ChannelDisplay.h"
#include "ui/shared/CompareStyle.h"
#include "ui/compare/ComparisonData.h"
#include "ui/mathchannels/RunMathChannels.h"
#include "ui/analysis/ShownAxis.h"
#include "core/analysis/TraceInterpolation.h"

#include <qcustomplot.h>

#include <algorithm>

namespace vtw {

namespace {

std::optional<ChannelInfo> channelInfo(const std::string& name) {
    return channelOrMathInfo(name);
}

const char* xChannel(TraceAxis axis) {
    return axis == TraceAxis::Time ? "time" : "distance";
}

QVector<double> toVector(const std::vector<double>& v, double scale = 1.0) {
    QVector<double> out(static_cast<qsizetype>(v.size()));
    for (std::size_t k = 0; k < v.size(); ++k)
        out[static_cast<qsizetype>(k)] = v[k] * scale;
    return out;
}

void prepare(QCustomPlot* plot, const TraceSelection& selection, const QString& yTitle) {
    plot->clearGraphs();
    plot->clearItems();
    const auto x = channelInfo(xChannel(selection.x));
    showAxisIn(plot->xAxis, QString::fromStdString(x->label), x->unit, selection.units);
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
    const auto info = channelInfo(channel);
    return info ? QString::fromStdString(info->label) : QString::fromStdString(channel);
}

int plotTraceOverlay(QCustomPlot* plot, const ComparisonData& data,
                     const TraceSelection& selection) {
    const auto y = channelInfo(selection.channel);
    if (!y)
        return 0;
    const ChannelDisplay shown = channelDisplay(y->unit, selection.units);
    prepare(plot, selection, axisTitleWithUnit(QString::fromStdString(y->label), shown.unit));
    int drawn = 0;
    for (const TraceSeries& series : traceSeries(data, selection)) {
        QString name = series.name;
        if (series.baseline && !selection.overlayManeuvers)
            name += QStringLiteral(" (baseline)");
        // Telemetry x is sorted (time, and distance never decreases): no re-sort needed.
        addGraph(plot, static_cast<std::size_t>(series.colour), name)
            ->setData(toVector(series.x), toVector(series.y, shown.scale), true);
        ++drawn;
    }
    plot->rescaleAxes();
    plot->yAxis->scaleRange(1.08, plot->yAxis->range().center());
    return drawn;
}

int plotTraceDelta(QCustomPlot* plot, const ComparisonData& data, const TraceSelection& selection) {
    const auto y = channelInfo(selection.channel);
    if (!y)
        return 0;
    const ChannelDisplay shown = channelDisplay(y->unit, selection.units);
    prepare(plot, selection,
            axisTitleWithUnit(QStringLiteral("\u0394 ") + QString::fromStdString(y->label), shown.unit));
    const std::vector<TraceSeries> all = traceSeries(data, selection);
    const auto base = std::find_if(all.begin(), all.end(), [](const TraceSeries& s) { return s.baseline; });
    if (base == all.end())
        return 0;
    int drawn = 0;
    for (const TraceSeries& series : all) {
        if (&series == &*base)
            continue;
        const std::vector<double> delta = differenceOnto(series.x, series.y, base->x, base->y);
        addGraph(plot, static_cast<std::size_t>(series.colour),
                 QStringLiteral("%1 \u2212 %2").arg(series.name, base->name))
            ->setData(toVector(base->x), toVector(delta, shown.scale), true);
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
