#pragma once

// Where the maneuver catalogue gets the tracks its laps run on. The physics reads no
// files: a track named in a maneuver's words ("monza", or a track file's path) is
// asked of the provider the program installed. The core installs the one that reads
// the track library and track files (core/trackfiles/LibraryTracks.h); without one,
// a lap that names a track is refused with a message saying so.

#include "core/track/PreparedTrack.h"

#include <functional>
#include <memory>
#include <string>

namespace vtw {

struct ProvidedTrack {
    std::shared_ptr<const PreparedTrack> track; ///< set exactly when error is empty
    std::string error;
};

/// A track by library key or file path, its line `line` sampled every `step` m.
/// Called from any thread.
using TrackProvider = std::function<ProvidedTrack(const std::string& nameOrPath, LineChoice line, double step)>;

/// Installs the process-wide provider (thread-safe; an empty one removes it).
void setTrackProvider(TrackProvider provider);

/// The track from the installed provider, or an error naming the track.
ProvidedTrack provideTrack(const std::string& nameOrPath, LineChoice line, double step);

} // namespace vtw
