#pragma once

#include <cstddef>
#include <vector>

namespace vtw {

/// One (x, y) sample of a curve.
struct CurvePoint {
    double x = 0.0;
    double y = 0.0;
    friend bool operator==(const CurvePoint&, const CurvePoint&) = default;
};

/// A point-list curve: linear interpolation between points, clamped to the
/// first/last value outside its x range. Used for the engine torque curve and
/// the tire tables. Validity (at least two points, strictly increasing x) is
/// checked by the setup validator, not here, so a curve being edited may be
/// briefly invalid; evaluate() still returns a finite answer for any list and
/// finite x (NaN x gives NaN).
class Curve {
public:
    Curve() = default;
    Curve(std::initializer_list<CurvePoint> points) : m_points(points) {}
    explicit Curve(std::vector<CurvePoint> points) : m_points(std::move(points)) {}

    /// y at x. Binary search, no allocation: safe in the step.
    double evaluate(double x) const;
    /// The same y for a curve sorted by x (a valid one), found by walking from
    /// `segment`, the index of the point that began the segment found last time (any
    /// value will do; it is updated). For a caller whose x moves little between calls,
    /// like the engine's speed from one step to the next, this is a compare or two
    /// instead of a search. On an unsorted list the answer may depend on `segment`.
    double evaluate(double x, std::size_t& segment) const;

    /// Largest y over the points (the peak of a piecewise-linear curve lies on a point).
    double maxY() const;
    /// The point with the largest y (the first one if several tie).
    CurvePoint peak() const;

    const std::vector<CurvePoint>& points() const { return m_points; }
    std::vector<CurvePoint>& points() { return m_points; }
    std::size_t size() const { return m_points.size(); }
    bool empty() const { return m_points.empty(); }
    double minX() const { return m_points.empty() ? 0.0 : m_points.front().x; }
    double maxX() const { return m_points.empty() ? 0.0 : m_points.back().x; }

    friend bool operator==(const Curve&, const Curve&) = default;

private:
    static double interpolate(const CurvePoint& a, const CurvePoint& b, double x);

    std::vector<CurvePoint> m_points;
};

} // namespace vtw
