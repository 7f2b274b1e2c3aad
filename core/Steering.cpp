#include "Steering.h"

#include <algorithm>
#include <cmath>

namespace vtw {

FrontWheelAngles ackermannAngles(double referenceAngle, double wheelbase, double track,
                                 double ackermannPercent) {
    const double magnitude = std::abs(referenceAngle);
    if (magnitude < 1e-9)
        return {referenceAngle, referenceAngle};
    const double turnRadius = wheelbase / std::tan(magnitude);
    // atan2 keeps the inner wheel right even if the turn centre falls inside the track.
    const double inner = std::atan2(wheelbase, turnRadius - 0.5 * track);
    const double outer = std::atan2(wheelbase, turnRadius + 0.5 * track);
    const double share = std::clamp(ackermannPercent, 0.0, 100.0) / 100.0;
    const double innerAngle = magnitude + share * (inner - magnitude);
    const double outerAngle = magnitude + share * (outer - magnitude);
    // A left turn (positive angle) has the left wheel inside.
    if (referenceAngle > 0.0)
        return {innerAngle, outerAngle};
    return {-outerAngle, -innerAngle};
}

double rateLimitedSteer(double current, double target, double maxRate, double dt) {
    const double maxStep = maxRate * dt;
    return current + std::clamp(target - current, -maxStep, maxStep);
}

} // namespace vtw
