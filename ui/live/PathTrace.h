#pragma once

#include <QPointF>

#include <vector>

namespace vtw {

/// The path a car drove, for drawing: a point every `spacing` metres with the car's
/// speed there, and when `capacity` points are reached every other point is dropped
/// and the spacing doubles, so an hour of driving costs the same memory as a minute.
class PathTrace {
public:
    explicit PathTrace(double spacing = 0.25, std::size_t capacity = 20000);

    /// A position (m, world) and the speed there (m/s).
    void add(double x, double y, double speed = 0.0);
    void clear();
    const std::vector<QPointF>& points() const { return m_points; }
    /// m/s, one per point.
    const std::vector<double>& speeds() const { return m_speeds; }
    double spacing() const { return m_spacing; }

private:
    std::vector<QPointF> m_points;
    std::vector<double> m_speeds;
    double m_initialSpacing, m_spacing;
    std::size_t m_capacity;
};

} // namespace vtw
