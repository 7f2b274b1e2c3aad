#pragma once

// Running several setups through the same maneuvers, and tabulating the
// metrics against a baseline. Core only: the compare view, the CLI and the
// tests all call this.

#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"

#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace vtw {

/// A maneuver by catalogue id with its parameters, or the lap of a track (id "lap",
/// study/StudyTarget.h), whose track and line are words: textOptions.
struct ManeuverSpec {
    std::string id;
    ManeuverOptions options;
    std::map<std::string, std::string> textOptions{};
};

struct ComparisonRequest {
    std::vector<Setup> setups;
    std::vector<ManeuverSpec> maneuvers;
    bool recordTelemetry = false;
    int decimation = 10;
    unsigned threads = 0; ///< 0: one per core
    const std::atomic<bool>* cancel = nullptr;
    /// Called from worker threads after each run (done, total); must be thread-safe.
    std::function<void(int, int)> progress;
};

struct Comparison {
    /// runs[m][s]: maneuver m on setup s.
    std::vector<std::vector<RunResult>> runs;
    bool cancelled = false;
    std::string error; ///< e.g. an unknown maneuver id; empty when the runs happened
};

/// Run every setup through every maneuver, in parallel.
Comparison runComparison(const ComparisonRequest& request);

/// One row of the metrics table: a metric of one maneuver across the setups.
struct MetricComparison {
    std::string maneuverId;
    Metric metric;             ///< key, label, unit, sense (value: the baseline's)
    std::vector<double> values; ///< per setup (NaN if not reached or the run failed)
    /// Per setup: why the value is invalid (reached, but the run left the range the
    /// metric is defined for) or missing (not reached, the run failed), empty when
    /// valid. An invalid value is kept for display.
    std::vector<std::string> invalidReasons;
    /// value - baseline value; NaN when either is invalid: no real difference to show
    std::vector<double> deltas;
    /// +1 better than the baseline by the metric's sense, -1 worse, 0 same, neutral or invalid.
    std::vector<int> verdicts;
    bool valid(std::size_t setup) const { return invalidReasons[setup].empty(); }
};

/// The metrics table of a comparison against setup `baseline`.
std::vector<MetricComparison> compareMetrics(const Comparison& comparison,
                                             const std::vector<ManeuverSpec>& maneuvers,
                                             std::size_t baseline);

} // namespace vtw
