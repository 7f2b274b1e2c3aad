#pragma once

#include "core/tires/TireModelKind.h"
#include "core/tires/models/Brush.h"
#include "core/tires/models/Calspan.h"
#include "core/tires/models/Linear.h"
#include "core/tires/models/MagicFormula.h"
#include "core/tires/models/Pacejka94.h"
#include "core/tires/models/SlipSpeed.h"
#include "core/tires/models/Table.h"
#include "core/tires/models/Tir.h"

namespace vtw {

/// m, the rolling radius of a new setup's tires.
inline constexpr double defaultTireRadius = 0.34;

/// Everything about one axle's tires and wheels. All models' parameter sets are
/// kept so that switching model and back loses nothing; each is a member named as its
/// model's key (TireModels.h), its type in the model's file (core/tires/models/).
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
