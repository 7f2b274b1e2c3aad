#include "ManeuverRunner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw {

RunResult runManeuver(const Setup& setup, Maneuver& maneuver, const RunOptions& options) {
    RunResult result;
    result.telemetry = Telemetry(options.decimation);
    const Setup adapted = maneuver.adaptSetup(setup);
    // Written so that a NaN, zero or negative time step fails too. (No rounding up: the
    // longest maneuver at the shortest valid step is the cap itself, give or take the
    // last bit of 400 / 1e-5.)
    const double neededSteps = maneuver.timeLimit() / adapted.simulation.timeStep;
    if (!(neededSteps >= 0.0 && neededSteps <= double(maxManeuverSteps))) {
        char buffer[320];
        std::snprintf(buffer, sizeof buffer,
                      "the maneuver's time limit of %g s takes %.4g steps of %g s, more than the "
                      "cap of %ld steps per run: use a time step of at least %g s",
                      maneuver.timeLimit(), neededSteps, adapted.simulation.timeStep,
                      maxManeuverSteps, maneuver.timeLimit() / double(maxManeuverSteps));
        result.ok = false;
        result.error = buffer;
        result.metrics = maneuver.metrics();
        return result;
    }
    if (options.recordTelemetry) {
        // Every decimation-th sample is kept, the first included. Estimated from the
        // time limit: a run that could fill the disk is refused before it starts.
        const double decimation = double(std::max(1, options.decimation));
        const double samples = std::ceil(neededSteps / decimation);
        const double bytes = telemetryCsvBytesEstimate(samples);
        if (bytes > options.maxTelemetryBytes) {
            const double fitting = std::floor(options.maxTelemetryBytes / telemetryCsvBytesEstimate(1.0));
            result.telemetryDecimationNeeded =
                fitting >= 1.0 ? long(std::ceil(neededSteps / fitting)) : maxManeuverSteps;
            char buffer[400];
            std::snprintf(buffer, sizeof buffer,
                          "the telemetry of this run could take %.4g MiB (%.0f samples x %zu channels "
                          "x %g bytes a value), more than the limit of %.4g MiB: keep one sample in "
                          "%ld (decimation %ld) or shorten the run",
                          bytes / 1048576.0, samples, channelCatalogue().size(),
                          telemetryCsvBytesPerValue, options.maxTelemetryBytes / 1048576.0,
                          result.telemetryDecimationNeeded, result.telemetryDecimationNeeded);
            result.ok = false;
            result.error = buffer;
            result.metrics = maneuver.metrics();
            return result;
        }
    }
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
