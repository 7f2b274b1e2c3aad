#pragma once

#include "../Telemetry.h"
#include "Maneuver.h"

#include <atomic>

namespace vtw {

struct RunOptions {
    bool recordTelemetry = false;
    int decimation = 1; ///< keep every n-th sample
    /// With recordTelemetry, a run whose telemetry CSV could exceed this many bytes
    /// (telemetryCsvBytesEstimate of its most samples, by its time limit, time step
    /// and decimation) is refused before its first step.
    double maxTelemetryBytes = maxTelemetryCsvBytes;
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
    /// When the telemetry would have been too large (ok false): the smallest
    /// decimation that fits it within RunOptions::maxTelemetryBytes; else 0.
    long telemetryDecimationNeeded = 0;
};

/// The most steps a maneuver run may take: the longest time limit of the catalogue
/// (400 s) at the shortest time step validation allows (1e-5 s). A run that could
/// need more, by its time limit and time step, is refused before its first step, so
/// that an unvalidated setup (a time step of 1e-9 s, or one too small to advance the
/// clock) cannot hang its caller.
inline constexpr long maxManeuverSteps = 40'000'000;

/// Run a maneuver on a setup to its end (or its time limit, a divergence, a
/// cancel). The same function serves the GUI, the CLI and the tests. A run whose
/// time limit needs more than maxManeuverSteps steps, or whose telemetry could be
/// larger than options.maxTelemetryBytes, fails at once (ok false, error says why).
RunResult runManeuver(const Setup& setup, Maneuver& maneuver, const RunOptions& options = {});

} // namespace vtw
