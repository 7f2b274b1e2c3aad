#pragma once

// Linear tire, capped at the friction limit [Car Physics for Games, Monster 2003;
// docs/physics.md 6.1]. The simplest model that still saturates: force grows with the
// slip at the stated stiffness until it reaches mu*Fz, then stays there. The
// surface grip only moves the cap, so the stiffness is a property of the tire.
// Its curves are written once over a double and the step's four-wheel lanes, in
// core/lanes/LinearTire.h, which also holds this model's physics below.

#include "core/base/FieldDescription.h"
#include "core/tires/TireEvaluation.h"

#include <tuple>

namespace vtw {

/// Linear, capped (docs/physics.md 6.1): Fx = Ct*kappa, Fy = -Ca*alpha, each capped at mu*Fz.
struct LinearTireParams {
    double longitudinalStiffness = 87500.0; ///< Ct, N per unit slip ratio (Monster's curve peaks near kappa 0.06 at ~5.25 kN)
    double corneringStiffness = 95000.0;    ///< Ca, N/rad (peak near 3 deg at 5 kN)
    double frictionCoefficient = 1.0;       ///< mu, dimensionless, scaled by the surface grip
    friend bool operator==(const LinearTireParams&, const LinearTireParams&) = default;
};

/// Friction limit mu*Fz (N) of the linear tire on a surface of grip `grip`.
inline double linearFrictionLimit(const LinearTireParams& p, double normalLoad, double grip) {
    return p.frictionCoefficient * grip * normalLoad;
}

struct LinearTireModel {
    using Params = LinearTireParams;
    static constexpr TireModelKind kind = TireModelKind::Linear;
    static constexpr bool pureSlip = true;
    static constexpr auto& of(auto& tires) { return tires.linear; }

    static constexpr std::tuple fields{
        NumberField<Params>{"longitudinalStiffness", "Traction stiffness (Ct)", "N", Quantity::ForcePerSlip,
                            above(0, 1e8), 1000, 0, "Slope of Fx against slip ratio",
                            [](Params& p) -> double& { return p.longitudinalStiffness; }},
        NumberField<Params>{"corneringStiffness", "Cornering stiffness (Ca)", "N/rad", Quantity::ForcePerAngle,
                            above(0, 1e8), 1000, 0, "Slope of Fy against slip angle",
                            [](Params& p) -> double& { return p.corneringStiffness; }},
        NumberField<Params>{"frictionCoefficient", "Friction (mu)", "", Quantity::Dimensionless, above(0, 5),
                            0.01, 3, "Force cap as a multiple of the load",
                            [](Params& p) -> double& { return p.frictionCoefficient; }},
    };

    // Physics (core/lanes/LinearTire.h).
    static void prepare(const Params& p, TirePrepared& out);
    template <int n>
    static auto pureCurves(const Params& p, const TirePrepared& prepared, const TireBatch<n>& batch,
                           double (&fxMax)[n], double (&fyMax)[n]);
    static FrictionLimits limits(const Params& p, const TirePrepared& prepared, double normalLoad, double grip);
};

} // namespace vtw
