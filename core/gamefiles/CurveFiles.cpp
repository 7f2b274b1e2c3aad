#include "core/gamefiles/CurveFiles.h"

#include <QFileInfo>

namespace vtw {

namespace {

const QString torqueCurvePath = QStringLiteral("engine.torqueCurve_rpm_Nm");

// rFactor 2 reads the torque of its engine file from `RPMTorque=(rpm, coast, full)`
// lines, the coast (closed-throttle) torque negative.
QByteArray rFactor2Lines(const Setup& setup) {
    const EngineParams& engine = setup.engine;
    QByteArray out = "// " + QByteArray::fromStdString(setup.name) +
                     ": engine torque at the crankshaft (N m) against rpm; coast torque from the "
                     "engine-braking coefficient\n";
    for (const CurvePoint& p : engine.torqueCurve.points())
        out += "RPMTorque=(" + csvNumber(p.x).toUtf8() + ", " +
               csvNumber(-engine.engineBrakingCoefficient * p.x).toUtf8() + ", " + csvNumber(p.y).toUtf8() + ")\n";
    return out;
}

// A jbeam engine section's torque table; jbeam allows the comment and trailing commas.
QByteArray beamNGTable(const Setup& setup) {
    QByteArray out = "// " + QByteArray::fromStdString(setup.name) +
                     ": engine torque at the crankshaft (N m) against rpm, for a jbeam engine section\n"
                     "\"torque\": [\n    [\"rpm\", \"torque\"],\n";
    for (const CurvePoint& p : setup.engine.torqueCurve.points())
        out += "    [" + csvNumber(p.x).toUtf8() + ", " + csvNumber(p.y).toUtf8() + "],\n";
    out += "],\n";
    return out;
}

} // namespace

std::optional<CurveFileFormat> curveFormatNamed(const QString& name) {
    const QString n = name.toLower();
    if (n == QLatin1String("csv"))
        return CurveFileFormat::Csv;
    if (n == QLatin1String("lut"))
        return CurveFileFormat::Lut;
    if (n == QLatin1String("rf2"))
        return CurveFileFormat::RFactor2;
    if (n == QLatin1String("beamng"))
        return CurveFileFormat::BeamNG;
    return std::nullopt;
}

CurveFileFormat curveFormatOfPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("lut") || suffix == QLatin1String("txt"))
        return CurveFileFormat::Lut;
    if (suffix == QLatin1String("jbeam"))
        return CurveFileFormat::BeamNG;
    if (suffix == QLatin1String("ini"))
        return CurveFileFormat::RFactor2;
    return CurveFileFormat::Csv;
}

bool curveFormatReadable(CurveFileFormat format) {
    return format == CurveFileFormat::Csv || format == CurveFileFormat::Lut;
}

bool curveFormatIsEngineOnly(CurveFileFormat format) { return !curveFormatReadable(format); }

QString curveAxisHeader(const QString& label, const QString& unit) {
    return unit.isEmpty() ? label : QStringLiteral("%1 [%2]").arg(label, unit);
}

std::optional<QByteArray> writeCurveFile(CurveFileFormat format, const FieldMeta& field, const Setup& setup) {
    const Curve& curve = field.curveOf(setup);
    switch (format) {
    case CurveFileFormat::Csv:
        return writeCurveCsv(curve, curveAxisHeader(field.xLabel, field.xUnit),
                             curveAxisHeader(field.yLabel, field.yUnit));
    case CurveFileFormat::Lut:
        return writeLookupTable(curve);
    case CurveFileFormat::RFactor2:
    case CurveFileFormat::BeamNG:
        if (field.path != torqueCurvePath)
            return std::nullopt;
        return format == CurveFileFormat::RFactor2 ? rFactor2Lines(setup) : beamNGTable(setup);
    }
    return std::nullopt;
}

CurveImportResult readCurveFile(CurveFileFormat format, const QByteArray& bytes, const FieldMeta& field) {
    if (format == CurveFileFormat::Lut)
        return readLookupTable(bytes, field.curveRules, field.path);
    if (format == CurveFileFormat::Csv)
        return readCurveCsv(bytes, field.curveRules, field.path);
    CurveImportResult refused;
    refused.errors << QStringLiteral("rFactor 2 and BeamNG files are written, not read: import a CSV or a .lut");
    return refused;
}

} // namespace vtw
