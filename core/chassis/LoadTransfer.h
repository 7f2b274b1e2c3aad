#pragma once

#include "core/vehicle/Wheels.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace vtw {

struct ChassisParams;

/// Axle loads of docs/physics.md 2: static split by the CG position plus the
/// longitudinal transfer (h/L) M a, clamped so that neither axle goes negative.
struct AxleLoads {
    double front = 0.0; ///< N
    double rear = 0.0;  ///< N
};
AxleLoads axleLoads(const ChassisParams& chassis, double totalVerticalLoad, double longitudinalAccel);

/// The load on each of an axle's wheels with the car at rest (N): the axle's share of
/// the weight by the CG position, M g c / L at the front and M g b / L at the rear
/// (docs/physics.md 2), split between its two wheels.
double staticWheelLoad(const ChassisParams& chassis, bool front);

namespace loadsplit {

/// The front axle's load after a longitudinal transfer, clamped so that neither
/// axle goes negative; the rear carries the rest.
inline AxleLoads splitAxles(double total, double staticFront, double transfer) {
    const double front = std::clamp(staticFront - transfer, 0.0, total);
    return {front, total - front};
}

} // namespace loadsplit

/// Per-wheel normal loads (N) from the body's accelerations (m/s^2, body frame,
/// from the previous step) and the aerodynamic downforce on each axle. Lateral
/// transfer dW = M ay h / track per axle, split by the front roll-stiffness
/// share. Loads always sum to M g + downforce and none is negative: a wheel
/// that would go negative is lifted (zero) and its axle partner carries it all.
WheelArray wheelLoads(const ChassisParams& chassis, double longitudinalAccel, double lateralAccel,
                      double downforceFront, double downforceRear);

} // namespace vtw
