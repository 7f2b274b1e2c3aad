#pragma once

// The tarmac's edges for the maps (the Track workspace's, the live top-down view):
// each centre-line point moved sideways by the widths the track file gives, along the
// normal of the line there.

#include "core/track/Track.h"

#include <vector>

namespace vtw {

struct TrackEdges {
    std::vector<double> leftX, leftY, rightX, rightY; ///< m; closed (the first point repeated last)
    bool empty() const { return leftX.empty(); }
};

/// The edges of a track whose file gives widths; empty without widths (a curvature
/// file), or when the widths do not match the centre line's points.
TrackEdges trackEdges(const Track& track);

} // namespace vtw
