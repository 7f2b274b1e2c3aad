#pragma once

// A lap's trace as telemetry, so that the studies' trace views (overlaid by distance)
// take a lap as they take a maneuver run. The lap knows only some of the channels: those
// are lapTelemetryChannels(); the others are recorded as zero and mean nothing for a lap.

#include "core/lap/LapSimulation.h"
#include "core/sim/Telemetry.h"
#include "core/analysis/ChannelTable.h"

#include <string>
#include <vector>

namespace vtw {

/// One telemetry sample per station of the trace.
Telemetry lapTelemetry(const LapTrace& trace);

/// The telemetry channels a lap fills: time, x, y, distance, speed, vx, heading, yaw_rate,
/// ax, ay, throttle, brake, gear, rpm.
const std::vector<std::string>& lapTelemetryChannels();
/// Whether a lap fills the channel of this name.
bool lapFillsChannel(const std::string& name);

/// The lap as a table of the channels it fills only: a log set against it is compared
/// on those, never on the zeros of the channels a lap does not model (steering, say).
ChannelTable lapChannelTable(const LapTrace& trace);

/// The lap's trace itself as a table under the telemetry's channel names and SI units
/// (distance, time, speed, gear, rpm, ax, ay, throttle, brake, x, y, curvature): what
/// the Track workspace's cursor reads and math channels are computed over.
ChannelTable channelTableOf(const LapTrace& trace);

} // namespace vtw
