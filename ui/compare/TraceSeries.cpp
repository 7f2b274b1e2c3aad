#include "ui/compare/TraceSeries.h"

#include "ui/compare/ComparisonData.h"
#include "ui/mathchannels/RunMathChannels.h"

#include "core/maneuvers/DynamicLap.h"
#include "core/track/LineProjection.h"
#include "core/trackfiles/TrackPreparation.h"

namespace vtw {

namespace {

// Telemetry of a run, or nullptr when the run recorded none (failed, cancelled).
const Telemetry* telemetryOf(const ComparisonData& data, std::size_t m, std::size_t s) {
    const RunResult* run = data.run(m, s);
    return run && run->telemetry.sampleCount() > 0 ? &run->telemetry : nullptr;
}

// A catalogue maneuver's word: the spec's, or the default; empty when it has no such word
// (the quasi-steady lap is no catalogue maneuver: its trace is on the line already).
std::string wordOf(const ManeuverSpec& spec, const std::string& key) {
    const ManeuverDescription* d = findManeuverDescription(spec.id);
    for (const ManeuverWord& w : d ? d->words : std::vector<ManeuverWord>{}) {
        if (w.key != key)
            continue;
        const auto given = spec.textOptions.find(key);
        return given != spec.textOptions.end() ? given->second : w.defaultValue;
    }
    return {};
}

// The run's x and y: by distance on a track along its line from the start line,
// otherwise the telemetry's columns as recorded.
TraceSeries seriesOf(const Telemetry& t, const ManeuverSpec& spec, const TraceSelection& selection) {
    TraceSeries out;
    const std::vector<double> y = runChannelValues(t, selection.channel);
    if (y.size() != t.sampleCount())
        return out; // a math channel that fails on this run
    if (selection.x == TraceAxis::Distance) {
        if (const auto lap = lapDistanceTrace(t, spec)) {
            out.x = lap->distance;
            if (selection.channel == "time") {
                out.y = lap->time;
            } else {
                for (std::size_t k : lap->samples)
                    out.y.push_back(y[k]);
            }
            return out;
        }
    }
    out.x = t.column(selection.x == TraceAxis::Time ? "time" : "distance");
    out.y = y;
    return out;
}

} // namespace

std::optional<LapDistanceTrace> lapDistanceTrace(const Telemetry& telemetry, const ManeuverSpec& spec) {
    const std::string trackName = wordOf(spec, "track");
    if (trackName.empty())
        return std::nullopt;
    const auto* line = optionByCliName<LineChoice>(wordOf(spec, "line"));
    // The line the maneuver drove: the same preparation, shared through the cache.
    const PreparedTrackResult prepared = prepareTrackCached(
        QString::fromStdString(trackName), line ? line->value : LineChoice::RaceLine, dynamicLapStationStep);
    if (!prepared.prepared)
        return std::nullopt;
    const TrackPath& path = prepared.prepared->path;
    LineProjector projector(closedLine(path));
    const std::vector<double>& xs = telemetry.column("x");
    const std::vector<double>& ys = telemetry.column("y");
    const std::vector<double>& ts = telemetry.column("time");
    // Progress along the line, counted on through the start line: the run-up comes
    // before it (the lap's last quarter at most), the lap after it.
    LapDistanceTrace out;
    double laps = 0.0, lastAlong = 0.0, lastFromStart = 0.0, crossing = 0.0;
    for (std::size_t k = 0; k < xs.size(); ++k) {
        const double along = projector.locate(xs[k], ys[k]).along;
        if (k > 0 && along - lastAlong < -0.5 * path.length)
            laps += 1.0; // through the start line
        else if (k > 0 && along - lastAlong > 0.5 * path.length)
            laps -= 1.0; // back over it
        lastAlong = along;
        const double fromStart = (laps - 1.0) * path.length + along;
        if (fromStart > path.length)
            break; // past the finish: the trace ends at the lap's length, as the quasi-steady lap's
        if (out.samples.empty() && k > 0 && fromStart >= 0.0) {
            // The crossing lies between this sample and the last: its time by interpolation.
            const double share = fromStart > lastFromStart ? -lastFromStart / (fromStart - lastFromStart) : 0.0;
            crossing = ts[k - 1] + share * (ts[k] - ts[k - 1]);
        }
        if (!out.samples.empty() || (k > 0 && fromStart >= 0.0)) {
            out.samples.push_back(k);
            out.distance.push_back(fromStart);
            out.time.push_back(ts[k] - crossing);
        }
        lastFromStart = fromStart;
    }
    if (out.samples.empty())
        return std::nullopt;
    return out;
}

std::vector<TraceSeries> traceSeries(const ComparisonData& data, const TraceSelection& selection) {
    std::vector<TraceSeries> out;
    if (!selection.overlayManeuvers) {
        if (selection.maneuver >= data.maneuvers.size())
            return out;
        for (std::size_t s = 0; s < data.setupCount(); ++s) {
            const Telemetry* t = telemetryOf(data, selection.maneuver, s);
            if (!t)
                continue;
            TraceSeries series = seriesOf(*t, data.maneuvers[selection.maneuver], selection);
            series.name = data.names.value(static_cast<int>(s));
            series.colour = static_cast<int>(s);
            series.baseline = s == data.baseline;
            out.push_back(std::move(series));
        }
        return out;
    }
    // One setup's maneuvers: the first that recorded telemetry is the deltas' reference.
    for (std::size_t m = 0; m < data.maneuvers.size(); ++m) {
        const Telemetry* t = telemetryOf(data, m, selection.setup);
        if (!t)
            continue;
        TraceSeries series = seriesOf(*t, data.maneuvers[m], selection);
        series.name = maneuverSummary(data.maneuvers[m]);
        series.colour = static_cast<int>(m);
        series.baseline = out.empty();
        out.push_back(std::move(series));
    }
    return out;
}

} // namespace vtw
