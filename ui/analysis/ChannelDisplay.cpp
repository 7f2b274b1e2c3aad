#include "ui/analysis/ChannelDisplay.h"

namespace vtw {

ChannelDisplay channelDisplay(const std::string& siUnit, UnitSystem system) {
    const auto shown = [](const DisplayUnit& d) { return ChannelDisplay{d.scale, d.symbol}; };
    if (siUnit == "rad")
        return shown(displayUnit(Quantity::Angle, system));
    if (siUnit == "rad/s")
        return shown(displayUnit(Quantity::AngularSpeed, system));
    if (siUnit == "m/s")
        return shown(displayUnit(Quantity::Speed, system));
    if (siUnit == "N m")
        return shown(displayUnit(Quantity::Torque, system));
    if (siUnit == "N")
        return shown(displayUnit(Quantity::Force, system));
    if (siUnit == "m/s^2")
        return shown(displayUnit(Quantity::Acceleration, system));
    if (siUnit == "Pa")
        return shown(displayUnit(Quantity::Pressure, system));
    if (siUnit == "m")
        return shown(metricDisplayUnit(QStringLiteral("m"), system));
    if (siUnit == "1")
        return {1.0, QString()};
    return {1.0, QString::fromStdString(siUnit)};
}

QString channelTitle(const QString& label, const QString& unit) {
    return unit.isEmpty() ? label : QStringLiteral("%1 (%2)").arg(label, unit);
}

} // namespace vtw
