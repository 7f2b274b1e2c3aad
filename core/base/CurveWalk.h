#pragma once

#include "core/base/Curve.h"

#include <algorithm>
#include <cstddef>

// Curve::evaluate(x, segment) as inline functions (Curve.cpp's are these). The step reads
// the engine's torque curve on every evaluation (Engine.h), and a call out of its vector
// code has to save and restore every vector it holds around the call.

namespace vtw {

/// y at x on the straight line from a to b; a duplicate x (an invalid curve mid-edit)
/// takes the later value.
[[gnu::always_inline]] inline double interpolateCurvePoints(const CurvePoint& a, const CurvePoint& b, double x) {
    const double span = b.x - a.x;
    if (span <= 0.0)
        return b.y;
    const double t = (x - a.x) / span;
    return a.y + t * (b.y - a.y);
}

/// Curve::evaluate(x, segment): the segment is walked to from the one found last time;
/// outside the curve's range (and on a curve of fewer than two points) Curve::evaluate(x).
[[gnu::always_inline]] inline double evaluateFromSegment(const Curve& curve, double x, std::size_t& segment) {
    const std::vector<CurvePoint>& points = curve.points();
    const std::size_t n = points.size();
    if (n < 2 || x <= points.front().x || x >= points.back().x)
        return curve.evaluate(x);
    // Find i with points[i].x <= x < points[i + 1].x. For x sorted (a valid curve)
    // that is the segment the binary search finds; both walks stop inside the
    // list because x lies strictly between the first and last x.
    std::size_t i = std::min(segment, n - 2);
    while (i > 0 && x < points[i].x)
        --i;
    while (x >= points[i + 1].x)
        ++i;
    segment = i;
    return interpolateCurvePoints(points[i], points[i + 1], x);
}

} // namespace vtw
