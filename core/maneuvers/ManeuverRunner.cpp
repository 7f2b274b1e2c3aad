#include "ManeuverRunner.h"

#include <algorithm>

namespace vtw {

RunResult runManeuver(const Setup& setup, Maneuver& maneuver, const RunOptions& options) {
    RunResult result;
    result.telemetry = Telemetry(options.decimation);
    const Setup adapted = maneuver.adaptSetup(setup);
    Simulator sim(adapted);
    sim.reset(maneuver.initialConditions(adapted));

    if (options.recordTelemetry) {
        const double steps = maneuver.timeLimit() / adapted.simulation.timeStep;
        // Reserve a modest amount up front; runs usually end well before their limit.
        result.telemetry.reserve(static_cast<std::size_t>(std::min(steps, 200000.0)) /
                                 static_cast<std::size_t>(std::max(1, options.decimation)));
    }

    while (!maneuver.finished()) {
        if (sim.time() >= maneuver.timeLimit()) {
            result.timedOut = true;
            break;
        }
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
            result.cancelled = true;
            break;
        }
        const DriverInputs inputs = maneuver.control(sim);
        if (!sim.step(inputs)) {
            result.ok = false;
            result.error = sim.error();
            break;
        }
        ++result.steps;
        maneuver.observe(sim.lastSample());
        if (options.recordTelemetry)
            result.telemetry.record(sim.lastSample());
    }
    result.simulatedTime = sim.time();
    result.metrics = maneuver.metrics();
    return result;
}

} // namespace vtw
