#pragma once

// A track made ready for laps: loaded, its line chosen and sampled at stations, and
// its sectors placed on that line. Prepared once; every lap on it (of any car, on
// any thread) shares it.

#include "track/Track.h"
#include "track/TrackPath.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace vtw {

struct PreparedTrack {
    Track track;
    LineChoice line = LineChoice::RaceLine; ///< the line the path follows (the centre line when asked, or without a race line)
    TrackPath path;
    std::vector<double> sectorStarts;       ///< m along the path
};

struct PreparedTrackResult {
    std::shared_ptr<const PreparedTrack> prepared; ///< set exactly when errors is empty
    QStringList errors;
};

/// The track of a library key or file (loadTrack), its line `line` sampled every `step` m.
PreparedTrackResult prepareTrack(const QString& nameOrPath, LineChoice line, double step);

/// prepareTrack() with a memory of the last few: a study that asks for the same track
/// again (a sweep's table names its metric columns for every row) gets the one it
/// prepared before, unless the track's files changed in between. Thread-safe.
PreparedTrackResult prepareTrackCached(const QString& nameOrPath, LineChoice line, double step);

/// The same for a track already loaded.
std::shared_ptr<const PreparedTrack> prepareTrack(Track track, LineChoice line, double step);

} // namespace vtw
