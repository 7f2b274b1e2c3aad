#pragma once

#include "core/tires/TireParams.h"
#include "core/tires/TireSlip.h"

#include <cmath>

// Slip-speed friction model [CARZ physics model; docs/physics.md 6.7].
//
// The force depends only on how fast the contact patch slides over the ground:
// slip vector L = V - vc P, in the wheel frame (vx - omega R, vy) =
// |vx| (-kappa, tan alpha), so l = |L| = |vx| sqrt(kappa^2 + tan^2 alpha). The
// friction u(l) = mu Fz l / (K + l) rises steeply and levels off at mu Fz; the
// force opposes the sliding, which in the slips' signs is u (kappa, tan alpha)/r,
// r = sqrt(kappa^2 + tan^2 alpha). Slope at zero: mu Fz |vx| / K per unit slip.
//
// Surface grip uses the similarity method [Pacejka, Tyre and Vehicle Dynamics]
// in the sliding speed, u_mu(l) = mu u_1(l / mu): FMAX scales with mu and so
// does K, so the slope at zero is unchanged, as in the other models.

namespace vtw {

/// Combined force (N, in the slips' signs). contactSpeed: |vx| at the wheel (m/s).
inline SlipForce slipSpeedForce(const SlipSpeedParams& p, double kappa, double tanAlpha,
                                double contactSpeed, double normalLoad, double grip) {
    const double r = std::sqrt(kappa * kappa + tanAlpha * tanAlpha);
    const double l = std::fabs(contactSpeed) * r; // sliding speed, m/s
    if (!(l > 0.0))
        return {};
    const double friction = p.frictionCoefficient * grip * normalLoad;
    const double u = friction * l / (grip * p.halfForceSlipSpeed + l);
    const double k = u / r;
    return {k * kappa, k * tanAlpha};
}

} // namespace vtw
