#include "core/track/TrackEdges.h"

#include <cmath>

namespace vtw {

TrackEdges trackEdges(const Track& track) {
    TrackEdges edges;
    const TrackLine& line = track.centreLine;
    const std::size_t n = line.size();
    if (n < 3 || line.fromCurvature || track.widthLeft.size() != n || track.widthRight.size() != n)
        return edges;
    for (std::size_t k = 0; k <= n; ++k) {
        const std::size_t i = k % n;
        // The direction through the neighbours (the line is closed): its left normal is
        // the bisector of the two chords' normals, so corners get no notch.
        const std::size_t prev = (i + n - 1) % n, next = (i + 1) % n;
        const double tx = line.x[next] - line.x[prev], ty = line.y[next] - line.y[prev];
        const double norm = std::hypot(tx, ty);
        const double nx = norm > 0.0 ? -ty / norm : 0.0, ny = norm > 0.0 ? tx / norm : 0.0;
        edges.leftX.push_back(line.x[i] + nx * track.widthLeft[i]);
        edges.leftY.push_back(line.y[i] + ny * track.widthLeft[i]);
        edges.rightX.push_back(line.x[i] - nx * track.widthRight[i]);
        edges.rightY.push_back(line.y[i] - ny * track.widthRight[i]);
    }
    return edges;
}

} // namespace vtw
