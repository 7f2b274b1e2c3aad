#pragma once

// What a comparison, a sweep or an attribution runs on each setup: a maneuver of the
// catalogue, simulated in time, or the lap of a track in quasi-steady state
// (study/LapTarget.h). Made once per study from its spec (a lap's track is loaded and
// sampled then), and run once per setup, from any thread.

#include "core/study/Comparison.h"
#include "core/study/LapTarget.h"
#include "core/trackfiles/TrackPreparation.h"

#include <memory>
#include <string>
#include <vector>

namespace vtw {

class StudyTarget {
public:
    /// The target of a spec, or nullptr with `error` set: an unknown maneuver, a bad
    /// parameter, a track that does not load.
    static std::unique_ptr<StudyTarget> make(const ManeuverSpec& spec, std::string* error);

    /// One run on a setup: the maneuver's run, or the lap with its metrics
    /// (LapSimulation.h: lapMetrics) and, when asked to record it, its trace as
    /// telemetry (lap/LapTelemetry.h: one sample per station, whatever the decimation).
    RunResult run(const Setup& setup, const RunOptions& options = {}) const;
    /// The keys of the metrics a run gives, known before any run.
    std::vector<std::string> metricKeys() const;

    const ManeuverSpec& spec() const { return m_spec; }
    /// The lap's track, or nullptr for a maneuver.
    const PreparedTrack* track() const { return m_track.get(); }
    const LapSpec& lap() const { return m_lap; }

private:
    ManeuverSpec m_spec;
    LapSpec m_lap;
    std::shared_ptr<const PreparedTrack> m_track;
};

} // namespace vtw
