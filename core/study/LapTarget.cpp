#include "core/study/LapTarget.h"

#include "core/study/Sweep.h"
#include "core/trackfiles/TrackPreparation.h"

#include <QCryptographicHash>

namespace vtw {

namespace {

constexpr double defaultStep = 1.0;
constexpr double maxLapStep = 10.0;

} // namespace

// The lines' points and the sectors, as bytes: what the lap drives on.
std::string trackDigest(const Track& track, bool widths) {
    QCryptographicHash hash(QCryptographicHash::Sha256);
    auto add = [&hash](const std::vector<double>& values) {
        hash.addData(QByteArrayView(reinterpret_cast<const char*>(values.data()),
                                    qsizetype(values.size() * sizeof(double))));
    };
    for (const TrackLine* line : {&track.centreLine, track.raceLine ? &*track.raceLine : nullptr}) {
        if (!line)
            continue;
        add(line->x);
        add(line->y);
        add(line->curvature);
    }
    add(track.sectorStarts);
    if (widths) {
        add(track.widthLeft);
        add(track.widthRight);
    }
    return hash.result().toHex().left(16).toStdString();
}

std::optional<LapSpec> lapSpecFrom(const ManeuverSpec& spec, std::string* error) {
    auto fail = [error](const std::string& text) {
        if (error)
            *error = "lap: " + text;
        return std::nullopt;
    };
    LapSpec lap;
    for (const auto& [key, value] : spec.textOptions) {
        if (key == "track") {
            lap.track = QString::fromStdString(value);
        } else if (key == "line") {
            const auto* line = optionByCliName<LineChoice>(value);
            if (!line)
                return fail("line must be raceline or centerline, not '" + value + "'");
            lap.line = line->value;
        } else {
            return fail("no parameter '" + key + "' (parameters: track, line, standing, step_m)");
        }
    }
    for (const auto& [key, value] : spec.options) {
        if (key == "standing") {
            if (value != 0.0 && value != 1.0)
                return fail("standing must be 0 (a flying lap) or 1 (from rest)");
            lap.standingStart = value == 1.0;
        } else if (key == "step_m") {
            if (!(value >= minPathStep && value <= maxLapStep))
                return fail("step_m must be between " + sweepNumberText(minPathStep) + " and " +
                            sweepNumberText(maxLapStep) + " m");
            lap.step = value;
        } else if (key == "track" || key == "line") {
            return fail(key + " takes a word, not the number " + sweepNumberText(value));
        } else {
            return fail("no parameter '" + key + "' (parameters: track, line, standing, step_m)");
        }
    }
    if (lap.track.isEmpty())
        return fail("name the track: -p track=NAME (a library track, see 'vtw-cli tracks', or a "
                    "track file)");
    return lap;
}

std::string lapIdentityText(const ManeuverSpec& spec) {
    const auto lap = lapSpecFrom(spec, nullptr);
    if (!lap)
        return {};
    const PreparedTrackResult prepared = prepareTrackCached(lap->track, lap->line, lap->step);
    if (!prepared.prepared)
        return {};
    return std::string(lapTargetId) + " line=" + lineChoiceName(lap->line) +
           " standing=" + (lap->standingStart ? "1" : "0") + " step_m=" + sweepNumberText(lap->step) +
           " track=" + lap->track.toStdString() +
           " track_sha256=" + trackDigest(prepared.prepared->track);
}

std::string lapTargetHelp() {
    return std::string(lapTargetId) +
           "\tLap of a track (quasi-steady state)\n"
           "    The car's performance envelope on the track's line: apex speeds, then as hard as it "
           "accelerates and brakes.\n"
           "    -p track=<a library track (vtw-cli tracks) or a track file>\n"
           "    -p line=<raceline or centerline, default raceline>\n"
           "    -p standing=<1 from rest, 0 a flying lap; default 0>\n"
           "    -p step_m=<station spacing in m, 0.1 to 10, default " +
           sweepNumberText(defaultStep) + ">\n";
}

} // namespace vtw
