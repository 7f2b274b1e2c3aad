#pragma once

#include "core/vehicle/Setup.h"

#include <vector>

namespace vtw {

// Top speed per gear from the steady-state force balance (docs/physics.md 1 and 3):
// in each gear the car is limited either by the engine reaching its redline or
// by full-throttle drive force meeting drag plus rolling resistance, whichever
// comes first. No tire slip and no shift dynamics: this is the quick figure the
// editor shows after every edit; the top-speed maneuver is the simulated one.

enum class GearSpeedLimit {
    Redline,    ///< the engine reaches its redline before the forces balance
    Drag,       ///< drive force meets drag + rolling resistance below redline
    Unreachable ///< drive force never reaches the resistance in this gear
};

struct GearTopSpeed {
    int gear = 0;              ///< 1-based
    double ratio = 0.0;        ///< x_g
    double redlineSpeed = 0.0; ///< m/s, road speed at the redline in this gear
    double topSpeed = 0.0;     ///< m/s, the lower of the two limits (0 if unreachable)
    GearSpeedLimit limit = GearSpeedLimit::Redline;
};

/// Full-throttle drive force (N) at a road speed in a gear: the engine speed
/// the wheels impose (held at least at idle, as a slipping clutch would) read
/// on the torque curve, zero above the redline.
double fullThrottleDriveForce(const Setup& setup, double gearRatio, double speed);

/// Drag plus rolling resistance (N) at a steady road speed (m/s), with the
/// load-based rolling resistance taking the downforce into account.
double roadResistance(const Setup& setup, double speed);

/// The radius (m) of the driven wheels (the mean of both axles for AWD).
double drivenWheelRadius(const Setup& setup);

/// One entry per forward gear, in gear order.
std::vector<GearTopSpeed> gearTopSpeeds(const Setup& setup);

} // namespace vtw
