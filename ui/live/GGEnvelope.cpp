#include "ui/live/GGEnvelope.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace vtw {

GGEnvelope::GGEnvelope(int sectors)
    : m_radius(static_cast<std::size_t>(std::max(4, sectors)), 0.0) {}

void GGEnvelope::add(double ax, double ay) {
    if (!std::isfinite(ax) || !std::isfinite(ay))
        return;
    const double r = std::sqrt(ax * ax + ay * ay);
    double& slot = m_radius[static_cast<std::size_t>(sectorOf(ax, ay))];
    slot = std::max(slot, r);
    m_max = std::max(m_max, r);
}

void GGEnvelope::clear() {
    std::fill(m_radius.begin(), m_radius.end(), 0.0);
    m_max = 0.0;
}

double GGEnvelope::sectorAngle(int sector) const {
    return (sector + 0.5) * 2.0 * std::numbers::pi / sectors();
}

int GGEnvelope::sectorOf(double ax, double ay) const {
    double angle = std::atan2(ay, ax);
    if (angle < 0.0)
        angle += 2.0 * std::numbers::pi;
    const int s = static_cast<int>(angle / (2.0 * std::numbers::pi) * sectors());
    return std::clamp(s, 0, sectors() - 1);
}

} // namespace vtw
