#pragma once

// The user's math channels over a live run: computed from the recorded history
// (both tiers, oldest first, as one table) when it has grown since the last time,
// and kept split the way the history is, so the live plots read them as they read a
// recorded channel. Only the channels the formulas read are copied out of the history.

#include "core/sim/Telemetry.h"
#include "core/setupfile/CsvIo.h"

#include <QElapsedTimer>

#include <cstdint>
#include <span>
#include <vector>

namespace vtw {

class LiveHistory;

class LiveMathChannels {
public:
    /// Recomputes every math channel of the store when the history or the store changed.
    /// While a run grows, at most a fifth of the time goes to it: a recomputation that
    /// took x ms waits 4x ms before the next (the traces' newest stretch then lags).
    void update(const LiveHistory& history);

    /// The store's channels, as the live picker lists them (index = position in the store).
    std::size_t count() const;
    ChannelInfo info(std::size_t k) const;

    /// Channel k at the samples of the history's tiers as they were at the last
    /// recomputation (archiveTime(), recentTime()); empty when it fails on this run.
    std::span<const double> archive(std::size_t k) const;
    std::span<const double> recent(std::size_t k) const;
    std::span<const double> archiveTime() const;
    std::span<const double> recentTime() const;
    /// Channel k at the last sample at or before t (NaN when it has no value there).
    double valueAt(std::size_t k, double t) const;

    /// Wall time the last recomputation took, ms (shown by the live benchmark figures).
    double lastComputeMilliseconds() const { return m_lastMs; }

private:
    std::size_t m_archiveSize = 0;
    std::vector<std::vector<double>> m_values; ///< per store channel: archive then recent
    std::vector<double> m_time;
    // What the results were computed from.
    const LiveHistory* m_history = nullptr;
    std::uint64_t m_generation = 0;
    std::size_t m_size = 0;
    double m_lastTime = 0.0;
    int m_revision = -1;
    double m_lastMs = 0.0;
    QElapsedTimer m_sinceCompute;
};

/// The math channels that compute on the whole history, as CSV columns (the
/// telemetry export adds them after the recorded channels).
std::vector<TableColumn> liveMathCsvColumns(const LiveHistory& history);

} // namespace vtw
