#include "setupfile/ScriptCsv.h"

#include "setupfile/CsvIo.h"
#include "setupfile/CsvLines.h"

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
    const auto lines = csv::splitLines(bytes, QChar(), {"#"}, maxScriptRows + 1);
    if (lines.empty()) {
        r.errors.append("empty script: expected a header time_s,throttle,brake,steer,gear");
        return r;
    }
    if (int(lines.size()) > maxScriptRows + 1) {
        r.errors.append(QString("more than %1 rows").arg(maxScriptRows));
        return r;
    }

    // Header: every required column exactly once, nothing else.
    std::array<int, ColumnCount> index;
    index.fill(-1);
    const csv::Line& header = lines.front();
    for (int c = 0; c < header.cells.size(); ++c) {
        const auto it = std::find(columnNames.begin(), columnNames.end(), header.cells[c]);
        if (it == columnNames.end()) {
            r.errors.append(
                QString("line %1: unknown column \"%2\" (expected %3)")
                    .arg(header.number)
                    .arg(header.cells[c].left(40),
                         QStringList(columnNames.begin(), columnNames.end()).join(',')));
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
    if (lines.size() < 2) {
        r.errors.append("no rows after the header");
        return r;
    }

    std::vector<ScriptRow> rows;
    rows.reserve(lines.size() - 1);
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const csv::Line& line = lines[i];
        if (line.cells.size() != header.cells.size()) {
            r.errors.append(QString("line %1: expected %2 columns, found %3")
                                .arg(line.number)
                                .arg(header.cells.size())
                                .arg(line.cells.size()));
            continue;
        }
        std::array<double, ColumnCount> v{};
        bool rowOk = true;
        for (std::size_t col = 0; col < ColumnCount; ++col) {
            const QString& cell = line.cells[index[col]];
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
                r.errors.append(
                    QString("line %1, %2: %3").arg(line.number).arg(columnNames[col], problem));
                rowOk = false;
                continue;
            }
            v[col] = *value;
        }
        if (!rowOk)
            continue;
        if (!rows.empty() && !(v[Time] > rows.back().time))
            r.errors.append(QString("line %1, time_s: must be greater than the previous row's "
                                    "time (%2)")
                                .arg(line.number)
                                .arg(rows.back().time));
        rows.push_back({v[Time], v[Throttle], v[Brake], v[Steer], static_cast<int>(v[Gear])});
    }
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
