#pragma once

// Tracks from the library or a file made ready for laps (core/track/PreparedTrack.h),
// with a memory of the last few.

#include "core/track/PreparedTrack.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace vtw {

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

} // namespace vtw
