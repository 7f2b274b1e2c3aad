#pragma once

// The delta-time of a run against a reference run, by distance: at each of the
// reference's distances, the run's time there less the reference's. > 0 where the run
// is behind. Both runs count time and distance from their own start.

#include <string>
#include <vector>

namespace vtw {

class ChannelTable;

struct DeltaTimeTrace {
    std::vector<double> distance; ///< m, the reference's samples
    std::vector<double> delta;    ///< s, NaN where the run does not reach
    /// Why there is no trace (a run without time or distance, a distance that runs
    /// backwards); empty when there is one.
    std::string error;
};

DeltaTimeTrace deltaTimeByDistance(const ChannelTable& run, const ChannelTable& reference);

} // namespace vtw
