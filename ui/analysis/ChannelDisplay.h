#pragma once

#include "core/setupfile/SetupMetadata.h"

#include <QString>

#include <string>

namespace vtw {

/// How a core channel unit is shown: the core records SI and radians; people
/// read angles in degrees, speeds in km/h or mph, forces in N or lbf and
/// accelerations in g, as the window's unit system says (the same units the
/// setup forms use, core's displayUnit).
struct ChannelDisplay {
    double scale = 1.0; ///< shown = stored * scale
    QString unit;       ///< shown unit, empty for dimensionless
};

ChannelDisplay channelDisplay(const std::string& siUnit, UnitSystem system = UnitSystem::SI);

/// "Speed (m/s)", or just the label for a dimensionless channel.
QString channelTitle(const QString& label, const QString& unit);

} // namespace vtw
