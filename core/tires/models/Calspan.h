#pragma once

#include "core/base/FieldDescription.h"
#include "core/tires/PeakSearch.h"
#include "core/tires/TireEvaluation.h"
#include "core/tires/TireParameterProblem.h"
#include "core/tires/TireSlip.h"

#include <cmath>
#include <tuple>

// Calspan composite-slip tire model [Szostak, Allen, Rosenthal, DOT HS-807-271,
// 1988; docs/physics.md 6.6, a reconstruction three implementations agree on].
//
// A brush-like model fitted to measured tires: the composite slip sigma combines
// the lateral and longitudinal stiffness demands relative to friction, a rational
// saturation function f(sigma) (slope 4/pi at zero, tending to C1/C1 = 1) turns it
// into the used fraction of the friction, and friction itself drops with the
// slip (K_mu). The contact length grows or shrinks with the previous step's Fx.
// The equations run in the report's native units (lb, in, psi, rad); this file
// converts N <-> lb at its boundary.
//
// Implied stiffnesses at zero slip (previous Fx = 0): cornering stiffness
// A0 + A1 Fz - (A1/A2) Fz^2 (lb/rad, Fz in lb), longitudinal stiffness
// (CS/FZ) Fz per unit slip.

namespace vtw {

/// Calspan composite-slip model (docs/physics.md 6.6), in the report's native units.
/// Defaults: the 155SR13 tire of Table 1.
struct CalspanParams {
    double treadWidth_in = 6.0;    ///< Tw, inches
    double inflationPressure_psi = 24.0; ///< Tp, psi
    double ratedLoad_lb = 810.0;   ///< FZT, lb
    double C1 = 1.0, C2 = 0.34, C3 = 0.57, C4 = 0.32; ///< saturation function shape
    double A0 = 914.02, A1 = 12.9, A2 = 2028.24;       ///< lateral stiffness polynomial
    double Ka = 0.05;              ///< contact-length change with longitudinal force
    double CSFZ = 18.7;            ///< CS/FZ, longitudinal stiffness per unit load
    double mu0 = 0.85;             ///< nominal peak friction (dry)
    double Kmu = 0.124;            ///< friction reduction with slip
    friend bool operator==(const CalspanParams&, const CalspanParams&) = default;
};

/// Combined Calspan force (N, in the slips' signs). kappa: slip ratio (converted to the
/// report's slip S by practicalSlipFromRatio); alpha: slip angle (rad, |alpha| < pi/2);
/// grip scales mu0; previousFx: this wheel's Fx of the last step (N).
SlipForce calspanForce(const CalspanParams& p, double kappa, double alpha, double normalLoad,
                       double grip, double previousFx);

/// The saturation function f(sigma) with sigma = num/den (num, den >= 0), evaluated in
/// 1/sigma when sigma > 1 so that a locked wheel (den = 0, sigma infinite) gives the
/// finite limit instead of inf/inf.
double calspanSaturation(const CalspanParams& p, double num, double den);

/// The rule on a Calspan set that its fields' limits cannot state (the model's entry in
/// TireModels.h): the lateral stiffness Ks = (2/a_p0^2)(A0 + A1 Fz - (A1/A2) Fz^2) must
/// be positive at the rated load, or the lateral force flips sign.
void calspanParameterRules(const TireParams& params, std::vector<TireParameterProblem>& out);

/// A coefficient of the report's equations (dimensionless), as a field.
constexpr NumberField<CalspanParams> calspanCoefficient(std::string_view key, FieldLimits limits,
                                                        std::string_view tooltip, double& (*ref)(CalspanParams&)) {
    return {key, key, "", Quantity::Dimensionless, limits, 0.01, 4, tooltip, ref};
}

struct CalspanTireModel {
    using Params = CalspanParams;
    static constexpr TireModelKind kind = TireModelKind::Calspan;
    static constexpr bool pureSlip = false;
    static constexpr auto& of(auto& tires) { return tires.calspan; }

