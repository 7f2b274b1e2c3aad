#include "core/chassis/Steering.h"

#include "core/lanes/FastMath.h"
#include "core/lanes/FullAckermann.h"

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

VTW_WHEEL_LANES_CLONES
void wheelSteer(double referenceAngle, double wheelbase, double track, double ackermannPercent,
                WheelSteer& out) {
    if (ackermannShare(ackermannPercent) == 1.0 && fullAckermannSteer(referenceAngle, wheelbase, track, out))
        return;
    const FrontWheelAngles angles = ackermannAngles(referenceAngle, wheelbase, track, ackermannPercent);
    FrontWheelGeometry g;
    fastSinCos(angles.left, g.sinLeft, g.cosLeft);
    fastSinCos(angles.right, g.sinRight, g.cosRight);
    storeQuad(Quad{g.cosLeft, g.cosRight, 1.0, 1.0}, out.cos);
    storeQuad(Quad{g.sinLeft, g.sinRight, 0.0, 0.0}, out.sin);
}

FrontWheelGeometry frontWheelGeometry(double referenceAngle, double wheelbase, double track,
                                      double ackermannPercent) {
    WheelSteer steer;
    wheelSteer(referenceAngle, wheelbase, track, ackermannPercent, steer);
    return steer.front();
}

double FrontWheelGeometry::left() const { return std::atan2(sinLeft, cosLeft); }
double FrontWheelGeometry::right() const { return std::atan2(sinRight, cosRight); }

} // namespace vtw
