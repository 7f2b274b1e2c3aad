#include "ui/track/TrackMapPlot.h"

#include "ui/analysis/ShownAxis.h"

#include "ui/mathchannels/RunMathChannels.h"
#include "core/lap/LapTelemetry.h"

#include "ui/shared/CompareStyle.h"
#include "ui/track/LapRun.h"
#include "ui/shared/PlotStyle.h"
#include "core/track/TrackEdges.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vtw {

namespace {

// Colour bins of the line: enough that neighbouring colours cannot be told apart, few
// enough that a lap is a few hundred curves, not one per station.
constexpr int colourBins = 48;
// A press and release within this many pixels is a click, not a drag of the map.
constexpr int clickSlopPixels = 4;

QVector<double> toVector(const std::vector<double>& v) {
    return QVector<double>(v.begin(), v.end());
}

QCPCurve* addLine(QCustomPlot* plot, const std::vector<double>& x, const std::vector<double>& y,
                  const QPen& pen) {
    auto* curve = new QCPCurve(plot->xAxis, plot->yAxis);
    curve->setData(toVector(x), toVector(y));
    curve->setPen(pen);
    curve->removeFromLegend();
    return curve;
}

} // namespace

TrackMapPlot::TrackMapPlot(QWidget* parent) : EqualScalePlot(parent), m_scale(new QCPColorScale(this)) {
    setObjectName(QStringLiteral("trackMap"));
    applyPlotStyle(this);
    legend->setVisible(false);
    xAxis->setLabel(tr("x (m)"));
    yAxis->setLabel(tr("y (m)"));
    m_scale->setType(QCPAxis::atRight);
    m_scale->setGradient(lapColourGradient());
    m_scale->setBarWidth(12);
    plotLayout()->addElement(0, 1, m_scale);
    // The scale as tall as the map, not the whole widget.
    auto* margins = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_marker = new QCPCurve(xAxis, yAxis);
    m_marker->setLineStyle(QCPCurve::lsNone);
    m_marker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2.5), Qt::white, 13));
    m_marker->removeFromLegend();
    m_marker->setLayer(QStringLiteral("overlay"));
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_pressedAt = e->pos(); });
    connect(this, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* e) {
        if (e->button() == Qt::LeftButton && (e->pos() - m_pressedAt).manhattanLength() <= clickSlopPixels)
            clicked(e->pos());
    });
}

namespace {

// The values the line is coloured by, their unit and their name; no values when `key` is
// no lap channel and no math channel that computes on this lap.
struct ColourChannel {
    ShownLapChannel shown;
    QString label;
};
ColourChannel colourChannelOf(const LapTrace& trace, const QString& key, UnitSystem units) {
    if (const LapChannel* lap = findLapChannel(key))
        return {showLapChannel(trace, *lap, units), lap->label};
    const ChannelTable table = withMathChannels(lapChannelTable(trace));
    const ChannelColumn* math = isMathChannelName(key.toStdString()) ? table.find(key.toStdString()) : nullptr;
    if (!math)
        return {};
    return {{math->values, QString::fromStdString(math->unit)}, key};
}

} // namespace

