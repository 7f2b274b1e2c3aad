#pragma once

namespace vtw {

/// Road-wheel angles of the two front wheels (rad, positive = left).
struct FrontWheelAngles {
    double left = 0.0;
    double right = 0.0;
};

/// Ackermann geometry (PHYSICS.md 8). `referenceAngle` is the bicycle-model
/// angle delta; the turn centre lies on the extended rear axle at
/// R = L / tan(delta). Full Ackermann gives the inner wheel atan(L / (R - t/2))
/// and the outer atan(L / (R + t/2)); `ackermannPercent` blends linearly
/// between parallel steer (0) and that (100).
FrontWheelAngles ackermannAngles(double referenceAngle, double wheelbase, double track,
                                 double ackermannPercent);

/// Move the actual steer angle toward the target by at most rate*dt.
double rateLimitedSteer(double current, double target, double maxRate, double dt);

} // namespace vtw
