#pragma once

#include "TireSlip.h"

#include <cmath>

// Combined slip for the pure-slip models (PHYSICS.md 6.8).
//
// Linear, table, magic-formula and Pacejka '94 tires only describe a force
// against one slip at a time. Two rules turn the pair of pure curves into one
// combined force:
// - friction ellipse: evaluate both pure forces and, if the point lies outside
//   the ellipse of the two pure peaks, pull it back onto the ellipse;
// - normalised slip (the Racer-style method): measure each slip in units of its
//   own peak slip, take the length rho of that normalised slip vector, read each
//   pure curve at rho peaks and share the result in the slip vector's direction.
//   Unlike the ellipse, this makes the force of a sliding tire point along the
//   slip, and a locked wheel keeps no lateral grip.
// Both never exceed the larger pure peak.
//
// Both work on a batch of n wheels. The pure curves come as one callable that
// fills 2n "lanes" at once: lanes [0, n) are longitudinal forces at the slip
// ratios given there, lanes [n, 2n) lateral forces at the slip angles. A batch
// lets the curves' long polynomial chains of independent wheels overlap in the
// processor, and the callable inlines the model (no virtual call, no allocation).

namespace vtw {

/// Friction ellipse for n wheels. fxMax and fyMax (N, > 0) are each wheel's pure peaks
/// at its load and surface; a wheel with a non-positive peak gets no force.
template <int n, class PureCurves>
void combineByFrictionEllipse(const double (&kappa)[n], const double (&alpha)[n],
                              const double (&fxMax)[n], const double (&fyMax)[n],
                              PureCurves pure, SlipForce (&out)[n]) {
    double slip[2 * n], force[2 * n];
    for (int w = 0; w < n; ++w) {
        slip[w] = kappa[w];
        slip[n + w] = alpha[w];
    }
    pure(slip, force);
    for (int w = 0; w < n; ++w) {
        const double fx = force[w];
        const double fy = force[n + w];
        if (!(fxMax[w] > 0.0) || !(fyMax[w] > 0.0)) {
            out[w] = {};
            continue;
        }
        // (fx/fxMax)^2 + (fy/fyMax)^2 <= 1, multiplied through by (fxMax fyMax)^2: a
        // force inside the ellipse, the usual case, costs no division.
        const double a = fx * fyMax[w];
        const double b = fy * fxMax[w];
        const double r2 = a * a + b * b;
        const double limit = fxMax[w] * fyMax[w];
        if (r2 <= limit * limit) {
            out[w] = {fx, fy};
            continue;
        }
        const double scale = limit / std::sqrt(r2);
        out[w] = {fx * scale, fy * scale};
    }
}

/// Normalised-slip method for n wheels. kappaPeak and alphaPeak (> 0) are each wheel's
/// slip ratio and slip angle (rad) of the pure peaks.
template <int n, class PureCurves>
void combineByNormalisedSlip(const double (&kappa)[n], const double (&alpha)[n],
                             const double (&kappaPeak)[n], const double (&alphaPeak)[n],
                             PureCurves pure, SlipForce (&out)[n]) {
    double sn[n], an[n], rho[n];
    double slip[2 * n], force[2 * n];
    for (int w = 0; w < n; ++w) {
        const bool defined = kappaPeak[w] > 0.0 && alphaPeak[w] > 0.0;
        sn[w] = defined ? kappa[w] / kappaPeak[w] : 0.0;
        an[w] = defined ? alpha[w] / alphaPeak[w] : 0.0;
        rho[w] = std::sqrt(sn[w] * sn[w] + an[w] * an[w]);
        // Pure slip stays exactly on the pure curve (no rounding through rho).
        slip[w] = an[w] == 0.0 ? kappa[w] : rho[w] * kappaPeak[w];
        slip[n + w] = sn[w] == 0.0 ? alpha[w] : rho[w] * alphaPeak[w];
    }
    pure(slip, force);
    for (int w = 0; w < n; ++w) {
        if (rho[w] == 0.0)
            out[w] = {};
        else if (an[w] == 0.0)
            out[w] = {force[w], 0.0};
        else if (sn[w] == 0.0)
            out[w] = {0.0, force[n + w]};
        else {
            const double invRho = 1.0 / rho[w];
            out[w] = {sn[w] * invRho * force[w], an[w] * invRho * force[n + w]};
        }
    }
}

} // namespace vtw
