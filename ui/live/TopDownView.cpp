#include "ui/live/TopDownView.h"

#include "ui/analysis/ChannelDisplay.h"
#include "ui/shared/PlotStyle.h"
#include "core/base/Units.h"

#include <QPainter>
#include <QPainterPath>
#include <QWheelEvent>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

// Drawing sizes of things the setup does not describe (body outline, tire width).
constexpr double frontOverhang = 0.85;  // m ahead of the front axle
constexpr double rearOverhang = 0.95;   // m behind the rear axle
constexpr double bodySideMargin = 0.12; // m beyond the wheel centres
constexpr double tireWidth = 0.27;      // m
constexpr double gridSpacing = 5.0;     // m between world grid lines
// Colour bins of the path on a track: neighbouring colours cannot be told apart, and
// a lap is a few hundred polylines to draw, not one line per point.
constexpr int pathColourBins = 48;

double deg(double rad) {
    return units::radToDeg(rad);
}

void drawArrow(QPainter& p, QPointF from, QPointF to, const QColor& colour, double width) {
    p.setPen(QPen(colour, width, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(from, to);
    const QPointF d = to - from;
    const double length = std::hypot(d.x(), d.y());
    if (length < 4.0)
        return;
    const QPointF u = d / length, n(-u.y(), u.x());
    const double head = std::min(8.0, length * 0.4);
    QPolygonF tip;
    tip << to << to - u * head + n * head * 0.45 << to - u * head - n * head * 0.45;
    p.setBrush(colour);
    p.setPen(Qt::NoPen);
    p.drawPolygon(tip);
}

} // namespace

TopDownView::TopDownView(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    setToolTip(tr("The car from above (world x right, y up); blue: velocity, red: tire "
                  "forces; grey: path. Mouse wheel zooms."));
}

void TopDownView::setData(const TopDownData& data) {
    m_data = data;
    update();
}

void TopDownView::setTrack(const TopDownTrack& track) {
    m_track = track;
    update();
}

std::pair<double, double> TopDownView::pathSpeedRange() const {
    const std::vector<double>& v = m_data.pathSpeed;
    if (v.empty())
        return {0.0, 1.0};
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    // A path at one speed still gets a range to divide by.
    return {*lo, std::max(*hi, *lo + 1.0)};
}

void TopDownView::paintTrack(QPainter& p) const {
    const auto toWidget = [this](const std::vector<QPointF>& world) {
        QPolygonF out;
        out.reserve(static_cast<qsizetype>(world.size()));
        for (const QPointF& w : world)
            out << worldToWidget(w.x(), w.y());
        return out;
    };
    if (!m_track.leftEdge.empty() && !m_track.rightEdge.empty()) {
        // The tarmac between the edges: the two loops with the odd-even rule leave the
        // infield (and the outside) empty.
        const QPolygonF left = toWidget(m_track.leftEdge), right = toWidget(m_track.rightEdge);
        QPainterPath tarmac;
        tarmac.setFillRule(Qt::OddEvenFill);
        tarmac.addPolygon(left);
        tarmac.addPolygon(right);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(214, 215, 210));
        p.drawPath(tarmac);
        p.setPen(QPen(QColor(95, 95, 95), 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawPolyline(left);
        p.drawPolyline(right);
    }
    if (m_track.line.size() >= 2) {
        p.setPen(QPen(QColor(190, 70, 150), 1.0, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawPolyline(toWidget(m_track.line));
    }
}

void TopDownView::paintPath(QPainter& p) const {
    const TopDownData& d = m_data;
    if (d.path.size() < 2)
        return;
    p.setBrush(Qt::NoBrush);
    if (m_track.empty() || d.pathSpeed.size() != d.path.size()) {
        QPolygonF path;
        path.reserve(static_cast<qsizetype>(d.path.size()));
        for (const QPointF& w : d.path)
            path << worldToWidget(w.x(), w.y());
        p.setPen(QPen(QColor(120, 120, 120), 1.5));
        p.drawPolyline(path);
        return;
    }
    // On a track the path is coloured by speed (the Track workspace's colours): each run
    // of points in one colour bin is one polyline.
    const auto [lo, hi] = pathSpeedRange();
    QCPColorGradient gradient = lapColourGradient(); // color() is not const: it caches its table
    const auto bin = [&](double v) {
        return std::clamp(static_cast<int>((v - lo) / (hi - lo) * pathColourBins), 0, pathColourBins - 1);
    };
    std::size_t start = 0;
    while (start + 1 < d.path.size()) {
        const int b = bin(d.pathSpeed[start]);
        std::size_t end = start + 1;
        while (end + 1 < d.path.size() && bin(d.pathSpeed[end]) == b)
            ++end;
        QPolygonF run;
        for (std::size_t i = start; i <= end; ++i)
            run << worldToWidget(d.path[i].x(), d.path[i].y());
        p.setPen(QPen(QColor::fromRgb(gradient.color((b + 0.5) / pathColourBins, QCPRange(0.0, 1.0))), 2.5,
                      Qt::SolidLine, Qt::RoundCap));
        p.drawPolyline(run);
        start = end;
    }
}

void TopDownView::setPixelsPerMetre(double scale) {
    m_scale = std::clamp(scale, 2.0, 200.0);
    update();
}

void TopDownView::wheelEvent(QWheelEvent* event) {
    setPixelsPerMetre(m_scale * std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

QPointF TopDownView::viewCentre() const {
    // Leave the read-out block at the top-left free: the car sits a little lower right.
    return {width() * 0.55, height() * 0.58};
}

QPointF TopDownView::worldToWidget(double wx, double wy) const {
    const QPointF c = viewCentre();
    return {c.x() + (wx - m_data.x) * m_scale, c.y() - (wy - m_data.y) * m_scale};
}

QPointF TopDownView::bodyToWorld(double bx, double by) const {
    const double c = std::cos(m_data.heading), s = std::sin(m_data.heading);
    return {m_data.x + bx * c - by * s, m_data.y + bx * s + by * c};
}

void TopDownView::setUnitSystem(UnitSystem system) {
    if (system == m_units)
        return;
    m_units = system;
    update();
}

QStringList TopDownView::readouts() const {
    const TopDownData& d = m_data;
    const double c = std::cos(d.heading), s = std::sin(d.heading);
    const double worldVx = d.vx * c - d.vy * s, worldVy = d.vx * s + d.vy * c;
    // Speeds in the window's unit (km/h or mph), like the traces; angles in degrees.
    const ChannelDisplay speed = channelDisplay("m/s", m_units);
    QStringList lines{
        tr("Speed %1 %2").arg(std::hypot(d.vx, d.vy) * speed.scale, 0, 'f', 1).arg(speed.unit),
        tr("Steer angle %1°").arg(deg(d.steerAngle), 0, 'f', 2),
        tr("Sideslip β %1°").arg(deg(d.sideslip), 0, 'f', 2),
        tr("Yaw rate %1°/s").arg(deg(d.yawRate), 0, 'f', 2),
        tr("Slip front %1° / %2°")
            .arg(deg(d.slipAngle[0]), 0, 'f', 2)
            .arg(deg(d.slipAngle[1]), 0, 'f', 2),
        tr("Slip rear %1° / %2°")
            .arg(deg(d.slipAngle[2]), 0, 'f', 2)
            .arg(deg(d.slipAngle[3]), 0, 'f', 2),
        tr("v car x %1, y %2 %3")
            .arg(d.vx * speed.scale, 0, 'f', 2)
            .arg(d.vy * speed.scale, 0, 'f', 2)
            .arg(speed.unit),
        tr("v world X %1, Y %2 %3")
            .arg(worldVx * speed.scale, 0, 'f', 2)
            .arg(worldVy * speed.scale, 0, 'f', 2)
            .arg(speed.unit),
    };
    if (d.suspension) // a rigid car has no body motion to show
        lines << tr("Roll φ %1°, pitch θ %2°").arg(deg(d.roll), 0, 'f', 2).arg(deg(d.pitch), 0, 'f', 2);
    return lines;
}

void TopDownView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), QColor(246, 247, 244));
    p.setRenderHint(QPainter::Antialiasing);
    const TopDownData& d = m_data;
    const CarGeometry& g = d.geometry;

    // A world grid: it moves under the car and so shows its motion.
    const double step = gridSpacing;
    p.setPen(QPen(QColor(222, 224, 218), 1));
    const double halfW = width() / m_scale, halfH = height() / m_scale;
    for (double gx = std::floor((d.x - halfW) / step) * step; gx <= d.x + halfW; gx += step)
        p.drawLine(worldToWidget(gx, d.y - halfH), worldToWidget(gx, d.y + halfH));
    for (double gy = std::floor((d.y - halfH) / step) * step; gy <= d.y + halfH; gy += step)
        p.drawLine(worldToWidget(d.x - halfW, gy), worldToWidget(d.x + halfW, gy));

    // The track under everything, then the path driven.
    paintTrack(p);
    paintPath(p);

    // The body outline from the axle positions.
    const double front = std::max(g.wheelX[0], g.wheelX[1]) + frontOverhang;
    const double rear = std::min(g.wheelX[2], g.wheelX[3]) - rearOverhang;
    const double halfWidth = std::max({std::abs(g.wheelY[0]), std::abs(g.wheelY[1]),
                                       std::abs(g.wheelY[2]), std::abs(g.wheelY[3]), 0.5}) +
                             bodySideMargin;
    QPolygonF body;
    for (auto [bx, by] : {std::pair{front, halfWidth * 0.8},
                          {front - 0.25, halfWidth},
                          {rear + 0.1, halfWidth},
                          {rear, halfWidth * 0.9},
                          {rear, -halfWidth * 0.9},
                          {rear + 0.1, -halfWidth},
                          {front - 0.25, -halfWidth},
                          {front, -halfWidth * 0.8}}) {
        const QPointF w = bodyToWorld(bx, by);
        body << worldToWidget(w.x(), w.y());
    }
    p.setPen(QPen(QColor(60, 60, 70), 1.5));
    p.setBrush(QColor(200, 205, 215, 235));
    p.drawPolygon(body);
    // A windscreen line marks the front.
    {
        const QPointF a = bodyToWorld(front - 1.1, halfWidth * 0.8);
        const QPointF b = bodyToWorld(front - 1.1, -halfWidth * 0.8);
        p.drawLine(worldToWidget(a.x(), a.y()), worldToWidget(b.x(), b.y()));
    }

    // Wheels at their steer angles, then each tire's force.
    for (int i = 0; i < 4; ++i) {
        const auto w = static_cast<std::size_t>(i);
        const double angle = d.heading + d.wheelSteer[w];
        const double c = std::cos(angle), s = std::sin(angle);
        const QPointF centre = bodyToWorld(g.wheelX[w], g.wheelY[w]);
        const double hl = std::max(0.2, g.wheelRadius[w]), hw = tireWidth / 2.0;
        QPolygonF wheel;
        // Corners in the wheel frame: front-left, front-right, rear-right, rear-left.
        for (auto [lx, ly] : {std::pair{hl, hw}, {hl, -hw}, {-hl, -hw}, {-hl, hw}}) {
            wheel << worldToWidget(centre.x() + lx * c - ly * s, centre.y() + lx * s + ly * c);
        }
        m_wheels[w] = wheel;
        p.setPen(QPen(QColor(20, 20, 20), 1));
        p.setBrush(QColor(35, 35, 35));
        p.drawPolygon(wheel);

        const double fwx = (d.fx[w] * c - d.fy[w] * s) * metresPerNewton;
        const double fwy = (d.fx[w] * s + d.fy[w] * c) * metresPerNewton;
        const QPointF from = worldToWidget(centre.x(), centre.y());
        m_forceTips[w] = worldToWidget(centre.x() + fwx, centre.y() + fwy);
        drawArrow(p, from, m_forceTips[w], QColor(210, 40, 40), 2.0);
    }

    // The velocity of the CG.
    {
        const QPointF v = bodyToWorld(d.vx * metresPerMps, d.vy * metresPerMps);
        m_velocityTip = worldToWidget(v.x(), v.y());
        drawArrow(p, worldToWidget(d.x, d.y), m_velocityTip, QColor(30, 90, 210), 2.5);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(30, 30, 30));
        p.drawEllipse(worldToWidget(d.x, d.y), 2.5, 2.5);
    }

    // Read-outs on a translucent card, and the arrow scales.
    const QStringList lines = readouts();
    const QFontMetrics fm = fontMetrics();
    int textWidth = 0;
    for (const QString& line : lines)
        textWidth = std::max(textWidth, fm.horizontalAdvance(line));
    const QRectF card(6, 6, textWidth + 12, lines.size() * fm.height() + 8);
    p.setPen(QPen(QColor(190, 190, 190), 1));
    p.setBrush(QColor(255, 255, 255, 215));
    p.drawRoundedRect(card, 4, 4);
    p.setPen(QColor(20, 20, 20));
    for (int i = 0; i < lines.size(); ++i)
        p.drawText(QPointF(card.left() + 6, card.top() + 4 + fm.ascent() + i * fm.height()),
                   lines[i]);
    // The drawing is in metres; the legend says what a metre of arrow means in the
    // window's units.
    const ChannelDisplay length = channelDisplay("m", m_units);
    const ChannelDisplay force = channelDisplay("N", m_units);
    const ChannelDisplay speed = channelDisplay("m/s", m_units);
    const QString scale = tr("grid %1 %2   force 1 m : %3 %4   velocity 1 m : %5 %6")
                              .arg(gridSpacing * length.scale, 0, 'f', m_units == UnitSystem::SI ? 0 : 1)
                              .arg(length.unit)
                              .arg(force.scale / metresPerNewton, 0, 'f', 0)
                              .arg(force.unit)
                              .arg(speed.scale / metresPerMps, 0, 'f', 1)
                              .arg(speed.unit);
    p.setPen(QColor(110, 110, 110));
    p.drawText(QRectF(6, height() - fm.height() - 4, width() - 12, fm.height()),
               Qt::AlignLeft | Qt::AlignVCenter, scale);
    // On a track, what the path's colours mean: a bar from the slowest to the fastest.
    if (!m_track.empty() && d.pathSpeed.size() >= 2) {
        const auto [lo, hi] = pathSpeedRange();
        const QString slow = QString::number(lo * speed.scale, 'f', 0);
        const QString fast = tr("%1 %2").arg(hi * speed.scale, 0, 'f', 0).arg(speed.unit);
        const double barWidth = 90.0, barHeight = 8.0;
        const double right = width() - 8.0, baseline = height() - 2.0 * fm.height() - 6.0;
        const double barRight = right - fm.horizontalAdvance(fast) - 6.0;
        const QRectF bar(barRight - barWidth, baseline - barHeight, barWidth, barHeight);
        QLinearGradient ramp(bar.topLeft(), bar.topRight());
        QCPColorGradient gradient = lapColourGradient();
        for (double f : {0.0, 0.25, 0.5, 0.75, 1.0})
            ramp.setColorAt(f, QColor::fromRgb(gradient.color(f, QCPRange(0.0, 1.0))));
        p.setPen(Qt::NoPen);
        p.setBrush(ramp);
        p.drawRect(bar);
        p.setPen(QColor(60, 60, 60));
        p.drawText(QPointF(bar.right() + 6.0, bar.bottom()), fast);
        p.drawText(QPointF(bar.left() - fm.horizontalAdvance(slow) - 6.0, bar.bottom()), slow);
    }
}

} // namespace vtw
