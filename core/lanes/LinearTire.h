#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/lanes/LinearTire.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/lanes/Lanes.h"
#include "core/tires/models/Linear.h"

// Linear tire, capped at the friction limit [Car Physics for Games, Monster 2003;
// docs/physics.md 6.1]. The simplest model that still saturates: force grows with the
// slip at the stated stiffness until it reaches mu*Fz, then stays there. The
// surface grip only moves the cap, so the stiffness is a property of the tire. Its
// parameters and fields: core/tires/models/Linear.h; here its curves over lanes and its
// physics in Tire.

namespace vtw {

/// A force that grows with the slip at `stiffness` until it reaches +-cap, lane by lane
/// (a double, or a Quad of four wheels).
template <class T> VTW_LANE T linearCappedForce(T stiffness, T slip, T cap) {
    return laneClamp(stiffness * slip, -cap, cap);
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

inline void LinearTireModel::prepare(const Params& p, TirePrepared& out) {
    const double cap = linearFrictionLimit(p, referenceTireLoad, 1.0);
    out.peakSlipRatio = cap / p.longitudinalStiffness;
    out.peakSlipAngle = cap / p.corneringStiffness;
}

template <int n>
inline auto LinearTireModel::pureCurves(const Params& p, const TirePrepared&, const TireBatch<n>& b,
                                        double (&fxMax)[n], double (&fyMax)[n]) {
    for (int w = 0; w < n; ++w)
        fxMax[w] = fyMax[w] = linearFrictionLimit(p, b.fz[w], b.grip[w]);
    return [&p, &fxMax, &fyMax](const double (&x)[2 * n], double (&force)[2 * n]) {
        for (int w = 0; w < n; ++w) {
            force[w] = linearCappedForce(p.longitudinalStiffness, x[w], fxMax[w]);
            force[n + w] = linearCappedForce(p.corneringStiffness, x[n + w], fyMax[w]);
        }
    };
}

inline FrictionLimits LinearTireModel::limits(const Params& p, const TirePrepared&, double fz, double grip) {
    const double cap = linearFrictionLimit(p, fz, grip);
    return {cap, cap};
}

} // namespace vtw
