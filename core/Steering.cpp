#include "Steering.h"

#include "tires/FastMath.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

// Full-Ackermann tangents for a reference angle of magnitude > 0. With R = L / tan(delta):
// tan(inner) = L / (R - t/2) = L tan / (L - t/2 tan), and likewise for the outer wheel;
// this avoids dividing by tan near zero steer.
struct AckermannTangents {
    double innerNumerator = 0.0;   ///< L tan(delta)
    double innerDenominator = 0.0; ///< L - t/2 tan(delta): negative past 90 deg
    double inner = 0.0;            ///< tan(inner) while the denominator is positive
    double outer = 0.0;            ///< tan(outer)
};

AckermannTangents fullAckermannTangents(double sinDelta, double cosDelta, double wheelbase,
                                        double track) {
    const double tanDelta = sinDelta / cosDelta;
    const double halfTrackTan = 0.5 * track * tanDelta;
    AckermannTangents t;
    t.innerNumerator = wheelbase * tanDelta;
    t.innerDenominator = wheelbase - halfTrackTan;
    t.inner = t.innerNumerator / t.innerDenominator;
    t.outer = wheelbase * tanDelta / (wheelbase + halfTrackTan);
    return t;
}

double ackermannShare(double ackermannPercent) { return std::clamp(ackermannPercent, 0.0, 100.0) / 100.0; }

} // namespace

FrontWheelAngles ackermannAngles(double referenceAngle, double wheelbase, double track,
                                 double ackermannPercent) {
    const double magnitude = std::abs(referenceAngle);
    if (magnitude < 1e-9)
        return {referenceAngle, referenceAngle};
    double sinDelta, cosDelta;
    fastSinCos(magnitude, sinDelta, cosDelta);
    const AckermannTangents tan = fullAckermannTangents(sinDelta, cosDelta, wheelbase, track);
    // Past 90 deg (turn centre inside the track) atan2 keeps the inner wheel right.
    const double inner = tan.innerDenominator > 0.0
                             ? fastAtan(tan.inner)
                             : std::atan2(tan.innerNumerator, tan.innerDenominator);
    const double outer = fastAtan(tan.outer);
    const double share = ackermannShare(ackermannPercent);
    const double innerAngle = magnitude + share * (inner - magnitude);
    const double outerAngle = magnitude + share * (outer - magnitude);
    // A left turn (positive angle) has the left wheel inside.
    if (referenceAngle > 0.0)
        return {innerAngle, outerAngle};
    return {-outerAngle, -innerAngle};
}

FrontWheelGeometry frontWheelGeometry(double referenceAngle, double wheelbase, double track,
                                      double ackermannPercent) {
    const double magnitude = std::abs(referenceAngle);
    double sinDelta, cosDelta;
    fastSinCos(magnitude, sinDelta, cosDelta);
    if (magnitude >= 1e-9 && ackermannShare(ackermannPercent) == 1.0) {
        // Full Ackermann, the usual case, without angles or tangents: tan(inner) =
        // L tan / (L - t/2 tan) = L sin / (L cos - t/2 sin), so the inner wheel points
        // along (L cos - t/2 sin, L sin), the outer along (L cos + t/2 sin, L sin).
        // Normalising those needs one square root and one division each, and the two
        // wheels' chains run side by side: the shortest path from the steer angle to
        // the slips, which wait for it every step the steer moves.
        const double along = wheelbase * cosDelta;
        const double across = 0.5 * track * sinDelta;
        const double lateral = wheelbase * sinDelta;
        const double innerAlong = along - across; // negative past the turn centre at the inner wheel
        const double outerAlong = along + across;
        if (innerAlong > 0.0) {
            const double lateral2 = lateral * lateral;
            const double innerScale = 1.0 / std::sqrt(innerAlong * innerAlong + lateral2);
            const double outerScale = 1.0 / std::sqrt(outerAlong * outerAlong + lateral2);
            const double sinInner = lateral * innerScale, cosInner = innerAlong * innerScale;
            const double sinOuter = lateral * outerScale, cosOuter = outerAlong * outerScale;
            if (referenceAngle > 0.0) // a left turn has the left wheel inside
                return {sinInner, cosInner, sinOuter, cosOuter};
            return {-sinOuter, cosOuter, -sinInner, cosInner};
        }
    }
    const FrontWheelAngles angles = ackermannAngles(referenceAngle, wheelbase, track, ackermannPercent);
    FrontWheelGeometry g;
    fastSinCos(angles.left, g.sinLeft, g.cosLeft);
    fastSinCos(angles.right, g.sinRight, g.cosRight);
    return g;
}

double FrontWheelGeometry::left() const { return std::atan2(sinLeft, cosLeft); }
double FrontWheelGeometry::right() const { return std::atan2(sinRight, cosRight); }

double rateLimitedSteer(double current, double target, double maxRate, double dt) {
    const double maxStep = maxRate * dt;
    return current + std::clamp(target - current, -maxStep, maxStep);
}

} // namespace vtw
