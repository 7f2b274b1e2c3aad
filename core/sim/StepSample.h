#pragma once

#include "core/vehicle/ForceEvaluation.h"
#include "core/chassis/Steering.h"
#include "core/sim/VehicleState.h"
#include "core/vehicle/Wheels.h"

namespace vtw {

/// Everything recorded about one instant: the state at the start of a step,
/// the forces evaluated there and the driver's inputs. Telemetry channels and
/// maneuver metrics read from this.
struct StepSample {
    double time = 0.0;
    BodyState body;
    DriverInputs inputs;
    int gear = 0;
    double steerAngle = 0.0;     ///< rad, reference angle
    FrontWheelGeometry frontWheels; ///< the front wheels' steer, as sines and cosines
    double distance = 0.0;       ///< m, path length driven
    WheelLanes load{}; ///< N
    WheelArray surfaceMu{};      ///< grip scale seen by each wheel
    ForceEvaluation forces;
    SuspensionSample suspension; ///< the dynamic suspension at the step's start; inactive on the rigid model
    /// ABS's brake release per wheel and traction control's torque cut as this step
    /// applies them (docs/physics.md 4.1); zero for a setup without aids.
    DriverAidState aids;
    double speed() const;        ///< m/s, |v|
    double sideslip() const;     ///< beta = atan2(vy, vx), rad (0 when at rest)
    double steerLeft() const { return frontWheels.left(); }   ///< rad, FL road-wheel angle
    double steerRight() const { return frontWheels.right(); } ///< rad, FR road-wheel angle
};

} // namespace vtw
