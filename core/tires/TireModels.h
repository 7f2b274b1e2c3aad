#pragma once

// The tire models. Each is one file in core/tires/models/: its parameter struct, the
// description of its fields, its formula (the lane-shared part in core/lanes, named
// after it) and its physics as Tire runs it, gathered in a model struct. Here each has
// one entry in tireModels below (its key, names, form page and parameter rules) and one
// in TireModelList, both in TireModelKind's order; the setup files, the validation, the
// window's form page and model lists, the command line, Tire's dispatch and the tests
// that run every model all read them. A model also has its own case in
// core/reference/ReferenceTire.cpp and its expected values in tests/core/tires/tst_tires
// (docs/architecture.md, "Add a tire model").

#include "core/base/OptionSet.h"
#include "core/tires/TirOptions.h"
#include "core/tires/TireParameterProblem.h"
#include "core/tires/TireParams.h"

#include <array>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <utility>
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

/// The models' own structs (core/tires/models/), in enumerator order: what iterates the
/// models at compile time (forEachTireModel).
using TireModelList = std::tuple<LinearTireModel, TableTireModel, MagicFormulaTireModel, Pacejka94TireModel,
                                 BrushTireModel, CalspanTireModel, SlipSpeedTireModel, TirTireModel>;

namespace tiremodels_detail {
template <std::size_t... I> constexpr bool listsEveryModel(std::index_sequence<I...>) {
    return sizeof...(I) == tireModels.size() &&
           ((std::tuple_element_t<I, TireModelList>::kind == tireModels[I].value &&
             std::tuple_element_t<I, TireModelList>::pureSlip == tireModels[I].pureSlip) &&
            ...);
}
} // namespace tiremodels_detail

// With coversEveryValue above: the list has every model, once, in enumerator order.
static_assert(tiremodels_detail::listsEveryModel(std::make_index_sequence<std::tuple_size_v<TireModelList>>{}),
              "TireModelList must list every TireModelKind's model in order, as tireModels does");

/// Calls f.template operator()<Model>() for each model of TireModelList, in order.
template <class F> [[gnu::always_inline]] constexpr void forEachTireModel(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) __attribute__((always_inline)) {
        (f.template operator()<std::tuple_element_t<I, TireModelList>>(), ...);
    }(std::make_index_sequence<std::tuple_size_v<TireModelList>>{});
}

/// Calls f.template operator()<Model>() for the model of `kind`; nothing for a number
/// that is no model (a value cast from a corrupt number).
template <class F> [[gnu::always_inline]] constexpr void withTireModel(TireModelKind kind, F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) __attribute__((always_inline)) {
        (void)((kind == std::tuple_element_t<I, TireModelList>::kind
                    ? (f.template operator()<std::tuple_element_t<I, TireModelList>>(), true)
                    : false) ||
               ...);
    }(std::make_index_sequence<std::tuple_size_v<TireModelList>>{});
}

} // namespace vtw
