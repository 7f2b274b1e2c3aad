#pragma once

// How a parameter struct describes its fields without Qt: what each one measures, its
// limits, its editor step and its meaning, and where it lives in the struct. The setup
// file's field table (core/setupfile/SetupMetadata.cpp) turns these into its rows; the
// tire models describe their parameters this way (core/tires/models/).

#include <limits>
#include <string_view>

namespace vtw {

class Curve;

/// What a value measures, so a UI can pick the display unit (SI or imperial).
/// Fields whose stored unit is not SI (rpm, percent, psi, inch, lb) have their
/// own quantity: they are shown as stored.
enum class Quantity {
    Dimensionless,
    Share,           ///< 0..1 fraction (shown as %)
    Percent,         ///< stored in %
    Length,          ///< m
    Mass,            ///< kg
    Area,            ///< m^2
    Density,         ///< kg/m^3
    MomentOfInertia, ///< kg m^2
    Speed,           ///< m/s
    EngineSpeed,     ///< rpm
    Torque,          ///< N m
    TorquePerRpm,    ///< N m / rpm
    Angle,           ///< rad
    AngularSpeed,    ///< rad/s
    Time,            ///< s
    ForcePerSlip,    ///< N per unit slip ratio
    ForcePerAngle,   ///< N/rad
    ForcePerSpeed,   ///< N s/m
    LengthInches,    ///< in (native unit of the Calspan model)
    PressurePsi,     ///< psi (native unit of the Calspan model)
    ForcePounds,     ///< lb (native unit of the Calspan model)
    Force,           ///< N
    Pressure,        ///< Pa
    TorquePerAngularSpeed, ///< N m s/rad
    Frequency,       ///< Hz
    Stiffness,       ///< N/m (spring and bar rates)
    DamperSpeed,     ///< m/s of a damper (shown in mm/s or in/s)
    Acceleration,    ///< m/s^2, shown in g in both unit systems
};

/// A field's hard limits: what the model can run, not what is typical (a modder may
/// build a truck or a kart).
struct FieldLimits {
    double min = -std::numeric_limits<double>::max();
    double max = std::numeric_limits<double>::max();
    bool minExclusive = false; ///< value must be > min instead of >= min
    bool maxExclusive = false; ///< value must be < max instead of <= max
};
constexpr FieldLimits within(double min, double max) { return {min, max}; }
/// Excludes the lower bound.
constexpr FieldLimits above(double min, double max) { return {min, max, true}; }
constexpr FieldLimits aboveBelow(double min, double max) { return {min, max, true, true}; }
constexpr FieldLimits withinBelow(double min, double max) { return {min, max, false, true}; }

/// Rules for a point-list curve beyond "finite numbers".
struct CurveRules {
    int minPoints = 2;
    int maxPoints = 10000;                             ///< also the loader's cap on array length
    double xMin = -std::numeric_limits<double>::max(); ///< every x >= xMin
    double yMin = -std::numeric_limits<double>::max(); ///< every y >= yMin
    bool positivePeak = false;                         ///< the largest y must be > 0
};

/// An axis of a curve field.
struct CurveAxis {
    std::string_view label;
    std::string_view unit;
    Quantity quantity = Quantity::Dimensionless;
};

// The fields of a parameter struct P. key: the field's path under the struct's section
// ("longitudinal.B"); ref: where the value lives in P (a function, or for fields made
// from a run-time list, any callable taking a P&).

/// A number (a double).
template <class P, class Ref = double& (*)(P&)> struct NumberField {
    std::string_view key;
    std::string_view label;
    std::string_view unit; ///< stored unit symbol ("" for dimensionless)
    Quantity quantity = Quantity::Dimensionless;
    FieldLimits limits;
    double step = 1.0; ///< editor step in the stored unit
    int decimals = 3;  ///< editor decimals in the stored unit
    std::string_view tooltip;
    Ref ref;
};

/// An integer, stored as an integral number.
template <class P> struct IntegerField {
    std::string_view key;
    std::string_view label;
    FieldLimits limits;
    std::string_view tooltip;
    int& (*ref)(P&);
};

/// One of an option set's values (core/base/OptionSet.h names them).
template <class P, class Enum> struct EnumField {
    std::string_view key;
    std::string_view label;
    std::string_view tooltip;
    Enum& (*ref)(P&);
};

/// A flag chosen like an option of two: keys and names of false, then true.
template <class P> struct FlagField {
    std::string_view key;
    std::string_view label;
    std::string_view tooltip;
    std::string_view keys[2];
    std::string_view names[2];
    bool& (*ref)(P&);
};

/// A point list.
template <class P> struct CurveField {
    std::string_view key;
    std::string_view label;
    CurveAxis x;
    CurveAxis y;
    CurveRules rules;
    std::string_view tooltip;
    Curve& (*ref)(P&);
};

} // namespace vtw
