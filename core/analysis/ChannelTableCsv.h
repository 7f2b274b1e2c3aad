#pragma once

// A table of channels as CSV, in the telemetry's form: a header of "name [unit]"
// cells, then one row per sample, numbers in their shortest exact form.

#include <string>

namespace vtw {

class ChannelTable;

std::string channelTableCsv(const ChannelTable& table);

} // namespace vtw
