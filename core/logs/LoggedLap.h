#pragma once

// A log made ready to set beside a simulated lap: read through its mapping, cut into
// laps, one lap chosen and, if asked, put on a common rate. What the CLI's `correlate`
// and the window's import both do.

#include "core/analysis/ChannelTable.h"
#include "core/logs/LogMapping.h"
#include "core/setupfile/BoundedRead.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace vtw {

struct LoggedLapOptions {
    int lap = 1;         ///< 1-based, in the order the log holds them
    double rateHz = 0.0; ///< resample to this rate; 0 keeps the log's samples
};

struct LoggedLap {
    QString name;        ///< "session.csv, lap 2 of 5"
    ChannelTable table;  ///< the lap's channels, in SI, time and distance from its start
    int lap = 1;
    int lapCount = 1;
    /// Each lap's duration, s (NaN without a time channel), for choosing one.
    std::vector<double> lapDurations;
};

struct LoggedLapResult {
    std::optional<LoggedLap> lap;
    QStringList errors;
};

LoggedLapResult loggedLapFromBytes(const QByteArray& bytes, const QString& name, const LogMapping& mapping,
                                   const LoggedLapOptions& options);
LoggedLapResult loadLoggedLap(const QString& path, const LogMapping& mapping, const LoggedLapOptions& options,
                              InputKinds kinds);

} // namespace vtw
