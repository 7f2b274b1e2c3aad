#include "ui/track/LapGGVPlot.h"

#include "ui/shared/CompareStyle.h"
#include "ui/track/LapRun.h"
#include "ui/shared/PlotStyle.h"
#include "ui/track/TrackMapPlot.h"
#include "core/base/Units.h"

#include "core/setupfile/SetupMetadata.h"

namespace vtw {

LapGGVPlot::LapGGVPlot(QWidget* parent) : EqualScalePlot(parent) {
    setObjectName(QStringLiteral("lapGGV"));
    applyPlotStyle(this);
    // Lateral left is drawn to the left, as the car sees it.
    xAxis->setRangeReversed(true);
    xAxis->setLabel(tr("Lateral, left (g)"));
    yAxis->setLabel(tr("Longitudinal, forward (g)"));
    // Above the plot, so that no legend hides the envelope's edge.
    placeLegendAbove(this);
    legend->setWrap(3);
}

void LapGGVPlot::setLap(const LapRun* run, UnitSystem units) {
    m_run = run;
    clearPlottables();
    m_points = nullptr;
    m_cursor = nullptr;
    m_envelopeCurves = 0;
    if (!run || !run->lap.ok) {
        replot();
        return;
    }
    constexpr double g = units::gravity;
    const DisplayUnit speedUnit = metricDisplayUnit(QStringLiteral("km/h"), units);
    QCPColorGradient gradient = lapColourGradient(); // color() is not const: it caches its table
    const std::vector<EnvelopePoint>& e = run->envelope;
    // sampleEnvelope's grid: runs of envelopeLaterals points, one run per speed.
    const double top = e.empty() ? 1.0 : e.back().speed;
    for (std::size_t start = 0; start + envelopeLaterals <= e.size(); start += envelopeLaterals) {
        QVector<double> x, y;
        for (int j = 0; j < envelopeLaterals; ++j) {
            x << e[start + j].lateral / g;
            y << e[start + j].accelMax / g;
        }
        for (int j = envelopeLaterals - 1; j >= 0; --j) {
            x << e[start + j].lateral / g;
            y << e[start + j].accelMin / g;
        }
        x << x.front();
        y << y.front();
        auto* curve = new QCPCurve(xAxis, yAxis);
        curve->setData(x, y);
        const double v = e[start].speed;
        curve->setPen(QPen(QColor::fromRgba(gradient.color(v, QCPRange(0.0, top))), 2.0));
        curve->setName(tr("Envelope at %1 %2")
                           .arg(v * units::kmhPerMps * speedUnit.scale, 0, 'f', 0)
                           .arg(speedUnit.symbol));
        ++m_envelopeCurves;
    }
    const LapTrace& t = run->lap.trace;
    m_points = addGraph();
    m_points->setLineStyle(QCPGraph::lsNone);
    m_points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0x30, 0x30, 0x30, 60), 2.5));
    m_points->setName(tr("Lap stations"));
    QVector<double> ax, ay;
    for (std::size_t k = 0; k < t.ax.size(); ++k) {
        ay << t.ay[k] / g;
        ax << t.ax[k] / g;
    }
    m_points->setData(ay, ax);
    m_cursor = new QCPCurve(xAxis, yAxis);
    m_cursor->setLineStyle(QCPCurve::lsNone);
    m_cursor->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(0xc0, 0x10, 0x10), 2.5),
                                              Qt::white, 12));
    m_cursor->setName(tr("Cursor"));
    rescaleAxes();
    // A margin round the outline, one g the same length on both axes.
    QCPRange x = xAxis->range(), y = yAxis->range();
    x.expand(QCPRange(x.center() - x.size() * 0.58, x.center() + x.size() * 0.58));
    y.expand(QCPRange(y.center() - y.size() * 0.58, y.center() + y.size() * 0.58));
    showRanges(x, y);
}

void LapGGVPlot::setCursorStation(std::size_t station) {
    if (!m_cursor || !m_run)
        return;
    const LapTrace& t = m_run->lap.trace;
    m_cursor->data()->clear();
    if (station < t.ax.size())
        m_cursor->addData(t.ay[station] / units::gravity, t.ax[station] / units::gravity);
    replot(QCustomPlot::rpQueuedReplot);
}

int LapGGVPlot::lapPoints() const {
    return m_points ? m_points->dataCount() : 0;
}

} // namespace vtw
