#pragma once

#include "Gearbox.h"
#include "LoadTransfer.h"

namespace vtw {

/// The continuous state the integrators advance (docs/physics.md 0 frames):
/// world position and heading, body-frame velocity, yaw rate, wheel spins.
struct BodyState {
    double x = 0.0;        ///< m, world
    double y = 0.0;        ///< m, world
    double heading = 0.0;  ///< psi, rad, counter-clockwise from world +x
    double vx = 0.0;       ///< m/s, body frame, forward
    double vy = 0.0;       ///< m/s, body frame, left
    double yawRate = 0.0;  ///< r, rad/s, counter-clockwise
    WheelLanes wheelSpin{}; ///< omega, rad/s, per wheel (FL, FR, RL, RR)
};

/// The driver's controls for one step.
struct DriverInputs {
    double throttle = 0.0;  ///< 0..1
    double brake = 0.0;     ///< 0..1 pedal
    double steer = 0.0;     ///< -1..1, fraction of full lock, positive = left
    double handbrake = 0.0; ///< 0..1, rear wheels only
    GearRequest gear{};     ///< automatic: 1 = drive, 0 neutral, -1 reverse; manual: the gear
};

/// Everything the simulation carries from one step to the next.
struct VehicleState {
    double time = 0.0; ///< s
    BodyState body;
    GearboxState gearbox;
    double steerAngle = 0.0;       ///< rad, reference (bicycle) road-wheel angle after rate limiting
    double longitudinalAccel = 0.0; ///< m/s^2, last step's, drives the load transfer
    double lateralAccel = 0.0;      ///< m/s^2, last step's
    WheelLanes previousFx{}; ///< N, last step's tire Fx (Calspan)
};

} // namespace vtw
