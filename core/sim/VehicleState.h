#pragma once

#include "core/vehicle/BodyState.h"
#include "core/powertrain/DriverAids.h"
#include "core/powertrain/Gearbox.h"
#include "core/chassis/LoadTransfer.h"
#include "core/chassis/Suspension.h"

namespace vtw {

/// The driver's controls for one step.
struct DriverInputs {
    double throttle = 0.0;  ///< 0..1
    double brake = 0.0;     ///< 0..1 pedal
    double steer = 0.0;     ///< -1..1, fraction of full lock, positive = left
    double handbrake = 0.0; ///< 0..1, rear wheels only
    GearRequest gear{};     ///< automatic: 1 = drive, 0 neutral, -1 reverse; manual: the gear
};

/// Everything the simulation carries from one step to the next: the continuous state the
/// integrators advance (BodyState, described field by field in bodyStateFields), and
/// the state of the step's boundary, which Simulator::substep updates between
/// integrator steps (docs/physics.md 7) and no integrator touches.
struct VehicleState {
    double time = 0.0; ///< s
    BodyState body;
    GearboxState gearbox;
    double steerAngle = 0.0;       ///< rad, reference (bicycle) road-wheel angle after rate limiting
    double longitudinalAccel = 0.0; ///< m/s^2, last step's, drives the load transfer
    double lateralAccel = 0.0;      ///< m/s^2, last step's
    WheelLanes previousFx{}; ///< N, last step's tire Fx (Calspan)
    DriverAidState aids;     ///< ABS and traction control (DriverAids.h)
    SuspensionState suspension; ///< the dynamic suspension's body (docs/physics.md 16); rest on the rigid model
};

} // namespace vtw
