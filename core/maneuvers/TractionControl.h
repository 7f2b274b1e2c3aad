#pragma once

#include "core/sim/Simulator.h"

namespace vtw {

/// The throttle a skilled driver (or a launch-control system) would use: full
/// throttle unless a driven wheel spins past the tire's peak slip ratio, then
/// backed off in proportion to the excess. Without it a powerful car would
/// spin its wheels to the limiter and the acceleration figures would measure
/// wheelspin rather than the setup.
class TractionControl {
public:
    /// Throttle for the next step (0..1) from the last step's slip.
    double throttle(const Simulator& sim, double requested = 1.0) const;
    /// The same for the brake pedal, against the wheel that locks the most (any
    /// wheel, driven or not): what a driver without ABS does at the limit.
    double brake(const Simulator& sim, double requested) const;

    /// How hard the throttle backs off per unit of relative excess slip.
    static constexpr double gain = 2.0;
};

} // namespace vtw
