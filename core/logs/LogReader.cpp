#include "core/logs/LogReader.h"

#include "core/logs/LogUnits.h"
#include "core/setupfile/CsvLines.h"

#include <QRegularExpression>

#include <cmath>

namespace vtw {

namespace {

constexpr const char* motecFormatKey = "Format";
constexpr const char* motecFormatValue = "MoTeC CSV File";
// A MoTeC export's metadata block is about fifteen rows; a file without its channel row
// well past that is something else.
constexpr int maxMotecHeaderLines = 64;

struct Header {
    LogDialect dialect = LogDialect::Generic;
    QStringList names, units;
    std::vector<double> beaconTimes;
    /// A data row read while looking for a units row that was not there.
    std::optional<QStringList> firstRow;
    int firstRowLine = 0;
    QString error;
};

QStringList toStrings(const QList<QStringView>& cells) {
    QStringList out;
    out.reserve(cells.size());
    for (QStringView cell : cells)
        out.append(cell.toString());
    return out;
}

bool isNumber(QStringView cell) {
    return csv::parseNumber(cell).has_value();
}

// A generic header cell "speed [m/s]" names the column "speed" in the unit m/s, as the
// workbench's own telemetry CSV writes it.
void splitNameAndUnit(const QString& cell, QString& name, QString& unit) {
    static const QRegularExpression pattern(QStringLiteral("^(.*\\S)\\s*\\[([^\\]]*)\\]$"));
    const QRegularExpressionMatch match = pattern.match(cell);
    name = match.hasMatch() ? match.captured(1) : cell;
    unit = match.hasMatch() ? match.captured(2).trimmed() : QString();
}

Header readMotecHeader(csv::LineReader& reader) {
    Header h;
    h.dialect = LogDialect::MotecI2;
    csv::Line line;
    while (reader.next(line)) {
        if (line.number > maxMotecHeaderLines)
            break;
        if (line.tooLong || line.cells.isEmpty())
            continue;
        if (line.cells[0] == QLatin1String("Beacon Markers") && line.cells.size() > 1) {
            for (const QString& mark : line.cells[1].toString().split(' ', Qt::SkipEmptyParts))
                if (const auto t = csv::parseNumber(mark); t && std::isfinite(*t))
                    h.beaconTimes.push_back(*t);
        }
        if (line.cells[0] != QLatin1String("Time"))
            continue;
        h.names = toStrings(line.cells);
        if (!reader.next(line))
            return h;
        if (!line.tooLong && !line.cells.isEmpty() && isNumber(line.cells[0])) {
            h.firstRow = toStrings(line.cells);
            h.firstRowLine = line.number;
            h.units = QStringList(h.names.size(), QString());
        } else {
            h.units = line.tooLong ? QStringList() : toStrings(line.cells);
            while (h.units.size() < h.names.size())
                h.units.append(QString());
        }
        return h;
    }
    h.error = QString("a MoTeC i2 export, but no row of channel names (a row starting with \"Time\") in "
                      "its first %1 lines")
                  .arg(maxMotecHeaderLines);
    return h;
}

Header failed(const QString& error) {
    Header h;
    h.error = error;
    return h;
}

// The header of either layout; the reader is left at the first data row.
Header readHeader(csv::LineReader& reader) {
    csv::Line line;
    if (!reader.next(line))
        return failed(QStringLiteral("the file is empty"));
    if (line.tooLong)
        return failed(csv::tooLongMessage(line, maxLogLineBytes));
    if (line.cells.size() >= 2 && line.cells[0] == QLatin1String(motecFormatKey) &&
        line.cells[1] == QLatin1String(motecFormatValue))
        return readMotecHeader(reader);
    Header h;
    for (QStringView cell : std::as_const(line.cells)) {
        if (isNumber(cell))
            return failed(QString("line %1 holds numbers: a log starts with a row of column names")
                              .arg(line.number));
        QString name, unit;
        splitNameAndUnit(cell.toString(), name, unit);
        h.names.append(name);
        h.units.append(unit);
    }
    return h;
}

const char* dialectName(LogDialect dialect) {
    return dialect == LogDialect::MotecI2 ? "a MoTeC i2 export" : "a generic CSV";
}

// A mapped column: where it is in a row and how its cells become SI values.
struct Source {
    QString target;
    QString column;
    qsizetype index = -1;
    double scale = 1.0, offset = 0.0, factor = 1.0;
    std::vector<double> values;
};

QString columnList(const QStringList& names) {
    constexpr qsizetype shown = 24;
    QString text = names.mid(0, shown).join(QStringLiteral(", "));
    if (names.size() > shown)
        text += QString(", ... (%1 columns)").arg(names.size());
    return text;
}

} // namespace

LogColumns inspectLog(const QByteArray& bytes, int previewRows) {
    csv::LineReader reader(bytes, QChar(), {QStringLiteral("#")}, maxLogLineBytes);
    Header h = readHeader(reader);
    LogColumns out{h.dialect, h.names, h.units, {}, h.error};
    if (h.firstRow)
        out.rows.push_back(*h.firstRow);
    csv::Line line;
    while (int(out.rows.size()) < previewRows && reader.next(line))
        if (!line.tooLong)
            out.rows.push_back(toStrings(line.cells));
    return out;
}

LogReadResult readLog(const QByteArray& bytes, const LogMapping& mapping) {
    LogReadResult r;
    if (bytes.size() > maxLogBytes) {
        r.errors << QString("the log is %1 bytes, larger than the %2 MiB limit for a log")
                        .arg(bytes.size())
                        .arg(maxLogBytes / (1024 * 1024));
        return r;
    }
    csv::LineReader reader(bytes, QChar(), {QStringLiteral("#")}, maxLogLineBytes);
    Header header = readHeader(reader);
    if (!header.error.isEmpty()) {
        r.errors << header.error;
        return r;
    }
    if (header.dialect != mapping.dialect) {
        r.errors << QString("the log is %1, the mapping '%2' is for %3")
                        .arg(dialectName(header.dialect), mapping.preset, dialectName(mapping.dialect));
        return r;
    }
    r.beaconTimes = header.beaconTimes;

    std::vector<Source> sources;
    for (const LogChannelMap& c : mapping.channels) {
        const LogTarget* target = findLogTarget(c.target);
        const qsizetype index = header.names.indexOf(c.column);
        if (!target) {
            r.errors << QString("'%1' is not a channel a log maps to").arg(c.target);
            continue;
        }
        if (&c != mapping.find(c.target)) {
            r.errors << QString("%1 is mapped twice").arg(c.target);
            continue;
        }
        if (index < 0) {
            r.errors << QString("column '%1' (mapped to %2) is not in the log; its columns: %3")
                            .arg(c.column, c.target, columnList(header.names));
            continue;
        }
        const QString unit = c.unit.isEmpty() ? header.units.value(index) : c.unit;
        const auto conversion = unitConversion(unit);
        if (!conversion || conversion->siUnit != QLatin1String(target->siUnit)) {
            r.errors << QString("column '%1' (mapped to %2): unit '%3' %4 %5")
                            .arg(c.column, c.target, unit,
                                 conversion ? QStringLiteral("does not convert to")
                                            : QStringLiteral("is unknown; give the unit in the mapping, in"),
                                 target->siUnit);
            continue;
        }
        sources.push_back({c.target, c.column, index, c.scale, c.offset, conversion->factor, {}});
    }
    qsizetype beaconIndex = -1;
    if (!mapping.lapBeacon.isEmpty()) {
        beaconIndex = header.names.indexOf(mapping.lapBeacon);
        if (beaconIndex < 0)
            r.errors << QString("lap beacon column '%1' is not in the log; its columns: %2")
                            .arg(mapping.lapBeacon, columnList(header.names));
    }
    if (!r.errors.isEmpty())
        return r;
    qsizetype widest = beaconIndex;
    for (const Source& s : sources)
        widest = std::max(widest, s.index);
    // The rows' cells past the last mapped column are never looked at.
    reader.setMaxCells(widest + 1);
    const Source* time = nullptr;
    for (const Source& s : sources)
        if (s.target == QLatin1String(channelTableTime))
            time = &s;

    // One row's cells: the mapped ones parsed, checked and converted.
    auto readRow = [&](const QList<QStringView>& cells, int lineNumber) -> bool {
        if (cells.size() <= widest)
            return !csv::addProblem(r.errors, QString("line %1: %2 cells, too few for column '%3' (cell %4)")
                                                  .arg(lineNumber)
                                                  .arg(cells.size())
                                                  .arg(header.names[widest])
                                                  .arg(widest + 1));
        bool stop = false;
        auto number = [&](qsizetype index, const QString& column, double& out) {
            const auto v = csv::parseNumber(cells[index]);
            if (v && std::isfinite(*v)) {
                out = *v;
                return true;
            }
            stop = stop || csv::addProblem(r.errors, QString("line %1, column '%2': '%3' is %4")
                                                         .arg(lineNumber)
                                                         .arg(column, cells[index].left(32).toString(),
                                                              v ? QStringLiteral("not a finite number")
                                                                : QStringLiteral("not a number")));
            return false;
        };
        for (Source& s : sources) {
            double raw = 0.0;
            if (!number(s.index, s.column, raw)) {
                s.values.push_back(std::nan(""));
                continue;
            }
            const double value = (raw * s.scale + s.offset) * s.factor;
            if (&s == time && !s.values.empty() && value < s.values.back() && !std::isnan(s.values.back()))
                stop = stop || csv::addProblem(r.errors, QString("line %1: time goes backwards, from %2 s "
                                                                 "to %3 s")
                                                             .arg(lineNumber)
                                                             .arg(s.values.back())
                                                             .arg(value));
            s.values.push_back(value);
        }
        if (beaconIndex >= 0) {
            double raw = 0.0;
            r.beacon.push_back(number(beaconIndex, mapping.lapBeacon, raw) ? raw : std::nan(""));
        }
        return !stop;
    };

    qsizetype rows = 0;
    bool going = true;
    if (header.firstRow) {
        const QStringList& first = *header.firstRow;
        QList<QStringView> cells(first.begin(), first.end());
        going = readRow(cells, header.firstRowLine);
        ++rows;
    }
    csv::Line line;
    while (going && reader.next(line)) {
        if (line.tooLong) {
            going = !csv::addProblem(r.errors, csv::tooLongMessage(line, maxLogLineBytes));
            continue;
        }
        if (++rows > maxLogRows) {
            r.errors << QString("the log has more than %1 rows (the limit for a log); export a part "
                                "of it, or at a lower rate")
                            .arg(maxLogRows);
            return r;
        }
        going = readRow(line.cells, line.number);
    }
    if (!r.errors.isEmpty())
        return r;
    if (rows == 0) {
        r.errors << QStringLiteral("the log has a header but no rows of data");
        return r;
    }
    ChannelTable table;
    for (Source& s : sources) {
        const LogTarget* target = findLogTarget(s.target);
        table.add({target->name, target->siUnit, target->label.toStdString(), std::move(s.values)});
    }
    r.table = std::move(table);
    return r;
}

LogReadResult readLogFile(const QString& path, const LogMapping& mapping, InputKinds kinds) {
    const BoundedReadResult read = readFileBounded(path, maxLogBytes, kinds);
    if (!read.data)
        return {std::nullopt, {}, {}, {read.error}};
    return readLog(*read.data, mapping);
}

} // namespace vtw
