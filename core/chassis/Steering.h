#pragma once

#include "core/vehicle/Wheels.h"

#include <algorithm>

namespace vtw {

/// Road-wheel angles of the two front wheels (rad, positive = left).
struct FrontWheelAngles {
    double left = 0.0;
    double right = 0.0;
};

/// Ackermann geometry (docs/physics.md 8). `referenceAngle` is the bicycle-model
/// angle delta; the turn centre lies on the extended rear axle at
/// R = L / tan(delta). Full Ackermann gives the inner wheel atan(L / (R - t/2))
/// and the outer atan(L / (R + t/2)); `ackermannPercent` blends linearly
/// between parallel steer (0) and that (100).
FrontWheelAngles ackermannAngles(double referenceAngle, double wheelbase, double track,
                                 double ackermannPercent);

/// The sines and cosines of the front wheels' angles of ackermannAngles(), as the
/// step's sample records them (WheelSteer::front()). The angles themselves are only
/// read for telemetry, so they are recovered from these on demand.
struct FrontWheelGeometry {
    double sinLeft = 0.0, cosLeft = 1.0;
    double sinRight = 0.0, cosRight = 1.0;
    double left() const;  ///< rad, FL road-wheel angle
    double right() const; ///< rad, FR road-wheel angle
};
FrontWheelGeometry frontWheelGeometry(double referenceAngle, double wheelbase, double track,
                                      double ackermannPercent);

/// The same sines and cosines laid out as the step's lanes load them: per wheel (FL,
/// FR, RL, RR; the rear wheels do not steer, cosine 1 and sine 0), each array one
/// 32-byte vector. On the AVX2 build wheelSteer()'s full-Ackermann path, the one the
/// step takes, writes each array with one vector store, because the step loads it
/// right after, and a vector load that spans several narrower stores still in flight
/// waits until they reach the cache (measured: about 5 ns a step).
struct WheelSteer {
    WheelLanes cos{1.0, 1.0, 1.0, 1.0};
    WheelLanes sin{};
    FrontWheelGeometry front() const { return {sin[FL], cos[FL], sin[FR], cos[FR]}; }
};
void wheelSteer(double referenceAngle, double wheelbase, double track, double ackermannPercent,
                WheelSteer& out);

/// The wheels' steer cosines and sines for one reference steer angle. Computing
/// them costs a sine, a cosine, a square root and a division, so the simulator
/// caches them while the steer does not move.
struct SteerGeometry {
    WheelSteer wheels;
    double referenceAngle = 0.0;
};

/// Move the actual steer angle toward the target by at most rate*dt.
inline double rateLimitedSteer(double current, double target, double maxRate, double dt) {
    const double maxStep = maxRate * dt;
    return current + std::clamp(target - current, -maxStep, maxStep);
}

} // namespace vtw
