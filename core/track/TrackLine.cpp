#include "core/track/TrackLine.h"

#include <algorithm>
#include <cmath>

namespace vtw {

double turningAngle(double ax, double ay, double bx, double by) {
    return std::atan2(ax * by - ay * bx, ax * bx + ay * by);
}

TrackLine lineThroughPoints(std::vector<double> x, std::vector<double> y) {
    TrackLine line;
    const std::size_t n = x.size();
    line.x = std::move(x);
    line.y = std::move(y);
    line.distance.resize(n);
    line.curvature.resize(n);
    std::vector<double> chord(n);
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t next = (k + 1) % n;
        chord[k] = std::hypot(line.x[next] - line.x[k], line.y[next] - line.y[k]);
    }
    double s = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        line.distance[k] = s;
        s += chord[k];
    }
    line.length = s;
    // The polygon turns only at its points: the curvature there is the turn spread
    // over the half chords on either side, so that it integrates to the same turn.
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t prev = (k + n - 1) % n, next = (k + 1) % n;
        const double turn = turningAngle(line.x[k] - line.x[prev], line.y[k] - line.y[prev],
                                         line.x[next] - line.x[k], line.y[next] - line.y[k]);
        const double share = 0.5 * (chord[prev] + chord[k]);
        line.curvature[k] = share > 0.0 ? turn / share : 0.0;
    }
    return line;
}

TrackLine lineFromCurvature(const std::vector<double>& distance, std::vector<double> curvature) {
    TrackLine line;
    const std::size_t n = distance.size();
    line.fromCurvature = true;
    line.curvature = std::move(curvature);
    line.distance.resize(n);
    line.x.resize(n);
    line.y.resize(n);
    double heading = 0.0, x = 0.0, y = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        line.distance[k] = distance[k] - distance[0];
        if (k > 0) {
            // The heading turns by the mean curvature over the step; the chord
            // follows the mean heading (exact for a constant-curvature step's chord direction).
            const double ds = distance[k] - distance[k - 1];
            const double turn = 0.5 * (line.curvature[k - 1] + line.curvature[k]) * ds;
            const double mid = heading + 0.5 * turn;
            const double chord = std::abs(turn) > 1e-9 ? 2.0 * std::sin(0.5 * turn) / turn * ds : ds;
            x += chord * std::cos(mid);
            y += chord * std::sin(mid);
            heading += turn;
        }
        line.x[k] = x;
        line.y[k] = y;
    }
    line.length = n > 0 ? line.distance.back() : 0.0;
    return line;
}

LinePoint pointAt(const TrackLine& line, double s) {
    const std::size_t n = line.size();
    if (n == 0)
        return {};
    s = std::clamp(s, 0.0, line.length);
    // The last point at or before s.
    const auto after = std::upper_bound(line.distance.begin(), line.distance.end(), s);
    const std::size_t k = after == line.distance.begin() ? 0 : std::size_t(after - line.distance.begin()) - 1;
    const std::size_t next = k + 1 < n ? k + 1 : (line.fromCurvature ? k : 0);
    const double end = k + 1 < n ? line.distance[k + 1] : line.length;
    const double span = end - line.distance[k];
    const double t = span > 0.0 ? (s - line.distance[k]) / span : 0.0;
    return {line.x[k] + t * (line.x[next] - line.x[k]), line.y[k] + t * (line.y[next] - line.y[k])};
}

} // namespace vtw
