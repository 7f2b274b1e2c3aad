#include "core/setupfile/CsvIo.h"

#include "core/setupfile/CsvLines.h"
#include "core/setupfile/SetupValidation.h"

#include <QLocale>

#include <cmath>

namespace vtw {

namespace {

QByteArray joinRows(const QStringList& rows) {
    return (rows.join('\n') + '\n').toUtf8();
}

// The points, a line at a time: more lines than points allowed refuse the file
// with that alone, and the reading stops at csv::maxListedProblems problems.
CurveImportResult readCurveLines(csv::LineReader& lines, bool headerAllowed,
                                 const CurveRules& rules, const QString& path) {
    CurveImportResult r;
    const int maxLines = rules.maxPoints + (headerAllowed ? 1 : 0);
    std::vector<CurvePoint> points;
    csv::Line line;
    for (int count = 1; lines.next(line); ++count) {
        if (count > maxLines)
            return {std::nullopt, {QString("%1: more than %2 points").arg(path).arg(rules.maxPoints)}};
        QString problem;
        if (line.tooLong) {
            problem = csv::tooLongMessage(line);
        } else if (line.cells.size() != 2) {
            problem = QString("line %1: expected 2 columns, found %2")
                          .arg(line.number)
                          .arg(line.cells.size());
        } else {
            const auto x = csv::parseNumber(line.cells[0]);
            const auto y = csv::parseNumber(line.cells[1]);
            if (x && y)
                points.push_back({*x, *y});
            else if (!(count == 1 && headerAllowed && !x && !y)) // a header names the columns
                problem = QString("line %1: \"%2\" is not a number")
                              .arg(line.number)
                              .arg((x ? line.cells[1] : line.cells[0]).left(40));
        }
        if (!problem.isEmpty() && csv::addProblem(r.errors, problem))
            return r;
    }
    if (!r.errors.isEmpty())
        return r;
    Curve curve(std::move(points));
    for (const SetupIssue& issue : validateCurve(curve, rules, path))
        r.errors.append(issue.toString());
    if (r.errors.isEmpty())
        r.curve = std::move(curve);
    return r;
}

QString tooLarge(qint64 size) {
    return QString("input is %1 bytes, larger than the %2 MiB limit")
        .arg(size)
        .arg(maxCsvBytes / (1024 * 1024));
}

} // namespace

QString csvNumber(double value) {
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QString csvCell(const QString& text) {
    if (!text.contains(',') && !text.contains('"') && !text.contains('\n') &&
        !text.contains('\r') && !text.contains(';'))
        return text;
    QString quoted = text;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return '"' + quoted + '"';
}

QByteArray writeCurveCsv(const Curve& curve, const QString& xHeader, const QString& yHeader) {
    QStringList rows{csvCell(xHeader) + ',' + csvCell(yHeader)};
    for (const CurvePoint& p : curve.points())
        rows.append(csvNumber(p.x) + ',' + csvNumber(p.y));
    return joinRows(rows);
}

CurveImportResult readCurveCsv(const QByteArray& bytes, const CurveRules& rules,
                               const QString& path) {
    if (bytes.size() > maxCsvBytes)
        return {std::nullopt, {tooLarge(bytes.size())}};
    csv::LineReader lines(bytes, QChar(), {"#"});
    return readCurveLines(lines, true, rules, path);
}

QByteArray writeLookupTable(const Curve& curve) {
    QStringList rows;
    for (const CurvePoint& p : curve.points())
        rows.append(csvNumber(p.x) + '|' + csvNumber(p.y));
    return joinRows(rows);
}

CurveImportResult readLookupTable(const QByteArray& bytes, const CurveRules& rules,
                                  const QString& path) {
    if (bytes.size() > maxCsvBytes)
        return {std::nullopt, {tooLarge(bytes.size())}};
    csv::LineReader lines(bytes, QChar('|'), {"#", ";", "//"});
    return readCurveLines(lines, false, rules, path);
}

QByteArray writeTableCsv(const std::vector<TableColumn>& columns) {
    QStringList header;
    std::size_t rowCount = 0;
    for (const TableColumn& c : columns) {
        header.append(csvCell(c.unit.isEmpty() ? c.name : c.name + " [" + c.unit + "]"));
        rowCount = std::max(rowCount, c.values.size());
    }
    QStringList rows{header.join(',')};
    for (std::size_t i = 0; i < rowCount; ++i) {
        QStringList cells;
        for (const TableColumn& c : columns)
            cells.append(i < c.values.size() ? csvNumber(c.values[i]) : QString());
        rows.append(cells.join(','));
    }
    return joinRows(rows);
}

QByteArray writeMetricsCsv(const std::vector<MetricRow>& metrics) {
    QStringList rows{"metric,value,unit,valid,invalid_reason"};
    for (const MetricRow& m : metrics)
        rows.append(csvCell(m.name) + ',' + csvNumber(m.value) + ',' + csvCell(m.unit) + ',' +
                    (m.valid ? '1' : '0') + ',' + csvCell(m.invalidReason));
    return joinRows(rows);
}

} // namespace vtw
