#include "ui/analysis/ReferenceTraces.h"

#include "ui/analysis/ReferenceRuns.h"

#include <qcustomplot.h>

namespace vtw {

namespace {
const char* const referenceTag = "vtwReferenceTrace";
const QString referenceLayer = QStringLiteral("reference");
} // namespace

QColor referenceColour() {
    return QColor(150, 150, 150, 200);
}

std::vector<QCPGraph*> referenceGraphs(const QCustomPlot* plot) {
    std::vector<QCPGraph*> out;
    for (int i = 0; i < plot->graphCount(); ++i) {
        if (plot->graph(i)->property(referenceTag).toBool())
            out.push_back(plot->graph(i));
    }
    return out;
}

int drawReferenceTraces(QCustomPlot* plot, const std::vector<ReferenceTarget>& targets,
                        const PinnedRun* reference, CursorAxis axis) {
    for (QCPGraph* old : referenceGraphs(plot))
        plot->removeGraph(old);
    if (!reference)
        return 0;
    const ChannelColumn* x = reference->table.find(cursorAxisChannel(axis));
    if (!x)
        return 0;
    // Under the traces: the run being worked on stays in front.
    if (!plot->layer(referenceLayer))
        plot->addLayer(referenceLayer, plot->layer(QStringLiteral("main")), QCustomPlot::limBelow);
    const QVector<double> keys(x->values.begin(), x->values.end());
    int drawn = 0;
    for (const ReferenceTarget& target : targets) {
        const ChannelColumn* y = target.graph ? reference->table.find(target.channel) : nullptr;
        if (!y)
            continue;
        QVector<double> values(y->values.begin(), y->values.end());
        for (double& v : values)
            v *= target.scale;
        QCPGraph* graph = plot->addGraph(target.graph->keyAxis(), target.graph->valueAxis());
        graph->setProperty(referenceTag, true);
        graph->setLayer(referenceLayer);
        graph->setData(keys, values, true);
        graph->setPen(QPen(referenceColour(), 1.5));
        graph->setLineStyle(target.graph->lineStyle());
        graph->setName(QObject::tr("%1 (reference)").arg(reference->name));
        graph->setAdaptiveSampling(true);
        graph->setSelectable(QCP::stNone);
        graph->removeFromLegend();
        ++drawn;
    }
    return drawn;
}

} // namespace vtw
