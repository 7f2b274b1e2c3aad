#pragma once

// A list of math channels applied to a run: each computed after the channels it reads
// (math channels may read each other), and added to the run's table as a column.

#include "core/mathchannels/MathChannel.h"

#include <string>
#include <vector>

namespace vtw {

class ChannelTable;

/// Why one math channel could not be computed. `inFormula`: error.position is an
/// offset into its formula; otherwise the problem is its name (error.position 0).
struct MathChannelProblem {
    std::size_t channel = 0; ///< index into the list given
    std::string name;
    FormulaError error;
    bool inFormula = true;
};

/// The problems the definitions have against the channels a run records (`recorded`),
/// without computing anything: names, syntax, unknown channels, cycles. What only
/// the data can show (time that goes back) is left to applyMathChannels.
std::vector<MathChannelProblem> checkMathChannels(const std::vector<std::string>& recorded,
                                                  const std::vector<MathChannel>& channels);

/// Computes every channel it can and adds each to `table` as a column (label = name,
/// the user's unit); a failing channel, and any channel that reads it, is left out
/// and reported. The others are still computed.
std::vector<MathChannelProblem> applyMathChannels(ChannelTable& table, const std::vector<MathChannel>& channels);

/// Every channel name the formulas read (math channels' among them), each once: what
/// a table needs to hold for them besides its time.
std::vector<std::string> channelsReadBy(const std::vector<MathChannel>& channels);

/// "name: message (at character N of its formula)", for a log or a console.
std::string describe(const MathChannelProblem& problem);

} // namespace vtw
