#pragma once

// The .tir model's option sets (docs/physics.md 12), named for setup files, the
// command line and the window like every other option set (OptionSet.h), and the
// rules on its coefficients that no single coefficient's limits can state.

#include "core/base/OptionSet.h"
#include "core/tires/TireParameterProblem.h"
#include "core/tires/TirCoefficients.h"

#include <array>

namespace vtw {

inline constexpr std::array<OptionName<TirVersion>, 3> tirVersionOptions{{
    {TirVersion::Mf5, "mf5", "mf5", "MF 5.x (PAC2002)"},
    {TirVersion::Mf61, "mf61", "mf61", "MF 6.1"},
    {TirVersion::Mf62, "mf62", "mf62", "MF 6.2"},
}};
constexpr const auto& optionTable(TirVersion) { return tirVersionOptions; }
static_assert(coversEveryValue<TirVersion>());

inline constexpr std::array<OptionName<TyreSide>, 3> tyreSideOptions{{
    {TyreSide::Unknown, "unknown", "unknown", "Symmetric (not mirrored)"},
    {TyreSide::Left, "left", "left", "Measured on the left"},
    {TyreSide::Right, "right", "right", "Measured on the right"},
}};
constexpr const auto& optionTable(TyreSide) { return tyreSideOptions; }
static_assert(coversEveryValue<TyreSide>());

/// The .tir model's coefficients, when it is the axle's model: probed over slips, loads,
/// cambers, pressures and speeds like a file at import (TirLoad.h), so that values typed
/// or swept into a setup cannot make a run non-finite. The probe costs milliseconds, so
/// it runs only for the chosen model; the other sets are kept unprobed.
void tirParameterRules(const TireParams& params, std::vector<TireParameterProblem>& out);

} // namespace vtw
