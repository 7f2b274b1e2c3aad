#pragma once

// Tabulated tire [Car Physics for Games, Monster 2003; docs/physics.md 6.2]: the user
// draws the normalised force against slip for positive slip; negative slip is
// the mirror image, so the curve is odd by construction.
//
// Surface grip uses the similarity method [Pacejka, Tyre and Vehicle Dynamics]:
// F_mu(x) = mu * F_1(x / mu). Peak and sliding forces scale with mu, the peak
// moves to a proportionally smaller slip, and the slope at zero (the tire's
// stiffness) is unchanged, as in the brush and Calspan models.

#include "core/base/Curve.h"
#include "core/base/FieldDescription.h"
#include "core/tires/TireEvaluation.h"

#include <cmath>
#include <tuple>

namespace vtw {

/// User-edited tables (docs/physics.md 6.2): positive halves, mirrored for negative slip.
struct TableTireParams {
    /// Normalised longitudinal force Fx/Fz (dimensionless) against slip ratio (dimensionless).
    Curve longitudinal{{0.0, 0.0}, {0.02, 0.45}, {0.04, 0.8},  {0.06, 1.0},
                       {0.1, 0.96}, {0.2, 0.88}, {0.5, 0.78}, {1.0, 0.72}};
    /// Normalised lateral force |Fy|/Fz (dimensionless) against slip angle (rad).
    Curve lateral{{0.0, 0.0},    {0.0175, 0.36}, {0.0349, 0.7}, {0.0524, 0.95}, {0.0698, 1.0},
                  {0.1047, 0.96}, {0.1745, 0.88}, {0.3491, 0.8}, {1.5708, 0.72}};
    friend bool operator==(const TableTireParams&, const TableTireParams&) = default;
};

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

struct TableTireModel {
    using Params = TableTireParams;
    static constexpr TireModelKind kind = TireModelKind::Table;
    static constexpr bool pureSlip = true;
    static constexpr auto& of(auto& tires) { return tires.table; }

    static constexpr CurveAxis slipRatio{"Slip ratio", "", Quantity::Dimensionless};
    static constexpr CurveAxis slipAngle{"Slip angle", "rad", Quantity::Angle};
    static constexpr CurveAxis normalisedForce{"Force / load", "", Quantity::Dimensionless};
    static constexpr CurveRules rules{2, 10000, 0.0, 0.0, true};
    static constexpr std::tuple fields{
        CurveField<Params>{"longitudinal", "Longitudinal table", slipRatio, normalisedForce, rules,
                           "Fx/Fz against slip ratio, positive half (mirrored)",
                           [](Params& p) -> Curve& { return p.longitudinal; }},
        CurveField<Params>{"lateral", "Lateral table", slipAngle, normalisedForce, rules,
                           "|Fy|/Fz against slip angle, positive half (mirrored)",
                           [](Params& p) -> Curve& { return p.lateral; }},
    };

    static void prepare(const Params& p, TirePrepared& out) {
        out.peakShapeLongitudinal = p.longitudinal.maxY();
        out.peakShapeLateral = p.lateral.maxY();
        out.peakSlipRatio = p.longitudinal.peak().x;
        out.peakSlipAngle = p.lateral.peak().x;
    }

    template <int n>
    static auto pureCurves(const Params& p, const TirePrepared& prepared, const TireBatch<n>& b,
                           double (&fxMax)[n], double (&fyMax)[n]) {
        for (int w = 0; w < n; ++w) {
            fxMax[w] = b.grip[w] * b.fz[w] * prepared.peakShapeLongitudinal;
            fyMax[w] = b.grip[w] * b.fz[w] * prepared.peakShapeLateral;
        }
        return [&p, &b](const double (&x)[2 * n], double (&force)[2 * n]) {
            for (int w = 0; w < n; ++w) {
                force[w] = tableLongitudinal(p, x[w], b.fz[w], b.grip[w]);
                force[n + w] = tableLateral(p, x[n + w], b.fz[w], b.grip[w]);
            }
        };
    }

    static FrictionLimits limits(const Params&, const TirePrepared& prepared, double fz, double grip) {
        return {grip * fz * prepared.peakShapeLongitudinal, grip * fz * prepared.peakShapeLateral};
    }
};

} // namespace vtw
