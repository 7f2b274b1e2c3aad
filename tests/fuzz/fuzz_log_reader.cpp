// libFuzzer entry point for logged data (File > Import logged data, `vtw-cli correlate`):
// the input is a mapping file and a log, cut at the first NUL. A mapping is refused or
// reads back the same through its writer; a log, through that mapping and the built-in
// presets, is a table or a list of problems, never both; a table is rectangular and
// finite with its time in order; its laps lie inside it and start their clocks at zero.

#include "FuzzSupport.h"

#include "core/logs/LogLaps.h"
#include "core/logs/LogMapping.h"
#include "core/logs/LogPresets.h"
#include "core/logs/LogReader.h"
#include "core/logs/LogResample.h"

#include <cmath>

using namespace vtw;

namespace {

// Resampling is fuzzed on logs this short only: a longer one is many samples per input.
constexpr double maxResampledSeconds = 600.0;

bool isRectangularAndFinite(const ChannelTable& table) {
    for (const ChannelColumn& c : table.columns()) {
        if (c.values.size() != table.sampleCount())
            return false;
        for (double v : c.values)
            if (!std::isfinite(v))
                return false;
    }
    return true;
}

void checkLog(const QByteArray& log, const LogMapping& mapping) {
    const LogReadResult r = readLog(log, mapping);
    fuzz::require(r.ok() == r.errors.isEmpty(), "a table exactly when there are no problems");
    if (!r.ok())
        return;
    const ChannelTable& table = *r.table;
    fuzz::require(table.sampleCount() >= 1 && qsizetype(table.sampleCount()) <= maxLogRows, "rows within the limit");
    fuzz::require(isRectangularAndFinite(table), "a rectangular table of finite values");
    if (const ChannelColumn* time = table.find(channelTableTime))
        for (std::size_t k = 1; k < time->values.size(); ++k)
            fuzz::require(time->values[k] >= time->values[k - 1], "time never goes backwards");
    fuzz::require(r.beacon.empty() || r.beacon.size() == table.sampleCount(), "a beacon value per row");
    std::size_t end = 0;
    for (const LogLapSpan& span : splitLogLaps(table, r.beacon, r.beaconTimes)) {
        fuzz::require(span.begin >= end && span.end >= span.begin + 2 && span.end <= table.sampleCount(),
                      "laps in order, inside the log, of two samples or more");
        end = span.end;
        const ChannelTable lap = logLap(table, span);
        if (const ChannelColumn* time = lap.find(channelTableTime))
            fuzz::require(time->values.front() == 0.0, "a lap's clock starts at zero");
        const ChannelColumn* time = lap.find(channelTableTime);
        if (time && time->values.back() <= maxResampledSeconds) {
            const ResampleResult resampled = resampleLog(lap, 50.0);
            fuzz::require(resampled.table.has_value() != !resampled.error.isEmpty(), "resampled or refused");
            if (resampled.table)
                fuzz::require(isRectangularAndFinite(*resampled.table), "a resampled lap is finite");
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QList<QByteArray> pieces = fuzz::piecesOf(fuzz::bytesOf(data, size), 2);
    const QByteArray& log = pieces.back();
    const LogColumns columns = inspectLog(log, 8);
    fuzz::require(columns.rows.size() <= 8, "the preview holds the rows asked for");
    fuzz::require(columns.error.isEmpty() || columns.names.isEmpty(), "columns or the reason there are none");
    if (pieces.size() == 2) {
        const LogMappingReadResult mapping = logMappingFromJson(pieces.front());
        fuzz::require(mapping.mapping.has_value() == mapping.errors.isEmpty(), "a mapping exactly without problems");
        if (mapping.mapping) {
            const QByteArray json = logMappingToJson(*mapping.mapping);
            const LogMappingReadResult again = logMappingFromJson(json);
            fuzz::require(again.mapping && logMappingToJson(*again.mapping) == json, "a mapping reads back the same");
            checkLog(log, *mapping.mapping);
        }
    }
    for (const BuiltInLogPreset& preset : builtInLogPresets())
        checkLog(log, preset.mapping);
    return 0;
}
