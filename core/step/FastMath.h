#pragma once

#include "Lanes.h"

#include <cmath>

// Polynomial atan and sin for the magic formulas, the hot path's most frequent
// calls: glibc's atan and sin take about 10 ns each, these about a third of
// that. The coefficients are Chebyshev fits (mpmath chebyfit, fitted for this
// project) of atan(sqrt(u))/sqrt(u) on u in [0, 1] and sin(sqrt(u))/sqrt(u) on
// u in [0, (pi/2)^2]; fit errors 7e-11 and 5e-14. tst_tires bounds both against
// the standard functions (relative error below 1e-9) over the ranges used.
//
// fastAtan and fastSin take a double or a Quad (four lanes, Lanes.h): the same
// operations in the same order, so each lane has the bits of the double call.

namespace vtw {

/// atan(t) for t in [0, 1], the polynomial both fastAtan variants share.
template <class T> VTW_LANE T fastAtanWithinOne(T t) {
    const T u = t * t;
    // Estrin's scheme: pairs, then pairs of pairs. The same polynomial as Horner's rule
    // with a dependency chain of 5 multiplies instead of 12, which is what the step waits on.
    const T u2 = u * u;
    const T u4 = u2 * u2;
    const T u8 = u4 * u4;
    const T p01 = 0.99999999992930368 - 0.33333331290889988 * u;
    const T p23 = 0.19999901102171554 - 0.14283813255743194 * u;
    const T p45 = 0.11091922963683302 - 0.089741719583638811 * u;
    const T p67 = 0.072282783453772522 - 0.053956680571371718 * u;
    const T p89 = 0.033826218952786872 - 0.015828322749149416 * u;
    const T p1011 = 0.0047324841934219207 - 0.00066339545711047872 * u;
    const T p = (p01 + p23 * u2) + (p45 + p67 * u2) * u4 + (p89 + p1011 * u2) * u8;
    return t * p;
}

/// atan(x) for any x (relative error < 1e-9; |x| > 1 through atan(x) = pi/2 - atan(1/x)).
template <class T> VTW_LANE T fastAtan(T x) {
    constexpr double halfPi = 1.57079632679489661923;
    const T a = laneAbs(x);
    const auto inverted = a > 1.0;
    const T r = fastAtanWithinOne(laneSelect(inverted, 1.0 / a, a));
    return laneCopySign(laneSelect(inverted, halfPi - r, r), x);
}

/// fastAtan(x), bit for bit, for arguments that are mostly within [-1, 1] (the tan of
/// a slip angle under 45 deg): the reciprocal is only worked out when a lane needs it,
/// so the usual case does not wait for a division.
template <class T> VTW_LANE T fastAtanMostlyWithinOne(T x) {
    const T a = laneAbs(x);
    if (anyLane(a > 1.0))
        return fastAtan(x);
    return laneCopySign(fastAtanWithinOne(a), x);
}

/// sin(x) for |x| <= pi (folded onto [0, pi/2]); relative error < 1e-9, absolute near
/// +-pi limited by the rounding of pi (about 1e-16). For callers whose argument is
/// already in range (fastSinCos() after its reduction): no test for std::sin.
template <class T> VTW_LANE T fastSinWithinPi(T x) {
    constexpr double pi = 3.14159265358979323846;
    constexpr double halfPi = pi / 2.0;
    const T a = laneAbs(x);
    const T r = laneSelect(a > halfPi, pi - a, a);
    const T u = r * r;
    const T u2 = u * u;
    const T u4 = u2 * u2; // Estrin's scheme, as in fastAtan()
    const T p01 = 0.99999999999994965 - 0.16666666666466672 * u;
    const T p23 = 0.0083333333203583485 - 0.00019841266683130673 * u;
    const T p45 = 2.7556952912858048e-6 - 2.5030268188822791e-8 * u;
    constexpr double p6 = 1.5411219746648899e-10;
    const T p = (p01 + p23 * u2) + (p45 + p6 * u2) * u4;
    return laneCopySign(r * p, x);
}

/// sin(x): fastSinWithinPi() for |x| <= pi, std::sin beyond.
VTW_LANE double fastSin(double x) {
    constexpr double pi = 3.14159265358979323846;
    return std::fabs(x) > pi ? std::sin(x) : fastSinWithinPi(x);
}
VTW_LANE Quad fastSin(Quad x) {
    constexpr double pi = 3.14159265358979323846;
    if (!anyLane(laneAbs(x) > pi))
        return fastSinWithinPi(x);
    return Quad{fastSin(x[0]), fastSin(x[1]), fastSin(x[2]), fastSin(x[3])};
}

/// sin and cos of any angle: reduced to [-pi, pi] (one rounding, fine for the
/// headings and steer angles of a simulation), then cos(x) = sin(pi/2 - |x|).
/// Absolute error < 1e-9 for |x| up to 1e4 rad (tst_tires).
VTW_LANE void fastSinCos(double x, double& s, double& c) {
    constexpr double twoPi = 6.28318530717958647692;
    constexpr double halfPi = 1.57079632679489661923;
    constexpr double pi = twoPi / 2.0;
    // Most calls are already in range, where the reduction would subtract zero.
    const double reduced = std::fabs(x) <= pi ? x : x - twoPi * std::nearbyint(x / twoPi);
    // Both polynomials as two lanes of one vector: half the instructions, the same bits
    // (the step's last link, the new heading to the position, waits on this; measured
    // about 1.5 ns a step).
    const Quad sinCos = fastSinWithinPi(Quad{reduced, halfPi - std::fabs(reduced), 0.0, 0.0});
    s = sinCos[0];
    c = sinCos[1];
}

} // namespace vtw
