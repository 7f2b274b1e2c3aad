#include "core/base/Curve.h"

#include "core/base/CurveWalk.h"

#include <algorithm>
#include <cmath>

namespace vtw {

double Curve::evaluate(double x) const {
    if (m_points.empty())
        return 0.0;
    if (std::isnan(x))
        return x; // every compare below would fail, and the search would run off the end
    if (x <= m_points.front().x)
        return m_points.front().y;
    if (x >= m_points.back().x)
        return m_points.back().y;
    // First point with p.x > x; its predecessor has p.x <= x.
    auto upper = std::upper_bound(m_points.begin(), m_points.end(), x,
                                  [](double value, const CurvePoint& p) { return value < p.x; });
    return interpolate(*(upper - 1), *upper, x);
}

double Curve::evaluate(double x, std::size_t& segment) const { return evaluateFromSegment(*this, x, segment); }

double Curve::interpolate(const CurvePoint& a, const CurvePoint& b, double x) {
    return interpolateCurvePoints(a, b, x);
}

double Curve::maxY() const { return peak().y; }

CurvePoint Curve::peak() const {
    if (m_points.empty())
        return {};
    return *std::max_element(m_points.begin(), m_points.end(),
                             [](const CurvePoint& a, const CurvePoint& b) { return a.y < b.y; });
}

} // namespace vtw
