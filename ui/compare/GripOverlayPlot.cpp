#include "ui/compare/GripOverlayPlot.h"

#include "ui/shared/CompareStyle.h"
#include "ui/compare/ComparisonData.h"
#include "core/base/Units.h"

#include <qcustomplot.h>

#include <cmath>

namespace vtw {

namespace {

const char* const wheelNames[] = {"FL", "FR", "RL", "RR"};
const char* const reachProperty = "vtwGripReach";

// A scatter in sample order (QCPCurve keeps it; a QCPGraph would sort by x).
QCPCurve* addScatter(QCustomPlot* plot, int setup, const QString& name) {
    auto* curve = new QCPCurve(plot->xAxis, plot->yAxis);
    const QColor colour = setupColour(setup);
    curve->setLineStyle(QCPCurve::lsNone);
    curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, 3.5));
    curve->setPen(QPen(colour));
    curve->setName(name);
    return curve;
}

// Forces over load of one wheel; samples with the wheel unloaded are left out.
void addWheel(QCPCurve* curve, const Telemetry& t, int wheel) {
    const std::string suffix = std::string("_") + wheelNames[wheel];
    const auto& fx = t.column("fx" + suffix);
    const auto& fy = t.column("fy" + suffix);
    const auto& load = t.column("load" + suffix);
    for (std::size_t k = 0; k < load.size(); ++k) {
        if (load[k] > 1.0)
            curve->addData(fy[k] / load[k], fx[k] / load[k]);
    }
}

} // namespace

int plotGripOverlay(QCustomPlot* plot, const ComparisonData& data, std::size_t maneuver,
                    GripView view, int wheel) {
    plot->clearPlottables();
    plot->clearItems();
    int drawn = 0;
    for (std::size_t s = 0; s < data.setupCount(); ++s) {
        const RunResult* run = data.run(maneuver, s);
        if (!run || run->telemetry.sampleCount() == 0)
            continue;
        const Telemetry& t = run->telemetry;
        QCPCurve* curve =
            addScatter(plot, static_cast<int>(s), data.names.value(static_cast<int>(s)));
        if (view == GripView::GG) {
            const auto& ax = t.column("ax");
            const auto& ay = t.column("ay");
            for (std::size_t k = 0; k < ax.size(); ++k)
                curve->addData(ay[k] / units::gravity, ax[k] / units::gravity);
        } else {
            for (int w = 0; w < 4; ++w) {
                if (wheel < 0 || wheel == w)
                    addWheel(curve, t, w);
            }
        }
        ++drawn;
    }
    // Seen as the live views and the lap's G-G-V show it, from above the car: forward
    // up, left to the left.
    plot->xAxis->setRangeReversed(true);
    if (view == GripView::GG) {
        plot->xAxis->setLabel(QStringLiteral("Lateral, left (g)"));
        plot->yAxis->setLabel(QStringLiteral("Longitudinal, forward (g)"));
    } else {
        const QString which = wheel >= 0 && wheel < 4 ? QString::fromLatin1(wheelNames[wheel])
                                                      : QStringLiteral("all wheels");
        plot->xAxis->setLabel(QStringLiteral("Fy / Fz, left, %1").arg(which));
        plot->yAxis->setLabel(QStringLiteral("Fx / Fz, forward, %1").arg(which));
    }
    // Symmetric about zero, the same reach on both axes: an ellipse must look like one.
    double reach = 0.2;
    for (int k = 0; k < plot->plottableCount(); ++k) {
        auto* curve = qobject_cast<QCPCurve*>(plot->plottable(k));
        for (auto it = curve->data()->constBegin(); it != curve->data()->constEnd(); ++it)
            reach = std::max({reach, std::fabs(it->key), std::fabs(it->value)});
    }
    reach *= 1.1;
    plot->setProperty(reachProperty, reach);
    plot->xAxis->setRange(-reach, reach);
    plot->yAxis->setRange(-reach, reach);
    for (bool horizontal : {true, false}) {
        auto* line = new QCPItemStraightLine(plot);
        line->setPen(QPen(QColor(0x99, 0x99, 0x99), 1));
        line->point1->setCoords(0, 0);
        line->point2->setCoords(horizontal ? 1 : 0, horizontal ? 0 : 1);
    }
    return drawn;
}

void equaliseGripScales(QCustomPlot* plot) {
    bool ok = false;
    const double reach = plot->property(reachProperty).toDouble(&ok);
    if (!ok || plot->viewport().width() <= 0 || plot->viewport().height() <= 0)
        return;
    plot->replot(); // lays the axis rect out at the plot's current size
    const QRect r = plot->axisRect()->rect();
    if (r.width() <= 0 || r.height() <= 0)
        return;
    // Widen the longer side so one unit spans as many pixels on both axes.
    const double perUnit = std::min(r.width(), r.height()) / (2.0 * reach);
    plot->xAxis->setRange(0.0, r.width() / perUnit, Qt::AlignCenter);
    plot->yAxis->setRange(0.0, r.height() / perUnit, Qt::AlignCenter);
    plot->replot();
}

} // namespace vtw
