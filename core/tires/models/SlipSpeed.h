#pragma once

#include "core/base/FieldDescription.h"
#include "core/tires/TireEvaluation.h"
#include "core/tires/TireSlip.h"

#include <cmath>
#include <tuple>

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

/// Slip-speed friction model (docs/physics.md 6.7): u(l) = mu*Fz * l / (K + l).
struct SlipSpeedParams {
    double frictionCoefficient = 1.0; ///< FMAX / Fz, dimensionless
    double halfForceSlipSpeed = 0.3;  ///< K, m/s: sliding speed at which half the maximum force acts
    friend bool operator==(const SlipSpeedParams&, const SlipSpeedParams&) = default;
};

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

struct SlipSpeedTireModel {
    using Params = SlipSpeedParams;
    static constexpr TireModelKind kind = TireModelKind::SlipSpeed;
    static constexpr bool pureSlip = false;
    static constexpr auto& of(auto& tires) { return tires.slipSpeed; }

    static constexpr std::tuple fields{
        NumberField<Params>{"frictionCoefficient", "Friction (mu)", "", Quantity::Dimensionless, above(0, 5),
                            0.01, 3, "Maximum force as a multiple of the load",
                            [](Params& p) -> double& { return p.frictionCoefficient; }},
        NumberField<Params>{"halfForceSlipSpeed", "Half-force slip speed", "m/s", Quantity::Speed,
                            above(0, 100), 0.01, 3, "K: sliding speed at which half the maximum force acts",
                            [](Params& p) -> double& { return p.halfForceSlipSpeed; }},
    };

    static void prepare(const Params&, TirePrepared& out) { out.searchPeakSlips = true; }

    template <int n>
    static void forces(const Params& p, const TirePrepared&, const TireBatch<n>& b, double (&fx)[n],
                       double (&fy)[n]) {
        for (int w = 0; w < n; ++w) {
            const SlipForce f =
                slipSpeedForce(p, b.kappa[w], std::tan(b.alpha[w]), b.in[w].contactSpeed, b.fz[w], b.grip[w]);
            fx[w] = f.longitudinal;
            fy[w] = f.lateral;
        }
    }

    /// mu Fz both ways: the force approaches it as the sliding speed grows.
    static FrictionLimits limits(const Params& p, const TirePrepared&, double fz, double grip) {
        const double friction = p.frictionCoefficient * grip * fz;
        return {friction, friction};
    }
};

} // namespace vtw
