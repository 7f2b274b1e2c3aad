#pragma once

// --math FILE.json: math channels computed over the telemetry a command writes and
// added to it as columns (run -t, lap --trace).

#include "core/analysis/ChannelTable.h"
#include "core/mathchannels/MathChannel.h"

#include <QCommandLineOption>
#include <QString>

#include <optional>
#include <vector>

namespace vtw::cli {

QCommandLineOption mathOption();

/// The channels of the file --math names (none without the option). Prints why and
/// returns nullopt when the file cannot be used.
std::optional<std::vector<MathChannel>> readMathArgument(const QString& path);

/// Computes the channels over `table` and returns their columns, in the file's order.
/// Each channel that cannot be computed is printed to stderr and left out;
/// allComputed says whether any was.
std::vector<ChannelColumn> mathColumns(ChannelTable table, const std::vector<MathChannel>& channels,
                                       bool& allComputed);

} // namespace vtw::cli
