#pragma once

// A recorded run as a table of named channels: what a simulated run, a lap, a logged
// lap from a real car and the channels computed from them (math channels) all are to
// the analysis tools. Unlike Telemetry, whose channels are the core's fixed catalogue,
// a table holds whatever channels its source has, each with its own unit.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace vtw {

class Telemetry;

/// One channel of a table: a stable name (the key formulas and pickers use), its unit
/// (SI where the source is the simulation; whatever a log's mapping gives otherwise),
/// a label for people, and one value per sample.
struct ChannelColumn {
    std::string name;
    std::string unit;
    std::string label;
    std::vector<double> values;
};

/// Channels of equal length, looked up by name. The channels named
/// `channelTableTime` and `channelTableDistance`, when present, are the axes runs are
/// aligned on.
class ChannelTable {
public:
    /// Adds a channel. Throws std::invalid_argument, naming the channel, when its
    /// name is empty or already taken or its length differs from the table's.
    void add(ChannelColumn column);
    /// Replaces the values (and unit, label) of a channel of that name, or adds it.
    void set(ChannelColumn column);
    /// Removes the channel of that name, if there is one.
    void remove(std::string_view name);

    std::size_t sampleCount() const;
    std::size_t channelCount() const { return m_columns.size(); }
    const std::vector<ChannelColumn>& columns() const { return m_columns; }

    /// The channel of that name, or nullptr.
    const ChannelColumn* find(std::string_view name) const;
    /// Index of the channel of that name, or -1.
    int indexOf(std::string_view name) const;
    bool has(std::string_view name) const { return indexOf(name) >= 0; }

private:
    std::vector<ChannelColumn> m_columns;
};

/// The names of the axes a run is aligned on.
inline constexpr std::string_view channelTableTime = "time";
inline constexpr std::string_view channelTableDistance = "distance";

/// Every channel of a simulated run's telemetry, under the catalogue's names, units
/// and labels.
ChannelTable channelTableOf(const Telemetry& telemetry);

} // namespace vtw
