#include "core/logs/LoggedLap.h"

#include "core/logs/LogLaps.h"
#include "core/logs/LogReader.h"
#include "core/logs/LogResample.h"

#include <QFileInfo>

#include <cmath>

namespace vtw {

LoggedLapResult loggedLapFromBytes(const QByteArray& bytes, const QString& name, const LogMapping& mapping,
                                   const LoggedLapOptions& options) {
    LogReadResult read = readLog(bytes, mapping);
    if (!read.ok())
        return {std::nullopt, read.errors};
    const std::vector<LogLapSpan> spans = splitLogLaps(*read.table, read.beacon, read.beaconTimes);
    const int count = int(spans.size());
    if (options.lap < 1 || options.lap > count)
        return {std::nullopt, {QString("lap %1 asked for; the log has %2 lap%3 of two samples or more")
                                   .arg(options.lap)
                                   .arg(count)
                                   .arg(count == 1 ? "" : "s")}};
    LoggedLap out;
    out.lap = options.lap;
    out.lapCount = count;
    const ChannelColumn* time = read.table->find(channelTableTime);
    for (const LogLapSpan& span : spans)
        out.lapDurations.push_back(time ? time->values[span.end - 1] - time->values[span.begin] : std::nan(""));
    out.table = logLap(*read.table, spans[std::size_t(options.lap - 1)]);
    if (options.rateHz > 0.0) {
        ResampleResult resampled = resampleLog(out.table, options.rateHz);
        if (!resampled.table)
            return {std::nullopt, {resampled.error}};
        out.table = std::move(*resampled.table);
    }
    out.name = count > 1 ? QString("%1, lap %2 of %3").arg(name).arg(options.lap).arg(count) : name;
    return {std::move(out), {}};
}

LoggedLapResult loadLoggedLap(const QString& path, const LogMapping& mapping, const LoggedLapOptions& options,
                              InputKinds kinds) {
    const BoundedReadResult read = readFileBounded(path, maxLogBytes, kinds);
    if (!read.data)
        return {std::nullopt, {read.error}};
    return loggedLapFromBytes(*read.data, QFileInfo(path).fileName(), mapping, options);
}

} // namespace vtw
