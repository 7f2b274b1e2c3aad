#pragma once

#include <cstddef>
#include <vector>

namespace vtw {

/// One line around a track, its centre line or a race line, as it was read: the
/// raw points with their raw curvature. The line is closed (the last point joins
/// the first) and the start/finish line lies at the first point. Every vector
/// has one entry per point. docs/physics.md 13.1.
struct TrackLine {
    std::vector<double> x, y;      ///< m
    std::vector<double> distance;  ///< m along the line from the first point
    /// Raw curvature at each point, 1/m, a left turn positive: for a line of points
    /// the turning angle there over half the two chords beside it; for a line read
    /// as curvature against distance, the file's value.
    std::vector<double> curvature;
    double length = 0.0; ///< m, around the whole line (with the chord back to the first point)
    /// Read as curvature against distance: x and y are the shape integrated from
    /// the curvature, for drawing only, and need not close; the last point lies at
    /// `length`, on the first.
    bool fromCurvature = false;

    std::size_t size() const { return x.size(); }
};

/// The closed line through points (at least three, no two neighbours on one
/// another: the readers check, LineChecks.h): distances and raw curvature.
TrackLine lineThroughPoints(std::vector<double> x, std::vector<double> y);

/// A line given as curvature (1/m) against distance (m, strictly increasing, at
/// least two rows): distances from the first row, and a shape integrated from
/// heading zero at the origin for drawing.
TrackLine lineFromCurvature(const std::vector<double>& distance, std::vector<double> curvature);

/// The point at distance s (m, 0..length) along the line: on the chord between
/// the points either side (the closing chord past the last point).
struct LinePoint {
    double x = 0.0, y = 0.0;
};
LinePoint pointAt(const TrackLine& line, double s);

/// The turning angle (rad, left positive, -pi..pi) from the direction (ax, ay) to (bx, by).
double turningAngle(double ax, double ay, double bx, double by);

} // namespace vtw
