#include "ui/live/FrictionEllipseView.h"

#include "ui/analysis/ChannelDisplay.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

const char* wheelNames[4] = {"FL", "FR", "RL", "RR"};

// 1, 2, 2.5, 5 x 10^n at or above x: a range people can read grid lines off.
double niceCeiling(double x) {
    if (x <= 0.0)
        return 1000.0;
    const double p = std::pow(10.0, std::floor(std::log10(x)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (m * p >= x)
            return m * p;
    }
    return 10.0 * p;
}

} // namespace

FrictionEllipseView::FrictionEllipseView(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    setToolTip(tr("Friction envelope per tire at its current load (mu_x Fz by mu_y Fz), "
                  "the current force and its last second. Up: Fx forward; left: Fy left."));
}

void FrictionEllipseView::setData(const FrictionEllipseData& data) {
    m_data = data;
    updateRange();
    update();
}

void FrictionEllipseView::setFixedRange(double newtons) {
    m_fixedRange = std::max(0.0, newtons);
    updateRange();
    update();
}

void FrictionEllipseView::updateRange() {
    if (m_fixedRange > 0.0) {
        m_range = m_fixedRange;
        return;
    }
    double biggest = 0.0;
    for (const WheelFrictionData& w : m_data.wheels) {
        biggest = std::max({biggest, w.fxMax, w.fyMax, std::abs(w.fx), std::abs(w.fy)});
        for (const auto& p : w.trail)
            biggest = std::max({biggest, std::abs(p.fx), std::abs(p.fy)});
    }
    // Grow at once; shrink only when the data fits in half the range.
    const double wanted = niceCeiling(biggest * 1.1);
    if (wanted > m_range || wanted <= 0.5 * m_range)
        m_range = wanted;
}

QRectF FrictionEllipseView::panelRect(int wheel) const {
    const double w = width() / 2.0, h = height() / 2.0;
    return QRectF((wheel % 2) * w, (wheel / 2) * h, w, h);
}

QRectF FrictionEllipseView::plotArea(int wheel) const {
    // A square under the panel's title line, with room for the read-out below.
    const QRectF panel = panelRect(wheel);
    const double line = fontMetrics().height();
    const QRectF inner = panel.adjusted(6, line + 6, -6, -(line + 6));
    const double side = std::max(10.0, std::min(inner.width(), inner.height()));
    return QRectF(inner.center().x() - side / 2, inner.center().y() - side / 2, side, side);
}

double FrictionEllipseView::pixelsPerNewton() const {
    return plotArea(0).width() / 2.0 / m_range;
}

QPointF FrictionEllipseView::forceToWidget(int wheel, double fx, double fy) const {
    const QPointF c = plotArea(wheel).center();
    const double k = pixelsPerNewton();
    return {c.x() - fy * k, c.y() - fx * k};
}

void FrictionEllipseView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    p.setRenderHint(QPainter::Antialiasing);
    const double k = pixelsPerNewton();
    const QColor text = palette().color(QPalette::Text);

    for (int i = 0; i < 4; ++i) {
        const auto w = static_cast<std::size_t>(i);
        const WheelFrictionData& d = m_data.wheels[w];
        const QRectF panel = panelRect(i);
        const QRectF area = plotArea(i);
        const QPointF c = area.center();

        // Frame, axes and a grid circle at half range.
        p.setPen(QPen(QColor(200, 200, 200), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(area);
        p.drawLine(QPointF(area.left(), c.y()), QPointF(area.right(), c.y()));
        p.drawLine(QPointF(c.x(), area.top()), QPointF(c.x(), area.bottom()));
        p.setPen(QPen(QColor(225, 225, 225), 1, Qt::DotLine));
        p.drawEllipse(c, area.width() / 4, area.height() / 4);

        // The envelope at the current load.
        const QRectF ellipse(c.x() - d.fyMax * k, c.y() - d.fxMax * k, 2 * d.fyMax * k,
                             2 * d.fxMax * k);
        m_ellipse[w] = ellipse;
        p.setPen(QPen(QColor(30, 100, 200), 2));
        p.setBrush(QColor(30, 100, 200, 28));
        p.drawEllipse(ellipse);

        // The trail: older points fainter.
        p.setBrush(Qt::NoBrush);
        for (std::size_t j = 1; j < d.trail.size(); ++j) {
            const double fade = 1.0 - std::clamp(d.trail[j].age / m_data.trailSeconds, 0.0, 1.0);
            p.setPen(QPen(QColor(220, 80, 20, static_cast<int>(30 + 200 * fade)), 1.5));
            p.drawLine(forceToWidget(i, d.trail[j - 1].fx, d.trail[j - 1].fy),
                       forceToWidget(i, d.trail[j].fx, d.trail[j].fy));
        }

        // The current force: a vector from the centre and a dot.
        const QPointF point = forceToWidget(i, d.fx, d.fy);
        m_point[w] = point;
        const QColor over = d.usage > 1.0 ? QColor(200, 0, 0) : QColor(200, 60, 0);
        p.setPen(QPen(over, 1.5));
        p.drawLine(c, point);
        p.setPen(Qt::NoPen);
        p.setBrush(over);
        p.drawEllipse(point, 4.0, 4.0);

        // Title and read-out.
        p.setPen(text);
        const double line = fontMetrics().height();
        const QStringList shown = readouts(i);
        p.drawText(QRectF(panel.left() + 6, panel.top() + 3, panel.width() - 12, line),
                   Qt::AlignLeft | Qt::AlignVCenter, shown[0]);
        p.drawText(QRectF(panel.left() + 6, panel.top() + 3, panel.width() - 12, line),
                   Qt::AlignRight | Qt::AlignVCenter,
                   tr("used %1 %").arg(d.usage * 100.0, 0, 'f', 0));
        p.drawText(QRectF(panel.left() + 6, area.bottom() + 3, panel.width() - 12, line),
                   Qt::AlignHCenter | Qt::AlignVCenter,
                   shown[1]);
    }
    // The scale, once, inside the first panel's frame: what the dotted circle means.
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    p.setFont(small);
    p.setPen(QColor(120, 120, 120));
    const QRectF first = plotArea(0);
    const ChannelDisplay force = channelDisplay("N", m_units);
    p.drawText(first.adjusted(3, 1, -3, -1), Qt::AlignLeft | Qt::AlignTop,
               tr("ring %1 %2").arg(m_range / 2.0 * force.scale, 0, 'f', 0).arg(force.unit));
}

void FrictionEllipseView::setUnitSystem(UnitSystem system) {
    if (system == m_units)
        return;
    m_units = system;
    update();
}

QStringList FrictionEllipseView::readouts(int wheel) const {
    const WheelFrictionData& d = m_data.wheels[static_cast<std::size_t>(wheel)];
    const ChannelDisplay force = channelDisplay("N", m_units);
    return {tr("%1  Fz %2 %3").arg(QLatin1String(wheelNames[wheel])).arg(d.load * force.scale, 0, 'f', 0).arg(force.unit),
            tr("Fx %1  Fy %2 %3")
                .arg(d.fx * force.scale, 0, 'f', 0)
                .arg(d.fy * force.scale, 0, 'f', 0)
                .arg(force.unit)};
}

} // namespace vtw
