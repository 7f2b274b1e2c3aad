#pragma once

// The runs pinned as references, window-wide: a run of Live, Compare or Track, or a
// logged run from elsewhere, as a table of named channels. The workspaces overlay them
// in a muted colour and measure their runs' delta-time against the current one (the
// last pinned). Pinned runs stay while the user switches workspaces and re-runs, and
// are written beside the telemetry when it is exported.

#include "core/analysis/ChannelTable.h"

#include <QObject>
#include <QString>

#include <vector>

namespace vtw {

struct PinnedRun {
    QString name;   ///< what the user calls it: "Corvette C5 - step steer"
    QString source; ///< where it came from: "Live", "Compare", "Track", a log file's name
    ChannelTable table;
};

class ReferenceRuns : public QObject {
    Q_OBJECT
public:
    /// Pinned runs held at most, and their values' bytes (a long live run is tens of MB);
    /// pinning beyond either lets the oldest go (the newest always stays).
    static constexpr std::size_t maxPinned = 8;
    static constexpr std::size_t maxPinnedBytes = std::size_t(256) << 20;

    explicit ReferenceRuns(QObject* parent = nullptr);

    /// Pins a run; it becomes the current reference. False, with the reason, for a table
    /// without samples or without a time or distance axis (nothing to line it up on).
    bool pin(const QString& name, const QString& source, ChannelTable table, QString* error = nullptr);
    /// Puts a run in the current reference's place (pins it when there is none).
    bool replaceCurrent(const QString& name, const QString& source, ChannelTable table, QString* error = nullptr);
    void unpin(std::size_t index);
    void unpinCurrent();
    void clear();

    const std::vector<PinnedRun>& runs() const { return m_runs; }
    bool empty() const { return m_runs.empty(); }
    /// The reference the workspaces measure against, or nullptr.
    const PinnedRun* current() const { return m_runs.empty() ? nullptr : &m_runs.back(); }

    /// Every pinned run as CSV files beside a telemetry export: "<base>.reference-<n>.csv"
    /// for "<base>.csv". Writes each atomically; false with the first failure's reason.
    bool exportBeside(const QString& telemetryPath, QStringList* written = nullptr, QString* error = nullptr) const;

signals:
    void changed();

private:
    static bool usable(const ChannelTable& table, QString* error);
    void keepWithinBounds();
    std::vector<PinnedRun> m_runs;
};

/// The file a pinned run is written to beside a telemetry export (n counts from 1).
QString referenceRunPath(const QString& telemetryPath, std::size_t n);
/// A table as CSV: a header of "name [unit]", one row per sample (the telemetry's layout).
QByteArray channelTableCsv(const ChannelTable& table);

} // namespace vtw
