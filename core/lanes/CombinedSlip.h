#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/lanes/CombinedSlip.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/lanes/Lanes.h"
#include "core/tires/TireParams.h"
#include "core/tires/TireSlip.h"

#include <cmath>

// Combined slip for the pure-slip models (docs/physics.md 6.8).
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
// Both work on a batch of n lanes, each a double (one wheel) or a Quad (four
// wheels, Lanes.h). The pure curves come as one callable that fills 2n lanes at
// once: lanes [0, n) are longitudinal forces at the slip ratios given there,
// lanes [n, 2n) lateral forces at the slip angles. A batch lets the curves' long
// polynomial chains of independent wheels overlap in the processor, and the
// callable inlines the model (no virtual call, no allocation). The rules are
// written with lane selects rather than branches, so a lane of a Quad gets the
// bits a double gets.

namespace vtw {

/// Friction ellipse for n lanes. fxMax and fyMax (N, > 0) are each wheel's pure peaks
/// at its load and surface; a wheel with a non-positive peak gets no force.
template <int n, class T, class PureCurves>
VTW_LANE void combineByFrictionEllipse(const T (&kappa)[n], const T (&alpha)[n], const T (&fxMax)[n],
                                       const T (&fyMax)[n], PureCurves pure, T (&fx)[n],
                                       T (&fy)[n]) {
    T slip[2 * n], force[2 * n];
    for (int w = 0; w < n; ++w) {
        slip[w] = kappa[w];
        slip[n + w] = alpha[w];
    }
    pure(slip, force);
    for (int w = 0; w < n; ++w) {
        const T pureFx = force[w];
        const T pureFy = force[n + w];
        // (fx/fxMax)^2 + (fy/fyMax)^2 <= 1, multiplied through by (fxMax fyMax)^2: a
        // force inside the ellipse, the usual case, costs no division.
        const T a = pureFx * fyMax[w];
        const T b = pureFy * fxMax[w];
        const T r2 = a * a + b * b;
        const T limit = fxMax[w] * fyMax[w];
        const auto inside = r2 <= limit * limit;
        T scaledFx = pureFx, scaledFy = pureFy;
        if (!allLanes(inside)) {
            const T scale = limit / laneSqrt(r2);
            scaledFx = laneSelect(inside, pureFx, pureFx * scale);
            scaledFy = laneSelect(inside, pureFy, pureFy * scale);
        }
        const auto defined = (fxMax[w] > 0.0) & (fyMax[w] > 0.0);
        fx[w] = laneSelect(defined, scaledFx, T{});
        fy[w] = laneSelect(defined, scaledFy, T{});
    }
}

/// Normalised-slip method for n lanes. kappaPeak and alphaPeak (> 0) are each wheel's
/// slip ratio and slip angle (rad) of the pure peaks.
template <int n, class T, class PureCurves>
VTW_LANE void combineByNormalisedSlip(const T (&kappa)[n], const T (&alpha)[n],
                                      const T (&kappaPeak)[n], const T (&alphaPeak)[n],
                                      PureCurves pure, T (&fx)[n], T (&fy)[n]) {
    T slipX[n], scaledAlpha[n], inverseSlipX[n];
    T slip[2 * n], force[2 * n];
    for (int w = 0; w < n; ++w) {
        // Everything is measured in units of the longitudinal peak slip: the normalised
        // slip's length rho is slipX / kappa_p with slipX = sqrt(kappa^2 + (alpha
        // kappa_p / alpha_p)^2), and the curves are read at rho kappa_p = slipX and
        // rho alpha_p = slipX alpha_p / kappa_p. The slips reach the curves through one
        // square root, the peaks' ratios being ready before the slips are. A wheel
        // without peaks gets slipX = 0, which is "at rest" below: no force.
        const auto defined = (kappaPeak[w] > 0.0) & (alphaPeak[w] > 0.0);
        const T toKappa = kappaPeak[w] / alphaPeak[w], toAlpha = alphaPeak[w] / kappaPeak[w];
        scaledAlpha[w] = laneSelect(defined, alpha[w] * toKappa, T{});
        const T scaledKappa = laneSelect(defined, kappa[w], T{});
        slipX[w] = laneSqrt(scaledKappa * scaledKappa + scaledAlpha[w] * scaledAlpha[w]);
        // Pure slip stays exactly on the pure curve (no rounding through the root).
        slip[w] = laneSelect(alpha[w] == 0.0, kappa[w], slipX[w]);
        slip[n + w] = laneSelect(kappa[w] == 0.0, alpha[w], slipX[w] * toAlpha);
        // The shares' one division, off the curves' path: sn / rho = kappa / slipX and
        // an / rho = scaledAlpha / slipX.
        inverseSlipX[w] = 1.0 / slipX[w];
    }
    pure(slip, force);
    for (int w = 0; w < n; ++w) {
        const T shareFx = kappa[w] * inverseSlipX[w] * force[w];
        const T shareFy = scaledAlpha[w] * inverseSlipX[w] * force[n + w];
        // At rest no force; at pure slip the pure curve's; otherwise shared along the slip.
        const auto atRest = slipX[w] == 0.0;
        const auto pureLongitudinal = alpha[w] == 0.0;
        const auto pureLateral = kappa[w] == 0.0;
        fx[w] = laneSelect(atRest | pureLateral, T{}, laneSelect(pureLongitudinal, force[w], shareFx));
        fy[w] = laneSelect(atRest | pureLongitudinal, T{},
                           laneSelect(pureLateral, force[n + w], shareFy));
    }
}

/// Combined force of n lanes by one of the two rules (TireModelKind.h).
template <int n, class T, class PureCurves>
VTW_LANE void combineSlips(CombinedSlipMethod method, const T (&kappa)[n], const T (&alpha)[n],
                           const T (&fxMax)[n], const T (&fyMax)[n], const T (&kappaPeak)[n],
                           const T (&alphaPeak)[n], PureCurves pure, T (&fx)[n], T (&fy)[n]) {
    switch (method) {
    case CombinedSlipMethod::FrictionEllipse:
        combineByFrictionEllipse(kappa, alpha, fxMax, fyMax, pure, fx, fy);
        return;
    case CombinedSlipMethod::NormalisedSlip:
        combineByNormalisedSlip(kappa, alpha, kappaPeak, alphaPeak, pure, fx, fy);
        return;
    }
    for (int w = 0; w < n; ++w)
        fx[w] = fy[w] = T{};
}

} // namespace vtw
