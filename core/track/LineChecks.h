#pragma once

// The checks every closed line of points passes before it becomes a TrackLine:
// enough points and not too many, neighbours at least 1 mm apart, closed (the last
// point near the first), no fold back onto itself and no crossing. They cost time in
// proportion to the points, whatever the file holds: the crossing search looks only
// at segments that share a cell of a grid, and gives up with TooDense when a file
// packs more segments into its cells than any track has.

#include <cstddef>
#include <optional>
#include <vector>

namespace vtw {

inline constexpr std::size_t maxTrackPoints = 100'000;
inline constexpr double minPointSpacing = 1e-3;  ///< m
inline constexpr double maxTrackLength = 100e3;  ///< m: the Nordschleife is 20.8 km
inline constexpr double maxTrackCoordinate = 1e7; ///< m from the origin, either axis
/// A closed line's last point lies within this many times the median spacing of
/// its first: farther, and the line stops short of its start.
inline constexpr double maxClosingGapFactor = 3.0;

struct LineProblem {
    enum class Kind {
        TooFewPoints, ///< fewer than three
        TooManyPoints,
        TooClose,     ///< points first and second (neighbours) closer than minPointSpacing; value: their distance
        TooLong,      ///< value: the length
        Open,         ///< value: the gap from the last point (first) to the first (second); reference: the median spacing
        FoldsBack,    ///< the line reverses onto itself at point first
        Crosses,      ///< the segments from point first and from point second cross at (atX, atY)
        TooDense      ///< too many segments near (atX, atY) to check for crossings
    };
    Kind kind = Kind::TooFewPoints;
    std::size_t first = 0, second = 0;
    double value = 0.0, reference = 0.0;
    double atX = 0.0, atY = 0.0;
};

/// The first problem of the closed line through the points (x, y), or nullopt.
/// Coordinates are finite and within maxTrackCoordinate (the readers check that per line).
std::optional<LineProblem> checkClosedLine(const std::vector<double>& x, const std::vector<double>& y);

} // namespace vtw
