#pragma once

#include "core/base/Curve.h"
#include "core/base/CurveWalk.h"
#include "core/vehicle/Setup.h"
#include "core/base/Units.h"

#include <algorithm>
#include <cmath>

namespace vtw {

// Engine and drivetrain relations of docs/physics.md section 3, as plain functions
// so tests, the UI's derived figures and the step all use the same formulas.
// The ones the step calls are inline: a call each cost more than their arithmetic.

/// Engine speed (rpm) of wheels turning at omega (rad/s) through a gear and final drive.
inline double engineRpmFromWheelSpeed(double wheelOmega, double gearRatio, double finalDrive) {
    return units::radPerSecToRpm(wheelOmega * gearRatio * finalDrive);
}

/// Road speed (m/s) at which the engine turns at rpm in a gear (no slip).
double roadSpeedAtRpm(double rpm, double gearRatio, double finalDrive, double wheelRadius);

/// Torque at the driven axle: T_drive = T_engine * x_g * x_d * eta.
inline double axleTorque(double engineTorque, double gearRatio, double finalDrive, double efficiency) {
    return engineTorque * gearRatio * finalDrive * efficiency;
}

/// Drive force of rolling wheels: F = T_engine * x_g * x_d * eta / R.
double driveForce(double engineTorque, double gearRatio, double finalDrive, double efficiency,
                  double wheelRadius);

/// Full-throttle torque (N m) at an engine speed, from the curve (clamped at its ends).
/// A caller that asks again and again, the step, passes where the curve's search
/// should start (Curve::evaluate, here inline: CurveWalk.h); the answer is the same.
inline double maxEngineTorque(const EngineParams& engine, double rpm, std::size_t* torqueSegment = nullptr) {
    return torqueSegment ? evaluateFromSegment(engine.torqueCurve, rpm, *torqueSegment)
                         : engine.torqueCurve.evaluate(rpm);
}

/// Net engine torque (N m) at a throttle position and the engine speed the
/// wheels impose (signed: negative when the wheels turn the engine backwards).
/// The idle floor lets the car pull away from rest (the curve is read at no less
/// than idle); the rev limiter cuts the throttle's torque above redline; with the
/// throttle released the engine brakes in proportion to its speed
/// (T_eb = mu_eb * rpm, docs/physics.md 3), so a car at rest feels no torque.
inline double engineTorque(const EngineParams& engine, double wheelRpm, double throttle,
                           std::size_t* torqueSegment = nullptr) {
    const double rpm = std::abs(wheelRpm);
    const double limitedThrottle = rpm >= engine.redlineRpm ? 0.0 : throttle;
    const double combustion =
        limitedThrottle * maxEngineTorque(engine, std::max(rpm, engine.idleRpm), torqueSegment);
    // Engine braking opposes the way the wheels turn the engine (signed rpm).
    const double braking = (1.0 - limitedThrottle) * engine.engineBrakingCoefficient * wheelRpm;
    return combustion - braking;
}

/// Power (W) at a torque and engine speed: P = T * rpm * 2 pi / 60.
double enginePower(double torque, double rpm);

/// The power curve (rpm -> W) derived from the torque curve, sampled at the
/// torque curve's points and at `extraSamples` points between each pair so the
/// hump between points is visible.
Curve powerCurve(const EngineParams& engine, int extraSamples = 8);

/// Peak of the derived power curve: (rpm, W).
CurvePoint peakPower(const EngineParams& engine);

} // namespace vtw
