#pragma once

#include <algorithm>

// The peak of a curve without a closed form, by a search: the pure curves of the models
// whose peak slips Tire finds once (its constructor), and Calspan's friction limits.

namespace vtw {

inline constexpr double maxSearchSlipRatio = 1.0;  // braking side, locked wheel
inline constexpr double maxSearchSlipAngle = 1.4;  // rad, about 80 deg: tan stays finite

struct Peak {
    double slip = 0.0;  ///< where the force peaks (or reaches 95 % of its sliding value)
    double force = 0.0; ///< the largest force found, N
};

// Peak of a non-negative curve f on [0, xMax]: a grid scan, then a golden-section
// refinement around the best grid point. A curve still rising at xMax saturates
// rather than peaks; its characteristic slip is where it first reaches 95 % of
// the force at xMax.
template <class Curve> Peak findPeak(Curve f, double xMax) {
    constexpr double saturationFraction = 0.95; // "peak" of a curve without a maximum
    constexpr int n = 200;
    const double step = xMax / n;
    int best = 0;
    double bestForce = f(0.0);
    for (int i = 1; i <= n; ++i) {
        const double v = f(i * step);
        if (v > bestForce) {
            best = i;
            bestForce = v;
        }
    }
    if (best == n) {
        const double target = saturationFraction * bestForce;
        int i = 1;
        while (i < n && f(i * step) < target)
            ++i;
        double lo = (i - 1) * step;
        double hi = i * step;
        for (int k = 0; k < 60; ++k) {
            const double mid = 0.5 * (lo + hi);
            (f(mid) < target ? lo : hi) = mid;
        }
        return {hi, bestForce};
    }
    if (best == 0)
        return {0.0, bestForce};
    constexpr double invPhi = 0.6180339887498949;
    double a = (best - 1) * step;
    double b = (best + 1) * step;
    double c = b - invPhi * (b - a);
    double d = a + invPhi * (b - a);
    double fc = f(c);
    double fd = f(d);
    for (int k = 0; k < 80 && b - a > 1e-12 * xMax; ++k) {
        if (fc > fd) {
            b = d;
            d = c;
            fd = fc;
            c = b - invPhi * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + invPhi * (b - a);
            fd = f(d);
        }
    }
    const double x = 0.5 * (a + b);
    return {x, std::max(bestForce, f(x))};
}

} // namespace vtw
