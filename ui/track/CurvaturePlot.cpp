#include "ui/track/CurvaturePlot.h"

#include "ui/analysis/ChannelDisplay.h"
#include "ui/analysis/ShownAxis.h"

#include "ui/track/LapRun.h"
#include "ui/shared/PlotStyle.h"

namespace vtw {

namespace {
QVector<double> toVector(const std::vector<double>& v) {
    return QVector<double>(v.begin(), v.end());
}
} // namespace

CurvaturePlot::CurvaturePlot(QWidget* parent) : QCustomPlot(parent), m_cursor(new QCPItemStraightLine(this)) {
    setObjectName(QStringLiteral("trackCurvature"));
    applyPlotStyle(this);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    showAxisIn(xAxis, tr("Distance"), "m", UnitSystem::SI);
    yAxis->setLabel(tr("Curvature, left positive (1/m)"));
    m_cursor->setPen(QPen(QColor(0xc0, 0x10, 0x10), 1.2));
    m_cursor->point1->setCoords(0, 0);
    m_cursor->point2->setCoords(0, 1);
}

void CurvaturePlot::setLap(const LapRun* run, UnitSystem units) {
    clearGraphs();
    showAxisIn(xAxis, tr("Distance"), "m", units);
    const PreparedTrack* prepared = run ? run->track.get() : nullptr;
    if (!prepared) {
        replot();
        return;
    }
    const TrackPath& path = prepared->path;
    const QVector<double> x = toVector(path.distance);
    QCPGraph* raw = addGraph();
    raw->setData(x, toVector(path.rawCurvature), true);
    raw->setPen(QPen(QColor(0x99, 0x99, 0x99), 1.0));
    raw->setName(tr("Raw, from the track's points"));
    QCPGraph* smooth = addGraph();
    smooth->setData(x, toVector(path.curvature), true);
    smooth->setPen(QPen(seriesColour(0), 2.0));
    const ChannelDisplay length = channelDisplay("m", units);
    smooth->setName(path.smoothing > 0.0 ? tr("Smoothed over %1 %2 (what the lap drives)")
                                               .arg(path.smoothing * length.scale, 0, 'f', 1)
                                               .arg(length.unit)
                                         : tr("Not smoothed (what the lap drives)"));
    xAxis->setRange(0.0, path.length);
    // The smoothed curve sets the scale: a raw spike must not flatten the curve the lap drives.
    bool found = false;
    QCPRange y = smooth->getValueRange(found);
    if (found)
        yAxis->setRange(y.lower - 0.25 * y.size(), y.upper + 0.25 * y.size());
    replot();
}

void CurvaturePlot::setCursorDistance(double distance) {
    m_cursor->point1->setCoords(distance, 0);
    m_cursor->point2->setCoords(distance, 1);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace vtw