    static constexpr std::tuple fields{
        NumberField<Params>{"treadWidth_in", "Tread width", "in", Quantity::LengthInches, above(0, 50), 0.1, 2,
                            "Tw, tread width (report's units)", [](Params& p) -> double& { return p.treadWidth_in; }},
        NumberField<Params>{"inflationPressure_psi", "Inflation pressure", "psi", Quantity::PressurePsi,
                            above(0, 200), 0.5, 1, "Tp, inflation pressure",
                            [](Params& p) -> double& { return p.inflationPressure_psi; }},
        NumberField<Params>{"ratedLoad_lb", "Rated load", "lb", Quantity::ForcePounds, above(0, 50000), 10, 0,
                            "FZT, the tire's rated load", [](Params& p) -> double& { return p.ratedLoad_lb; }},
        // C1..C4 >= 0 keep the saturation function's denominator positive for sigma >= 0.
        calspanCoefficient("C1", within(0, 100), "Saturation function shape", [](Params& p) -> double& { return p.C1; }),
        calspanCoefficient("C2", within(0, 100), "Saturation function shape", [](Params& p) -> double& { return p.C2; }),
        calspanCoefficient("C3", within(0, 100), "Saturation function shape", [](Params& p) -> double& { return p.C3; }),
        calspanCoefficient("C4", within(0, 100), "Saturation function shape", [](Params& p) -> double& { return p.C4; }),
        calspanCoefficient("A0", above(0, 1e7), "Lateral stiffness polynomial, constant term",
                    [](Params& p) -> double& { return p.A0; }),
        calspanCoefficient("A1", within(-1e6, 1e6), "Lateral stiffness polynomial, load term",
                    [](Params& p) -> double& { return p.A1; }),
        calspanCoefficient("A2", above(0, 1e8), "Lateral stiffness polynomial, load^2 divisor",
                    [](Params& p) -> double& { return p.A2; }),
        calspanCoefficient("Ka", withinBelow(0, 1), "Contact-length change with longitudinal force",
                    [](Params& p) -> double& { return p.Ka; }),
        calspanCoefficient("CSFZ", above(0, 1000), "CS/FZ, longitudinal stiffness per unit load",
                    [](Params& p) -> double& { return p.CSFZ; }),
        calspanCoefficient("mu0", above(0, 5), "Nominal peak friction (0.85 dry, 0.3 wet, 0.1 ice)",
                    [](Params& p) -> double& { return p.mu0; }),
        calspanCoefficient("Kmu", withinBelow(0, 1), "Friction reduction with composite slip",
                    [](Params& p) -> double& { return p.Kmu; }),
    };

    static void prepare(const Params&, TirePrepared& out) { out.searchPeakSlips = true; }

    template <int n>
    static void forces(const Params& p, const TirePrepared&, const TireBatch<n>& b, double (&fx)[n],
                       double (&fy)[n]) {
        for (int w = 0; w < n; ++w) {
            const SlipForce f = b.loaded[w] ? calspanForce(p, b.kappa[w], b.alpha[w], b.fz[w], b.grip[w],
                                                           b.in[w].previousFx)
                                            : SlipForce{};
            fx[w] = f.longitudinal;
            fy[w] = f.lateral;
        }
    }

    /// The peaks of its pure curves, searched (a few hundred evaluations).
    static FrictionLimits limits(const Params& p, const TirePrepared&, double fz, double grip) {
        return {findPeak([&](double s) { return std::fabs(calspanForce(p, -s, 0.0, fz, grip, 0.0).longitudinal); },
                         maxSearchSlipRatio)
                    .force,
                findPeak([&](double a) { return std::fabs(calspanForce(p, 0.0, a, fz, grip, 0.0).lateral); },
                         maxSearchSlipAngle)
                    .force};
    }
};

} // namespace vtw
