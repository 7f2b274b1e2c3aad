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
// Both never exceed the larger pure peak. The pure curves are passed as
// callables so that a model's functions inline into Tire::evaluate (no virtual
// call, no allocation).

namespace vtw {

/// Friction ellipse. fx0(kappa) and fy0(alpha) are the pure forces in the slips'
/// signs; fxMax and fyMax (N, > 0) the pure peaks at this load and surface.
template <class PureLongitudinal, class PureLateral>
SlipForce combineByFrictionEllipse(double kappa, double alpha, double fxMax, double fyMax,
                                   PureLongitudinal fx0, PureLateral fy0) {
    if (!(fxMax > 0.0) || !(fyMax > 0.0))
        return {};
    const double fx = fx0(kappa);
    const double fy = fy0(alpha);
    const double ux = fx / fxMax;
    const double uy = fy / fyMax;
    const double q = ux * ux + uy * uy;
    if (q <= 1.0)
        return {fx, fy};
    const double scale = 1.0 / std::sqrt(q);
    return {fx * scale, fy * scale};
}

/// Normalised-slip method. kappaPeak and alphaPeak (> 0) are the slip ratio and slip
/// angle (rad) of the pure peaks.
template <class PureLongitudinal, class PureLateral>
SlipForce combineByNormalisedSlip(double kappa, double alpha, double kappaPeak, double alphaPeak,
                                  PureLongitudinal fx0, PureLateral fy0) {
    if (!(kappaPeak > 0.0) || !(alphaPeak > 0.0))
        return {};
    const double sn = kappa / kappaPeak;
    const double an = alpha / alphaPeak;
    const double rho = std::sqrt(sn * sn + an * an);
    if (rho == 0.0)
        return {};
    // Pure slip stays exactly on the pure curve (no rounding through rho).
    if (an == 0.0)
        return {fx0(kappa), 0.0};
    if (sn == 0.0)
        return {0.0, fy0(alpha)};
    const double invRho = 1.0 / rho;
    return {sn * invRho * fx0(rho * kappaPeak), an * invRho * fy0(rho * alphaPeak)};
}

} // namespace vtw
