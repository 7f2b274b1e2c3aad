#include "core/maneuvers/ManeuverFactory.h"

#include "core/maneuvers/AccelerationRun.h"
#include "core/maneuvers/BrakingRun.h"
#include "core/maneuvers/CoastDown.h"
#include "core/maneuvers/DynamicLap.h"
#include "core/maneuvers/LimitLap.h"
#include "core/maneuvers/BrakeInTurn.h"
#include "core/maneuvers/RampSteer.h"
#include "core/maneuvers/ScriptedManeuver.h"
#include "core/maneuvers/SineSteer.h"
#include "core/maneuvers/Skidpad.h"
#include "core/maneuvers/StepSteer.h"
#include "core/maneuvers/TopSpeedRun.h"
#include "core/maneuvers/TrackProvider.h"

#include <cmath>
#include <functional>

namespace vtw {

namespace {

using Builder = std::function<std::unique_ptr<Maneuver>(const ManeuverOptions&, const ManeuverWords&,
                                                         std::string* error)>;

// The dynamic lap: its track from the installed provider (which shares a track
// prepared once among every lap on it), the driver's settings from the parameters.
std::unique_ptr<Maneuver> makeDynamicLap(const ManeuverOptions& p, const ManeuverWords& w, std::string* error) {
    const std::string& trackName = w.at("track");
    const auto* line = optionByCliName<LineChoice>(w.at("line"));
    if (!line) {
        if (error)
            *error = "maneuver 'dynamic-lap' parameter 'line' must be raceline or centerline, not '" +
                     w.at("line") + "'";
        return nullptr;
    }
    ProvidedTrack prepared = provideTrack(trackName, line->value, dynamicLapStationStep);
    if (!prepared.track) {
        if (error)
            *error = "maneuver 'dynamic-lap': cannot use track " + trackName + ": " + prepared.error;
        return nullptr;
    }
    const std::string& driver = w.at("driver");
    if (driver != "pace" && driver != "limit") {
        if (error)
            *error = "maneuver 'dynamic-lap' parameter 'driver' must be pace or limit, not '" + driver + "'";
        return nullptr;
    }
    const std::shared_ptr<const PreparedTrack> track = std::move(prepared.track);
    LineDriverSettings settings;
    settings.pace = p.at("pace");
    settings.previewTime = p.at("preview_s");
    settings.minPreview = p.at("min_preview_m");
    std::shared_ptr<const Track> shape(track, &track->track);
    std::shared_ptr<const TrackPath> path(track, &track->path);
    if (driver == "limit") {
        // The pace is where the learning starts.
        LimitLapSettings limit;
        limit.startShare = settings.pace;
        return std::make_unique<LimitLap>(shape, path, track->sectorStarts, settings, limit);
    }
    return std::make_unique<DynamicLap>(shape, path, track->sectorStarts, settings);
}

struct Entry {
    ManeuverDescription description;
    Builder build;
};

const std::vector<Entry>& entries() {
    static const std::vector<Entry> list = {
        {{"acceleration", "Standing start and quarter mile",
          "Full throttle from rest with automatic shifts: 0-60 mph, 0-100 km/h, quarter mile.",
          {{"quarter_mile", "Run the quarter mile", "", 1.0, 0.0, 1.0, ParameterKind::YesNo}}},
         [](const auto& p, const auto&, std::string*) { return std::make_unique<AccelerationRun>(p.at("quarter_mile") >= 0.5); }},
        {{"top-speed", "Top speed",
          "Full throttle until the car settles: drive force equals drag plus rolling resistance "
          "in the gear the car ends in.",
          {{"start_kmh", "Start speed", "km/h", 100.0, 0.0, 400.0},
           {"gear", "Hold gear (0 = automatic)", "", 0.0, 0.0, 12.0, ParameterKind::WholeNumber}}},
         [](const auto& p, const auto&, std::string*) {
             return std::make_unique<TopSpeedRun>(p.at("start_kmh"), static_cast<int>(p.at("gear")));
         }},
        {{"braking", "Braking from 100 km/h",
          "Brake pedal held from 100 km/h to rest: stopping distance and time.",
          {{"pedal", "Brake pedal (0-1)", "", 1.0, 0.01, 1.0},
           {"start_kmh", "Start speed", "km/h", 100.0, 1.0, 400.0}}},
         [](const auto& p, const auto&, std::string*) { return std::make_unique<BrakingRun>(p.at("pedal"), p.at("start_kmh")); }},
        {{"coast-down", "Coast-down", "From 120 km/h in neutral: drag and rolling resistance alone.", {}},
         [](const auto&, const auto&, std::string*) { return std::make_unique<CoastDown>(); }},
        {{"skidpad", "Constant-radius skidpad",
          "Hold a circle while the speed rises slowly: maximum lateral acceleration, understeer gradient.",
          {{"radius_m", "Radius", "m", 40.0, 5.0, 500.0},
           {"ramp_mps2", "Speed ramp", "m/s^2", 0.15, 0.01, 2.0}},
          true},
         [](const auto& p, const auto&, std::string*) { return std::make_unique<Skidpad>(p.at("radius_m"), p.at("ramp_mps2")); }},
        {{"ramp-steer", "Ramp steer",
          "Constant speed, slowly rising steer: quasi-steady understeer gradient, fitted once the "
          "start transient has settled (2 s); a ramp too fast for that is flagged invalid.",
          {{"speed_kmh", "Speed", "km/h", 80.0, 10.0, 300.0},
           {"rate_deg_s", "Steer ramp (road wheel)", "deg/s", RampSteer::defaultRampRate, 0.01, 20.0}},
          true},
         [](const auto& p, const auto&, std::string*) { return std::make_unique<RampSteer>(p.at("speed_kmh"), p.at("rate_deg_s")); }},
        {{"step-steer", "Step steer",
          "Constant speed, steer step: yaw-rate response, rise time, overshoot, settling.",
          {{"speed_kmh", "Speed", "km/h", 80.0, 10.0, 300.0},
           {"steer_deg", "Steer step (road wheel)", "deg", 2.0, -30.0, 30.0}},
          true},
         [](const auto& p, const auto&, std::string*) { return std::make_unique<StepSteer>(p.at("speed_kmh"), p.at("steer_deg")); }},
        {{"sine-steer", "Sine steer",
          "Constant speed, sinusoidal steer: yaw-rate gain and lag.",
          {{"speed_kmh", "Speed", "km/h", 80.0, 10.0, 300.0},
           {"amplitude_deg", "Amplitude (road wheel)", "deg", 2.0, 0.1, 30.0},
           {"frequency_hz", "Frequency", "Hz", 0.5, 0.05, 5.0},
           {"cycles", "Cycles", "", 4.0, 1.0, 50.0, ParameterKind::WholeNumber}},
          true},
         [](const auto& p, const auto&, std::string*) {
             return std::make_unique<SineSteer>(p.at("speed_kmh"), p.at("amplitude_deg"),
                                                p.at("frequency_hz"), p.at("cycles"));
         }},
        {{"brake-in-turn", "Braking in a turn",
          "Steady circle, then brake with the steer held: stays stable or spins.",
          {{"speed_kmh", "Speed", "km/h", 80.0, 10.0, 300.0},
           {"radius_m", "Radius", "m", 100.0, 10.0, 1000.0},
           {"pedal", "Brake pedal (0-1)", "", 0.3, 0.01, 1.0}},
          true},
         [](const auto& p, const auto&, std::string*) {
             return std::make_unique<BrakeInTurn>(p.at("speed_kmh"), p.at("radius_m"), p.at("pedal"));
         }},
        {{"dynamic-lap", "Lap of a track (dynamic)",
          "A driver laps a track in the full model: it steers from a preview of the line ahead and aims "
          "for the pace's share of the quasi-steady lap's speeds. Lap and sector times, distance from "
          "the line, track limits; leaving the track, a spin or a stop ends the lap.",
          {{"pace", "Pace (share of the quasi-steady speeds)", "", LineDriverSettings{}.pace, 0.5, 1.0},
           {"preview_s", "Steering preview (time ahead)", "s", LineDriverSettings{}.previewTime, 0.2, 3.0},
           {"min_preview_m", "Shortest steering preview", "m", LineDriverSettings{}.minPreview, 1.0, 50.0}},
          true,
          {{"track", "Track (a library key or a track file)", "monza"},
           {"line", "Line (raceline or centerline)", "raceline"},
           {"driver", "Driver (pace: the pace's share everywhere; limit: learns its speeds over laps)", "pace"}}},
         makeDynamicLap},
    };
    return list;
}

} // namespace

std::string choiceList(const ManeuverParameter& p) {
    std::string out;
    for (std::size_t i = 0; i < p.choices.size(); ++i)
        out += (i ? ", " : "") + std::to_string(i) + " (" + p.choices[i] + ")";
    return out;
}

namespace {

// Every maneuver runs with the setup's ABS and traction control, or with either
// switched off or on for the run (AidChoice, docs/physics.md 4.1).
const std::vector<ManeuverParameter>& driverAidParameters() {
    static const std::vector<std::string> choices = {"as the setup", "off", "on"};
    static const std::vector<ManeuverParameter> list = {
        {"abs", "ABS", "", 0.0, 0.0, 2.0, ParameterKind::Choice, choices},
        {"traction_control", "Traction control", "", 0.0, 0.0, 2.0, ParameterKind::Choice, choices},
    };
    return list;
}

} // namespace

const std::vector<ManeuverDescription>& maneuverCatalogue() {
    static const std::vector<ManeuverDescription> catalogue = [] {
        std::vector<ManeuverDescription> out;
        for (const Entry& e : entries()) {
            out.push_back(e.description);
            std::vector<ManeuverParameter>& parameters = out.back().parameters;
            parameters.insert(parameters.end(), driverAidParameters().begin(), driverAidParameters().end());
        }
        return out;
    }();
    return catalogue;
}

const ManeuverDescription* findManeuverDescription(const std::string& id) {
    for (const ManeuverDescription& d : maneuverCatalogue())
        if (d.id == id)
            return &d;
    return nullptr;
}

std::unique_ptr<Maneuver> makeManeuver(const std::string& id, const ManeuverOptions& options,
                                       std::string* error, const ManeuverWords& words) {
    for (std::size_t index = 0; index < entries().size(); ++index) {
        const Entry& e = entries()[index];
        if (e.description.id != id)
            continue;
        const ManeuverDescription& description = maneuverCatalogue()[index]; // with the common parameters
        std::map<std::string, double> values;
        for (const ManeuverParameter& p : description.parameters)
            values[p.key] = p.defaultValue;
        for (const auto& [key, value] : options) {
            const auto known = values.find(key);
            if (known == values.end()) {
                bool word = false;
                for (const ManeuverWord& w : e.description.words)
                    word = word || w.key == key;
                if (error)
                    *error = word ? "maneuver '" + id + "' parameter '" + key + "' takes a word, not a number"
                                  : "maneuver '" + id + "' has no parameter '" + key + "'";
                return nullptr;
            }
            const ManeuverParameter* param = nullptr;
            for (const ManeuverParameter& p : description.parameters) {
                if (p.key == key)
                    param = &p;
            }
            const bool outOfRange = !std::isfinite(value) || value < param->min || value > param->max;
            if (outOfRange && param->kind != ParameterKind::Choice) {
                if (error)
                    *error = "maneuver '" + id + "' parameter '" + key + "' must be between " +
                             std::to_string(param->min) + " and " + std::to_string(param->max);
                return nullptr;
            }
            if (param->kind != ParameterKind::Number && (outOfRange || value != std::round(value))) {
                if (error)
                    *error = "maneuver '" + id + "' parameter '" + key + "' must be " +
                             (param->kind == ParameterKind::YesNo    ? "0 (no) or 1 (yes)"
                              : param->kind == ParameterKind::Choice ? "one of " + choiceList(*param)
                                                                     : "a whole number");
                return nullptr;
            }
            known->second = value;
        }
        ManeuverWords texts;
        for (const ManeuverWord& w : e.description.words)
            texts[w.key] = w.defaultValue;
        for (const auto& [key, value] : words) {
            const auto known = texts.find(key);
            if (known == texts.end()) {
                // A word where a number goes: to a maneuver whose parameters are all
                // numbers, or to one of its numbers.
                if (error)
                    *error = values.count(key) || e.description.words.empty()
                                 ? "bad parameter '" + key + "=" + value + "': maneuver '" + id + "' parameter '" +
                                       key + "' must be a number, not '" + value + "'"
                                 : "maneuver '" + id + "' has no parameter '" + key + "'";
                return nullptr;
            }
            known->second = value;
        }
        std::unique_ptr<Maneuver> maneuver = e.build(values, texts, error);
        if (maneuver)
            maneuver->chooseDriverAids(static_cast<AidChoice>(std::lround(values.at("abs"))),
                                       static_cast<AidChoice>(std::lround(values.at("traction_control"))));
        return maneuver;
    }
    if (error) {
        std::string known;
        for (const Entry& e : entries())
            known += (known.empty() ? "" : ", ") + e.description.id;
        *error = "unknown maneuver '" + id + "' (known: " + known + ")";
    }
    return nullptr;
}

} // namespace vtw
