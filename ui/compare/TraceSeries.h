#pragma once

// The curves an overlay of traces draws, taken from a comparison's telemetry: one per
// setup of a maneuver, or one per maneuver of a setup (a dynamic lap beside the
// quasi-steady lap of the same track). By distance, a run on a track (a dynamic lap)
// counts along the track's line from the start line, as the quasi-steady lap's trace
// does, so that the two laps line up metre by metre.

#include "core/setupfile/SetupMetadata.h"
#include "core/study/Comparison.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace vtw {

struct ComparisonData;
class Telemetry;

enum class TraceAxis { Time, Distance };

struct TraceSelection {
    std::size_t maneuver = 0;
    std::string channel = "speed"; ///< a channelCatalogue() name
    TraceAxis x = TraceAxis::Time;
    /// Every maneuver of one setup (`setup`) instead of every setup of one maneuver.
    bool overlayManeuvers = false;
    std::size_t setup = 0;
    /// The channel's values are drawn in this system's units (ChannelDisplay); the x axis's
    /// coordinates stay in seconds or metres, the axis the cursors and the reference runs
    /// share, and its ticks read in feet in imperial (ShownAxis).
    UnitSystem units = UnitSystem::SI;
};

struct TraceSeries {
    QString name;
    int colour = 0; ///< index into the setups' colours
    bool baseline = false; ///< what the deltas are taken against
    std::vector<double> x, y;
};

/// One series per run that recorded telemetry (with `channel` as y), in setup or
/// maneuver order.
std::vector<TraceSeries> traceSeries(const ComparisonData& data, const TraceSelection& selection);

/// A run on a track, its samples from the start line to the finish: each one's distance
/// along the line the lap drives (m from the start line) and its time from the crossing (s).
struct LapDistanceTrace {
    std::vector<std::size_t> samples; ///< indices into the telemetry
    std::vector<double> distance, time;
};
/// The telemetry of `spec` (a maneuver with a "track" word) placed on its track's line;
/// nullopt for a maneuver off any track, a track that does not load, or a run that
/// never reached the start line.
std::optional<LapDistanceTrace> lapDistanceTrace(const Telemetry& telemetry, const ManeuverSpec& spec);

} // namespace vtw
