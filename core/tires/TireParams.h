#pragma once

#include "core/base/Curve.h"
#include "core/tires/TirCoefficients.h"

#include <array>

namespace vtw {

/// Which tire model an axle uses. The order is part of nothing persistent:
/// files store the model by its key (see tireModelKey()).
enum class TireModelKind { Linear, Table, MagicFormula, Pacejka94, Brush, Calspan, SlipSpeed, Tir };

/// How a pure-slip model (linear, table, magic formula, Pacejka '94) combines
/// longitudinal and lateral slip (docs/physics.md 6.8). Brush, Calspan and
/// slip-speed are combined-slip models by construction and ignore this.
enum class CombinedSlipMethod { FrictionEllipse, NormalisedSlip };

/// Linear, capped (docs/physics.md 6.1): Fx = Ct*kappa, Fy = -Ca*alpha, each capped at mu*Fz.
struct LinearTireParams {
    double longitudinalStiffness = 87500.0; ///< Ct, N per unit slip ratio (Monster's curve peaks near kappa 0.06 at ~5.25 kN)
    double corneringStiffness = 95000.0;    ///< Ca, N/rad (peak near 3 deg at 5 kN)
    double frictionCoefficient = 1.0;       ///< mu, dimensionless, scaled by the surface grip
    friend bool operator==(const LinearTireParams&, const LinearTireParams&) = default;
};

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

/// Brush / Dugoff combined-slip model (docs/physics.md 6.5).
struct BrushParams {
    double longitudinalStiffness = 87500.0; ///< Cs, N per unit slip
    double corneringStiffness = 95000.0;    ///< Ca, N/rad
    double frictionCoefficient = 1.0;       ///< mu, dimensionless
    friend bool operator==(const BrushParams&, const BrushParams&) = default;
};

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

/// Slip-speed friction model (docs/physics.md 6.7): u(l) = mu*Fz * l / (K + l).
struct SlipSpeedParams {
    double frictionCoefficient = 1.0; ///< FMAX / Fz, dimensionless
    double halfForceSlipSpeed = 0.3;  ///< K, m/s: sliding speed at which half the maximum force acts
    friend bool operator==(const SlipSpeedParams&, const SlipSpeedParams&) = default;
};

/// m, the rolling radius of a new setup's tires.
inline constexpr double defaultTireRadius = 0.34;

/// A Magic Formula tyre property file's model (docs/physics.md 12): its coefficients,
/// kept in the setup so that a saved setup never depends on the file.
struct TirTireParams {
    /// Until a file is imported: the simplified magic formula's default curves as PAC2002
    /// coefficients (docs/physics.md 12.7), so that choosing the model changes little.
    TirCoefficients coefficients = defaultTirCoefficients();
    std::string source = "the simplified magic formula's defaults"; ///< the file it came from
    friend bool operator==(const TirTireParams&, const TirTireParams&) = default;
};

/// Everything about one axle's tires and wheels. All models' parameter sets are
/// kept so that switching model and back loses nothing.
struct TireParams {
    TireModelKind model = TireModelKind::MagicFormula; ///< which parameter set below makes the forces
    /// How the pure-slip models (linear, table, magic formula, Pacejka '94) combine
    /// longitudinal and lateral slip (docs/physics.md 6.8); the others combine by themselves.
    /// Normalised slip by default: a sliding tire's force then follows its slip, so a
    /// locked wheel loses its cornering force. The ellipse is kept as an option.
    CombinedSlipMethod combinedSlip = CombinedSlipMethod::NormalisedSlip;
    double radius = defaultTireRadius; ///< m, loaded rolling radius
    double wheelInertia = 4.1; ///< kg m^2 per wheel (Monster: 75 kg solid cylinder, m R^2 / 2)
    /// rad, static camber of the axle's wheels: negative when their tops lean in towards the
    /// car. Read by the models that have camber terms (the .tir model; Pacejka '94 keeps its own).
    double camber = 0.0;
    /// Pa, inflation pressure; 0 is the .tir file's nominal pressure (NOMPRES). Read by the
    /// models with pressure terms (MF 6.1 and 6.2 .tir files).
    double pressure = 0.0;
    LinearTireParams linear;
    TableTireParams table;
    MagicFormulaParams magicFormula;
    Pacejka94Params pacejka94;
    BrushParams brush;
    CalspanParams calspan;
    SlipSpeedParams slipSpeed;
    TirTireParams tir;
    friend bool operator==(const TireParams&, const TireParams&) = default;
};

} // namespace vtw
