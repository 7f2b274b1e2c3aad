#pragma once

// The option sets of the setup's own enums (Setup.h): their file keys, command-line
// names and display names, one table each (OptionSet.h says how they are used). The
// tire models and combined-slip rules have theirs in tires/TireModels.h.

#include "core/base/OptionSet.h"
#include "core/vehicle/Setup.h"

#include <array>

namespace vtw {

inline constexpr std::array<OptionName<RollingResistanceModel>, 2> rollingResistanceOptions{{
    {RollingResistanceModel::SpeedLinear, "speedLinear", "speed-linear", "Speed-linear (Monster)"},
    {RollingResistanceModel::LoadBased, "loadBased", "load-based", "Load-based (c_rr × N)"},
}};
constexpr const auto& optionTable(RollingResistanceModel) { return rollingResistanceOptions; }
static_assert(coversEveryValue<RollingResistanceModel>());

inline constexpr std::array<OptionName<DrivelineLayout>, 3> drivelineLayoutOptions{{
    {DrivelineLayout::RearWheelDrive, "rwd", "rwd", "Rear-wheel drive"},
    {DrivelineLayout::FrontWheelDrive, "fwd", "fwd", "Front-wheel drive"},
    {DrivelineLayout::AllWheelDrive, "awd", "awd", "All-wheel drive"},
}};
constexpr const auto& optionTable(DrivelineLayout) { return drivelineLayoutOptions; }
static_assert(coversEveryValue<DrivelineLayout>());

inline constexpr std::array<OptionName<DifferentialType>, 4> differentialOptions{{
    {DifferentialType::Open, "open", "open", "Open"},
    {DifferentialType::Locked, "locked", "locked", "Locked"},
    {DifferentialType::ClutchLimitedSlip, "clutchLimitedSlip", "clutch-lsd", "Limited-slip (clutch)"},
    {DifferentialType::Viscous, "viscous", "viscous", "Limited-slip (viscous)"},
}};
constexpr const auto& optionTable(DifferentialType) { return differentialOptions; }
static_assert(coversEveryValue<DifferentialType>());

inline constexpr std::array<OptionName<AidSwitch>, 2> aidSwitchOptions{{
    {AidSwitch::Off, "off", "off", "Off"},
    {AidSwitch::On, "on", "on", "On"},
}};
constexpr const auto& optionTable(AidSwitch) { return aidSwitchOptions; }
static_assert(coversEveryValue<AidSwitch>());

inline constexpr std::array<OptionName<ShiftMode>, 2> shiftModeOptions{{
    {ShiftMode::Automatic, "automatic", "automatic", "Automatic"},
    {ShiftMode::Manual, "manual", "manual", "Manual"},
}};
constexpr const auto& optionTable(ShiftMode) { return shiftModeOptions; }
static_assert(coversEveryValue<ShiftMode>());

// `vtw-cli bench --integrator` took euler, semi-implicit and rk4 before the names were
// one convention; the first two stay accepted.
inline constexpr std::array<OptionName<Integrator>, 3> integratorOptions{{
    {Integrator::ExplicitEuler, "explicitEuler", "explicit-euler", "Explicit Euler", "euler"},
    {Integrator::SemiImplicitEuler, "semiImplicitEuler", "semi-implicit-euler", "Semi-implicit Euler",
     "semi-implicit"},
    {Integrator::RungeKutta4, "rungeKutta4", "rk4", "Runge-Kutta 4"},
}};
constexpr const auto& optionTable(Integrator) { return integratorOptions; }
static_assert(coversEveryValue<Integrator>());

inline constexpr std::array<OptionName<SuspensionModel>, 2> suspensionModelOptions{{
    {SuspensionModel::Rigid, "rigid", "rigid", "Rigid (quasi-static load transfer)"},
    {SuspensionModel::Dynamic, "dynamic", "dynamic", "Dynamic (heave, roll, pitch)"},
}};
constexpr const auto& optionTable(SuspensionModel) { return suspensionModelOptions; }
static_assert(coversEveryValue<SuspensionModel>());

} // namespace vtw
