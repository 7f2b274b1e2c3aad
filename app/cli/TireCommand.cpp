#include "CliCommon.h"
#include "Commands.h"

#include "core/base/Units.h"
#include "core/setupfile/SetupValidation.h"
#include "core/setupfile/TirFileRead.h"
#include "core/tires/TirImport.h"
#include "core/tires/CalspanPresets.h"
#include "core/tires/TirSweep.h"
#include "core/tires/TireModel.h"
#include "core/tires/TireSweep.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <cmath>
#include <cstdio>

namespace vtw::cli {

namespace {

bool readNumber(const QCommandLineParser& parser, const QCommandLineOption& option, double& out) {
    bool ok = false;
    out = parser.value(option).toDouble(&ok);
    if (!ok || !std::isfinite(out)) {
        printError(QStringLiteral("tire: --%1 must be a number").arg(option.names().constLast()));
        return false;
    }
    return true;
}

/// The Calspan Table 1 tire names ("155SR13", ...), as a user types them.
QStringList calspanPresetList() {
    QStringList names;
    for (std::string_view name : calspanPresetNames())
        names.append(QString::fromUtf8(name.data(), qsizetype(name.size())));
    return names;
}

/// What `tire --tir` reads besides the sweep: the file and its conditions.
struct TirRequest {
    QString path;
    bool loadSet = false, pressureSet = false;
    double load = 0.0;     ///< N
    double camberDeg = 0.0;
    double pressure = 0.0; ///< Pa
};

/// Evaluates a tyre property file directly (docs/physics.md 12): no setup, the file's own
/// tyre on the side it was measured on, at the file's measurement speed LONGVL.
int sweepTirFile(const TirRequest& request, const QString& sweep, double from, double to, int count,
                 const QString& format, const QString& output) {
    const TirLoadResult loaded = readTirFile(request.path);
    for (const std::string& warning : loaded.warnings)
        printError(QStringLiteral("tire: %1: warning: %2").arg(request.path, QString::fromStdString(warning)));
    if (!loaded.ok()) {
        printError(QStringLiteral("tire: %1: %2").arg(request.path, QString::fromStdString(loaded.error)));
        return Failed;
    }
    const TirCoefficients& c = *loaded.coefficients;
    // Held to what import --tir holds an axle's tyre to (the setup's validation), at the
    // file's own nominal load: a file that could neither pull nor turn a car (one cut
    // short, its coefficients missing and taken as 0) is refused, not swept as zeros.
    const SetupIssues unusable = validateTireBehaviour(
        tiresWithTir(defaultSetup().frontTires, c, QFileInfo(request.path).fileName().toStdString(), false), c.FNOMIN,
        {}, QStringLiteral("the file's nominal load FNOMIN"));
    if (!unusable.isEmpty()) {
        printError(QStringLiteral("tire: %1: not a usable tyre:").arg(request.path));
        for (const SetupIssue& issue : unusable)
            std::fprintf(stderr, "  %s\n", qPrintable(issue.toString()));
        return Failed;
    }
    const bool pressureTerms = c.version != TirVersion::Mf5 && c.NOMPRES > 0.0;
    if (request.pressureSet && !pressureTerms) {
        printError(QStringLiteral("tire: --pressure needs a file with pressure terms (MF 6.1 or 6.2 with NOMPRES); "
                                  "%1 is %2")
                       .arg(request.path, QString::fromUtf8(tirVersionName(c.version).data())) +
                   (c.version != TirVersion::Mf5 ? QStringLiteral(" without NOMPRES") : QString()));
        return UsageError;
    }
    const TirModel model(c);
    TirSweepConditions conditions;
    conditions.normalLoad = request.loadSet ? request.load : c.FNOMIN;
    conditions.camber = units::degToRad(request.camberDeg);
    conditions.pressure = request.pressureSet ? request.pressure : c.NOMPRES;
    conditions.speed = c.LONGVL;
    std::vector<TirSweepRow> rows;
    if (sweep == QLatin1String("slip-ratio")) {
        rows = sweepTirSlipRatio(model, conditions, {from, to, count});
    } else if (sweep == QLatin1String("slip-angle")) {
        rows = sweepTirSlipAngle(model, conditions, {units::degToRad(from), units::degToRad(to), count});
    } else {
        // As for the setup's tires: slip ratio from..to by slip angle -12..12 deg.
        const int side = std::min(count, 301);
        rows = sweepTirCombined(model, conditions, {from, to, side},
                                {units::degToRad(-12.0), units::degToRad(12.0), side});
    }
    const std::string text =
        format == QLatin1String("csv") ? tirSweepToCsv(rows) : tirSweepToJson(rows, model, conditions);
    return writeTextFile(output, text) ? Ok : Failed;
}

} // namespace

int tireCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Evaluate an axle's tire, or a .tir file's tyre (--tir), over a sweep and print it as CSV or JSON "
        "(forces in N, slip angles in degrees)."));
    parser.addHelpOption();
    const QCommandLineOption setupOpt({QStringLiteral("s"), QStringLiteral("setup")},
                                      QStringLiteral("Setup file or library car (default: the library's Corvette C5)."),
                                      QStringLiteral("file"));
    const QCommandLineOption axleOpt(QStringLiteral("axle"), QStringLiteral("front or rear."),
                                     QStringLiteral("axle"), QStringLiteral("front"));
    const QCommandLineOption modelOpt(QStringLiteral("model"),
                                      QStringLiteral("Override the model: %1.").arg(optionCliNames<TireModelKind>()),
                                      QStringLiteral("key"));
    const QCommandLineOption presetOpt(
        QStringLiteral("preset"),
        QStringLiteral("Use a Calspan Table 1 tire (sets the model to calspan): %1.")
            .arg(calspanPresetList().join(QStringLiteral(", "))),
        QStringLiteral("name"));
    const QCommandLineOption sweepOpt(QStringLiteral("sweep"),
                                      QStringLiteral("slip-ratio, slip-angle or combined."),
                                      QStringLiteral("kind"), QStringLiteral("slip-ratio"));
    const QCommandLineOption loadOpt(QStringLiteral("load"), QStringLiteral("Normal load, N."),
                                     QStringLiteral("N"), QStringLiteral("4000"));
    const QCommandLineOption muOpt(QStringLiteral("mu"), QStringLiteral("Surface grip scale."),
                                   QStringLiteral("x"), QStringLiteral("1"));
    const QCommandLineOption fromOpt(QStringLiteral("from"),
                                     QStringLiteral("Sweep start (slip ratio, or deg for slip angle)."),
                                     QStringLiteral("x"));
    const QCommandLineOption toOpt(QStringLiteral("to"), QStringLiteral("Sweep end."), QStringLiteral("x"));
    const QCommandLineOption countOpt(QStringLiteral("count"), QStringLiteral("Points (2..100000)."),
                                      QStringLiteral("n"), QStringLiteral("101"));
    const QCommandLineOption formatOpt(QStringLiteral("format"), QStringLiteral("csv or json."),
                                       QStringLiteral("fmt"), QStringLiteral("csv"));
    const QCommandLineOption outputOpt({QStringLiteral("o"), QStringLiteral("output")},
                                       QStringLiteral("Write to a file instead of stdout."),
                                       QStringLiteral("file"));
    const QCommandLineOption tirOpt(
        QStringLiteral("tir"),
        QStringLiteral("Evaluate a Magic Formula tyre property file (.tir: MF 5.x/PAC2002, 6.1, 6.2) instead of "
                       "a setup's tire; adds the aligning moment mz_Nm. Load default: the file's FNOMIN."),
        QStringLiteral("file"));
    const QCommandLineOption camberOpt(QStringLiteral("camber"),
                                       QStringLiteral("With --tir: inclination angle, deg (ISO: positive with the "
                                                      "top of the wheel to the right, seen from behind)."),
                                       QStringLiteral("deg"), QStringLiteral("0"));
    const QCommandLineOption pressureOpt(
        QStringLiteral("pressure"),
        QStringLiteral("With --tir (MF 6.1/6.2): inflation pressure, Pa (default: the file's NOMPRES)."),
        QStringLiteral("Pa"));
    parser.addOptions({setupOpt, axleOpt, modelOpt, presetOpt, sweepOpt, loadOpt, muOpt, fromOpt, toOpt, countOpt,
                       formatOpt, outputOpt, tirOpt, camberOpt, pressureOpt});
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    const QString axle = parser.value(axleOpt), sweep = parser.value(sweepOpt),
                  format = parser.value(formatOpt);
    if (axle != QLatin1String("front") && axle != QLatin1String("rear")) {
        printError(QStringLiteral("tire: --axle must be front or rear"));
        return UsageError;
    }
    if (sweep != QLatin1String("slip-ratio") && sweep != QLatin1String("slip-angle") &&
        sweep != QLatin1String("combined")) {
        printError(QStringLiteral("tire: --sweep must be slip-ratio, slip-angle or combined"));
        return UsageError;
    }
    if (format != QLatin1String("csv") && format != QLatin1String("json")) {
        printError(QStringLiteral("tire: --format must be csv or json"));
        return UsageError;
    }
    SweepConditions conditions;
    if (!readNumber(parser, loadOpt, conditions.normalLoad) || !readNumber(parser, muOpt, conditions.surfaceMu))
        return UsageError;
    if (conditions.normalLoad < 0.0 || conditions.normalLoad > 1e6 || conditions.surfaceMu <= 0.0 ||
        conditions.surfaceMu > 10.0) {
        printError(QStringLiteral("tire: --load must be 0..1e6 N and --mu in (0, 10]"));
        return UsageError;
    }
    bool countOk = false;
    const int count = parser.value(countOpt).toInt(&countOk);
    if (!countOk || count < 2 || count > 100000) {
        printError(QStringLiteral("tire: --count must be a whole number from 2 to 100000"));
        return UsageError;
    }
    const bool angleSweep = sweep == QLatin1String("slip-angle");
    double from = angleSweep ? -20.0 : -1.0, to = angleSweep ? 20.0 : 1.0;
    if ((parser.isSet(fromOpt) && !readNumber(parser, fromOpt, from)) ||
        (parser.isSet(toOpt) && !readNumber(parser, toOpt, to)))
        return UsageError;
    // Without -o, or with "-", stdout: written and checked like a file.
    const QString output = parser.isSet(outputOpt) ? parser.value(outputOpt) : QStringLiteral("-");

    if (parser.isSet(tirOpt)) {
        for (const QCommandLineOption* other : {&setupOpt, &axleOpt, &modelOpt, &presetOpt, &muOpt}) {
            if (parser.isSet(*other)) {
                printError(QStringLiteral("tire: --tir evaluates the file alone; it cannot be combined with --%1")
                               .arg(other->names().constLast()));
                return UsageError;
            }
        }
        TirRequest request;
        request.path = parser.value(tirOpt);
        request.loadSet = parser.isSet(loadOpt);
        request.load = conditions.normalLoad;
        request.pressureSet = parser.isSet(pressureOpt);
        if (!readNumber(parser, camberOpt, request.camberDeg) ||
            (request.pressureSet && !readNumber(parser, pressureOpt, request.pressure)))
            return UsageError;
        if (std::abs(request.camberDeg) >= 90.0 ||
            (request.pressureSet && !(request.pressure > 0.0 && request.pressure <= 1e8))) {
            printError(QStringLiteral("tire: --camber must be within (-90, 90) deg and --pressure in (0, 1e8] Pa"));
            return UsageError;
        }
        return sweepTirFile(request, sweep, from, to, count, format, output);
    }
    if (parser.isSet(camberOpt) || parser.isSet(pressureOpt)) {
        printError(QStringLiteral("tire: --camber and --pressure apply to a .tir file (--tir)"));
        return UsageError;
    }

    std::optional<Setup> setup = loadSetupArgument(parser.value(setupOpt));
    if (!setup)
        return Failed;
    TireParams params = axle == QLatin1String("front") ? setup->frontTires : setup->rearTires;
    if (parser.isSet(modelOpt)) {
        const auto kind = parseOptionArgument<TireModelKind>("tire", "model", parser.value(modelOpt));
        if (!kind)
            return UsageError;
        params.model = *kind;
    }
    if (parser.isSet(presetOpt)) {
        const QStringList names = calspanPresetList();
        const qsizetype index = names.indexOf(parser.value(presetOpt));
        if (index < 0) {
            printError(QStringLiteral("tire: unknown preset '%1' (known: %2)")
                           .arg(parser.value(presetOpt), names.join(QStringLiteral(", "))));
            return UsageError;
        }
        // A preset is a Calspan tire: another --model with it would sweep a tire the
        // preset does not describe.
        if (parser.isSet(modelOpt) && params.model != TireModelKind::Calspan) {
            printError(QStringLiteral("tire: --preset is a calspan tire; it cannot be swept as --model %1")
                           .arg(parser.value(modelOpt)));
            return UsageError;
        }
        params.model = TireModelKind::Calspan;
        params.calspan = calspanPreset(calspanPresets[std::size_t(index)]);
    }
    const Tire tire(params);
    std::vector<TireSweepRow> rows;
    if (sweep == QLatin1String("slip-ratio")) {
        rows = sweepSlipRatio(tire, conditions, {from, to, count});
    } else if (angleSweep) {
        rows = sweepSlipAngle(tire, conditions, {units::degToRad(from), units::degToRad(to), count});
    } else {
        // A grid: slip ratio from..to by slip angle -12..12 deg, count points each way (capped).
        const int side = std::min(count, 301);
        rows = sweepCombined(tire, conditions, {from, to, side},
                             {units::degToRad(-12.0), units::degToRad(12.0), side});
    }
    const std::string text = format == QLatin1String("csv") ? sweepToCsv(rows) : sweepToJson(rows, conditions) + "\n";
    return writeTextFile(output, text) ? Ok : Failed;
}

} // namespace vtw::cli
