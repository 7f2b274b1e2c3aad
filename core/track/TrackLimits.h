#pragma once

// The track's limits as a car meets them: from the centre line and the widths of the
// tarmac either side of it (the track file's), how far a point is inside the nearer
// edge. Used by the dynamic lap to say when and where a car leaves the track.

#include "core/track/LineProjection.h"
#include "core/track/Track.h"

namespace vtw {

/// Where a point stands against the track's edges.
struct TrackPosition {
    double along = 0.0;  ///< m along the centre line
    double offset = 0.0; ///< m left of the centre line
    /// m from the point to the nearer edge, positive on the tarmac, negative beyond it.
    double margin = 0.0;
    bool beyondLeft = false; ///< the nearer edge is the left one
};

class TrackLimits {
public:
    /// `track` (its centre line and widths) must outlive this.
    explicit TrackLimits(const Track& track);

    /// The track file gives widths: there are limits to keep to.
    bool available() const { return m_available; }
    /// Where (x, y) stands; the first call searches the whole centre line.
    TrackPosition locate(double x, double y);

private:
    const Track& m_track;
    bool m_available = false;
    LineProjector m_centre;
    std::size_t m_hint = 0;
};

} // namespace vtw
