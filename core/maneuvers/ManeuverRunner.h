#pragma once

#include "../Telemetry.h"
#include "Maneuver.h"

#include <atomic>

namespace vtw {

struct RunOptions {
    bool recordTelemetry = false;
    int decimation = 1; ///< keep every n-th sample
    const std::atomic<bool>* cancel = nullptr; ///< set from another thread to stop early
};

struct RunResult {
    bool ok = true;
    bool cancelled = false;
    bool timedOut = false;  ///< the maneuver's time limit ended the run
    std::string error;      ///< why the run failed (divergence), empty if ok
    MetricList metrics;
    Telemetry telemetry;
    double simulatedTime = 0.0; ///< s
    long steps = 0;
};

/// Run a maneuver on a setup to its end (or its time limit, a divergence, a
/// cancel). The same function serves the GUI, the CLI and the tests.
RunResult runManeuver(const Setup& setup, Maneuver& maneuver, const RunOptions& options = {});

} // namespace vtw
