#pragma once

#include <array>

namespace vtw {

struct ChassisParams;

/// Wheel indices, PHYSICS.md 0.
enum WheelIndex { FL = 0, FR = 1, RL = 2, RR = 3 };
inline constexpr int WheelCount = 4;
using WheelArray = std::array<double, WheelCount>;

/// Axle loads of PHYSICS.md 2: static split by the CG position plus the
/// longitudinal transfer (h/L) M a, clamped so that neither axle goes negative.
struct AxleLoads {
    double front = 0.0; ///< N
    double rear = 0.0;  ///< N
};
AxleLoads axleLoads(const ChassisParams& chassis, double totalVerticalLoad, double longitudinalAccel);

/// Per-wheel normal loads (N) from the body's accelerations (m/s^2, body frame,
/// from the previous step) and the aerodynamic downforce on each axle. Lateral
/// transfer dW = M ay h / track per axle, split by the front roll-stiffness
/// share. Loads always sum to M g + downforce and none is negative: a wheel
/// that would go negative is lifted (zero) and its axle partner carries it all.
WheelArray wheelLoads(const ChassisParams& chassis, double longitudinalAccel, double lateralAccel,
                      double downforceFront, double downforceRear);

} // namespace vtw
