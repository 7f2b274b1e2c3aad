#pragma once

#include "Units.h"
#include "VehicleState.h"

#include <cmath>
#include <cstddef>
#include <vector>

// The inputs of the step benchmark (vtw-cli bench, and the live view's
// benchmark that measures against it): full throttle while the steer sweeps
// sinusoidally, so that every step moves the steering geometry.

namespace vtw {

/// Steer input (fraction of full lock) of the benchmark at time t (s).
inline double stepBenchmarkSteer(double t) { return 0.15 * std::sin(2.0 * units::pi * 0.5 * t); }

/// The benchmark's inputs for `steps` steps of dt seconds.
inline std::vector<DriverInputs> stepBenchmarkInputs(std::size_t steps, double dt) {
    std::vector<DriverInputs> inputs(steps);
    for (std::size_t i = 0; i < steps; ++i) {
        inputs[i].throttle = 1.0;
        inputs[i].steer = stepBenchmarkSteer(static_cast<double>(i) * dt);
    }
    return inputs;
}

} // namespace vtw
