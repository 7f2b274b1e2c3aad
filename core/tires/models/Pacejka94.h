#pragma once

// Pacejka '94 [Edy's guide to Pacejka '94; docs/physics.md 6.4], for imported
// coefficient sets: the coefficients make the magic formula's factors depend on the
// load and camber. Its curves (core/lanes/Pacejka94Tire.h, with this model's physics
// below) use the step's fast functions.

#include "core/base/FieldDescription.h"
#include "core/tires/TireEvaluation.h"

#include <array>
#include <cstddef>
#include <string>
#include <tuple>

namespace vtw {

/// Pacejka '94 coefficients (docs/physics.md 6.4). Native units: Fz in kN, longitudinal
/// slip in percent, slip angle and camber in degrees; forces come out in N.
/// Defaults are the commonly published example set (Edy's guide to Pacejka '94).
struct Pacejka94Params {
    std::array<double, 14> b{1.5, 0.0, 1100.0, 0.0, 300.0, 0.0, 0.0,
                             0.0, -2.0, 0.0, 0.0, 0.0, 0.0, 0.0};        ///< b0..b13, longitudinal
    std::array<double, 18> a{1.4, 0.0, 1100.0, 1100.0, 10.0, 0.0, 0.0, -2.0, 0.0,
                             0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0}; ///< a0..a17, lateral
    double camber = 0.0; ///< rad, static camber of this axle's tires
    friend bool operator==(const Pacejka94Params&, const Pacejka94Params&) = default;
};

/// Where one coefficient b<i> or a<i> lives.
struct Pacejka94CoefficientRef {
    bool lateral = false;
    std::size_t index = 0;
    double& operator()(Pacejka94Params& p) const { return lateral ? p.a[index] : p.b[index]; }
};

/// The coefficients b0..b13, then a0..a17, one field each. They have no common meaning
/// one by one beyond the shape factors; they are edited as imported numbers.
struct Pacejka94CoefficientFields {
    /// A group of fields generated at run time, visited by forEach (FieldDescription.h).
    static constexpr bool isFieldGroup = true;
    template <class Visit> void forEach(Visit&& visit) const {
        const auto list = [&](bool lateral, char letter, std::size_t count, std::string_view shapeTip,
                              std::string_view tip) {
            for (std::size_t i = 0; i < count; ++i) {
                const std::string key = letter + std::to_string(i);
                visit(NumberField<Pacejka94Params, Pacejka94CoefficientRef>{
                    key, key, "", Quantity::Dimensionless, i == 0 ? above(0, 10) : within(-1e9, 1e9), 0.01, 4,
                    i == 0 ? shapeTip : tip, {lateral, i}});
            }
        };
        list(false, 'b', Pacejka94Params{}.b.size(), "Longitudinal shape factor C (> 0)",
             "Pacejka '94 longitudinal coefficient");
        list(true, 'a', Pacejka94Params{}.a.size(), "Lateral shape factor C (> 0)",
             "Pacejka '94 lateral coefficient");
    }
};

struct Pacejka94TireModel {
    using Params = Pacejka94Params;
    static constexpr TireModelKind kind = TireModelKind::Pacejka94;
    static constexpr bool pureSlip = true;
    static constexpr auto& of(auto& tires) { return tires.pacejka94; }

    static constexpr std::tuple fields{
        Pacejka94CoefficientFields{},
        NumberField<Params>{"camber", "Camber", "rad", Quantity::Angle, within(-0.35, 0.35), 0.001, 4,
                            "Static camber of this axle's tires", [](Params& p) -> double& { return p.camber; }},
    };

    // Physics (core/lanes/Pacejka94Tire.h).
    static void prepare(const Params&, TirePrepared& out) { out.searchPeakSlips = true; }
    template <int n>
    static auto pureCurves(const Params& p, const TirePrepared& prepared, const TireBatch<n>& batch,
                           double (&fxMax)[n], double (&fyMax)[n]);
    static FrictionLimits limits(const Params& p, const TirePrepared& prepared, double normalLoad, double grip);
};

} // namespace vtw
