#pragma once

// The maneuver catalogue's laps on the track library and on track files: installs the
// provider (core/maneuvers/TrackProvider.h) that prepares them with prepareTrackCached.
// Every program that makes laps by name calls it once at start; calling it again
// changes nothing.

namespace vtw {

void useLibraryTracks();

} // namespace vtw
