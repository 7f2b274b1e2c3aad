#pragma once

#include "core/vehicle/BodyState.h"
#include "core/vehicle/Wheels.h"

namespace vtw {

/// One evaluation of the forces: the rates plus everything telemetry shows.
struct ForceEvaluation {
    BodyRates rates;
    WheelLanes slipRatio{};
    WheelLanes slipAngle{}; ///< -, rad
    WheelLanes fx{};
    WheelLanes fy{}; ///< N, wheel frame
    WheelLanes fxMax{};
    WheelLanes fyMax{}; ///< N, each tire's pure-slip peaks at its load
    WheelLanes slipDenominator{};         ///< m/s, |vx_w| with the low-speed floor
    WheelLanes inverseSlipDenominator{};  ///< s/m, its reciprocal (the slips multiply by it)
    double longitudinalAccel = 0.0;       ///< m/s^2, force / mass (what an accelerometer reads)
    double lateralAccel = 0.0;            ///< m/s^2
    double engineRpm = 0.0;               ///< rpm, with the idle floor
    double engineTorque = 0.0;            ///< N m
    double dragForce = 0.0;               ///< N, magnitude
    double rollingResistanceForce = 0.0;  ///< N, magnitude
};

} // namespace vtw
