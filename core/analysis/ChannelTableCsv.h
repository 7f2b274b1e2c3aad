#pragma once

// A table of channels as CSV, in the telemetry's form: a header of "name [unit]"
// cells, then one row per sample, numbers in their shortest exact form.

#include <string>

namespace vtw {

class ChannelTable;
struct LapTrace;

std::string channelTableCsv(const ChannelTable& table);

/// A quasi-steady lap's trace as a table: its numeric columns under the names its CSV
/// uses (distance, time, x, y, curvature, speed, gear, rpm, ax, ay, throttle, brake).
ChannelTable channelTableOf(const LapTrace& trace);

} // namespace vtw
