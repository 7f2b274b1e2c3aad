#pragma once

#include "core/track/TrackLine.h"

#include <cstddef>
#include <vector>

namespace vtw {

/// Station spacing limits, m: a finer spacing than 0.1 m resolves nothing the
/// points do, and a 100 km track at 0.1 m is a million stations.
inline constexpr double minPathStep = 0.1;
inline constexpr double maxPathStep = 100.0;

struct PathOptions {
    double step = 1.0; ///< m between stations (the last step is shorter, ending at the finish)
    /// The smoothing length sigma, m (docs/physics.md 13.1): negative takes the
    /// line's median point spacing; 0 keeps the raw curvature.
    double smoothing = -1.0;
};

/// A line sampled at stations a fixed step apart, from the start (0) to the
/// finish (the line's length), which is the start again: what a lap is driven on.
/// Every vector has one entry per station.
struct TrackPath {
    std::vector<double> distance; ///< m
    std::vector<double> x, y;     ///< m
    /// 1/m, left positive: the raw curvature of the points either side, interpolated.
    std::vector<double> rawCurvature;
    /// 1/m: the raw curvature smoothed over distance (docs/physics.md 13.1); the lap drives this.
    std::vector<double> curvature;
    double length = 0.0;    ///< m
    double smoothing = 0.0; ///< m, the sigma used

    std::size_t stations() const { return distance.size(); }
};

/// The smoothing length a line gets by default: its median point spacing.
double defaultSmoothing(const TrackLine& line);

/// The line sampled at stations `options.step` apart, with raw and smoothed curvature.
TrackPath samplePath(const TrackLine& line, const PathOptions& options = {});

} // namespace vtw
