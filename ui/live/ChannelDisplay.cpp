#include "ChannelDisplay.h"

#include "Units.h"

namespace vtw {

ChannelDisplay channelDisplay(const std::string& siUnit) {
    const double degPerRad = units::radToDeg(1.0);
    if (siUnit == "rad")
        return {degPerRad, QStringLiteral("deg")};
    if (siUnit == "rad/s")
        return {degPerRad, QStringLiteral("deg/s")};
    if (siUnit == "1")
        return {1.0, QString()};
    return {1.0, QString::fromStdString(siUnit)};
}

QString channelTitle(const QString& label, const QString& unit) {
    return unit.isEmpty() ? label : QStringLiteral("%1 (%2)").arg(label, unit);
}

} // namespace vtw
