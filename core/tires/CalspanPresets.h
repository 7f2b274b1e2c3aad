#pragma once

#include "core/tires/TireParams.h"

#include <array>
#include <string_view>

// The three tires of Table 1 of the Calspan report [Szostak, Allen, Rosenthal,
// DOT HS-807-271, 1988; docs/physics.md 6.6]. The 155SR13 column is confirmed by three
// sources, the other two by one. A3, A4 and K1 of the table are not used by the
// model (no known implementation uses them) and are not stored.

namespace vtw {

enum class CalspanPreset { Tire155SR13, TireP155_80D13, TireP185_70R13 };

inline constexpr std::array<CalspanPreset, 3> calspanPresets{
    CalspanPreset::Tire155SR13, CalspanPreset::TireP155_80D13, CalspanPreset::TireP185_70R13};

/// The tire size as printed in the report, e.g. "155SR13".
std::string_view calspanPresetName(CalspanPreset preset);

/// Display names of all presets, in the order of calspanPresets.
std::array<std::string_view, 3> calspanPresetNames();

/// The Table 1 parameters of a preset (mu0 = 0.85, dry).
CalspanParams calspanPreset(CalspanPreset preset);

} // namespace vtw
