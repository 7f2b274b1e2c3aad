// libFuzzer entry point for the track reader (vtw-cli lap --track FILE, the library):
// a track or problems, never both; an accepted track keeps what the lap relies on
// (finite points that pass the line checks, a length within the cap, ordered sectors),
// and a lap of the default car on it ends with a finite time or a stated reason.

#include "FuzzSupport.h"

#include "core/lap/LapSimulation.h"
#include "core/track/LineChecks.h"
#include "core/trackfiles/TrackCsv.h"

#include <algorithm>
#include <cmath>

using namespace vtw;

namespace {

bool allFinite(const std::vector<double>& values) {
    return std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
}

// A lap's promises: a positive finite time, sectors that add up to it, speeds within the envelope's cap.
void checkLap(const LapResult& lap, const PerformanceEnvelope& envelope) {
    fuzz::require(lap.ok == lap.error.empty(), "a lap or a reason, never both");
    if (!lap.ok)
        return;
    fuzz::require(std::isfinite(lap.lapTime) && lap.lapTime > 0.0, "a lap takes a finite, positive time");
    double sum = 0.0;
    for (const SectorTime& s : lap.sectors)
        sum += s.time;
    fuzz::require(std::abs(sum - lap.lapTime) <= 1e-6 * lap.lapTime, "the sectors add up to the lap");
    for (double v : lap.trace.speed)
        fuzz::require(v >= 0.0 && v <= envelope.speedCap() * (1.0 + 1e-9), "speeds within the envelope's cap");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const PerformanceEnvelope envelope(defaultSetup());
    const TrackReadResult r = readTrackCsv(fuzz::bytesOf(data, size), "fuzz");
    fuzz::require(r.ok() == r.errors.isEmpty(), "a track exactly when there are no errors");
    if (!r.ok())
        return 0;
    const Track& track = *r.track;
    const TrackLine& line = track.centreLine;
    fuzz::require(line.size() >= 2 && line.length > 0.0 && line.length <= maxTrackLength * (1.0 + 1e-12),
                  "an accepted line has points and a length within the cap");
    fuzz::require(allFinite(line.x) && allFinite(line.y) && allFinite(line.distance) && allFinite(line.curvature),
                  "an accepted line is finite");
    if (!line.fromCurvature)
        fuzz::require(!checkClosedLine(line.x, line.y), "accepted points pass the line checks");
    const std::vector<double>& starts = track.sectorStarts;
    fuzz::require(!starts.empty() && starts.front() == 0.0 && std::is_sorted(starts.begin(), starts.end()) &&
                      starts.back() < line.length,
                  "sectors start at 0, in order, within the line");
    // A coarse path keeps each input quick: at most about 2000 stations.
    PathOptions options;
    options.step = std::max(minPathStep, line.length / 2000.0);
    const TrackPath path = samplePath(line, options);
    fuzz::require(allFinite(path.curvature) && allFinite(path.x) && allFinite(path.y), "the sampled path is finite");
    checkLap(simulateLap(envelope, path, starts), envelope);
    return 0;
}
