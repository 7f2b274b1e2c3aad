// Every test program makes its laps on the track library, as the application and the
// command-line tool do (they call useLibraryTracks() first thing in main).
#include "core/trackfiles/LibraryTracks.h"

namespace {

const bool libraryTracksInstalled = [] {
    vtw::useLibraryTracks();
    return true;
}();

} // namespace
