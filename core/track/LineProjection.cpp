#include "core/track/LineProjection.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vtw {

ClosedLine closedLine(const TrackLine& line) {
    return {line.x.data(), line.y.data(), line.distance.data(), line.size(), line.length};
}

ClosedLine closedLine(const TrackPath& path) {
    const std::size_t stations = path.stations();
    return {path.x.data(), path.y.data(), path.distance.data(), stations > 0 ? stations - 1 : 0, path.length};
}

std::size_t LineProjector::wrap(long k) const {
    // The window never reaches further than one line's length either side.
    const long n = static_cast<long>(m_line.count);
    return static_cast<std::size_t>(k < 0 ? k + n : k >= n ? k - n : k);
}

double LineProjector::squaredDistance(std::size_t k, double px, double py) const {
    const std::size_t next = k + 1 < m_line.count ? k + 1 : 0;
    const double ax = m_line.x[k], ay = m_line.y[k];
    const double dx = m_line.x[next] - ax, dy = m_line.y[next] - ay;
    const double chord2 = dx * dx + dy * dy;
    const double t = chord2 > 0.0 ? std::clamp(((px - ax) * dx + (py - ay) * dy) / chord2, 0.0, 1.0) : 0.0;
    const double ex = px - (ax + t * dx), ey = py - (ay + t * dy);
    return ex * ex + ey * ey;
}

LineFoot LineProjector::footOn(std::size_t k, double px, double py) const {
    const std::size_t next = k + 1 < m_line.count ? k + 1 : 0;
    const double ax = m_line.x[k], ay = m_line.y[k];
    const double dx = m_line.x[next] - ax, dy = m_line.y[next] - ay;
    const double chord2 = dx * dx + dy * dy;
    const double chord = std::sqrt(chord2);
    LineFoot foot;
    foot.chord = k;
    if (chord > 0.0) {
        foot.tangentX = dx / chord;
        foot.tangentY = dy / chord;
        foot.fraction = std::clamp(((px - ax) * dx + (py - ay) * dy) / chord2, 0.0, 1.0);
    }
    const double fx = ax + foot.fraction * dx, fy = ay + foot.fraction * dy;
    // Left of the chord's direction is positive; off the chord's ends the sign still
    // says which side of its line the point is on.
    const double side = foot.tangentX * (py - ay) - foot.tangentY * (px - ax);
    foot.lateral = std::copysign(std::sqrt((px - fx) * (px - fx) + (py - fy) * (py - fy)), side);
    const double end = next == 0 ? m_line.length : m_line.distance[next];
    foot.along = m_line.distance[k] + foot.fraction * (end - m_line.distance[k]);
    return foot;
}

LineFoot LineProjector::locate(double px, double py) {
    if (m_line.count < 2)
        return {};
    if (m_located && px == m_lastX && py == m_lastY)
        return m_last; // asked again for the same point (the driver's, then the judge's)
    m_lastX = px;
    m_lastY = py;
    double best = std::numeric_limits<double>::infinity();
    std::size_t nearest = 0;
    auto consider = [&](std::size_t k) {
        const double squared = squaredDistance(k, px, py);
        if (squared < best) {
            best = squared;
            nearest = k;
        }
    };
    if (!m_located) {
        for (std::size_t k = 0; k < m_line.count; ++k)
            consider(k);
        m_located = true;
    } else {
        // A window a little behind and ahead of the last foot (a car moves a fraction
        // of a chord per step), slid on while the nearest chord is at its leading edge.
        constexpr long behind = 1, ahead = 3;
        long from = static_cast<long>(m_chord) - behind;
        const std::size_t n = m_line.count;
        for (std::size_t slid = 0; slid <= n; slid += ahead) {
            for (long k = from; k <= from + behind + ahead; ++k)
                consider(wrap(k));
            if (nearest != wrap(from + behind + ahead))
                break;
            from = static_cast<long>(wrap(from + ahead));
        }
    }
    m_chord = nearest;
    m_last = footOn(nearest, px, py);
    return m_last;
}

double valueAlong(const double* distance, const double* values, std::size_t count, double length, double s,
                  std::size_t& hint) {
    if (count == 0)
        return 0.0;
    if (s < 0.0 || s >= length) { // a lap on, or back: rarely, so no division on every call
        s = std::fmod(s, length);
        if (s < 0.0)
            s += length;
    }
    std::size_t i = hint < count ? hint : 0;
    if (distance[i] > s)
        i = 0;
    while (i + 1 < count && distance[i + 1] <= s)
        ++i;
    hint = i;
    const std::size_t next = i + 1 < count ? i + 1 : 0;
    const double end = i + 1 < count ? distance[i + 1] : length;
    const double span = end - distance[i];
    const double t = span > 0.0 ? (s - distance[i]) / span : 0.0;
    return values[i] + t * (values[next] - values[i]);
}

} // namespace vtw
