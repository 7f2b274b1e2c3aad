#pragma once

#include "TireParams.h"

#include <algorithm>

// Linear tire, capped at the friction limit [Car Physics for Games, Monster 2003;
// PHYSICS.md 6.1]. The simplest model that still saturates: force grows with the
// slip at the stated stiffness until it reaches mu*Fz, then stays there. The
// surface grip only moves the cap, so the stiffness is a property of the tire.

namespace vtw {

/// Friction limit mu*Fz (N) of the linear tire on a surface of grip `grip`.
inline double linearFrictionLimit(const LinearTireParams& p, double normalLoad, double grip) {
    return p.frictionCoefficient * grip * normalLoad;
}

/// Pure longitudinal force (N, sign of kappa): Fx = Ct*kappa, capped at mu*Fz.
inline double linearLongitudinal(const LinearTireParams& p, double kappa, double normalLoad,
                                 double grip) {
    const double cap = linearFrictionLimit(p, normalLoad, grip);
    return std::clamp(p.longitudinalStiffness * kappa, -cap, cap);
}

/// Pure lateral force (N, sign of alpha): F = Ca*alpha, capped at mu*Fz.
inline double linearLateral(const LinearTireParams& p, double alpha, double normalLoad,
                            double grip) {
    const double cap = linearFrictionLimit(p, normalLoad, grip);
    return std::clamp(p.corneringStiffness * alpha, -cap, cap);
}

} // namespace vtw
