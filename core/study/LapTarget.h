#pragma once

// The lap of a track as a study target, beside the maneuvers: "-m lap -p track=monza"
// with the parameters track (a library key or a track file), line (raceline or
// centerline), standing (0 or 1) and step_m (the station spacing, m).

#include "core/study/Comparison.h"
#include "core/track/Track.h"

#include <QString>

#include <optional>
#include <string>

namespace vtw {

inline constexpr const char* lapTargetId = "lap";

struct LapSpec {
    QString track;                          ///< a library key or a track file
    LineChoice line = LineChoice::RaceLine;
    bool standingStart = false;
    double step = 1.0;                      ///< m between stations
};

/// The lap a spec (id "lap") asks for, or nullopt with `error` set: no track, an
/// unknown parameter, a value out of range.
std::optional<LapSpec> lapSpecFrom(const ManeuverSpec& spec, std::string* error);

/// Every lap parameter with its value (defaults included) and a digest of the track's
/// lines and sectors: two sweeps whose lap texts agree ran on the same track. Empty
/// when the spec is not a lap that can run.
std::string lapIdentityText(const ManeuverSpec& spec);

/// A digest of a track's lines and sectors (16 hex digits): what a lap drives on; with
/// `widths`, the tarmac's widths too (the limits a dynamic lap keeps to).
std::string trackDigest(const Track& track, bool widths = false);

/// The lap's parameters for people (vtw-cli maneuvers lists them).
std::string lapTargetHelp();

} // namespace vtw
