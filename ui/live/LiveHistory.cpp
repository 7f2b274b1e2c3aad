#include "ui/live/LiveHistory.h"

#include "core/sim/Telemetry.h"
#include "core/setupfile/CsvIo.h"

#include <algorithm>

namespace vtw {

LiveHistory::LiveHistory() : LiveHistory(Capacity{}) {}

LiveHistory::LiveHistory(Capacity capacity) : m_capacity(capacity) {
    const auto& catalogue = channelCatalogue();
    m_recent.resize(catalogue.size());
    m_archive.resize(catalogue.size());
    m_row.resize(catalogue.size());
    m_timeChannel = static_cast<std::size_t>(std::max(0, channelIndex("time")));
    m_capacity.recent = std::max<std::size_t>(m_capacity.recent, 2);
    m_capacity.archive = std::max<std::size_t>(m_capacity.archive, 2);
}

void LiveHistory::append(const StepSample& sample) {
    const auto& catalogue = channelCatalogue();
    for (std::size_t c = 0; c < catalogue.size(); ++c)
        m_row[c] = catalogue[c].read(sample);
    appendValues(m_row.data());
}

void LiveHistory::appendValues(const double* values) {
    if (m_recent.front().size() >= 2 * m_capacity.recent)
        moveOldestToArchive();
    for (std::size_t c = 0; c < m_recent.size(); ++c) {
        if (m_recent[c].capacity() == 0)
            m_recent[c].reserve(2 * m_capacity.recent);
        m_recent[c].push_back(values[c]);
    }
}

void LiveHistory::moveOldestToArchive() {
    const std::size_t moving = m_recent.front().size() - m_capacity.recent;
    // Thin first if the moving samples would overfill the archive, so it never
    // holds more than its capacity. Archive index k is offered sample k * stride.
    auto keptCount = [&] {
        const auto stride = static_cast<std::uint64_t>(m_archiveStride);
        const std::uint64_t first = (m_archiveOffered + stride - 1) / stride;
        const std::uint64_t last = (m_archiveOffered + moving + stride - 1) / stride;
        return static_cast<std::size_t>(last - first);
    };
    while (m_archive.front().size() + keptCount() > m_capacity.archive)
        thinArchive();
    const auto stride = static_cast<std::uint64_t>(m_archiveStride);
    for (std::size_t c = 0; c < m_recent.size(); ++c) {
        std::vector<double>& from = m_recent[c];
        std::vector<double>& to = m_archive[c];
        if (to.capacity() == 0)
            to.reserve(m_capacity.archive);
        for (std::size_t i = 0; i < moving; ++i) {
            if ((m_archiveOffered + i) % stride == 0)
                to.push_back(from[i]);
        }
        from.erase(from.begin(), from.begin() + static_cast<std::ptrdiff_t>(moving));
    }
    m_archiveOffered += moving;
}

void LiveHistory::thinArchive() {
    for (std::vector<double>& column : m_archive) {
        std::size_t out = 0;
        for (std::size_t i = 0; i < column.size(); i += 2)
            column[out++] = column[i];
        column.resize(out);
    }
    m_archiveStride *= 2;
}

void LiveHistory::clear() {
    // Keep the capacity: the next run fills the same memory.
    for (auto& column : m_recent)
        column.clear();
    for (auto& column : m_archive)
        column.clear();
    m_archiveStride = 1;
    m_archiveOffered = 0;
}

double LiveHistory::firstTime() const {
    if (!m_archive[m_timeChannel].empty())
        return m_archive[m_timeChannel].front();
    return m_recent[m_timeChannel].empty() ? 0.0 : m_recent[m_timeChannel].front();
}

double LiveHistory::lastTime() const {
    return latest(m_timeChannel);
}

double LiveHistory::latest(std::size_t channel) const {
    if (!m_recent[channel].empty())
        return m_recent[channel].back();
    return m_archive[channel].empty() ? 0.0 : m_archive[channel].back();
}

double LiveHistory::valueAt(std::size_t channel, double t) const {
    auto lookup = [&](const std::vector<double>& times, const std::vector<double>& values,
                      double* out) {
        const auto it = std::upper_bound(times.begin(), times.end(), t);
        if (it == times.begin())
            return false;
        *out = values[static_cast<std::size_t>(it - times.begin()) - 1];
        return true;
    };
    double value = 0.0;
    if (lookup(m_recent[m_timeChannel], m_recent[channel], &value))
        return value;
    if (lookup(m_archive[m_timeChannel], m_archive[channel], &value))
        return value;
    // Before the first sample: the first value held.
    if (!m_archive[channel].empty())
        return m_archive[channel].front();
    return m_recent[channel].empty() ? 0.0 : m_recent[channel].front();
}

std::size_t LiveHistory::memoryBytes() const {
    std::size_t bytes = 0;
    for (const auto& column : m_recent)
        bytes += column.capacity() * sizeof(double);
    for (const auto& column : m_archive)
        bytes += column.capacity() * sizeof(double);
    return bytes;
}

QByteArray LiveHistory::toCsv(std::vector<TableColumn> extra) const {
    const auto& catalogue = channelCatalogue();
    std::vector<TableColumn> columns;
    columns.reserve(catalogue.size());
    for (std::size_t c = 0; c < catalogue.size(); ++c) {
        TableColumn column;
        column.name = QString::fromStdString(catalogue[c].name);
        column.unit = QString::fromStdString(catalogue[c].unit);
        column.values.reserve(size());
        column.values.assign(m_archive[c].begin(), m_archive[c].end());
        column.values.insert(column.values.end(), m_recent[c].begin(), m_recent[c].end());
        columns.push_back(std::move(column));
    }
    for (TableColumn& column : extra)
        columns.push_back(std::move(column));
    return writeTableCsv(columns);
}

} // namespace vtw
