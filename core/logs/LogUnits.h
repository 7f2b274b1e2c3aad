#pragma once

// The units a logger writes and how each becomes the simulation's SI unit, so that a
// logged speed in km/h and a simulated one in m/s are compared as one quantity.

#include <QString>
#include <QStringList>

#include <optional>

namespace vtw {

/// How a logged unit becomes an SI one: si = value * factor.
struct UnitConversion {
    QString siUnit; ///< as the telemetry catalogue writes it: "m/s", "rad", "m/s^2", "1"
    double factor = 1.0;
};

/// The conversion of a unit as loggers write it ("km/h", "kph", "mph", "deg", "g", "%",
/// "ft", ...; case is ignored where it carries no meaning), or nullopt when it is unknown.
std::optional<UnitConversion> unitConversion(const QString& unit);

/// The units that convert to an SI unit, the SI unit itself first: what a mapping dialog
/// offers for a channel in that unit.
QStringList unitsConvertibleTo(const QString& siUnit);

} // namespace vtw
