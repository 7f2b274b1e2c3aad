#include "ui/live/PathTrace.h"

#include <algorithm>
#include <cmath>

namespace vtw {

PathTrace::PathTrace(double spacing, std::size_t capacity)
    : m_initialSpacing(spacing), m_spacing(spacing),
      m_capacity(std::max<std::size_t>(capacity, 4)) {}

void PathTrace::add(double x, double y, double speed) {
    const QPointF p(x, y);
    // Kept once `spacing` from the last kept point (the view joins the last
    // one to the car itself).
    if (!m_points.empty()) {
        const QPointF d = p - m_points.back();
        if (std::hypot(d.x(), d.y()) < m_spacing)
            return;
    }
    m_points.push_back(p);
    m_speeds.push_back(speed);
    if (m_points.size() >= m_capacity) {
        std::size_t out = 0;
        for (std::size_t i = 0; i < m_points.size(); i += 2) {
            m_speeds[out] = m_speeds[i];
            m_points[out++] = m_points[i];
        }
        m_points.resize(out);
        m_speeds.resize(out);
        m_spacing *= 2.0;
    }
}

void PathTrace::clear() {
    m_points.clear();
    m_speeds.clear();
    m_spacing = m_initialSpacing;
}

} // namespace vtw
