#include "core/tires/TirUnits.h"

#include "core/base/Units.h"

#include <initializer_list>
#include <optional>
#include <string_view>

namespace vtw {

namespace {

struct UnitName {
    std::string_view name; ///< upper case
    double si;             ///< SI value of one unit
};

// Exact by definition: 1 lbf = 4.4482216152605 N, 1 psi = 1 lbf/in^2, 1 lb = 0.45359237 kg.
constexpr double newtonsPerPoundForce = 4.4482216152605;
constexpr double pascalsPerPsi = newtonsPerPoundForce / (0.0254 * 0.0254);

const std::initializer_list<UnitName> lengthUnits = {
    {"METER", 1.0},         {"METERS", 1.0},        {"METRE", 1.0},  {"METRES", 1.0},
    {"M", 1.0},             {"MILLIMETER", 1e-3},   {"MILLIMETERS", 1e-3},
    {"MILLIMETRE", 1e-3},   {"MILLIMETRES", 1e-3},  {"MM", 1e-3},    {"CENTIMETER", 1e-2},
    {"CENTIMETERS", 1e-2},  {"CENTIMETRE", 1e-2},   {"CENTIMETRES", 1e-2},
    {"CM", 1e-2},           {"KILOMETER", 1e3},     {"KILOMETERS", 1e3}, {"KILOMETRE", 1e3},
    {"KILOMETRES", 1e3},    {"KM", 1e3},            {"INCH", 0.0254}, {"INCHES", 0.0254},
    {"IN", 0.0254},         {"FOOT", 0.3048},       {"FEET", 0.3048}, {"FT", 0.3048},
    {"MILE", 1609.344},     {"MILES", 1609.344}};
const std::initializer_list<UnitName> forceUnits = {
    {"NEWTON", 1.0},         {"NEWTONS", 1.0},       {"N", 1.0},
    {"KILONEWTON", 1e3},     {"KILONEWTONS", 1e3},   {"KNEWTON", 1e3}, {"KN", 1e3},
    {"POUND_FORCE", newtonsPerPoundForce},           {"LBF", newtonsPerPoundForce},
    {"KPOUND_FORCE", 1e3 * newtonsPerPoundForce},    {"KIP", 1e3 * newtonsPerPoundForce},
    {"KG_FORCE", units::gravity},                    {"KGF", units::gravity},
    {"DYNE", 1e-5}};
const std::initializer_list<UnitName> angleUnits = {
    {"RADIAN", 1.0},  {"RADIANS", 1.0}, {"RAD", 1.0},
    {"DEGREE", units::pi / 180.0}, {"DEGREES", units::pi / 180.0}, {"DEG", units::pi / 180.0}};
const std::initializer_list<UnitName> timeUnits = {
    {"SECOND", 1.0},      {"SECONDS", 1.0},      {"SEC", 1.0},   {"S", 1.0},
    {"MILLISECOND", 1e-3}, {"MILLISECONDS", 1e-3}, {"MILLI", 1e-3}, {"MS", 1e-3},
    {"MINUTE", 60.0},     {"MINUTES", 60.0},     {"MIN", 60.0},
    {"HOUR", 3600.0},     {"HOURS", 3600.0},     {"H", 3600.0}};
const std::initializer_list<UnitName> pressureUnits = {
    {"PASCAL", 1.0},       {"PASCALS", 1.0},  {"PA", 1.0},
    {"KPASCAL", 1e3},      {"KILOPASCAL", 1e3}, {"KPA", 1e3},
    {"MPASCAL", 1e6},      {"MEGAPASCAL", 1e6}, {"MPA", 1e6},
    {"BAR", 1e5},          {"MBAR", 1e2},     {"PSI", pascalsPerPsi},
    {"KSI", 1e3 * pascalsPerPsi}, {"ATM", 101325.0}};
const std::initializer_list<UnitName> massUnits = {
    {"KG", 1.0},         {"KILOGRAM", 1.0},      {"KILOGRAMS", 1.0},
    {"GRAM", 1e-3},      {"GRAMS", 1e-3},        {"G", 1e-3},
    {"TONNE", 1e3},      {"TONNES", 1e3},        {"POUND_MASS", 0.45359237},
    {"LBM", 0.45359237}, {"SLUG", newtonsPerPoundForce / 0.3048}};

std::optional<double> lookUp(const std::initializer_list<UnitName>& names, const std::string& text) {
    std::string wanted;
    for (char c : text)
        if (c != ' ' && c != '\t')
            wanted += (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
    for (const UnitName& u : names)
        if (u.name == wanted)
            return u.si;
    return std::nullopt;
}

std::string knownNames(const std::initializer_list<UnitName>& names) {
    std::string out;
    for (const UnitName& u : names) {
        if (!out.empty())
            out += ", ";
        out += u.name;
    }
    return out;
}

} // namespace

double TirUnitFactors::of(TirDimension dimension) const {
    switch (dimension) {
    case TirDimension::None:
        return 1.0;
    case TirDimension::Length:
        return length;
    case TirDimension::Force:
        return force;
    case TirDimension::Angle:
        return angle;
    case TirDimension::Speed:
        return length / time;
    case TirDimension::Pressure:
        return pressure;
    }
    return 1.0;
}

TirUnitsResult tirUnitsFromFile(const TirFile& file) {
    TirUnitsResult result;
    if (!file.findSection("UNITS")) {
        result.warnings.push_back("no [UNITS] section: SI units (meter, newton, radian, second, pascal) assumed");
        result.ok = true;
        return result;
    }
    struct Quantity {
        const char* key;
        const std::initializer_list<UnitName>* names;
        double TirUnitFactors::*factor;
        bool used; ///< by the model (an unknown unit is then an error)
    };
    const Quantity quantities[] = {
        {"LENGTH", &lengthUnits, &TirUnitFactors::length, true},
        {"FORCE", &forceUnits, &TirUnitFactors::force, true},
        {"ANGLE", &angleUnits, &TirUnitFactors::angle, true},
        {"TIME", &timeUnits, &TirUnitFactors::time, true},
        {"PRESSURE", &pressureUnits, &TirUnitFactors::pressure, true},
        {"MASS", &massUnits, &TirUnitFactors::mass, false},
    };
    for (const Quantity& q : quantities) {
        const TirEntry* e = file.find("UNITS", q.key);
        if (!e)
            continue; // SI
        const std::optional<double> si = lookUp(*q.names, e->value.text);
        if (si) {
            result.factors.*q.factor = *si;
            continue;
        }
        const std::string message = "line " + std::to_string(e->line) + ": unknown " + q.key + " unit " +
                                    tirValueText(e->value) + " (known: " + knownNames(*q.names) + ")";
        if (q.used) {
            result.error = message;
            return result;
        }
        result.warnings.push_back(message + "; " + q.key + " is not used");
    }
    result.ok = true;
    return result;
}

} // namespace vtw
