#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/lanes/FastMath.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/lanes/Lanes.h"

#include <cmath>
#include <cstdint>
#include <cstring>

// Polynomial atan, sin, cos and exp for the magic formulas, the hot path's most frequent
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

/// fastSin() of n lanes, each a double or a Quad (the same bits), with one range test for
/// all of them: the usual case, every lane within pi, is the polynomials alone.
template <int n, class T> VTW_LANE void fastSins(const T (&x)[n], T (&out)[n]) {
    constexpr double pi = 3.14159265358979323846;
    auto beyond = laneAbs(x[0]) > pi;
    for (int j = 1; j < n; ++j)
        beyond = beyond | (laneAbs(x[j]) > pi);
    if (!anyLane(beyond)) {
        for (int j = 0; j < n; ++j)
            out[j] = fastSinWithinPi(x[j]);
        return;
    }
    for (int j = 0; j < n; ++j)
        out[j] = fastSin(x[j]);
}

/// sin(x) without a branch or a call, for code that has many of them: x less the nearest
/// multiple of 2 pi (found by the rounding of adding 1.5 * 2^52; one more rounding, an
/// absolute error of about 1e-16 |x| / pi), then fastSinWithinPi(). The same bits as
/// fastSin() for |x| <= pi; for |x| below 1e15.
template <class T> VTW_LANE T fastSinReduced(T x) {
    constexpr double twoPi = 6.28318530717958647692;
    constexpr double inverseTwoPi = 1.0 / twoPi;
    constexpr double shifter = 6755399441055744.0; // 1.5 * 2^52
    const T turns = (x * inverseTwoPi + shifter) - shifter;
    return fastSinWithinPi(x - turns * twoPi);
}

/// cos(x) = sin(pi/2 - |x|) by fastSinReduced(): fastSin()'s relative error (< 1e-9) plus
/// the rounding of pi/2 - |x| (absolute, about 1e-16).
template <class T> VTW_LANE T fastCos(T x) {
    constexpr double halfPi = 1.57079632679489661923;
    return fastSinReduced(halfPi - laneAbs(x));
}

/// 2^k for shifted = shifter + k, shifter = 1.5 * 2^52 and k an integer in [-1022, 1023]: k is
/// then the difference of the two doubles' bits, and 2^k the double whose exponent is k.
VTW_LANE double exponentTwoTo(double shifted, double shifter) {
    std::int64_t a, b;
    std::memcpy(&a, &shifted, sizeof a);
    std::memcpy(&b, &shifter, sizeof b);
    const std::int64_t bits = (a - b + 1023) << 52;
    double out;
    std::memcpy(&out, &bits, sizeof out);
    return out;
}
VTW_LANE Quad exponentTwoTo(Quad shifted, double shifter) {
    const QuadMask k = (QuadMask)shifted - (QuadMask)quad(shifter);
    return (Quad)((k + 1023) << 52);
}

/// exp(x) for |x| <= 708 (the normal range of a double): x = k ln 2 + r with |r| <= ln 2 / 2,
/// exp(r) by its Taylor polynomial to r^12 (remainder below r^13 / 13! e^r < 2.4e-16), 2^k
/// written into the exponent bits. Relative error a few 1e-16 (tst_tires: below 1e-14).
/// Arguments beyond +-708 are clamped to it.
template <class T> VTW_LANE T fastExp(T x) {
    constexpr double log2e = 1.4426950408889634074;
    constexpr double ln2High = 0.693147180369123816490; // ln 2 split so k ln2High is exact
    constexpr double ln2Low = 1.90821492927058770002e-10;
    constexpr double shifter = 6755399441055744.0; // 1.5 * 2^52: adding it rounds to an integer
    const T clamped = laneMin(laneMax(x, T{} - 708.0), T{} + 708.0);
    const T shifted = clamped * log2e + shifter;
    const T k = shifted - shifter; // nearest integer to x / ln 2
    const T r = (clamped - k * ln2High) - k * ln2Low;
    const T r2 = r * r;
    const T r4 = r2 * r2;
    const T r8 = r4 * r4;
    // Estrin's scheme over the Taylor coefficients 1/n!.
    const T p01 = 1.0 + r;
    const T p23 = 1.0 / 2.0 + (1.0 / 6.0) * r;
    const T p45 = 1.0 / 24.0 + (1.0 / 120.0) * r;
    const T p67 = 1.0 / 720.0 + (1.0 / 5040.0) * r;
    const T p89 = 1.0 / 40320.0 + (1.0 / 362880.0) * r;
    const T p1011 = 1.0 / 3628800.0 + (1.0 / 39916800.0) * r;
    constexpr double p12 = 1.0 / 479001600.0;
    const T p = (p01 + p23 * r2) + (p45 + p67 * r2) * r4 + ((p89 + p1011 * r2) + p12 * r4) * r8;
    return p * exponentTwoTo(shifted, shifter);
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
