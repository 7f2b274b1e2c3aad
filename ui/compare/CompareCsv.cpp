#include "ui/compare/CompareCsv.h"

#include "ui/compare/ComparisonData.h"
#include "ui/compare/FieldDisplayText.h"
#include "core/setupfile/CsvIo.h"

#include <cmath>

namespace vtw {

namespace {

QString numberCell(double v) {
    return std::isfinite(v) ? csvNumber(v) : QString();
}

QString senseKey(MetricSense sense) {
    return sense == MetricSense::LowerIsBetter    ? QStringLiteral("lower")
           : sense == MetricSense::HigherIsBetter ? QStringLiteral("higher")
                                                  : QStringLiteral("neutral");
}

QString verdictKey(int verdict) {
    return verdict > 0   ? QStringLiteral("better")
           : verdict < 0 ? QStringLiteral("worse")
                         : QStringLiteral("same");
}

QByteArray joinLines(const QList<QStringList>& rows) {
    QString out;
    for (const QStringList& row : rows)
        out += row.join(QLatin1Char(',')) + QLatin1Char('\n');
    return out.toUtf8();
}

} // namespace

QByteArray metricsTableCsv(const ComparisonData& data) {
    const int setups = static_cast<int>(data.setupCount());
    const int base = static_cast<int>(data.baseline);
    QStringList header{QStringLiteral("maneuver"), QStringLiteral("metric"),
                       QStringLiteral("label"), QStringLiteral("unit"), QStringLiteral("sense")};
    for (int s = 0; s < setups; ++s)
        header << csvCell(data.names.value(s));
    for (const char* prefix : {"delta ", "verdict "}) {
        for (int s = 0; s < setups; ++s) {
            if (s != base)
                header << csvCell(QLatin1String(prefix) + data.names.value(s));
        }
    }
    QList<QStringList> rows{header};
    for (const MetricComparison& m : data.metrics) {
        QStringList row{csvCell(QString::fromStdString(m.maneuverId)),
                        csvCell(QString::fromStdString(m.metric.key)),
                        csvCell(QString::fromStdString(m.metric.label)),
                        csvCell(QString::fromStdString(m.metric.unit)), senseKey(m.metric.sense)};
        for (double v : m.values)
            row << numberCell(v);
        for (int s = 0; s < setups; ++s) {
            if (s != base)
                row << numberCell(m.deltas[static_cast<std::size_t>(s)]);
        }
        for (int s = 0; s < setups; ++s) {
            if (s != base)
                row << verdictKey(m.verdicts[static_cast<std::size_t>(s)]);
        }
        rows << row;
    }
    return joinLines(rows);
}

QByteArray parameterDiffCsv(const ComparisonData& data, UnitSystem system) {
    QStringList header{QStringLiteral("path"), QStringLiteral("parameter"), QStringLiteral("unit")};
    for (int s = 0; s < static_cast<int>(data.setupCount()); ++s)
        header << csvCell(data.names.value(s));
    QList<QStringList> rows{header};
    for (const ParameterDifference& d : data.differences) {
        QStringList row{csvCell(d.field->path), csvCell(fieldDisplayName(*d.field)),
                        csvCell(fieldDisplayUnit(*d.field, system))};
        for (const Setup& s : data.setups)
            row << csvCell(fieldDisplayValue(*d.field, s, system));
        rows << row;
    }
    return joinLines(rows);
}

} // namespace vtw
