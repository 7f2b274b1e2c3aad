#include "core/study/StudyTarget.h"

#include "core/lap/LapSimulation.h"
#include "core/lap/LapTelemetry.h"

namespace vtw {

std::unique_ptr<StudyTarget> StudyTarget::make(const ManeuverSpec& spec, std::string* error) {
    auto target = std::make_unique<StudyTarget>();
    target->m_spec = spec;
    if (spec.id != lapTargetId) {
        if (!makeManeuver(spec.id, spec.options, error, spec.textOptions))
            return nullptr;
        return target;
    }
    const auto lap = lapSpecFrom(spec, error);
    if (!lap)
        return nullptr;
    target->m_lap = *lap;
    PreparedTrackResult prepared = prepareTrackCached(lap->track, lap->line, lap->step);
    if (!prepared.prepared) {
        if (error)
            *error = "lap: cannot use track " + lap->track.toStdString() + ": " +
                     prepared.errors.join(QStringLiteral("; ")).toStdString();
        return nullptr;
    }
    target->m_track = std::move(prepared.prepared);
    return target;
}

RunResult StudyTarget::run(const Setup& setup, const RunOptions& options) const {
    if (!m_track) {
        std::string error;
        auto maneuver = makeManeuver(m_spec.id, m_spec.options, &error, m_spec.textOptions);
        if (!maneuver) {
            RunResult failed;
            failed.ok = false;
            failed.error = error;
            return failed;
        }
        return runManeuver(setup, *maneuver, options);
    }
    RunResult result;
    if (options.cancel && options.cancel->load()) {
        result.ok = false;
        result.cancelled = true;
        result.error = "cancelled";
        return result;
    }
    LapOptions lapOptions;
    lapOptions.standingStart = m_lap.standingStart;
    const LapResult lap =
        simulateLap(PerformanceEnvelope(setup), m_track->path, m_track->sectorStarts, lapOptions);
    result.ok = lap.ok;
    result.error = lap.error;
    result.simulatedTime = lap.lapTime;
    result.metrics = lapMetrics(lap, m_track->sectorStarts.size());
    // A lap has one sample per station already (a metre or so apart): none is dropped.
    if (options.recordTelemetry && lap.ok)
        result.telemetry = lapTelemetry(lap.trace);
    return result;
}

std::vector<std::string> StudyTarget::metricKeys() const {
    MetricList metrics;
    if (m_track) {
        metrics = lapMetrics(LapResult{}, m_track->sectorStarts.size());
    } else if (auto maneuver = makeManeuver(m_spec.id, m_spec.options, nullptr, m_spec.textOptions)) {
        metrics = maneuver->metrics();
    }
    std::vector<std::string> keys;
    for (const Metric& m : metrics)
        keys.push_back(m.key);
    return keys;
}

} // namespace vtw
