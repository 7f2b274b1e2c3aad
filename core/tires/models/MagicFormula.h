#pragma once

// Simplified magic formula [Pacejka; Rays Go Round; docs/physics.md 6.3]:
//   F = Fz * D * sin(C * atan(B x - E (B x - atan(B x))))
// B sets the slope (BCD is the normalised stiffness at zero slip), C the shape
// (whether and how far the curve falls after its peak), D the peak, E the
// curvature near the peak. Separate sets for slip ratio and slip angle (rad).
// The formula is written once over a double and the step's four-wheel lanes, in
// core/lanes/MagicFormulaTire.h, which also holds this model's physics below.

#include "core/base/FieldDescription.h"
#include "core/tires/TireEvaluation.h"

#include <tuple>

namespace vtw {

/// One coefficient set of the simplified magic formula
/// F = Fz * D * sin(C * atan(B x - E (B x - atan(B x)))) (docs/physics.md 6.3).
struct MagicFormulaCoefficients {
    double B = 10.0; ///< stiffness factor (per unit slip ratio, or per rad)
    double C = 1.65; ///< shape factor
    double D = 1.0;  ///< peak factor, normalised peak force (about mu)
    double E = 0.0;  ///< curvature factor (E <= 1)
    friend bool operator==(const MagicFormulaCoefficients&, const MagicFormulaCoefficients&) = default;
};

struct MagicFormulaParams {
    MagicFormulaCoefficients longitudinal{10.0, 1.65, 1.0, 0.0}; ///< x = slip ratio
    MagicFormulaCoefficients lateral{10.0, 1.35, 1.0, 0.0};      ///< x = slip angle in rad
    friend bool operator==(const MagicFormulaParams&, const MagicFormulaParams&) = default;
};

namespace magicformula_fields {

/// The four fields of one coefficient set, under <set>.
template <MagicFormulaCoefficients MagicFormulaParams::*set>
constexpr auto coefficientFields(std::string_view b, std::string_view c, std::string_view d, std::string_view e) {
    using P = MagicFormulaParams;
    return std::tuple{
        NumberField<P>{b, "B (stiffness)", "", Quantity::Dimensionless, above(0, 1000), 0.1, 3,
                       "Stiffness factor; BCD is the slope of the curve at zero slip",
                       [](P& p) -> double& { return (p.*set).B; }},
        NumberField<P>{c, "C (shape)", "", Quantity::Dimensionless, above(0, 2), 0.01, 3,
                       "Shape factor (about 1.65 longitudinal, 1.35 lateral); above 2 the force changes sign "
                       "beyond the peak",
                       [](P& p) -> double& { return (p.*set).C; }},
        NumberField<P>{d, "D (peak)", "", Quantity::Dimensionless, above(0, 10), 0.01, 3,
                       "Peak factor: normalised peak force, about mu", [](P& p) -> double& { return (p.*set).D; }},
        NumberField<P>{e, "E (curvature)", "", Quantity::Dimensionless, within(-100, 1), 0.01, 3,
                       "Curvature factor near and beyond the peak (E <= 1)",
                       [](P& p) -> double& { return (p.*set).E; }},
    };
}

} // namespace magicformula_fields

struct MagicFormulaTireModel {
    using Params = MagicFormulaParams;
    static constexpr TireModelKind kind = TireModelKind::MagicFormula;
    static constexpr bool pureSlip = true;
    static constexpr auto& of(auto& tires) { return tires.magicFormula; }

    static constexpr auto fields = std::tuple_cat(
        magicformula_fields::coefficientFields<&Params::longitudinal>("longitudinal.B", "longitudinal.C",
                                                                       "longitudinal.D", "longitudinal.E"),
        magicformula_fields::coefficientFields<&Params::lateral>("lateral.B", "lateral.C", "lateral.D",
                                                                  "lateral.E"));

    // Physics (core/lanes/MagicFormulaTire.h).
    static void prepare(const Params& p, TirePrepared& out);
    template <int n>
    static auto pureCurves(const Params& p, const TirePrepared& prepared, const TireBatch<n>& batch,
                           double (&fxMax)[n], double (&fyMax)[n]);
    static FrictionLimits limits(const Params& p, const TirePrepared& prepared, double normalLoad, double grip);
};

} // namespace vtw
