#include "Curve.h"

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

double Curve::evaluate(double x, std::size_t& segment) const {
    const std::size_t n = m_points.size();
    if (n < 2 || x <= m_points.front().x || x >= m_points.back().x)
        return evaluate(x);
    // Find i with points[i].x <= x < points[i + 1].x. For x sorted (a valid curve)
    // that is the segment the binary search finds; both walks stop inside the
    // list because x lies strictly between the first and last x.
    std::size_t i = std::min(segment, n - 2);
    while (i > 0 && x < m_points[i].x)
        --i;
    while (x >= m_points[i + 1].x)
        ++i;
    segment = i;
    return interpolate(m_points[i], m_points[i + 1], x);
}

double Curve::interpolate(const CurvePoint& a, const CurvePoint& b, double x) {
    const double span = b.x - a.x;
    if (span <= 0.0)
        return b.y; // duplicate x (an invalid curve mid-edit): take the later value
    const double t = (x - a.x) / span;
    return a.y + t * (b.y - a.y);
}

double Curve::maxY() const { return peak().y; }

CurvePoint Curve::peak() const {
    if (m_points.empty())
        return {};
    return *std::max_element(m_points.begin(), m_points.end(),
                             [](const CurvePoint& a, const CurvePoint& b) { return a.y < b.y; });
}

} // namespace vtw
