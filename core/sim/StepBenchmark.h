#pragma once

#include "core/base/Units.h"
#include "core/sim/VehicleState.h"

#include <cmath>
#include <cstddef>
#include <vector>

// The inputs of the step benchmark (vtw-cli bench, and the live view's
// benchmark that measures against it): half throttle while the steer sweeps
// sinusoidally, so that every step moves the steering geometry. At full throttle
// the default car's rear tires saturate while they corner and it spins (a sliding
// tire keeps no side force), which would time a spinning car instead of a driving one.

namespace vtw {

/// Steer input (fraction of full lock) of the benchmark at time t (s).
inline double stepBenchmarkSteer(double t) { return 0.15 * std::sin(2.0 * units::pi * 0.5 * t); }

/// The benchmark's inputs for `steps` steps of dt seconds.
inline std::vector<DriverInputs> stepBenchmarkInputs(std::size_t steps, double dt) {
    std::vector<DriverInputs> inputs(steps);
    for (std::size_t i = 0; i < steps; ++i) {
        inputs[i].throttle = 0.5;
        inputs[i].steer = stepBenchmarkSteer(static_cast<double>(i) * dt);
    }
    return inputs;
}

} // namespace vtw
