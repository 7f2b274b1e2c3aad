#pragma once

// A track made ready for laps: its line chosen and sampled at stations, and its
// sectors placed on that line. Prepared once; every lap on it (of any car, on any
// thread) shares it.

#include "core/track/Track.h"
#include "core/track/TrackPath.h"

#include <memory>
#include <vector>

namespace vtw {

struct PreparedTrack {
    Track track;
    LineChoice line = LineChoice::RaceLine; ///< the line the path follows (the centre line when asked, or without a race line)
    TrackPath path;
    std::vector<double> sectorStarts;       ///< m along the path
};

/// `track` with its line `line` sampled every `step` m.
std::shared_ptr<const PreparedTrack> prepareTrack(Track track, LineChoice line, double step);

} // namespace vtw
