#include "ui/live/GGDiagramView.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace vtw {

GGDiagramView::GGDiagramView(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    setToolTip(tr("G-G diagram: longitudinal (up = accelerating) against lateral (left = "
                  "turning left) acceleration; the outline is everything reached in this run."));
}

void GGDiagramView::setData(const GGData& data) {
    m_data = data;
    if (m_fixedRange <= 0.0) {
        double biggest = std::hypot(m_data.ax, m_data.ay);
        for (double r : m_data.envelopeRadius)
            biggest = std::max(biggest, r);
        // Whole half-g steps, at least 1 g; the outline only grows within a
        // run, so the scale does not jitter.
        m_range = std::max(1.0, std::ceil(biggest * 1.1 / 0.5) * 0.5);
    }
    update();
}

void GGDiagramView::setFixedRange(double g) {
    m_fixedRange = std::max(0.0, g);
    if (m_fixedRange > 0.0)
        m_range = m_fixedRange;
    update();
}

QRectF GGDiagramView::plotArea() const {
    const double line = fontMetrics().height();
    const QRectF inner = QRectF(rect()).adjusted(line + 8, line + 8, -(line + 8), -(2 * line + 8));
    const double side = std::max(10.0, std::min(inner.width(), inner.height()));
    return QRectF(inner.center().x() - side / 2, inner.center().y() - side / 2, side, side);
}

QPointF GGDiagramView::accelToWidget(double ax, double ay) const {
    const QRectF area = plotArea();
    const double k = area.width() / 2.0 / m_range;
    return {area.center().x() - ay * k, area.center().y() - ax * k};
}

void GGDiagramView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF area = plotArea();
    const QPointF c = area.center();
    const double k = area.width() / 2.0 / m_range;
    const double line = fontMetrics().height();

    // Rings every 0.5 g, labelled along the forward axis.
    p.setPen(QPen(QColor(200, 200, 200), 1));
    p.drawLine(QPointF(area.left(), c.y()), QPointF(area.right(), c.y()));
    p.drawLine(QPointF(c.x(), area.top()), QPointF(c.x(), area.bottom()));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    for (double g = 0.5; g <= m_range + 1e-9; g += 0.5) {
        const bool whole = std::abs(g - std::round(g)) < 1e-9;
        p.setPen(QPen(QColor(whole ? 170 : 215, whole ? 170 : 215, whole ? 170 : 215), 1,
                      whole ? Qt::SolidLine : Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(c, g * k, g * k);
        p.setPen(QColor(130, 130, 130));
        p.drawText(QPointF(c.x() + 3, c.y() - g * k + small.pointSizeF() + 2),
                   QStringLiteral("%1 g").arg(g));
    }
    p.setFont(font());

    // Outline of what the run reached.
    const std::size_t n = m_data.envelopeRadius.size();
    QPolygonF outline;
    for (std::size_t s = 0; s < n; ++s) {
        const double r = m_data.envelopeRadius[s];
        if (r <= 0.0)
            continue;
        const double angle =
            (static_cast<double>(s) + 0.5) * 2.0 * std::numbers::pi / static_cast<double>(n);
        outline << accelToWidget(r * std::cos(angle), r * std::sin(angle));
    }
    m_envelopeVertices = static_cast<int>(outline.size());
    if (outline.size() >= 3) {
        p.setPen(QPen(QColor(30, 100, 200), 1.5));
        p.setBrush(QColor(30, 100, 200, 30));
        p.drawPolygon(outline);
    }

    // Trail, then the current point.
    p.setBrush(Qt::NoBrush);
    const std::size_t trail = m_data.trail.size();
    for (std::size_t j = 1; j < trail; ++j) {
        const double fade = static_cast<double>(j) / static_cast<double>(trail);
        p.setPen(QPen(QColor(220, 80, 20, static_cast<int>(30 + 200 * fade)), 1.5));
        p.drawLine(accelToWidget(m_data.trail[j - 1].ax, m_data.trail[j - 1].ay),
                   accelToWidget(m_data.trail[j].ax, m_data.trail[j].ay));
    }
    m_point = accelToWidget(m_data.ax, m_data.ay);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(200, 40, 0));
    p.drawEllipse(m_point, 4.5, 4.5);

    // Axis names and the read-out.
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRectF(0, 2, width(), line), Qt::AlignHCenter, tr("accelerating"));
    p.drawText(QRectF(0, area.bottom() + 2, width(), line), Qt::AlignHCenter, tr("braking"));
    p.save();
    p.translate(area.left() - 4, c.y());
    p.rotate(-90);
    p.drawText(QRectF(-area.height() / 2, -line, area.height(), line), Qt::AlignHCenter,
               tr("left"));
    p.restore();
    p.save();
    p.translate(area.right() + 4, c.y());
    p.rotate(90);
    p.drawText(QRectF(-area.height() / 2, -line, area.height(), line), Qt::AlignHCenter,
               tr("right"));
    p.restore();
    p.drawText(QRectF(0, height() - line - 2, width(), line), Qt::AlignHCenter,
               tr("ax %1 g   ay %2 g   |a| %3 g")
                   .arg(m_data.ax, 0, 'f', 2)
                   .arg(m_data.ay, 0, 'f', 2)
                   .arg(std::hypot(m_data.ax, m_data.ay), 0, 'f', 2));
}

} // namespace vtw