void TrackMapPlot::setLap(const LapRun* run, const QString& key, UnitSystem units) {
    m_run = run;
    // Everything but the marker goes: the plottables are rebuilt for each lap.
    for (int i = plottableCount() - 1; i >= 0; --i) {
        if (plottable(i) != m_marker)
            removePlottable(i);
    }
    clearItems();
    m_segments = 0;
    m_marker->data()->clear();
    showAxisIn(xAxis, tr("x"), "m", units);
    showAxisIn(yAxis, tr("y"), "m", units);
    const PreparedTrack* prepared = run ? run->track.get() : nullptr;
    if (!prepared) {
        m_scale->setVisible(false);
        replot();
        return;
    }
    const TrackEdges edges = trackEdges(prepared->track);
    const QPen edgePen(QColor(0x70, 0x70, 0x70), 1.4);
    if (!edges.empty()) {
        addLine(this, edges.leftX, edges.leftY, edgePen);
        addLine(this, edges.rightX, edges.rightY, edgePen);
    } else {
        addLine(this, prepared->path.x, prepared->path.y, QPen(QColor(0xbb, 0xbb, 0xbb), 8.0));
    }
    const LapTrace& trace = run->lap.trace;
    const ColourChannel colour = run->lap.ok ? colourChannelOf(trace, key, units) : ColourChannel{};
    const ShownLapChannel& shown = colour.shown;
    if (run->lap.ok && trace.distance.size() >= 2 && shown.values.size() == trace.distance.size()) {
        const auto [lo, hi] = std::minmax_element(shown.values.begin(), shown.values.end());
        const QCPRange range(*lo, *hi > *lo ? *hi : *lo + 1.0);
        QCPColorGradient gradient = lapColourGradient(); // color() is not const: it caches its table
        auto bin = [&](double v) {
            return std::clamp(static_cast<int>((v - range.lower) / range.size() * colourBins), 0, colourBins - 1);
        };
        // Runs of stations in one colour bin, each drawn as one curve that reaches the
        // next run's first station so the line has no gaps.
        std::size_t start = 0;
        const std::size_t n = trace.distance.size();
        while (start + 1 < n) {
            const int b = bin(shown.values[start]);
            std::size_t end = start + 1;
            while (end + 1 < n && bin(shown.values[end]) == b)
                ++end;
            const std::vector<double> xs(trace.x.begin() + long(start), trace.x.begin() + long(end) + 1);
            const std::vector<double> ys(trace.y.begin() + long(start), trace.y.begin() + long(end) + 1);
            const double mid = range.lower + (b + 0.5) / colourBins * range.size();
            QPen pen(QColor::fromRgba(gradient.color(mid, range)), 3.2);
            pen.setCapStyle(Qt::RoundCap);
            addLine(this, xs, ys, pen);
            ++m_segments;
            start = end;
        }
        m_scale->setDataRange(range);
        m_scale->axis()->setLabel(axisTitleWithUnit(colour.label, shown.unit));
        m_scale->setVisible(true);
    } else {
        m_scale->setVisible(false);
    }
    // Sector starts: a short label beside the line; sector 1 starts at the start/finish line.
    const LapTrace* drawnTrace = run->lap.ok ? &trace : nullptr;
    for (std::size_t s = 0; s < prepared->sectorStarts.size(); ++s) {
        const double d = prepared->sectorStarts[s];
        double x = 0.0, y = 0.0;
        if (drawnTrace) {
            const MapPoint p = positionAt(*drawnTrace, d);
            x = p.x;
            y = p.y;
        } else {
            const std::size_t k = std::min<std::size_t>(prepared->path.stations() - 1,
                                                        static_cast<std::size_t>(d / lapStationStep));
            x = prepared->path.x[k];
            y = prepared->path.y[k];
        }
        auto* dot = new QCPItemTracer(this);
        dot->position->setCoords(x, y);
        dot->setStyle(QCPItemTracer::tsSquare);
        dot->setSize(7);
        dot->setPen(QPen(Qt::black));
        dot->setBrush(s == 0 ? QBrush(Qt::black) : QBrush(Qt::white));
        auto* label = new QCPItemText(this);
        label->position->setParentAnchor(dot->position);
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->position->setCoords(0, -12);
        label->setText(s == 0 ? tr("Start / S1") : tr("S%1").arg(s + 1));
        label->setFont(QFont(font().family(), 8, QFont::Bold));
        label->setBrush(QColor(255, 255, 255, 200));
        label->setPadding(QMargins(2, 0, 2, 0));
    }
    const std::vector<double>& xs = prepared->path.x;
    const std::vector<double>& ys = prepared->path.y;
    const auto [xlo, xhi] = std::minmax_element(xs.begin(), xs.end());
    const auto [ylo, yhi] = std::minmax_element(ys.begin(), ys.end());
    // The widest the edges reach past the line, so the fit keeps the tarmac in view.
    const double margin = 30.0;
    m_fitX = QCPRange(*xlo - margin, *xhi + margin);
    m_fitY = QCPRange(*ylo - margin, *yhi + margin);
    fitTrack();
}

void TrackMapPlot::fitTrack() {
    if (m_fitX.size() > 0.0)
        showRanges(m_fitX, m_fitY);
}

void TrackMapPlot::setCursorDistance(double distance) {
    m_marker->data()->clear();
    if (m_run && m_run->lap.ok && !m_run->lap.trace.distance.empty()) {
        const MapPoint p = positionAt(m_run->lap.trace, distance);
        m_marker->addData(p.x, p.y);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

QPointF TrackMapPlot::markerPosition() const {
    if (m_marker->data()->isEmpty())
        return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
    const QCPCurveData& d = *m_marker->data()->constBegin();
    return {d.key, d.value};
}

QPointF TrackMapPlot::pixelOf(double x, double y) const {
    return {xAxis->coordToPixel(x), yAxis->coordToPixel(y)};
}

void TrackMapPlot::clicked(const QPoint& pixel) {
    if (!m_run || !m_run->lap.ok || m_run->lap.trace.distance.empty())
        return;
    const LapTrace& t = m_run->lap.trace;
    const double x = xAxis->pixelToCoord(pixel.x()), y = yAxis->pixelToCoord(pixel.y());
    std::size_t best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < t.x.size(); ++k) {
        const double d = std::hypot(t.x[k] - x, t.y[k] - y);
        if (d < bestDistance) {
            bestDistance = d;
            best = k;
        }
    }
    emit distanceClicked(t.distance[best]);
}

} // namespace vtw
