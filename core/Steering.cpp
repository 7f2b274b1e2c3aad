#include "Steering.h"

#include "tires/FastMath.h"

#include <algorithm>
#include <cmath>

namespace vtw {

FrontWheelAngles ackermannAngles(double referenceAngle, double wheelbase, double track,
                                 double ackermannPercent) {
    const double magnitude = std::abs(referenceAngle);
    if (magnitude < 1e-9)
        return {referenceAngle, referenceAngle};
    // With R = L / tan(delta): tan(inner) = L / (R - t/2) = L tan / (L - t/2 tan), and
    // likewise for the outer wheel; this avoids dividing by tan near zero steer.
    double sinDelta, cosDelta;
    fastSinCos(magnitude, sinDelta, cosDelta);
    const double tanDelta = sinDelta / cosDelta;
    const double halfTrackTan = 0.5 * track * tanDelta;
    const double innerDen = wheelbase - halfTrackTan;
    // Past 90 deg (turn centre inside the track) atan2 keeps the inner wheel right.
    const double inner = innerDen > 0.0 ? fastAtan(wheelbase * tanDelta / innerDen)
                                        : std::atan2(wheelbase * tanDelta, innerDen);
    const double outer = fastAtan(wheelbase * tanDelta / (wheelbase + halfTrackTan));
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
