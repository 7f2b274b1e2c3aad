#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/lanes/FullAckermann.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/chassis/Steering.h"
#include "core/lanes/FastMath.h"

#include <algorithm>
#include <cmath>

namespace vtw {

/// The share of full Ackermann in a setup's steering: 0 parallel steer, 1 full (docs/physics.md 8).
inline double ackermannShare(double ackermannPercent) { return std::clamp(ackermannPercent, 0.0, 100.0) / 100.0; }

/// wheelSteer()'s usual case, full Ackermann (share 1) at a reference angle of magnitude
/// in [1e-9, pi/2] with the turn centre beyond the inner wheel: writes the wheels'
/// directions and returns true; otherwise returns false and writes nothing, and
/// wheelSteer() takes its general path. Forced inline (VTW_LANE), so that the step works
/// it out in place, every step the steer moves.
///
/// Without angles or tangents: tan(inner) = L tan / (L - t/2 tan) = L sin / (L cos - t/2
/// sin), so the inner wheel points along (L cos - t/2 sin, L sin), the outer along (L cos
/// + t/2 sin, L sin). Normalising those needs one square root and one division each. This
/// is the shortest path from the steer angle to the slips, which wait for it, so the sine
/// and cosine, and then the wheels, are lanes of one vector (the bits of the scalar
/// expressions). The rear lanes point along (1, 0), which normalises to exactly 1 and 0.
VTW_LANE bool fullAckermannSteer(double referenceAngle, double wheelbase, double track, WheelSteer& out) {
    constexpr double halfPi = 1.57079632679489661923;
    const double magnitude = std::abs(referenceAngle);
    if (!(magnitude >= 1e-9 && magnitude <= halfPi))
        return false;
    double sinDelta, cosDelta;
    fastSinCos(magnitude, sinDelta, cosDelta);
    const double along = wheelbase * cosDelta;
    const double across = 0.5 * track * sinDelta;
    const double lateral = wheelbase * sinDelta;
    const double innerAlong = along - across; // negative past the turn centre at the inner wheel
    if (!(innerAlong > 0.0))
        return false;
    // A left turn has the left wheel inside; a right turn swaps the front lanes and
    // mirrors the sines.
    const bool left = referenceAngle > 0.0;
    const Quad alongs = left ? Quad{innerAlong, along + across, 1.0, 1.0} : Quad{along + across, innerAlong, 1.0, 1.0};
    const Quad laterals = left ? Quad{lateral, lateral, 0.0, 0.0} : Quad{-lateral, -lateral, 0.0, 0.0};
    const Quad scales = 1.0 / laneSqrt(alongs * alongs + laterals * laterals);
    storeQuad(alongs * scales, out.cos);
    storeQuad(laterals * scales, out.sin);
    return true;
}

} // namespace vtw
