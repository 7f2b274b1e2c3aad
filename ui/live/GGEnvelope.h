#pragma once

#include <vector>

namespace vtw {

/// The outline of the accelerations a run has reached so far on the G-G
/// diagram: for each direction (equal angular sectors) the largest magnitude
/// seen. Unlike a convex hull it shows dents (a car that brakes harder than it
/// corners), and it costs O(1) per sample.
class GGEnvelope {
public:
    explicit GGEnvelope(int sectors = 72);

    /// One acceleration sample (any unit, as long as it is always the same).
    void add(double ax, double ay);
    void clear();

    int sectors() const { return static_cast<int>(m_radius.size()); }
    /// Largest magnitude reached in a sector (0 if none).
    double radius(int sector) const { return m_radius[static_cast<std::size_t>(sector)]; }
    /// Direction of a sector's centre, rad, counter-clockwise from +ax.
    double sectorAngle(int sector) const;
    int sectorOf(double ax, double ay) const;
    /// Largest magnitude reached in any direction.
    double maxRadius() const { return m_max; }

private:
    std::vector<double> m_radius;
    double m_max = 0.0;
};

} // namespace vtw
