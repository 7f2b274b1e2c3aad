#pragma once

#include "core/lap/LapSimulation.h"
#include "core/analysis/ChannelTable.h"

#include <string>

namespace vtw {

/// The lap's trace as CSV, one row per station: a header of "name [unit]" cells as
/// the telemetry's (distance, time, x, y, curvature, speed, gear, rpm, ax, ay,
/// throttle, brake; SI units), then "limit": grip, power, top_speed or brakes; then the
/// `extra` columns (math channels), one value per station each.
std::string lapTraceCsv(const LapTrace& trace, const std::vector<ChannelColumn>& extra = {});

} // namespace vtw
