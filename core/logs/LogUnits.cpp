#include "core/logs/LogUnits.h"

#include <numbers>

namespace vtw {

namespace {

struct KnownUnit {
    const char* name; ///< the spelling offered in dialogs
    const char* si;
    double factor;
    const char* aliases[3]; ///< other spellings loggers use, lower case
};

// Exact factors where a definition gives one: the international foot is 0.3048 m and
// the mile 1609.344 m (so 1 mph = 0.44704 m/s), standard gravity is 9.80665 m/s^2.
constexpr double degree = std::numbers::pi / 180.0;
constexpr double standardGravity = 9.80665;
constexpr KnownUnit knownUnits[] = {
    {"s", "s", 1.0, {"sec", "seconds", nullptr}},
    {"ms", "s", 1e-3, {nullptr}},
    {"min", "s", 60.0, {nullptr}},
    {"m", "m", 1.0, {"metres", "meters", nullptr}},
    {"km", "m", 1e3, {nullptr}},
    {"ft", "m", 0.3048, {"feet", nullptr}},
    {"mi", "m", 1609.344, {"miles", nullptr}},
    {"m/s", "m/s", 1.0, {"mps", nullptr}},
    {"km/h", "m/s", 1.0 / 3.6, {"kph", "kmh", "kmph"}},
    {"mph", "m/s", 0.44704, {"mi/h", nullptr}},
    {"rpm", "rpm", 1.0, {"1/min", nullptr}},
    {"rad", "rad", 1.0, {nullptr}},
    {"deg", "rad", degree, {"degrees", "\u00b0", nullptr}},
    {"m/s^2", "m/s^2", 1.0, {"m/s/s", "m/s\u00b2", "m/s2"}},
    {"g", "m/s^2", standardGravity, {"G", nullptr}},
    {"rad/s", "rad/s", 1.0, {nullptr}},
    {"deg/s", "rad/s", degree, {"\u00b0/s", "dps", nullptr}},
    {"1", "1", 1.0, {"ratio", "fraction", ""}},
    {"%", "1", 0.01, {"percent", nullptr}},
};

} // namespace

std::optional<UnitConversion> unitConversion(const QString& unit) {
    const QString text = unit.trimmed();
    for (const KnownUnit& known : knownUnits) {
        if (text == QString::fromUtf8(known.name))
            return UnitConversion{QString::fromUtf8(known.si), known.factor};
    }
    // Then the aliases, and the names without case: "KM/H", "Deg", but not "G" for "g"
    // and "mm" for "m" (those are the aliases' and names' exact spellings only).
    const QString lower = text.toLower();
    for (const KnownUnit& known : knownUnits) {
        for (const char* alias : known.aliases) {
            if (!alias)
                break;
            if (text == QString::fromUtf8(alias) || lower == QString::fromUtf8(alias))
                return UnitConversion{QString::fromUtf8(known.si), known.factor};
        }
        if (lower == QString::fromUtf8(known.name).toLower())
            return UnitConversion{QString::fromUtf8(known.si), known.factor};
    }
    return std::nullopt;
}

QStringList unitsConvertibleTo(const QString& siUnit) {
    QStringList units;
    for (const KnownUnit& known : knownUnits) {
        if (QString::fromUtf8(known.si) != siUnit)
            continue;
        if (siUnit == QString::fromUtf8(known.name))
            units.prepend(siUnit);
        else
            units.append(QString::fromUtf8(known.name));
    }
    return units;
}

} // namespace vtw
