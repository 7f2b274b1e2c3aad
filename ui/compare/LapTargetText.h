#pragma once

// The lap of a track as the studies show it beside the catalogue's maneuvers: its title,
// its description and a summary of what it drives ("Lap of a track (Spa, centre line)").

#include "ui/shared/ManeuverWordChoice.h"
#include "core/study/Comparison.h"

#include <QString>

namespace vtw {

QString lapTargetTitle();
QString lapTargetDescription();
/// A flying lap of the library's first track on its race line: the lap a study starts with.
ManeuverSpec defaultLapSpec();
/// The title with the track and what differs from a flying lap on the race line.
QString lapTargetSummary(const ManeuverSpec& spec);

} // namespace vtw
