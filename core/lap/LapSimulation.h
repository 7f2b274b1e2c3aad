#pragma once

// A lap in quasi-steady state (docs/physics.md 13): on a sampled line the car
// corners at the speed its envelope holds, accelerates out of each corner as hard
// as it can and brakes as late as it can into the next. The result is the speed
// profile and everything read off it, by distance.

#include "core/lap/PerformanceEnvelope.h"
#include "core/base/Metric.h"
#include "core/track/TrackPath.h"

#include <string>
#include <vector>

namespace vtw {

struct LapOptions {
    /// From rest at the start line in first gear; otherwise a flying lap, which
    /// crosses the start line at the speed it finishes with.
    bool standingStart = false;
    /// Per station of the path (or empty: 1 everywhere), the share s of the car's
    /// envelope the lap may use there, as a car with s^2 of its grip: the corner speed
    /// scaled by s, the accelerations the tyres limit by s^2 (never raised: s above 1
    /// lifts only the corner speed). The limit driver's learned plan (docs/physics.md 14.5).
    std::vector<double> gripShares;
    /// Per station (or empty: none), m/s the lap goes no faster than there.
    std::vector<double> speedCaps;
};

/// The lap by distance: one entry per station of the path (the last is the finish).
struct LapTrace {
    std::vector<double> distance;  ///< m
    std::vector<double> x, y;      ///< m, where the station is
    std::vector<double> curvature; ///< 1/m, what the lap drove (smoothed)
    std::vector<double> speed;     ///< m/s
    std::vector<double> time;      ///< s from the start
    std::vector<int> gear;
    std::vector<double> rpm;
    std::vector<double> ax;        ///< m/s^2 forward, over the step to the next station
    std::vector<double> ay;        ///< m/s^2 left, v^2 times the curvature
    std::vector<double> throttle;  ///< 0..1, of the full-throttle drive force
    std::vector<double> brake;     ///< 0..1, of the brakes' full torque
    std::vector<LapLimit> limit;
};

struct SectorTime {
    double start = 0.0, end = 0.0; ///< m along the line
    double time = 0.0;             ///< s
};

struct LapResult {
    bool ok = false;
    std::string error; ///< why there is no lap (the car stops on the way), when not ok
    double lapTime = 0.0;  ///< s
    double length = 0.0;   ///< m
    double topSpeed = 0.0; ///< m/s
    /// m/s, the lowest speed on the lap (past the start line on a standing lap, whose start is at rest)
    double minSpeed = 0.0;
    std::vector<SectorTime> sectors;
    LapTrace trace;
};

/// The lap of the car whose envelope is given, on `path`, with sectors starting at
/// `sectorStarts` (m along the path; the first at 0, none past its length).
LapResult simulateLap(const PerformanceEnvelope& envelope, const TrackPath& path,
                      const std::vector<double>& sectorStarts, const LapOptions& options = {});

/// The time (s) at distance s (m) on a trace, taking the acceleration as constant
/// over each step: what sector times and delta-time traces read.
double timeAtDistance(const LapTrace& trace, double s);

/// The lap's figures as metrics: lap_time_s, sector_1_s .. sector_n_s (n the sector
/// count, given so that a lap that failed still lists them), lap_top_speed_kmh,
/// lap_min_speed_kmh, lap_avg_speed_kmh.
MetricList lapMetrics(const LapResult& lap, std::size_t sectorCount);

} // namespace vtw
