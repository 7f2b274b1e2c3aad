#pragma once

// Reading a logged CSV: its columns for the mapping dialog, and its mapped columns as a
// ChannelTable in the simulation's channel names and SI units. Bounded in size, rows and
// line length; every refusal names the line and the column it is about.

#include "core/analysis/ChannelTable.h"
#include "core/logs/LogMapping.h"
#include "core/setupfile/BoundedRead.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace vtw {

/// The largest log read, bytes: about an hour of a hundred channels at 50 Hz. A larger
/// file is refused before it is read.
inline constexpr qint64 maxLogBytes = 128 * 1024 * 1024;
/// The most rows a log may hold (an hour at 250 Hz): a dozen mapped channels of them are
/// about 100 MB.
inline constexpr qsizetype maxLogRows = 1'000'000;
/// The longest line of a log, bytes: a logger's export of a few hundred channels.
inline constexpr qsizetype maxLogLineBytes = 64 * 1024;

/// What a log holds, for choosing a mapping: its layout, its columns and the first rows.
struct LogColumns {
    LogDialect dialect = LogDialect::Generic;
    QStringList names;
    QStringList units;              ///< the file's unit per column; empty where it gives none
    std::vector<QStringList> rows;  ///< the first data rows, as text
    QString error;                  ///< set when no header was found
};
LogColumns inspectLog(const QByteArray& bytes, int previewRows);

struct LogReadResult {
    /// The mapped channels, under their target names (logTargets()), in SI units.
    std::optional<ChannelTable> table;
    /// The lap beacon column's values, converted by nothing; empty without one.
    std::vector<double> beacon;
    /// Times of the laps' starts a MoTeC export lists as "Beacon Markers", s.
    std::vector<double> beaconTimes;
    QStringList errors;
    bool ok() const { return table.has_value(); }
};

/// Reads the mapped columns of a log. Refuses a log whose mapped column is missing,
/// whose unit does not convert, whose time goes backwards, or with a mapped cell that is
/// not a finite number; or larger than maxLogBytes or maxLogRows.
LogReadResult readLog(const QByteArray& bytes, const LogMapping& mapping);
/// Reads a log file (bounded, readFileBounded) and its mapped columns.
LogReadResult readLogFile(const QString& path, const LogMapping& mapping, InputKinds kinds);

} // namespace vtw
