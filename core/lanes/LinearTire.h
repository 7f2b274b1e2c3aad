#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/lanes/LinearTire.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/lanes/Lanes.h"
#include "core/tires/TireParams.h"

// Linear tire, capped at the friction limit [Car Physics for Games, Monster 2003;
// docs/physics.md 6.1]. The simplest model that still saturates: force grows with the
// slip at the stated stiffness until it reaches mu*Fz, then stays there. The
// surface grip only moves the cap, so the stiffness is a property of the tire.

namespace vtw {

/// A force that grows with the slip at `stiffness` until it reaches +-cap, lane by lane
/// (a double, or a Quad of four wheels).
template <class T> VTW_LANE T linearCappedForce(T stiffness, T slip, T cap) {
    return laneClamp(stiffness * slip, -cap, cap);
}

/// Friction limit mu*Fz (N) of the linear tire on a surface of grip `grip`.
inline double linearFrictionLimit(const LinearTireParams& p, double normalLoad, double grip) {
    return p.frictionCoefficient * grip * normalLoad;
}

/// Pure longitudinal force (N, sign of kappa): Fx = Ct*kappa, capped at mu*Fz.
inline double linearLongitudinal(const LinearTireParams& p, double kappa, double normalLoad,
                                 double grip) {
    return linearCappedForce(p.longitudinalStiffness, kappa, linearFrictionLimit(p, normalLoad, grip));
}

/// Pure lateral force (N, sign of alpha): F = Ca*alpha, capped at mu*Fz.
inline double linearLateral(const LinearTireParams& p, double alpha, double normalLoad,
                            double grip) {
    return linearCappedForce(p.corneringStiffness, alpha, linearFrictionLimit(p, normalLoad, grip));
}

} // namespace vtw
