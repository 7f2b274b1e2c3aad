#pragma once

#include <QString>

namespace vtw {

/// How a core channel unit is shown: the core records SI and radians; people
/// read angles in degrees (PHYSICS.md: the UI converts for display).
struct ChannelDisplay {
    double scale = 1.0; ///< shown = stored * scale
    QString unit;       ///< shown unit, empty for dimensionless
};

ChannelDisplay channelDisplay(const std::string& siUnit);

/// "Speed (m/s)", or just the label for a dimensionless channel.
QString channelTitle(const QString& label, const QString& unit);

} // namespace vtw
