#pragma once

#include "core/sim/StepSample.h"
#include "core/setupfile/CsvIo.h"

#include <QByteArray>

#include <cstdint>
#include <span>
#include <vector>

namespace vtw {

/// The UI's copy of a live run's telemetry: every channelCatalogue() channel
/// as a column, with bounded memory however long the run lasts.
///
/// Two tiers keep a 30-minute drive bounded: the *recent* tier holds the
/// newest samples at full rate (at least `recentCapacity`, at most twice that;
/// when it reaches twice, the older half moves out in one go so the tier stays
/// contiguous for the plots), and the *archive* tier holds older history
/// thinned to every `archiveStride()`-th sample; when the archive fills, every
/// other sample is dropped and the stride doubles. So memory is at most
/// (2 recent + archive) x channels x 8 bytes (about 64 MB with the defaults),
/// the last minute is always at full rate, and old history loses resolution
/// gradually (a 30-minute drive at 1 kHz keeps its first minutes at 64 ms).
class LiveHistory {
public:
    struct Capacity {
        std::size_t recent = 61440;  ///< samples (61 s at 1 kHz)
        std::size_t archive = 32768; ///< samples
    };

    LiveHistory();
    explicit LiveHistory(Capacity capacity);

    /// Read every channel of a sample through the core's catalogue.
    void append(const StepSample& sample);
    /// Append one row of channel values (channelCount() of them), e.g. synthetic data.
    void appendValues(const double* values);
    void clear();

    std::size_t channelCount() const { return m_recent.size(); }
    std::size_t size() const { return archiveSize() + recentSize(); }
    std::size_t recentSize() const { return m_recent.front().size(); }
    std::size_t archiveSize() const { return m_archive.front().size(); }
    int archiveStride() const { return m_archiveStride; }
    bool empty() const { return size() == 0; }

    std::span<const double> recent(std::size_t channel) const { return m_recent[channel]; }
    std::span<const double> archive(std::size_t channel) const { return m_archive[channel]; }
    std::span<const double> recentTime() const { return m_recent[m_timeChannel]; }
    std::span<const double> archiveTime() const { return m_archive[m_timeChannel]; }
    double firstTime() const;
    double lastTime() const;
    /// The newest value of a channel (0 if empty).
    double latest(std::size_t channel) const;
    /// Value of a channel at the last sample at or before t (either tier).
    double valueAt(std::size_t channel, double t) const;

    /// Bytes held by the columns (capacity, not size).
    std::size_t memoryBytes() const;

    /// A tag the owner uses to tell runs apart (SampleQueue generation).
    std::uint64_t generation = 0;

    /// Archive then recent as CSV: a header of "name [unit]", then one row per sample;
    /// `extra` columns (math channels, one value per sample each) after the catalogue's.
    QByteArray toCsv(std::vector<TableColumn> extra = {}) const;

private:
    void moveOldestToArchive();
    void thinArchive();

    Capacity m_capacity;
    std::size_t m_timeChannel = 0;
    std::vector<std::vector<double>> m_recent;
    std::vector<std::vector<double>> m_archive;
    int m_archiveStride = 1;
    std::uint64_t m_archiveOffered = 0; ///< samples offered to the archive, for its grid
    std::vector<double> m_row;          ///< scratch for append()
};

} // namespace vtw
