#include "Curve.h"

#include <algorithm>

namespace vtw {

double Curve::evaluate(double x) const {
    if (m_points.empty())
        return 0.0;
    if (x <= m_points.front().x)
        return m_points.front().y;
    if (x >= m_points.back().x)
        return m_points.back().y;
    // First point with p.x > x; its predecessor has p.x <= x.
    auto upper = std::upper_bound(m_points.begin(), m_points.end(), x,
                                  [](double value, const CurvePoint& p) { return value < p.x; });
    const CurvePoint& b = *upper;
    const CurvePoint& a = *(upper - 1);
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
