#pragma once

// Track files (docs/physics.md 13.1). Three formats, told apart by their header or,
// without one, by their number of columns:
//   - the TUM racetrack-database centre line: "# x_m,y_m,w_tr_right_m,w_tr_left_m",
//     a closed line of points with the tarmac's width either side;
//   - a plain line of points: "x_m,y_m" (the database's race lines, "# x_m,y_m");
//   - curvature against distance: "distance_m,curvature_per_m" and an optional
//     "sector" column (1, 2, ...: each row's sector; a sector starts where it rises).
// A line of points is closed (the last point joins the first; a last point repeating
// the first is dropped) and starts at its first point. Files are bounded in size,
// rows and cost, and a bad one gets every problem with its line, up to a hundred.

#include "core/track/Track.h"

#include <QByteArray>
#include <QStringList>

#include <optional>
#include <string>

namespace vtw {

enum class TrackFileFormat { Tum, Points, Curvature };

/// Larger track files are refused before parsing.
inline constexpr qint64 maxTrackFileBytes = 16 * 1024 * 1024;
/// The largest curvature a row may give, 1/m: a radius of 10 cm.
inline constexpr double maxTrackCurvature = 10.0;
/// The widest the tarmac may be either side of the centre line, m.
inline constexpr double maxTrackHalfWidth = 1000.0;
inline constexpr int maxTrackSectors = 100;

struct TrackReadResult {
    std::optional<Track> track; ///< set exactly when errors is empty
    QStringList errors;         ///< "line 7, x_m: ..." reasons: all, or the first 100 and a note
    TrackFileFormat format = TrackFileFormat::Points;
    bool ok() const { return track.has_value(); }
};

/// Reads a track file of any of the three formats; `name` names the track.
TrackReadResult readTrackCsv(const QByteArray& bytes, const std::string& name);

} // namespace vtw
