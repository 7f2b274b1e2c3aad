#pragma once

#include "core/vehicle/Setup.h"
#include "core/vehicle/Wheels.h"

namespace vtw {

// The driver aids of docs/physics.md 4.1: ABS and traction control as controllers that
// act at the step boundary, like the gearbox, from the slip ratios the last step
// recorded. Both the optimised and the reference step use these definitions (they
// are plain scalar code off the default path: a setup without aids never calls them).

/// What the aids carry from one step to the next.
struct DriverAidState {
    /// ABS: how far each wheel's brake is released, 0 (the pedal's torque) .. 1 (none).
    WheelLanes brakeRelease{};
    /// Traction control: the share of the engine's torque it removes, 0..1.
    double torqueCut = 0.0;
    friend bool operator==(const DriverAidState&, const DriverAidState&) = default;
};

/// What the aids read from the last step.
struct DriverAidInputs {
    WheelArray slipRatio{};    ///< the last step's slip ratios
    double speed = 0.0;        ///< m/s, the car's speed over the ground
    bool braking = false;      ///< the driver presses the brake pedal
    bool driven[WheelCount]{}; ///< which wheels the engine drives
};

/// ABS switches off below this speed (m/s), so that the car can come to rest: at a
/// walking pace every braked wheel's slip ratio is large (its denominator is the
/// low-speed floor), and real systems stop modulating at 5-10 km/h too.
inline constexpr double absCutOffSpeed = 2.0;

/// Advance the aids' state over one step of dt seconds.
///
/// ABS moves each wheel's brake release towards "released" while the wheel locks past
/// the slip target and back towards "applied" otherwise, at a rate that makes one full
/// release and one full reapply take one cycle (1 / absCycleRate): the modulator's
/// pressure rate, which sets how fast the wheel cycles around the target.
///
/// Traction control cuts the engine's torque in proportion to the worst driven wheel's
/// slip past its target (all of it at tractionCutGain times the target's excess) and
/// gives it back as the slip falls; the cut follows that demand with the time constant
/// tractionCutTimeConstant, the engine's torque-reduction lag.
void updateDriverAids(const DriverAidParams& params, const DriverAidInputs& in, double dt,
                      DriverAidState& state);

/// Traction control's cut demand per unit of relative excess slip: the whole torque is
/// cut once the slip is a quarter above its target.
inline constexpr double tractionCutGain = 4.0;
/// s, traction control's torque-reduction lag (a spark or throttle cut takes effect
/// within a few engine revolutions).
inline constexpr double tractionCutTimeConstant = 0.02;

} // namespace vtw
