#pragma once

// The user's math channels (MathChannelStore) as the views use them: beside the
// simulation's catalogue in the pickers, and computed from a run's data.

#include "core/sim/Telemetry.h"
#include "core/analysis/ChannelTable.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

class QComboBox;

namespace vtw {

/// The group math channels are listed under in pickers.
QString mathChannelGroup();

/// A catalogue channel's description, or a math channel's (its name as label, the
/// user's unit, mathChannelGroup() as group); nullopt for neither.
std::optional<ChannelInfo> channelOrMathInfo(const std::string& name);
bool isMathChannelName(const std::string& name);

/// The store's math channels computed over `table` and added to it; those that fail
/// are left out (the Math channels dialog says why).
ChannelTable withMathChannels(ChannelTable table);

/// The store's math channels computed over `table`: the columns of those that
/// compute, in the store's order (what an export adds to a run's own columns).
std::vector<ChannelColumn> mathColumnsOf(ChannelTable table);

/// A run's channel: its telemetry's column, or the math channel computed from its
/// telemetry; empty when the name is neither or the math channel fails on this run.
std::vector<double> runChannelValues(const Telemetry& telemetry, const std::string& name);

/// Lists the store's math channels at the end of a picker whose items carry channel
/// names as data ("Math: name (unit)"), and keeps them current as the store changes;
/// the chosen item stays chosen while its channel exists.
void offerMathChannels(QComboBox* box);

} // namespace vtw
