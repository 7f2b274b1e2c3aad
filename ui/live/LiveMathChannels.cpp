#include "ui/live/LiveMathChannels.h"

#include "ui/live/LiveHistory.h"
#include "ui/mathchannels/MathChannelStore.h"
#include "ui/mathchannels/RunMathChannels.h"

#include "core/mathchannels/MathChannels.h"

#include <QElapsedTimer>

#include <algorithm>
#include <limits>

namespace vtw {

namespace {

// One channel of the history, both tiers, oldest first.
std::vector<double> wholeColumn(const LiveHistory& history, std::size_t channel) {
    std::vector<double> out;
    out.reserve(history.size());
    const auto archive = history.archive(channel), recent = history.recent(channel);
    out.insert(out.end(), archive.begin(), archive.end());
    out.insert(out.end(), recent.begin(), recent.end());
    return out;
}

} // namespace

void LiveMathChannels::update(const LiveHistory& history) {
    const MathChannelStore& store = MathChannelStore::instance();
    const bool sameRun = &history == m_history && history.generation == m_generation &&
                         store.revision() == m_revision && history.size() >= m_size;
    if (sameRun && history.size() == m_size && (history.empty() || history.lastTime() == m_lastTime))
        return;
    if (sameRun && m_sinceCompute.isValid() &&
        static_cast<double>(m_sinceCompute.nsecsElapsed()) / 1e6 < 4.0 * m_lastMs)
        return; // the run grew a little: it is shown at the next turn
    QElapsedTimer timer;
    timer.start();
    m_history = &history;
    m_generation = history.generation;
    m_size = history.size();
    m_lastTime = history.empty() ? 0.0 : history.lastTime();
    m_revision = store.revision();
    m_archiveSize = history.archiveSize();

    const std::vector<MathChannel>& channels = store.channels();
    ChannelTable table;
    const auto timeIndex = static_cast<std::size_t>(channelIndex(std::string(channelTableTime)));
    m_time = wholeColumn(history, timeIndex);
    table.add({std::string(channelTableTime), "s", "Time", m_time});
    for (const std::string& name : channelsReadBy(channels)) {
        const int index = channelIndex(name);
        if (index >= 0 && !table.has(name)) {
            const ChannelInfo& info = channelCatalogue()[static_cast<std::size_t>(index)];
            table.add({name, info.unit, info.label, wholeColumn(history, static_cast<std::size_t>(index))});
        }
    }
    const std::size_t own = table.channelCount();
    applyMathChannels(table, channels);
    m_values.assign(channels.size(), {});
    for (std::size_t k = 0; k < channels.size(); ++k) {
        const int at = table.indexOf(channels[k].name);
        if (at >= static_cast<int>(own)) // computed, not a recorded channel of that name
            m_values[k] = table.columns()[static_cast<std::size_t>(at)].values;
    }
    m_lastMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    m_sinceCompute.start();
}

std::size_t LiveMathChannels::count() const {
    return MathChannelStore::instance().channels().size();
}

ChannelInfo LiveMathChannels::info(std::size_t k) const {
    const MathChannel& c = MathChannelStore::instance().channels().at(k);
    return {c.name, c.unit, c.name, mathChannelGroup().toStdString(), nullptr};
}

std::span<const double> LiveMathChannels::archive(std::size_t k) const {
    if (k >= m_values.size() || m_values[k].size() != m_time.size())
        return {};
    return std::span<const double>(m_values[k]).first(m_archiveSize);
}

std::span<const double> LiveMathChannels::recent(std::size_t k) const {
    if (k >= m_values.size() || m_values[k].size() != m_time.size())
        return {};
    return std::span<const double>(m_values[k]).subspan(m_archiveSize);
}

std::span<const double> LiveMathChannels::archiveTime() const {
    return std::span<const double>(m_time).first(m_archiveSize);
}

std::span<const double> LiveMathChannels::recentTime() const {
    return std::span<const double>(m_time).subspan(m_archiveSize);
}

double LiveMathChannels::valueAt(std::size_t k, double t) const {
    if (k >= m_values.size() || m_values[k].size() != m_time.size() || m_time.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const auto it = std::upper_bound(m_time.begin(), m_time.end(), t);
    const std::size_t at = it == m_time.begin() ? 0 : static_cast<std::size_t>(it - m_time.begin()) - 1;
    return m_values[k][at];
}

std::vector<TableColumn> liveMathCsvColumns(const LiveHistory& history) {
    LiveMathChannels math;
    math.update(history);
    std::vector<TableColumn> columns;
    for (std::size_t k = 0; k < math.count(); ++k) {
        if (math.recent(k).size() != history.recentSize())
            continue; // fails on this run (a fresh computation has the history's tiers)
        const ChannelInfo info = math.info(k);
        TableColumn column{QString::fromStdString(info.name), QString::fromStdString(info.unit), {}};
        const auto archive = math.archive(k), recent = math.recent(k);
        column.values.assign(archive.begin(), archive.end());
        column.values.insert(column.values.end(), recent.begin(), recent.end());
        columns.push_back(std::move(column));
    }
    return columns;
}

} // namespace vtw
