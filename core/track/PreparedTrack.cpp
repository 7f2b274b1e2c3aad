#include "core/track/PreparedTrack.h"

#include <utility>

namespace vtw {

std::shared_ptr<const PreparedTrack> prepareTrack(Track track, LineChoice line, double step) {
    auto prepared = std::make_shared<PreparedTrack>();
    prepared->line = track.lineUsed(line);
    PathOptions options;
    options.step = step;
    prepared->path = samplePath(track.line(line), options);
    prepared->sectorStarts = track.sectorStartsOn(line);
    prepared->track = std::move(track);
    return prepared;
}

} // namespace vtw
