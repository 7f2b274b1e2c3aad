#include "core/analysis/ChannelTable.h"

#include "core/sim/Telemetry.h"

#include <stdexcept>

namespace vtw {

std::size_t ChannelTable::sampleCount() const {
    return m_columns.empty() ? 0 : m_columns.front().values.size();
}

void ChannelTable::add(ChannelColumn column) {
    if (column.name.empty())
        throw std::invalid_argument("a channel needs a name");
    if (has(column.name))
        throw std::invalid_argument("there is already a channel named '" + column.name + "'");
    if (!m_columns.empty() && column.values.size() != sampleCount())
        throw std::invalid_argument("channel '" + column.name + "' has " +
                                    std::to_string(column.values.size()) + " samples, the table " +
                                    std::to_string(sampleCount()));
    m_columns.push_back(std::move(column));
}

void ChannelTable::set(ChannelColumn column) {
    const int at = indexOf(column.name);
    if (at < 0) {
        add(std::move(column));
        return;
    }
    // Alone in the table, a channel may change length; beside others it may not.
    if (m_columns.size() > 1 && column.values.size() != sampleCount())
        throw std::invalid_argument("channel '" + column.name + "' has " +
                                    std::to_string(column.values.size()) + " samples, the table " +
                                    std::to_string(sampleCount()));
    m_columns[static_cast<std::size_t>(at)] = std::move(column);
}

void ChannelTable::remove(std::string_view name) {
    const int at = indexOf(name);
    if (at >= 0)
        m_columns.erase(m_columns.begin() + at);
}

const ChannelColumn* ChannelTable::find(std::string_view name) const {
    const int at = indexOf(name);
    return at < 0 ? nullptr : &m_columns[static_cast<std::size_t>(at)];
}

int ChannelTable::indexOf(std::string_view name) const {
    for (std::size_t k = 0; k < m_columns.size(); ++k)
        if (m_columns[k].name == name)
            return static_cast<int>(k);
    return -1;
}

ChannelTable channelTableOf(const Telemetry& telemetry) {
    ChannelTable table;
    for (std::size_t c = 0; c < telemetry.channelCount(); ++c) {
        if (!telemetry.recorded(c))
            continue; // a suspension channel of a rigid car
        const ChannelInfo& info = telemetry.info(c);
        table.add({info.name, info.unit, info.label, telemetry.column(c)});
    }
    return table;
}

} // namespace vtw
