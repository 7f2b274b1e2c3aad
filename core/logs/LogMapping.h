#pragma once

// How a logged CSV's columns become the simulation's channels: which column is time,
// distance, speed, ...; the unit it is written in; a scale and offset for a sensor whose
// raw figures need one. Saved as a small JSON file, so a mapping made once for a logger
// serves each of its logs (and the CLI's `correlate --map`).

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace vtw {

/// The layout of the CSV.
enum class LogDialect {
    Generic, ///< one header row of column names, then rows of numbers
    /// MoTeC i2's "Export Data" CSV: a block of "Key","Value" rows ("Format","MoTeC CSV
    /// File", "Venue", "Sample Rate", ...), blank lines, a row of channel names, a row of
    /// their units, then rows of quoted numbers (the layout written by e.g.
    /// github.com/BenergyRacing/racing-data-converter, src/converters/motec/motec-csv.writer.ts).
    MotecI2,
};

/// One target channel's source.
struct LogChannelMap {
    QString target;  ///< a logTargets() name: "speed"
    QString column;  ///< the column's name in the log
    /// The column's unit (unitConversion); empty: the unit the file gives (MoTeC's unit
    /// row, or a generic header's "name [unit]"), no unit there meaning a pure number.
    QString unit;
    double scale = 1.0;  ///< value = raw * scale + offset, in `unit`, then converted to SI
    double offset = 0.0;
};

struct LogMapping {
    QString preset; ///< the mapping's name, as the preset list shows it
    LogDialect dialect = LogDialect::Generic;
    std::vector<LogChannelMap> channels;
    /// A column that counts laps or pulses at the line: a lap starts where it rises. Empty:
    /// laps are split where the distance channel wraps back to zero.
    QString lapBeacon;

    const LogChannelMap* find(const QString& target) const;
};

/// A channel a log can be mapped to: a telemetry catalogue name and its SI unit.
struct LogTarget {
    const char* name;
    const char* siUnit;
    QString label;
};
/// time, distance, speed, rpm, gear, throttle, brake, steer_angle, steer_input, ax, ay,
/// yaw_rate, with the catalogue's units and labels.
const std::vector<LogTarget>& logTargets();
const LogTarget* findLogTarget(const QString& name);

/// The largest mapping file read, bytes: a mapping is a few hundred.
inline constexpr qint64 maxLogMappingBytes = 256 * 1024;

struct LogMappingReadResult {
    std::optional<LogMapping> mapping;
    QStringList errors; ///< every problem, each naming the key it is about
};

QByteArray logMappingToJson(const LogMapping& mapping);
LogMappingReadResult logMappingFromJson(const QByteArray& json);
/// Reads and parses a mapping file, bounded (readFileBounded).
LogMappingReadResult loadLogMapping(const QString& path);

} // namespace vtw
