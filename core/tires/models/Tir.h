#pragma once

// A Magic Formula tyre property file's model (docs/physics.md 12): the setup keeps the
// file's coefficients; the Magic Formula itself is TirModel (core/tires/MagicFormulaTir.h),
// which the .tir import, export and sweeps use too. The file's own weighting functions
// combine its slips (docs/physics.md 12.3).

#include "core/base/FieldDescription.h"
#include "core/tires/TirCoefficients.h"
#include "core/tires/TireEvaluation.h"

#include <cmath>
#include <memory>
#include <string>
#include <tuple>

namespace vtw {

/// A Magic Formula tyre property file's model (docs/physics.md 12): its coefficients,
/// kept in the setup so that a saved setup never depends on the file.
struct TirTireParams {
    /// Until a file is imported: the simplified magic formula's default curves as PAC2002
    /// coefficients (docs/physics.md 12.7), so that choosing the model changes little.
    TirCoefficients coefficients = defaultTirCoefficients();
    std::string source = "the simplified magic formula's defaults"; ///< the file it came from
    friend bool operator==(const TirTireParams&, const TirTireParams&) = default;
};

/// The ISO inclination of an axle's wheel (docs/physics.md 12.2: positive with the top of
/// the wheel leaning to the right, seen from behind) from the axle's camber (negative with
/// the tops leaning in); side 0 left, 1 right. The left wheel leans right when its camber
/// is negative.
inline double tirInclination(double axleCamber, int side) { return side == 0 ? -axleCamber : axleCamber; }

/// Where one coefficient lives.
struct TirCoefficientRef {
    double TirCoefficients::*member;
    double& operator()(TirTireParams& p) const { return p.coefficients.*member; }
};

/// The coefficients, one field each, as the file names them (docs/physics.md 12): what a
/// tyre engineer edits or sweeps (the scaling factors above all). Limits are finiteness
/// only where the MF allows any value; the model's probe (TirOptions.h) catches
/// combinations that break it.
struct TirCoefficientFields {
    /// A group of fields generated at run time, visited by forEach (FieldDescription.h).
    static constexpr bool isFieldGroup = true;
    template <class Visit> void forEach(Visit&& visit) const {
        for (const TirCoefficientInfo& info : tirCoefficientTable()) {
            const std::string_view name = info.name;
            Quantity quantity = Quantity::Dimensionless;
            std::string_view unit;
            int decimals = 6;
            switch (info.dimension) {
            case TirDimension::None: break;
            case TirDimension::Length: quantity = Quantity::Length, unit = "m", decimals = 4; break;
            case TirDimension::Force: quantity = Quantity::Force, unit = "N", decimals = 1; break;
            case TirDimension::Angle: quantity = Quantity::Angle, unit = "rad", decimals = 4; break;
            case TirDimension::Speed: quantity = Quantity::Speed, unit = "m/s", decimals = 2; break;
            case TirDimension::Pressure: quantity = Quantity::Pressure, unit = "Pa", decimals = 0; break;
            }
            // The model divides by these three (docs/physics.md 12.1); the rest may be any number.
            const bool positive = name == "FNOMIN" || name == "UNLOADED_RADIUS" || name == "LFZO";
            const std::string tooltip = std::string(name) + ", [" + info.section + "]" +
                                        (info.use == TirCoefficientInfo::Informative ? ", informative (not applied)"
                                         : info.use == TirCoefficientInfo::Mf5Only   ? ", MF 5.x only"
                                         : info.use == TirCoefficientInfo::Mf6Only   ? ", MF 6.x only"
                                                                                     : "");
            visit(NumberField<TirTireParams, TirCoefficientRef>{
                name, name, unit, quantity, positive ? above(0, 1e9) : within(-1e9, 1e9), 0.01, decimals, tooltip,
                {info.member}});
        }
    }
};

struct TirTireModel {
    using Params = TirTireParams;
    static constexpr TireModelKind kind = TireModelKind::Tir;
    static constexpr bool pureSlip = false;
    static constexpr auto& of(auto& tires) { return tires.tir; }

    static constexpr std::tuple fields{
        EnumField<Params, TirVersion>{"version", "Version", "Magic Formula version of the equations",
                                      [](Params& p) -> TirVersion& { return p.coefficients.version; }},
        IntegerField<Params>{"fittyp", "FITTYP", within(0, 1000),
                             "FITTYP as the file gave it (0: none); written back on export",
                             [](Params& p) -> int& { return p.coefficients.fittyp; }},
        EnumField<Params, TyreSide>{"side", "Tyre side",
                                    "TYRESIDE: a tyre measured on one side is mirrored on the other",
                                    [](Params& p) -> TyreSide& { return p.coefficients.side; }},
        // A flag of the coefficients, chosen like an option.
        FlagField<Params>{"combination", "Combined slip",
                          "How the file's slips combine: its weighting functions (Gxa, Gyk, SVyk), or the "
                          "friction ellipse of the pure peaks (FE_METHOD, and a file without weighting "
                          "coefficients)",
                          {"weighting", "frictionEllipse"},
                          {"MF weighting functions", "Friction ellipse"},
                          [](Params& p) -> bool& { return p.coefficients.frictionEllipse; }},
        TirCoefficientFields{},
    };

    /// The section is written only once it holds something else than the defaults (an
    /// imported file, an edit), and a file without it has the defaults: setups that never
    /// use the model stay as short as before it existed.
    static bool sectionWritten(const Params& p) {
        static const Params defaults;
        return !(p == defaults);
    }

    static void prepare(const Params& p, TirePrepared& out) {
        out.tir[0] = std::make_shared<const TirModel>(p.coefficients, TirMounting::Left);
        out.tir[1] = std::make_shared<const TirModel>(p.coefficients, TirMounting::Right);
        out.searchPeakSlips = true;
    }

    template <int n>
    static void forces(const Params&, const TirePrepared& prepared, const TireBatch<n>& b, double (&fx)[n],
                       double (&fy)[n]) {
        for (int w = 0; w < n; ++w) {
            const TireForce f = b.loaded[w] ? force(prepared, b.in[w], w) : TireForce{};
            fx[w] = f.fx;
            fy[w] = -f.fy;
        }
    }

    /// The left wheel's peaks, scaled by the grip as the forces are (similarity).
    static FrictionLimits limits(const Params&, const TirePrepared& prepared, double fz, double grip) {
        const TirModel& model = *prepared.tir[0];
        const double camber = tirInclination(prepared.camber, 0), pressure = prepared.tirPressure;
        return {grip * model.peakFx(fz, camber, pressure), grip * model.peakFy(fz, camber, pressure)};
    }

    /// The force on a wheel of the given side (0 left, 1 right).
    static TireForce force(const TirePrepared& prepared, const TireInput& in, int side) {
        // Surface grip by similarity, as for the simplified magic formula (docs/physics.md 6.3
        // and 14.2): the curves of grip mu are mu times those of grip 1 read at slips 1/mu as
        // large (the slip angle's tangent, the MF's own slip variable, is what scales).
        const double mu = in.surfaceMu;
        const double kappa = in.slipRatio / mu;
        const double alpha = std::atan(std::tan(in.slipAngle) / mu);
        const TirForces f = prepared.tir[side]->forces(kappa, alpha, in.normalLoad,
                                                       tirInclination(prepared.camber, side), prepared.tirPressure,
                                                       in.contactSpeed, false);
        return {mu * f.fx, mu * f.fy};
    }
};

} // namespace vtw
