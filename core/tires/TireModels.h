#pragma once

// The tire models, one entry each: everything outside the model's own physics needs
// to know about it. Adding a model is its entry here, its physics (a case in
// Tire.cpp and reference/ReferenceTire.cpp, its parameter struct in TireParams.h with
// their fields in setupfile/SetupMetadata.cpp) and its expected values in tests/core/tires/tst_tires;
// the setup files, the validation, the window's form page and model lists, the command
// line and the tests that run every model all read this table (README, "Code layout").

#include "core/base/OptionSet.h"
#include "core/tires/CalspanTire.h"
#include "core/tires/TirOptions.h"
#include "core/tires/TireParameterProblem.h"
#include "core/tires/TireParams.h"

#include <array>
#include <string_view>
#include <vector>

namespace vtw {

/// How a pure-slip model combines its slips (docs/physics.md 6.8).
inline constexpr std::array<OptionName<CombinedSlipMethod>, 2> combinedSlipOptions{{
    {CombinedSlipMethod::FrictionEllipse, "frictionEllipse", "friction-ellipse", "Friction ellipse"},
    {CombinedSlipMethod::NormalisedSlip, "normalisedSlip", "normalised-slip", "Normalised slip"},
}};
constexpr const auto& optionTable(CombinedSlipMethod) { return combinedSlipOptions; }
static_assert(coversEveryValue<CombinedSlipMethod>());

/// A box of a model's form page: a title (none: the fields stand without a frame) and
/// which of the model's fields it edits, as prefixes of their paths under the model's
/// section (tires.<axle>.<key>.), separated by spaces; no prefix: all of them.
struct TireFormBox {
    std::string_view title;
    std::string_view fields;
};

/// The prefixes a box names, in order; one empty prefix (every field of the section)
/// when it names none.
inline std::vector<std::string_view> fieldPrefixes(const TireFormBox& box) {
    std::vector<std::string_view> out;
    std::string_view rest = box.fields;
    while (!rest.empty()) {
        const std::size_t space = rest.find(' ');
        if (space != 0)
            out.push_back(rest.substr(0, space));
        rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    }
    if (out.empty())
        out.emplace_back();
    return out;
}

/// What a form page shows besides its boxes.
enum class TireFormExtra {
    None,
    TablePoints,   ///< a note and a button: the points are edited in the tire tables view
    CalspanPresets, ///< a list of the Calspan report's Table 1 tires to load
    TirFile         ///< the file the coefficients came from, and a button to import another
};

/// The window's page of one model's parameters (ui/TireParameterForm): its boxes side by
/// side, then what the extra adds.
struct TireFormPage {
    std::array<TireFormBox, 2> boxes{};
    int boxCount = 0;
    TireFormExtra extra = TireFormExtra::None;
};

struct TireModelInfo : OptionName<TireModelKind> {
    /// The model gives pure-slip curves only, combined by TireParams::combinedSlip
    /// (docs/physics.md 6.8); the others combine their slips themselves.
    bool pureSlip = false;
    TireFormPage form;
    /// Checks of its parameters beyond each field's limits (setupfile/SetupValidation,
    /// before the force probe every model gets); nullptr when there are none.
    TireParameterRules parameterRules = nullptr;
};

/// In enumerator order. The key is also the model's parameter struct: the TireParams
/// member and the section of a setup file (tires.front.magicFormula) holding its fields.
inline constexpr std::array<TireModelInfo, 8> tireModels{{
    {{TireModelKind::Linear, "linear", "linear", "Linear, capped"}, true, {{{{"", ""}}}, 1}},
    {{TireModelKind::Table, "table", "table", "Table"}, true, {{}, 0, TireFormExtra::TablePoints}},
    {{TireModelKind::MagicFormula, "magicFormula", "magic-formula", "Magic formula (simplified)"},
     true,
     {{{{"Longitudinal (slip ratio)", "longitudinal."}, {"Lateral (slip angle, rad)", "lateral."}}}, 2}},
    {{TireModelKind::Pacejka94, "pacejka94", "pacejka94", "Pacejka '94"},
     true,
     {{{{"Longitudinal b0..b13", "b"}, {"Lateral a0..a17, camber", "a camber"}}}, 2}},
    {{TireModelKind::Brush, "brush", "brush", "Brush / Dugoff"}, false, {{{{"", ""}}}, 1}},
    {{TireModelKind::Calspan, "calspan", "calspan", "Calspan"},
     false,
     {{{{"", ""}}}, 1, TireFormExtra::CalspanPresets},
     calspanParameterRules},
    {{TireModelKind::SlipSpeed, "slipSpeed", "slip-speed", "Slip speed"}, false, {{{{"", ""}}}, 1}},
    // The file's own weighting functions combine its slips (docs/physics.md 12.3).
    {{TireModelKind::Tir, "tir", "tir", "Magic Formula (.tir)"},
     false,
     {{{{"File, conditions and scaling",
         "version fittyp side combination FNOMIN UNLOADED_RADIUS NOMPRES INFLPRES VXLOW FZ KPU ALP CAM PRES L"},
        {"Coefficients", "PC PD PE PK PH PV PP Q R S"}}},
      2,
      TireFormExtra::TirFile},
     tirParameterRules},
}};
constexpr const auto& optionTable(TireModelKind) { return tireModels; }
static_assert(coversEveryValue<TireModelKind>());

/// The entry of a model (the kind must be one of the enum's values).
constexpr const TireModelInfo& tireModel(TireModelKind kind) {
    return tireModels[static_cast<std::size_t>(kind)];
}

} // namespace vtw
