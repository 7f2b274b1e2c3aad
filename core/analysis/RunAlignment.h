#pragma once

// Two runs of one track on common samples, so they can be differenced channel by
// channel: by distance along the lap (where the car is), or by time with an offset (when
// each run started its clock elsewhere). The other run is put on the reference's samples.

#include "core/analysis/ChannelTable.h"

#include <string_view>

namespace vtw {

enum class AlignAxis { Distance, Time };

/// "distance" or "time": the channel an axis is.
std::string_view alignAxisChannel(AlignAxis axis);

/// `other`'s channels on `reference`'s samples of the axis: the axis channel is the
/// reference's, every other channel of `other` is interpolated onto it (NaN where
/// `other` does not reach). On time, `other`'s sample at t sits at t + timeOffset. A
/// logged distance that steps back a little (wheel or GPS noise) counts as standing
/// still, so that distance stays an axis. Throws std::invalid_argument, naming the
/// channel, when either run lacks the axis.
ChannelTable alignOnto(const ChannelTable& reference, const ChannelTable& other, AlignAxis axis,
                       double timeOffset = 0.0);

/// The time offset for alignOnto that best matches a channel of both runs.
struct TimeOffsetFit {
    bool found = false;
    double offset = 0.0;     ///< s, added to the other run's time
    double rms = 0.0;        ///< of the channel's difference at that offset
    std::size_t samples = 0; ///< reference samples both runs cover there
};

/// Searches offsets in [-window, +window] s, every `step` s and then finer round the
/// best, for the least RMS difference of `channel` (speed, say: it varies along a lap
/// and both runs have it). Offsets at which the runs overlap for less than half of the
/// shorter one are not considered: a small overlap matches anything. Not found when the
/// channel or a time channel is missing, or no offset overlaps enough.
TimeOffsetFit findTimeOffset(const ChannelTable& reference, const ChannelTable& other,
                             std::string_view channel, double window, double step);

} // namespace vtw
