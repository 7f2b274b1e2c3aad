#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/lanes/Pacejka94Tire.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/lanes/FastMath.h"
#include "core/lanes/MagicFormulaTire.h"
#include "core/tires/models/Pacejka94.h"

#include <algorithm>
#include <cmath>

// Pacejka '94 [Edy's guide to Pacejka '94; docs/physics.md 6.4], for imported
// coefficient sets. The coefficients make B, C, D, E and the shifts H, V depend
// on the load (and camber), then the magic formula applies:
//   F = D sin(C atan(B x1 - E (B x1 - atan(B x1)))) + V,   x1 = x + H.
// Native units, converted here at the boundary: Fz in kN, longitudinal slip in
// percent, slip angle and camber in degrees, force in N. BCD is the slope at zero
// slip in N per percent (longitudinal) or N per degree (lateral).
//
// Surface grip uses the similarity method [Pacejka, Tyre and Vehicle Dynamics]:
// F_mu(x) = mu F_1(x / mu), i.e. D and V scale with mu, B with 1/mu, H with mu,
// so BCD (the stiffness) is unchanged and the peak scales with mu.
//
// Its parameters and fields: core/tires/models/Pacejka94.h; here its curves and the
// model's physics in Tire.

namespace vtw {

/// The '94 curve at one load, camber and surface: the formula's factors, ready to evaluate.
struct Pacejka94Curve {
    double B = 0.0, C = 0.0, D = 0.0; ///< stiffness, shape, peak (N)
    double E0 = 0.0;                  ///< curvature before its sign-dependent factor
    double Esign = 0.0;               ///< E = E0 (1 - Esign sign(x1)) (b13; a16 gamma + a17)
    double H = 0.0;                   ///< horizontal shift, native slip units
    double V = 0.0;                   ///< vertical shift, N

    /// Force (N) at native slip x (percent or degrees).
    double operator()(double x) const {
        const double x1 = x + H;
        const double sign = x1 > 0.0 ? 1.0 : (x1 < 0.0 ? -1.0 : 0.0);
        const double E = E0 * (1.0 - Esign * sign);
        const double bx = B * x1;
        return D * fastSin(C * fastAtan(bx - E * (bx - fastAtan(bx)))) + V;
    }

    /// Largest |F| (N) over either sign of slip.
    double peak() const {
        const double shape = std::max(magicFormulaPeakShape(C, E0 * (1.0 - Esign)),
                                      magicFormulaPeakShape(C, E0 * (1.0 + Esign)));
        return std::fabs(D) * shape + std::fabs(V);
    }
};

/// Longitudinal curve (x = slip in percent) at load Fz (N) and surface grip.
Pacejka94Curve pacejka94LongitudinalCurve(const Pacejka94Params& p, double normalLoad, double grip);
/// Lateral curve (x = slip angle in degrees) at load Fz (N) and surface grip.
Pacejka94Curve pacejka94LateralCurve(const Pacejka94Params& p, double normalLoad, double grip);

/// Pure longitudinal force (N, sign of kappa) of a prepared curve.
inline double pacejka94Longitudinal(const Pacejka94Curve& curve, double kappa) {
    return curve(100.0 * kappa);
}

/// Pure lateral force (N, sign of alpha for zero camber and shifts) of a prepared curve.
inline double pacejka94Lateral(const Pacejka94Curve& curve, double alpha) {
    constexpr double degPerRad = 57.295779513082320876798;
    return curve(degPerRad * alpha);
}

template <int n>
inline auto Pacejka94TireModel::pureCurves(const Params& p, const TirePrepared&, const TireBatch<n>& b,
                                           double (&fxMax)[n], double (&fyMax)[n]) {
    struct Curves {
        Pacejka94Curve x[n], y[n];
        void operator()(const double (&slip)[2 * n], double (&force)[2 * n]) const {
            for (int w = 0; w < n; ++w) {
                force[w] = pacejka94Longitudinal(x[w], slip[w]);
                force[n + w] = pacejka94Lateral(y[w], slip[n + w]);
            }
        }
    } curves;
    const bool ellipse = b.method == CombinedSlipMethod::FrictionEllipse;
    for (int w = 0; w < n; ++w) {
        curves.x[w] = pacejka94LongitudinalCurve(p, b.fz[w], b.grip[w]);
        curves.y[w] = pacejka94LateralCurve(p, b.fz[w], b.grip[w]);
        fxMax[w] = ellipse ? curves.x[w].peak() : 0.0;
        fyMax[w] = ellipse ? curves.y[w].peak() : 0.0;
    }
    return curves;
}

inline FrictionLimits Pacejka94TireModel::limits(const Params& p, const TirePrepared&, double fz, double grip) {
    return {pacejka94LongitudinalCurve(p, fz, grip).peak(), pacejka94LateralCurve(p, fz, grip).peak()};
}

} // namespace vtw
