#include "core/tires/CalspanPresets.h"

namespace vtw {

std::string_view calspanPresetName(CalspanPreset preset) {
    switch (preset) {
    case CalspanPreset::Tire155SR13:
        return "155SR13";
    case CalspanPreset::TireP155_80D13:
        return "P155/80D13";
    case CalspanPreset::TireP185_70R13:
        return "P185/70R13";
    }
    return {};
}

std::array<std::string_view, 3> calspanPresetNames() {
    std::array<std::string_view, 3> names;
    for (std::size_t i = 0; i < calspanPresets.size(); ++i)
        names[i] = calspanPresetName(calspanPresets[i]);
    return names;
}

CalspanParams calspanPreset(CalspanPreset preset) {
    CalspanParams p; // Kmu 0.124 and mu0 0.85 for all three
    switch (preset) {
    case CalspanPreset::Tire155SR13:
        p.treadWidth_in = 6.0;
        p.inflationPressure_psi = 24.0;
        p.ratedLoad_lb = 810.0;
        p.C1 = 1.0, p.C2 = 0.34, p.C3 = 0.57, p.C4 = 0.32;
        p.A0 = 914.02, p.A1 = 12.9, p.A2 = 2028.24;
        p.Ka = 0.05;
        p.CSFZ = 18.7;
        break;
    case CalspanPreset::TireP155_80D13:
        p.treadWidth_in = 6.0;
        p.inflationPressure_psi = 24.0;
        p.ratedLoad_lb = 900.0;
        p.C1 = 0.535, p.C2 = 1.05, p.C3 = 1.15, p.C4 = 0.8;
        p.A0 = 1817.0, p.A1 = 7.48, p.A2 = 2455.0;
        p.Ka = 0.05;
        p.CSFZ = 18.7;
        break;
    case CalspanPreset::TireP185_70R13:
        p.treadWidth_in = 7.3;
        p.inflationPressure_psi = 24.0;
        p.ratedLoad_lb = 980.0;
        p.C1 = 1.0, p.C2 = 0.34, p.C3 = 0.57, p.C4 = 0.32;
        p.A0 = 1068.0, p.A1 = 11.3, p.A2 = 2442.73;
        p.Ka = 0.05;
        p.CSFZ = 17.91;
        break;
    }
    p.mu0 = 0.85;
    p.Kmu = 0.124;
    return p;
}

} // namespace vtw
