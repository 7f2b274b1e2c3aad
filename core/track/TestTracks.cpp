#include "core/track/TestTracks.h"

#include <cmath>
#include <functional>
#include <numbers>

namespace vtw {

namespace {

// Points at equal steps of arc length u along a closed shape of length `length`,
// whose point at u is `at(u)`: the polygon's points lie on the shape.
Track trackAlong(double length, double spacing, const std::function<LinePoint(double)>& at) {
    const int count = std::max(3, int(std::lround(length / spacing)));
    std::vector<double> x, y;
    for (int i = 0; i < count; ++i) {
        const LinePoint p = at(length * i / count);
        x.push_back(p.x);
        y.push_back(p.y);
    }
    Track track;
    track.centreLine = lineThroughPoints(std::move(x), std::move(y));
    track.sectorStarts = equalSectors(track.centreLine.length);
    return track;
}

} // namespace

Track circleTrack(double radius, double spacing) {
    const double length = 2.0 * std::numbers::pi * radius;
    Track track = trackAlong(length, spacing, [radius](double u) {
        const double angle = u / radius - std::numbers::pi / 2;
        return LinePoint{radius * std::cos(angle), radius * std::sin(angle)};
    });
    track.name = "Circle";
    return track;
}

Track ovalTrack(double straight, double radius, double spacing) {
    const double arc = std::numbers::pi * radius;
    const double length = 2.0 * (straight + arc);
    const double half = 0.5 * straight;
    Track track = trackAlong(length, spacing, [=](double u) {
        // From the middle of the lower straight: half a straight, a half circle, the
        // upper straight, the other half circle, the rest of the lower straight.
        if (u < half)
            return LinePoint{u, -radius};
        u -= half;
        if (u < arc) {
            const double angle = u / radius - std::numbers::pi / 2;
            return LinePoint{half + radius * std::cos(angle), radius * std::sin(angle)};
        }
        u -= arc;
        if (u < straight)
            return LinePoint{half - u, radius};
        u -= straight;
        if (u < arc) {
            const double angle = u / radius + std::numbers::pi / 2;
            return LinePoint{-half + radius * std::cos(angle), radius * std::sin(angle)};
        }
        u -= arc;
        return LinePoint{-half + u, -radius};
    });
    track.name = "Oval";
    return track;
}

} // namespace vtw
