#pragma once

// CSV import/export of curves and tables, and the racing-game lookup-table
// format (`rpm|value` per line). Numbers are written in the shortest form that
// reads back exactly, with '.' as the decimal point whatever the locale.

#include "core/base/Curve.h"
#include "core/setupfile/SetupMetadata.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace vtw {

/// Larger CSV or lookup-table inputs are refused before parsing.
inline constexpr qint64 maxCsvBytes = 16 * 1024 * 1024;

struct CurveImportResult {
    std::optional<Curve> curve; ///< set exactly when errors is empty
    QStringList errors; ///< "line 4: ..." or "<path>[i]: ..." reasons: all, or the first 100 and a note
    bool ok() const { return curve.has_value(); }
};

/// Two columns with a header line "xHeader,yHeader".
QByteArray writeCurveCsv(const Curve& curve, const QString& xHeader, const QString& yHeader);
/// Two columns separated by ',', ';' or a tab; an optional header on the first line;
/// blank lines and lines starting with '#' ignored; a line longer than 4096 bytes
/// refused. The curve must pass rules (the same ones as in a setup; path names the
/// curve in messages).
CurveImportResult readCurveCsv(const QByteArray& bytes, const CurveRules& rules,
                               const QString& path = QStringLiteral("curve"));

/// Lookup table of the kind racing games read: one `x|y` pair per line (e.g. rpm|Nm).
QByteArray writeLookupTable(const Curve& curve);
/// Reads `x|y` lines; blank lines and lines starting with '#', ';' or "//" ignored.
CurveImportResult readLookupTable(const QByteArray& bytes, const CurveRules& rules,
                                  const QString& path = QStringLiteral("curve"));

/// One named column of a telemetry-like table.
struct TableColumn {
    QString name; ///< e.g. "speed"
    QString unit; ///< e.g. "m/s"; empty for dimensionless
    std::vector<double> values;
};
/// A header of "name [unit]" cells, then one row per sample. Shorter columns
/// leave their cells empty.
QByteArray writeTableCsv(const std::vector<TableColumn>& columns);

/// One metric of a run ("0-100 km/h time", 5.2, "s"), and whether the run
/// stayed in the range the metric is defined for (with the reason if not).
struct MetricRow {
    QString name;
    double value = 0.0;
    QString unit;
    bool valid = true;
    QString invalidReason;
};
/// Columns metric,value,unit,valid,invalid_reason (valid is 1 or 0; the
/// reason is empty for a valid metric).
QByteArray writeMetricsCsv(const std::vector<MetricRow>& metrics);

/// A CSV cell, quoted when it holds a separator, a quote or a line break.
QString csvCell(const QString& text);
/// A number in shortest exact form ("nan"/"inf" for non-finite values).
QString csvNumber(double value);

} // namespace vtw
