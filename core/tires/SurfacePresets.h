#pragma once

#include <array>
#include <string_view>

// Road surfaces as a grip scale: TireInput::surfaceMu multiplies each model's
// friction. The only surface friction figures in the project's sources are the
// Calspan page's mu0 of 0.85 dry, 0.3 wet and 0.1 icy [Szostak, Allen, Rosenthal,
// DOT HS-807-271, 1988; docs/physics.md 6.6]; the scales are those values relative
// to dry, so a Calspan tire on a preset surface gets exactly the page's mu0.
// Loose gravel is a guess of this project (0.7 of dry), not from a source.

namespace vtw {

struct SurfacePreset {
    std::string_view key;  ///< stable identifier for files and the CLI
    std::string_view name; ///< display name
    double gripScale;      ///< dimensionless, 1 = dry asphalt
};

inline constexpr double calspanDryMu = 0.85;

inline constexpr std::array<SurfacePreset, 4> surfacePresets{{
    {"dry", "Dry asphalt", 0.85 / calspanDryMu},
    {"wet", "Wet asphalt", 0.3 / calspanDryMu},
    {"ice", "Ice", 0.1 / calspanDryMu},
    {"gravel", "Loose gravel (estimate)", 0.7},
}};

} // namespace vtw
