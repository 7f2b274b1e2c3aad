#pragma once

#include "core/tires/TireParams.h"

#include <cmath>

// Tabulated tire [Car Physics for Games, Monster 2003; docs/physics.md 6.2]: the user
// draws the normalised force against slip for positive slip; negative slip is
// the mirror image, so the curve is odd by construction.
//
// Surface grip uses the similarity method [Pacejka, Tyre and Vehicle Dynamics]:
// F_mu(x) = mu * F_1(x / mu). Peak and sliding forces scale with mu, the peak
// moves to a proportionally smaller slip, and the slope at zero (the tire's
// stiffness) is unchanged, as in the brush and Calspan models.

namespace vtw {

/// Force (N, sign of x) of one mirrored, normalised table at a load and surface grip.
inline double tableForce(const Curve& normalised, double x, double normalLoad, double grip) {
    if (!(grip > 0.0))
        return 0.0;
    const double magnitude = grip * normalLoad * normalised.evaluate(std::fabs(x) / grip);
    return x < 0.0 ? -magnitude : magnitude;
}

/// Pure longitudinal force (N, sign of kappa).
inline double tableLongitudinal(const TableTireParams& p, double kappa, double normalLoad,
                                double grip) {
    return tableForce(p.longitudinal, kappa, normalLoad, grip);
}

/// Pure lateral force (N, sign of alpha); the lateral table's x is the slip angle in rad.
inline double tableLateral(const TableTireParams& p, double alpha, double normalLoad, double grip) {
    return tableForce(p.lateral, alpha, normalLoad, grip);
}

} // namespace vtw
