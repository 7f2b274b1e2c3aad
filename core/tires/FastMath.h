#pragma once

#include <cmath>

// Polynomial atan and sin for the magic formulas, the hot path's most frequent
// calls: glibc's atan and sin take about 10 ns each, these about a third of
// that. The coefficients are Chebyshev fits (mpmath chebyfit, fitted for this
// project) of atan(sqrt(u))/sqrt(u) on u in [0, 1] and sin(sqrt(u))/sqrt(u) on
// u in [0, (pi/2)^2]; fit errors 7e-11 and 5e-14. tst_tires bounds both against
// the standard functions (relative error below 1e-9) over the ranges used.

namespace vtw {

/// atan(x) for any x (relative error < 1e-9; |x| > 1 through atan(x) = pi/2 - atan(1/x)).
inline double fastAtan(double x) {
    constexpr double halfPi = 1.57079632679489661923;
    const double a = std::fabs(x);
    const bool inverted = a > 1.0;
    const double t = inverted ? 1.0 / a : a;
    const double u = t * t;
    double p = -0.00066339545711047872;
    p = p * u + 0.0047324841934219207;
    p = p * u - 0.015828322749149416;
    p = p * u + 0.033826218952786872;
    p = p * u - 0.053956680571371718;
    p = p * u + 0.072282783453772522;
    p = p * u - 0.089741719583638811;
    p = p * u + 0.11091922963683302;
    p = p * u - 0.14283813255743194;
    p = p * u + 0.19999901102171554;
    p = p * u - 0.33333331290889988;
    p = p * u + 0.99999999992930368;
    double r = t * p;
    if (inverted)
        r = halfPi - r;
    return std::copysign(r, x);
}

/// sin(x): polynomial for |x| <= pi (folded onto [0, pi/2]), std::sin beyond. Relative
/// error < 1e-9, absolute near +-pi limited by the rounding of pi (about 1e-16).
inline double fastSin(double x) {
    constexpr double pi = 3.14159265358979323846;
    constexpr double halfPi = pi / 2.0;
    const double a = std::fabs(x);
    if (a > pi)
        return std::sin(x);
    const double r = a > halfPi ? pi - a : a;
    const double u = r * r;
    double p = 1.5411219746648899e-10;
    p = p * u - 2.5030268188822791e-8;
    p = p * u + 2.7556952912858048e-6;
    p = p * u - 0.00019841266683130673;
    p = p * u + 0.0083333333203583485;
    p = p * u - 0.16666666666466672;
    p = p * u + 0.99999999999994965;
    return std::copysign(r * p, x);
}

/// sin and cos of any angle: reduced to [-pi, pi] (one rounding, fine for the
/// headings and steer angles of a simulation), then cos(x) = sin(pi/2 - |x|).
/// Absolute error < 1e-9 for |x| up to 1e4 rad (tst_tires).
inline void fastSinCos(double x, double& s, double& c) {
    constexpr double twoPi = 6.28318530717958647692;
    constexpr double halfPi = 1.57079632679489661923;
    const double reduced = x - twoPi * std::nearbyint(x / twoPi);
    s = fastSin(reduced);
    c = fastSin(halfPi - std::fabs(reduced));
}

} // namespace vtw
