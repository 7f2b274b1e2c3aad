#pragma once

// Where a point lies against a closed line: the nearest point on the line's chords,
// how far along the line that is and how far to its left. What a driver following a
// line, and a judge of the track's limits, read for a car at every step.

#include "core/track/TrackLine.h"
#include "core/track/TrackPath.h"

#include <cstddef>

namespace vtw {

/// A closed line of points: chord k joins point k to point k + 1, and the last point
/// to the first. Views of vectors that must outlive it.
struct ClosedLine {
    const double* x = nullptr;
    const double* y = nullptr;
    const double* distance = nullptr; ///< m from the start, increasing
    std::size_t count = 0;
    double length = 0.0; ///< m, the closing chord included
};

/// A track line's points.
ClosedLine closedLine(const TrackLine& line);
/// A path's stations but the last (the finish, on the start again).
ClosedLine closedLine(const TrackPath& path);

/// The foot of a point on a line.
struct LineFoot {
    std::size_t chord = 0;
    double fraction = 0.0;           ///< 0..1 along the chord
    double along = 0.0;              ///< m from the start, 0..length
    double lateral = 0.0;            ///< m, to the left of the line positive
    double tangentX = 1.0, tangentY = 0.0; ///< the chord's direction, unit
};

/// Follows a point along a line from one call to the next: the first call searches
/// every chord, later ones the chords near the last foot (a car moves a fraction of a
/// chord per step), so a step costs a few chords whatever the line's size.
class LineProjector {
public:
    explicit LineProjector(ClosedLine line) : m_line(line) {}

    LineFoot locate(double px, double py);
    /// Search the whole line again at the next call.
    void reset() { m_located = false; }

private:
    /// The squared distance from the point to chord k, and the foot on it.
    double squaredDistance(std::size_t k, double px, double py) const;
    LineFoot footOn(std::size_t k, double px, double py) const;
    /// A chord index from one a line's length either side of the range.
    std::size_t wrap(long k) const;

    ClosedLine m_line;
    bool m_located = false;
    std::size_t m_chord = 0;
    double m_lastX = 0.0, m_lastY = 0.0;
    LineFoot m_last;
};

/// values[i] given at distance[i] (increasing, over one lap of `length`), linearly
/// between them, at s (taken modulo the length); the last entry is followed by the
/// first, a lap on. `hint` is the index found last: a caller that reads forward
/// from one step to the next pays a few compares.
double valueAlong(const double* distance, const double* values, std::size_t count, double length, double s,
                  std::size_t& hint);

} // namespace vtw
