#pragma once

// A logged session cut into laps: at a lap beacon (a lap counter or a pulse at the line),
// at the lap starts a MoTeC export lists, or where the lap distance wraps back to zero.

#include "core/analysis/ChannelTable.h"

#include <cstddef>
#include <vector>

namespace vtw {

/// Samples [begin, end) of a log.
struct LogLapSpan {
    std::size_t begin = 0, end = 0;
};

/// The laps of a log, in order (the out-lap and in-lap included): cut where `beacon`
/// rises when given; else at the first sample at or after each of `beaconTimes`; else
/// where the "distance" channel falls to less than half of what it had reached. A log
/// without any of them is one lap. Spans of fewer than two samples are left out.
std::vector<LogLapSpan> splitLogLaps(const ChannelTable& log, const std::vector<double>& beacon,
                                     const std::vector<double>& beaconTimes);

/// The samples of one lap, with its time and distance counted from the lap's start, as
/// a simulated lap's are.
ChannelTable logLap(const ChannelTable& log, const LogLapSpan& span);

} // namespace vtw
