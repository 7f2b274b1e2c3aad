#pragma once

#include "core/base/FieldDescription.h"
#include "core/tires/TireEvaluation.h"
#include "core/tires/TireSlip.h"

#include <cmath>
#include <tuple>

// Brush / Dugoff combined-slip model [Dugoff 1970; brush model; docs/physics.md 6.5].
//
// The contact patch is a row of elastic bristles under uniform pressure. Near
// the leading edge they stick and deflect with the slip (forces Cs*S/(1-S) and
// Ca*tan(alpha)/(1-S)); from the point where the deflection force exceeds
// friction they slide. lambda measures how much of the patch still sticks:
// lambda >= 1 is pure adhesion (linear forces), lambda -> 0 full sliding with a
// force of mu*Fz along the slip direction. Combined slip needs no extra rule:
// both forces share the one friction budget. S is the practical slip of
// TireSlip.h (braking and driving mirror each other), so the model is odd in S.

namespace vtw {

/// Brush / Dugoff combined-slip model (docs/physics.md 6.5).
struct BrushParams {
    double longitudinalStiffness = 87500.0; ///< Cs, N per unit slip
    double corneringStiffness = 95000.0;    ///< Ca, N/rad
    double frictionCoefficient = 1.0;       ///< mu, dimensionless
    friend bool operator==(const BrushParams&, const BrushParams&) = default;
};

/// Combined brush force (N, in the slips' signs) at slip ratio kappa and tan(alpha).
inline SlipForce brushForce(const BrushParams& p, double kappa, double tanAlpha, double normalLoad,
                            double grip) {
    const double S = practicalSlipFromRatio(kappa);
    const double s = S < 0.0 ? -S : S;
    const double longitudinalDemand = p.longitudinalStiffness * s;
    const double lateralDemand = p.corneringStiffness * tanAlpha;
    const double g =
        std::sqrt(longitudinalDemand * longitudinalDemand + lateralDemand * lateralDemand);
    if (g == 0.0)
        return {};
    const double friction = p.frictionCoefficient * grip * normalLoad; // mu Fz
    const double lambda = friction * (1.0 - s) / (2.0 * g);
    // Force per unit "demand". lambda >= 1: adhesion, k = 1/(1-s) (1-s >= 2g/(mu Fz) > 0
    // here). lambda < 1: f = lambda (2 - lambda) with the 1/(1-s) cancelled, which keeps a
    // locked wheel (s = 1) finite: |F| = mu Fz.
    const double k = lambda >= 1.0 ? 1.0 / (1.0 - s) : friction * (2.0 - lambda) / (2.0 * g);
    const double fx = longitudinalDemand * k;
    return {S < 0.0 ? -fx : fx, lateralDemand * k};
}

/// Pure lateral force of the parabolic-pressure brush model (Fiala form, docs/physics.md 6.5),
/// N in the sign of alpha: F = mu Fz (1 - H^3), H = 1 - Ca |tan alpha| / (3 mu Fz), and
/// full sliding (mu Fz) beyond alpha_sl = atan(3 mu Fz / Ca). Offered for comparison and
/// plots; the brush tire itself uses the uniform-pressure (Dugoff) form above.
double fialaLateral(const BrushParams& p, double alpha, double normalLoad, double grip);

/// Slip angle (rad) at which the Fiala form reaches full sliding.
double fialaSlidingSlipAngle(const BrushParams& p, double normalLoad, double grip);

struct BrushTireModel {
    using Params = BrushParams;
    static constexpr TireModelKind kind = TireModelKind::Brush;
    static constexpr bool pureSlip = false;
    static constexpr auto& of(auto& tires) { return tires.brush; }

    static constexpr std::tuple fields{
        NumberField<Params>{"longitudinalStiffness", "Longitudinal stiffness (Cs)", "N", Quantity::ForcePerSlip,
                            above(0, 1e8), 1000, 0, "Slope of Fx against slip at zero slip",
                            [](Params& p) -> double& { return p.longitudinalStiffness; }},
        NumberField<Params>{"corneringStiffness", "Cornering stiffness (Ca)", "N/rad", Quantity::ForcePerAngle,
                            above(0, 1e8), 1000, 0, "Slope of Fy against slip angle at zero slip",
                            [](Params& p) -> double& { return p.corneringStiffness; }},
        NumberField<Params>{"frictionCoefficient", "Friction (mu)", "", Quantity::Dimensionless, above(0, 5),
                            0.01, 3, "Sliding friction of the contact patch",
                            [](Params& p) -> double& { return p.frictionCoefficient; }},
    };

    static void prepare(const Params&, TirePrepared& out) { out.searchPeakSlips = true; }

    template <int n>
    static void forces(const Params& p, const TirePrepared&, const TireBatch<n>& b, double (&fx)[n],
                       double (&fy)[n]) {
        for (int w = 0; w < n; ++w) {
            const SlipForce f = brushForce(p, b.kappa[w], std::tan(b.alpha[w]), b.fz[w], b.grip[w]);
            fx[w] = f.longitudinal;
            fy[w] = f.lateral;
        }
    }

    /// mu Fz both ways: the forces approach it as the slip grows.
    static FrictionLimits limits(const Params& p, const TirePrepared&, double fz, double grip) {
        const double friction = p.frictionCoefficient * grip * fz;
        return {friction, friction};
    }
};

} // namespace vtw
