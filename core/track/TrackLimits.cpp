#include "core/track/TrackLimits.h"

#include <algorithm>

namespace vtw {

TrackLimits::TrackLimits(const Track& track)
    : m_track(track),
      m_available(!track.widthLeft.empty() && track.widthLeft.size() == track.centreLine.size() &&
                  track.widthRight.size() == track.centreLine.size()),
      m_centre(closedLine(track.centreLine)) {}

TrackPosition TrackLimits::locate(double x, double y) {
    const LineFoot foot = m_centre.locate(x, y);
    TrackPosition p;
    p.along = foot.along;
    p.offset = foot.lateral;
    if (!m_available)
        return p;
    const TrackLine& line = m_track.centreLine;
    const std::size_t n = line.size();
    // The widths are given at the centre line's points: linear along each chord.
    const double left = valueAlong(line.distance.data(), m_track.widthLeft.data(), n, line.length, foot.along, m_hint);
    const double right = valueAlong(line.distance.data(), m_track.widthRight.data(), n, line.length, foot.along, m_hint);
    const double toLeft = left - foot.lateral, toRight = right + foot.lateral;
    p.beyondLeft = toLeft < toRight;
    p.margin = std::min(toLeft, toRight);
    return p;
}

} // namespace vtw
