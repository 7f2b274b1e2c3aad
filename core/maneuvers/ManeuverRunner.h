#pragma once

#include "core/maneuvers/ManeuverSession.h"

namespace vtw {

/// Run a maneuver on a setup to its end (or its time limit, a divergence, a
/// cancel): a ManeuverSession advanced at once to its end, for the CLI, the studies
/// and the tests. A run whose time limit needs more than maxManeuverSteps steps, or
/// whose telemetry could be larger than options.maxTelemetryBytes, fails at once
/// (ok false, error says why).
RunResult runManeuver(const Setup& setup, Maneuver& maneuver, const RunOptions& options = {});

} // namespace vtw
