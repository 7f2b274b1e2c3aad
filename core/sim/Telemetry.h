#pragma once

#include "core/sim/StepSample.h"

#include <string>
#include <vector>

namespace vtw {

/// How one telemetry channel is named, what unit its values are in, and how
/// it is read from a sample.
struct ChannelInfo {
    std::string name;  ///< stable key, e.g. "speed" or "load_FL"
    std::string unit;  ///< SI unit, e.g. "m/s"
    std::string label; ///< for people, e.g. "Speed"
    std::string group; ///< for pickers: "Motion", "Driver", "Engine", "Wheels: load" ...
    double (*read)(const StepSample&) = nullptr;
    /// A channel of the dynamic suspension (docs/physics.md 16): a run records it only
    /// when its samples carry a suspension (SuspensionSample::active). These come last.
    bool suspension = false;
};

/// Every channel the core can record, in a fixed order.
const std::vector<ChannelInfo>& channelCatalogue();

/// Index of a channel by name in the catalogue, or -1.
int channelIndex(const std::string& name);

/// Bytes of telemetry CSV per value, at most: the shortest round-trip text of a
/// double (std::to_chars, as toCsv() writes it) is at most 24 characters, plus its
/// separator. Typical values take about 10.
inline constexpr double telemetryCsvBytesPerValue = 25.0;
/// The most telemetry CSV a run may record, bytes (1 GiB): more is a run far too long
/// or too finely stepped for its telemetry to be read, and it would hold memory and
/// disk for minutes before anyone saw a sample.
inline constexpr double maxTelemetryCsvBytes = 1024.0 * 1024.0 * 1024.0;
/// Upper estimate of the CSV text of `samples` samples of every channel:
/// samples x channels x telemetryCsvBytesPerValue (the header row left out).
double telemetryCsvBytesEstimate(double samples);

/// A run's recorded channels: one array per channel (structure of arrays, so a
/// plot takes one column without copying the rest). It holds the samples it is
/// given; which steps those are is the run's choice (ManeuverSession keeps every
/// `decimation`-th step, the first included).
class Telemetry {
public:
    explicit Telemetry(int decimation = 1);

    /// Append a sample's channels.
    void record(const StepSample& sample);

    /// Reserve room for n samples per channel (avoids reallocation in long runs).
    void reserve(std::size_t samples);
    void clear();

    std::size_t sampleCount() const { return m_columns.empty() ? 0 : m_columns.front().size(); }
    /// Every catalogue channel, recorded or not (see recorded()).
    std::size_t channelCount() const { return m_columns.size(); }
    /// Whether the run recorded the channel: false for a suspension channel of a rigid
    /// car's run, whose column stays empty (a run that gains a suspension part-way has
    /// NaN in the rows before).
    bool recorded(std::size_t channel) const { return m_columns[channel].size() == sampleCount(); }
    const std::vector<double>& column(std::size_t channel) const { return m_columns[channel]; }
    const std::vector<double>& column(const std::string& name) const;
    const ChannelInfo& info(std::size_t channel) const;
    int decimation() const { return m_decimation; } ///< the grid its samples were kept on

    /// CSV text: a header row of `name [unit]`, then one row per sample,
    /// numbers with full round-trip precision; the recorded channels only.
    std::string toCsv() const;

private:
    int m_decimation = 1;
    std::vector<std::vector<double>> m_columns;
};

} // namespace vtw
