#include "core/setupfile/ScriptCsv.h"

#include "core/setupfile/CsvIo.h"
#include "core/setupfile/CsvLines.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace vtw {

namespace {

enum Column { Time, Throttle, Brake, Steer, Gear, ColumnCount };
const std::array<QString, ColumnCount> columnNames{"time_s", "throttle", "brake", "steer", "gear"};

struct Range {
    double min;
    double max;
};

} // namespace

ScriptReadResult readScriptCsv(const QByteArray& bytes, int forwardGears) {
    const std::array<Range, ColumnCount> columnRanges{{{0.0, maxScriptDuration},
                                                       {0.0, 1.0},
                                                       {0.0, 1.0},
                                                       {-1.0, 1.0},
                                                       {-1.0, double(forwardGears)}}};
    ScriptReadResult r;
    if (bytes.size() > maxCsvBytes) {
        r.errors.append(QString("input is larger than the %1 MiB limit").arg(maxCsvBytes >> 20));
        return r;
    }
    csv::LineReader lines(bytes, QChar(), {"#"});
    csv::Line header;
    if (!lines.next(header)) {
        r.errors.append("empty script: expected a header time_s,throttle,brake,steer,gear");
        return r;
    }
    if (header.tooLong) {
        r.errors.append(csv::tooLongMessage(header));
        return r;
    }

    // Header: every required column exactly once, nothing else.
    std::array<int, ColumnCount> index;
    index.fill(-1);
    for (int c = 0; c < header.cells.size(); ++c) {
        const auto it = std::find(columnNames.begin(), columnNames.end(), header.cells[c]);
        if (it == columnNames.end()) {
            if (csv::addProblem(
                    r.errors,
                    QString("line %1: unknown column \"%2\" (expected %3)")
                        .arg(header.number)
                        .arg(header.cells[c].left(40),
                             QStringList(columnNames.begin(), columnNames.end()).join(','))))
                return r;
            continue;
        }
        const auto col = std::size_t(it - columnNames.begin());
        if (index[col] >= 0)
            r.errors.append(QString("line %1: column \"%2\" appears twice")
                                .arg(header.number)
                                .arg(columnNames[col]));
        index[col] = c;
    }
    for (std::size_t col = 0; col < ColumnCount; ++col) {
        if (index[col] < 0)
            r.errors.append(QString("line %1: missing column \"%2\" (a header line is required)")
                                .arg(header.number)
                                .arg(columnNames[col]));
    }
    if (!r.errors.isEmpty())
        return r;

    // The rows, a line at a time: more than maxScriptRows refuse the file with that
    // alone, and the reading stops at csv::maxListedProblems problems.
    const qsizetype columnCount = header.cells.size();
    std::vector<ScriptRow> rows;
    // Room for the most rows the input could hold (the shortest row, "0,0,0,0,0",
    // is ten bytes): reserved, not touched, so growing costs no copies.
    rows.reserve(std::size_t(std::min<qsizetype>(maxScriptRows, bytes.size() / 10 + 1)));
    csv::Line line;
    int lineCount = 0;
    while (lines.next(line)) {
        if (++lineCount > maxScriptRows) {
            r.errors = QStringList{QString("more than %1 rows").arg(maxScriptRows)};
            return r;
        }
        if (line.tooLong || line.cells.size() != columnCount) {
            const QString problem = line.tooLong ? csv::tooLongMessage(line)
                                                 : QString("line %1: expected %2 columns, found %3")
                                                       .arg(line.number)
                                                       .arg(columnCount)
                                                       .arg(line.cells.size());
            if (csv::addProblem(r.errors, problem))
                return r;
            continue;
        }
        std::array<double, ColumnCount> v{};
        bool rowOk = true;
        for (std::size_t col = 0; col < ColumnCount; ++col) {
            const QStringView cell = line.cells[index[col]];
            const auto value = csv::parseNumber(cell);
            const Range range = columnRanges[col];
            QString problem;
            if (!value || !std::isfinite(*value))
                problem = QString("\"%1\" is not a finite number").arg(cell.left(40));
            else if (col == Time && *value > range.max)
                problem = QString("%1 s is beyond the %2 s a script may last").arg(*value).arg(range.max);
            else if (col == Gear && *value != std::floor(*value))
                problem = QString("must be an integer (-1 reverse, 0 neutral, 1..%1)").arg(forwardGears);
            else if (col == Gear && (*value < range.min || *value > range.max))
                problem = QString("%1 is not a gear of this %2-speed gearbox (-1 reverse, 0 neutral, "
                                  "1..%2)")
                              .arg(*value)
                              .arg(forwardGears);
            else if (*value < range.min || *value > range.max)
                problem = QString("must be within %1..%2").arg(range.min).arg(range.max);
            if (!problem.isEmpty()) {
                if (csv::addProblem(r.errors, QString("line %1, %2: %3")
                                                  .arg(line.number)
                                                  .arg(columnNames[col], problem)))
                    return r;
                rowOk = false;
                continue;
            }
            v[col] = *value;
        }
        if (!rowOk)
            continue;
        if (!rows.empty() && !(v[Time] > rows.back().time) &&
            csv::addProblem(r.errors, QString("line %1, time_s: must be greater than the previous "
                                              "row's time (%2)")
                                          .arg(line.number)
                                          .arg(rows.back().time)))
            return r;
        rows.push_back({v[Time], v[Throttle], v[Brake], v[Steer], static_cast<int>(v[Gear])});
    }
    if (lineCount == 0)
        r.errors.append("no rows after the header");
    if (r.errors.isEmpty())
        r.rows = std::move(rows);
    return r;
}

QByteArray writeScriptCsv(const std::vector<ScriptRow>& rows) {
    QStringList out{"time_s,throttle,brake,steer,gear"};
    for (const ScriptRow& row : rows)
        out.append(QStringList{csvNumber(row.time), csvNumber(row.throttle), csvNumber(row.brake),
                               csvNumber(row.steer), QString::number(row.gear)}
                       .join(','));
    return (out.join('\n') + '\n').toUtf8();
}

} // namespace vtw
