#pragma once

// How far a run is from a reference, channel by channel: the table a logged lap and a
// simulated lap are judged by.

#include "core/analysis/ChannelTable.h"

#include <string>
#include <string_view>
#include <vector>

namespace vtw {

struct ChannelCorrelation {
    std::string name;
    std::string unit;
    std::size_t samples = 0; ///< samples where both runs have a finite value
    double rms = 0.0;        ///< root mean square of (run - reference); NaN without samples
    double maxAbs = 0.0;     ///< largest |run - reference|; NaN without samples
    double at = 0.0;         ///< where on the axis that largest difference is
};

struct RunCorrelation {
    std::string axis;     ///< "distance" or "time"
    std::string axisUnit; ///< "m" or "s"
    std::vector<ChannelCorrelation> channels;
};

/// Per channel of `aligned` (alignOnto's output, on the reference's samples) that the
/// reference has too, in the same unit, other than the axis: in `aligned`'s order.
/// Throws std::invalid_argument when the reference lacks the axis or the tables differ
/// in length.
RunCorrelation correlateRuns(const ChannelTable& reference, const ChannelTable& aligned, std::string_view axis);

} // namespace vtw
