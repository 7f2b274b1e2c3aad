#include "AcFileCommands.h"
#include "CliCommon.h"
#include "Commands.h"
#include "TirFileCommands.h"

#include "core/powertrain/Engine.h"
#include "core/gamefiles/CurveFiles.h"
#include "core/setupfile/BoundedRead.h"
#include "core/setupfile/CsvIo.h"
#include "core/setupfile/SetupJson.h"
#include "core/setupfile/SetupMetadata.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

namespace vtw::cli {

namespace {

std::optional<QByteArray> readSmallFile(const QString& path) {
    BoundedReadResult read = readFileBounded(path, maxCsvBytes);
    if (!read.data)
        printError(read.error);
    return std::move(read.data);
}

// The format --format names, else the one the file's extension implies; nullopt
// (with the reason printed) for an unknown name.
std::optional<CurveFileFormat> curveFormat(const QString& command, const QString& requested, const QString& path) {
    if (requested.isEmpty())
        return curveFormatOfPath(path);
    const std::optional<CurveFileFormat> format = curveFormatNamed(requested);
    if (!format)
        printError(QStringLiteral("%1: --format must be csv, lut, rf2 or beamng").arg(command));
    return format;
}

const FieldMeta* curveField(const QString& path) {
    const FieldMeta* field = findField(path);
    if (!field || field->kind != FieldKind::Curve) {
        QStringList known;
        for (const FieldMeta& f : setupFields()) {
            if (f.kind == FieldKind::Curve)
                known << f.path;
        }
        printError(QStringLiteral("no curve '%1' (curves: %2, power)").arg(path, known.join(QStringLiteral(", "))));
        return nullptr;
    }
    return field;
}

// The end of an import: the changed setup validated, then written as a new file.
int validateAndWrite(const Setup& setup, const UnknownKeys& unknownKeys, const QString& output, const QString& what) {
    const SetupIssues issues = validateSetup(setup);
    if (!issues.isEmpty()) {
        printError(QStringLiteral("%1 makes the setup invalid:").arg(what));
        for (const SetupIssue& issue : issues)
            std::fprintf(stderr, "  %s\n", qPrintable(issue.toString()));
        return Failed;
    }
    return writeSetupFile(output, setup, unknownKeys) ? Ok : Failed;
}

} // namespace

int validateCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Check setup files: print every problem with its field path; exit code 1 if any file has one."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Setup files."), QStringLiteral("FILE..."));
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    if (parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("validate: name at least one setup file"));
        return UsageError;
    }
    bool allValid = true;
    for (const QString& path : parser.positionalArguments()) {
        const SetupLoadResult loaded = loadSetupFile(path);
        if (loaded.ok()) {
            printOut(QStringLiteral("%1: valid\n").arg(path).toStdString());
        } else {
            allValid = false;
            for (const QString& line : loaded.errorStrings())
                printOut(QStringLiteral("%1: %2\n").arg(path, line).toStdString());
        }
        for (const QString& warning : loaded.warnings)
            printOut(QStringLiteral("%1: warning: %2\n").arg(path, warning).toStdString());
    }
    return allValid ? Ok : Failed;
}

int exportCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Export a setup as JSON; one of its curves as CSV or as an rpm|value lookup table (.lut), and "
        "the torque curve also as rFactor 2 engine lines or a BeamNG jbeam torque table; an axle's tyre "
        "as a Magic Formula property file (.tir); or the car as Assetto Corsa car data."));
    parser.addHelpOption();
    const QCommandLineOption setupOpt({QStringLiteral("s"), QStringLiteral("setup")},
                                      QStringLiteral("Setup file or library car (default: the library's Corvette C5)."),
                                      QStringLiteral("file"));
    const QCommandLineOption curveOpt(QStringLiteral("curve"),
                                      QStringLiteral("Curve path (e.g. engine.torqueCurve_rpm_Nm, "
                                                     "tires.front.table.lateral) or 'power'."),
                                      QStringLiteral("path"));
    const QCommandLineOption formatOpt(
        QStringLiteral("format"),
        QStringLiteral("csv, lut, rf2 or beamng (default: by extension: .lut/.txt, .ini rFactor 2, .jbeam "
                       "BeamNG, else CSV); rf2 and beamng for the torque curve only."),
        QStringLiteral("fmt"));
    const QCommandLineOption outputOpt({QStringLiteral("o"), QStringLiteral("output")},
                                       QStringLiteral("Output file (default: stdout)."), QStringLiteral("file"));
    const QCommandLineOption acOpt(QStringLiteral("ac"),
                                   QStringLiteral("Write the setup as Assetto Corsa car data into this folder (a new "
                                                  "folder, or with --in-place an existing car's data folder)."),
                                   QStringLiteral("folder"));
    const QCommandLineOption inPlaceOpt(
        QStringLiteral("in-place"),
        QStringLiteral("With --ac: update the folder's mapped keys, keep everything else byte for byte and back "
                       "up each changed file as <name>.<time>.bak."));
    const QCommandLineOption tirOpt(
        QStringLiteral("tir"), QStringLiteral("Write an axle's tyre as a .tir file (PAC2002 coefficients; a model "
                                              "other than the magic formula is fitted first)."));
    const QCommandLineOption axleOpt(QStringLiteral("axle"), QStringLiteral("With --tir: front or rear (default front)."),
                                     QStringLiteral("axle"));
    const QCommandLineOption nominalLoadOpt(
        QStringLiteral("nominal-load"),
        QStringLiteral("With --tir: FNOMIN in N (default: the axle's static wheel load)."), QStringLiteral("N"));
    parser.addOptions({setupOpt, curveOpt, formatOpt, outputOpt, tirOpt, axleOpt, nominalLoadOpt, acOpt, inPlaceOpt});
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    if (int(parser.isSet(tirOpt)) + int(parser.isSet(curveOpt)) + int(parser.isSet(acOpt)) > 1) {
        printError(QStringLiteral("export: --tir, --curve and --ac are different exports; give one"));
        return UsageError;
    }
    if (parser.isSet(inPlaceOpt) && !parser.isSet(acOpt)) {
        printError(QStringLiteral("export: --in-place goes with --ac"));
        return UsageError;
    }
    UnknownKeys unknownKeys;
    const std::optional<Setup> setup = loadSetupArgument(parser.value(setupOpt), &unknownKeys);
    if (!setup)
        return Failed;
    if (parser.isSet(acOpt))
        return exportAcCommand(*setup, parser.value(acOpt), parser.isSet(inPlaceOpt));

    QByteArray bytes;
    if (parser.isSet(tirOpt)) {
        const QString name = parser.isSet(setupOpt) ? QFileInfo(parser.value(setupOpt)).completeBaseName()
                                                    : QStringLiteral("the default car");
        const std::optional<QByteArray> tir =
            tirExportText(*setup, name, parser.value(axleOpt), parser.value(nominalLoadOpt));
        if (!tir)
            return UsageError;
        bytes = *tir;
    } else if (!parser.isSet(curveOpt)) {
        return writeSetupFile(parser.isSet(outputOpt) ? parser.value(outputOpt) : QStringLiteral("-"), *setup,
                              unknownKeys)
                   ? Ok
                   : Failed;
    } else {
        const std::optional<CurveFileFormat> format =
            curveFormat(QStringLiteral("export"), parser.value(formatOpt), parser.value(outputOpt));
        if (!format)
            return UsageError;
        if (parser.value(curveOpt) == QLatin1String("power")) {
            if (!curveFormatReadable(*format)) {
                printError(QStringLiteral("export: the power curve is written as csv or lut"));
                return UsageError;
            }
            const Curve watts = powerCurve(setup->engine);
            std::vector<CurvePoint> kw;
            for (const CurvePoint& p : watts.points())
                kw.push_back({p.x, p.y / 1000.0});
            const Curve power(std::move(kw));
            bytes = *format == CurveFileFormat::Lut
                        ? writeLookupTable(power)
                        : writeCurveCsv(power, QStringLiteral("engine speed [rpm]"), QStringLiteral("power [kW]"));
        } else {
            const FieldMeta* field = curveField(parser.value(curveOpt));
            if (!field)
                return UsageError;
            const std::optional<QByteArray> written = writeCurveFile(*format, *field, *setup);
            if (!written) {
                printError(QStringLiteral("export: rf2 and beamng hold the engine's torque curve "
                                          "(engine.torqueCurve_rpm_Nm), not %1")
                               .arg(field->path));
                return UsageError;
            }
            bytes = *written;
        }
    }
    // Without -o, or with "-", stdout: written and checked like a file.
    return writeTextFile(parser.isSet(outputOpt) ? parser.value(outputOpt) : QStringLiteral("-"),
                         bytes.toStdString())
               ? Ok
               : Failed;
}

int importCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Replace one curve of a setup with a CSV (two columns, header optional) or an rpm|value "
        "table, or an axle's tire model with a .tir file; validate the result, and save it as a new "
        "setup file. Or read an Assetto Corsa car data folder into a new setup (--ac)."));
    parser.addHelpOption();
    const QCommandLineOption setupOpt({QStringLiteral("s"), QStringLiteral("setup")},
                                      QStringLiteral("Setup file or library car (default: the library's Corvette C5)."),
                                      QStringLiteral("file"));
    const QCommandLineOption curveOpt(QStringLiteral("curve"), QStringLiteral("Curve path to replace."),
                                      QStringLiteral("path"), QStringLiteral("engine.torqueCurve_rpm_Nm"));
    const QCommandLineOption inputOpt({QStringLiteral("i"), QStringLiteral("input")},
                                      QStringLiteral("Curve file to read."), QStringLiteral("file"));
    const QCommandLineOption formatOpt(QStringLiteral("format"), QStringLiteral("csv or lut (default: by extension)."),
                                       QStringLiteral("fmt"));
    const QCommandLineOption outputOpt({QStringLiteral("o"), QStringLiteral("output")},
                                       QStringLiteral("New setup file to write."), QStringLiteral("file"));
    const QCommandLineOption acOpt(QStringLiteral("ac"),
                                   QStringLiteral("Instead of a curve: an Assetto Corsa car's unpacked data folder, "
                                                  "read into a new setup (prints what mapped and how)."),
                                   QStringLiteral("folder"));
    const QCommandLineOption tirOpt(QStringLiteral("tir"),
                                    QStringLiteral("Instead of a curve: a Magic Formula tyre property file (.tir) as "
                                                   "the tire model of --axle."),
                                    QStringLiteral("file"));
    const QCommandLineOption axleOpt(QStringLiteral("axle"), QStringLiteral("With --tir: front, rear or both."),
                                     QStringLiteral("axle"));
    const QCommandLineOption radiusOpt(QStringLiteral("use-unloaded-radius"),
                                       QStringLiteral("With --tir: take the file's UNLOADED_RADIUS as the wheel radius."));
    parser.addOptions({setupOpt, curveOpt, inputOpt, formatOpt, outputOpt, tirOpt, axleOpt, radiusOpt, acOpt});
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    if (parser.isSet(acOpt)) {
        if (!parser.isSet(outputOpt) || parser.isSet(inputOpt) || parser.isSet(tirOpt) || parser.isSet(setupOpt)) {
            printError(QStringLiteral("import: --ac makes a new setup: give --output, and no --input, --tir or "
                                      "--setup"));
            return UsageError;
        }
        return importAcCommand(parser.value(acOpt), parser.value(outputOpt));
    }
    const bool tir = parser.isSet(tirOpt);
    if ((!tir && !parser.isSet(inputOpt)) || !parser.isSet(outputOpt)) {
        printError(QStringLiteral("import: --output and one of --input or --tir are required"));
        return UsageError;
    }
    if (tir && (parser.isSet(inputOpt) || parser.isSet(curveOpt))) {
        printError(QStringLiteral("import: --tir replaces an axle's tire model, --input a curve; give one"));
        return UsageError;
    }
    if (tir) {
        UnknownKeys unknownKeys;
        std::optional<Setup> setup = loadSetupArgument(parser.value(setupOpt), &unknownKeys);
        if (!setup)
            return Failed;
        const int imported =
            importTir(*setup, parser.value(tirOpt), parser.value(axleOpt), parser.isSet(radiusOpt));
        if (imported != Ok)
            return imported;
        return validateAndWrite(*setup, unknownKeys, parser.value(outputOpt), QStringLiteral("the imported tyre"));
    }
    const FieldMeta* field = curveField(parser.value(curveOpt));
    if (!field)
        return UsageError;
    UnknownKeys unknownKeys;
    std::optional<Setup> setup = loadSetupArgument(parser.value(setupOpt), &unknownKeys);
    if (!setup)
        return Failed;
    const std::optional<QByteArray> bytes = readSmallFile(parser.value(inputOpt));
    if (!bytes)
        return Failed;
    const std::optional<CurveFileFormat> format =
        curveFormat(QStringLiteral("import"), parser.value(formatOpt), parser.value(inputOpt));
    if (!format)
        return UsageError;
    const CurveImportResult imported = readCurveFile(*format, *bytes, *field);
    if (!imported.ok()) {
        printError(QStringLiteral("cannot import %1:").arg(parser.value(inputOpt)));
        for (const QString& e : imported.errors)
            std::fprintf(stderr, "  %s\n", qPrintable(e));
        return Failed;
    }
    field->curve(*setup) = *imported.curve;
    return validateAndWrite(*setup, unknownKeys, parser.value(outputOpt), QStringLiteral("the imported curve"));
}

int convertCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Convert between formats by file extension: a setup file (.json, any older version) to the "
        "current format; a torque curve between CSV (.csv) and rpm|value tables (.lut or .txt), or "
        "from either into rFactor 2 engine lines (.ini; coast torque from the default car's engine "
        "braking) or a BeamNG jbeam torque table (.jbeam)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("input"), QStringLiteral("File to read."));
    parser.addPositionalArgument(QStringLiteral("output"), QStringLiteral("File to write."));
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 2) {
        printError(QStringLiteral("convert: expected INPUT and OUTPUT"));
        return UsageError;
    }
    const QString in = files[0], out = files[1];
    if (QFileInfo(in).suffix().toLower() == QLatin1String("json")) {
        UnknownKeys unknownKeys;
        const std::optional<Setup> setup = loadSetupArgument(in, &unknownKeys);
        if (!setup)
            return Failed;
        return writeSetupFile(out, *setup, unknownKeys) ? Ok : Failed;
    }
    const FieldMeta* torque = findField(QStringLiteral("engine.torqueCurve_rpm_Nm"));
    const std::optional<QByteArray> bytes = readSmallFile(in);
    if (!bytes)
        return Failed;
    const CurveImportResult curve = readCurveFile(curveFormatOfPath(in), *bytes, *torque);
    if (!curve.ok()) {
        printError(QStringLiteral("cannot convert %1:").arg(in));
        for (const QString& e : curve.errors)
            std::fprintf(stderr, "  %s\n", qPrintable(e));
        return Failed;
    }
    Setup carrier;
    carrier.name = QFileInfo(in).completeBaseName().toStdString();
    carrier.engine.torqueCurve = *curve.curve;
    const QByteArray text = *writeCurveFile(curveFormatOfPath(out), *torque, carrier);
    return writeTextFile(out, text.toStdString()) ? Ok : Failed;
}

} // namespace vtw::cli
