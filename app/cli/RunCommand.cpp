#include "CliCommon.h"
#include "Commands.h"
#include "LapOutput.h"
#include "MathOption.h"

#include "core/analysis/ChannelTableCsv.h"

#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/maneuvers/MetricFormat.h"
#include "core/maneuvers/ScriptedManeuver.h"
#include "core/setupfile/CsvIo.h"
#include "core/setupfile/ScriptCsv.h"

#include "core/setupfile/BoundedRead.h"

#include <QFile>

#include <cstdio>

#include <QCommandLineParser>

namespace vtw::cli {

int runCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run a maneuver and print its metrics as JSON on stdout (units in the keys). A metric the run\n"
        "took outside the range it is defined for (a spin in a step steer, a ramp too fast) is listed\n"
        "under \"invalid_metrics\" with \"valid\": false and its \"invalid_reason\".\n"
        "When the setup carries published figures (\"targets\") for metrics of the run, and the\n"
        "maneuver runs with its default parameters, the JSON adds \"targets\": per metric key the\n"
        "published \"target\" (in the key's unit), \"deviation_pct\" = 100 (simulated - target) /\n"
        "target, and its \"source\"."));
    parser.addHelpOption();
    const QCommandLineOption maneuverOpt({QStringLiteral("m"), QStringLiteral("maneuver")},
                                         QStringLiteral("Maneuver id (their parameters: 'vtw-cli maneuvers'): %1.").arg(maneuverIdList()),
                                         QStringLiteral("id"), QStringLiteral("acceleration"));
    const QCommandLineOption setupOpt({QStringLiteral("s"), QStringLiteral("setup")},
                                      QStringLiteral("Setup file or library car (default: the library's Corvette C5)."),
                                      QStringLiteral("file"));
    const QCommandLineOption paramOpt({QStringLiteral("p"), QStringLiteral("param")},
                                      QStringLiteral("Maneuver parameter, repeatable."),
                                      QStringLiteral("key=value"));
    const QCommandLineOption telemetryOpt({QStringLiteral("t"), QStringLiteral("telemetry")},
                                          QStringLiteral("Write the full telemetry as CSV."),
                                          QStringLiteral("file.csv"));
    const QCommandLineOption decimationOpt(QStringLiteral("decimation"),
                                           QStringLiteral("Keep every n-th telemetry sample."),
                                           QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption scriptOpt(QStringLiteral("script"),
                                       QStringLiteral("Run a scripted maneuver from CSV (columns time_s, "
                                                      "throttle, brake, steer, gear) instead of --maneuver."),
                                       QStringLiteral("file.csv"));
    const QCommandLineOption formatOpt(QStringLiteral("format"),
                                       QStringLiteral("Metrics as json (default) or csv (metric,value,unit,valid,"
                                                      "invalid_reason; nan for a figure not reached)."),
                                       QStringLiteral("fmt"), QStringLiteral("json"));
    const QCommandLineOption surfaceOpt(QStringLiteral("surface"),
                                        QStringLiteral("Road surface: %1, or a grip scale (default: the "
                                                       "setup's).")
                                            .arg(surfaceNames()),
                                        QStringLiteral("surface"));
    const QCommandLineOption mathOpt = mathOption();
    parser.addOptions({maneuverOpt, setupOpt, paramOpt, telemetryOpt, decimationOpt, scriptOpt, formatOpt,
                       surfaceOpt, mathOpt});
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("run: unexpected argument '%1'").arg(parser.positionalArguments().first()));
        return UsageError;
    }
    const QString format = parser.value(formatOpt);
    if (format != QLatin1String("json") && format != QLatin1String("csv")) {
        printError(QStringLiteral("run: --format must be json or csv"));
        return UsageError;
    }
    bool decimationOk = false;
    const int decimation = parser.value(decimationOpt).toInt(&decimationOk);
    if (!decimationOk || decimation < 1) {
        printError(QStringLiteral("run: --decimation must be a whole number >= 1"));
        return UsageError;
    }
    std::map<std::string, double> params;
    std::map<std::string, std::string> words; // a lap's track and line
    if (!parseKeyValues(parser.values(paramOpt), params, &words))
        return UsageError;
    // The lap of a track is no maneuver in time: it prints its own figures.
    std::optional<LapSpec> lap;
    if (!parser.isSet(scriptOpt) && parser.value(maneuverOpt) == QLatin1String(lapTargetId)) {
        std::string error;
        lap = lapSpecFrom({lapTargetId, params, words}, &error);
        if (!lap) {
            printError(QString::fromStdString(error));
            return UsageError;
        }
    }

    double gripScale = 0.0;
    if (parser.isSet(surfaceOpt) && !parseSurface(parser.value(surfaceOpt), gripScale))
        return UsageError;
    if (parser.isSet(mathOpt) && !parser.isSet(telemetryOpt)) {
        printError(QStringLiteral("run: --math adds columns to the telemetry: give -t FILE.csv too"));
        return UsageError;
    }
    const std::optional<std::vector<MathChannel>> math = readMathArgument(parser.value(mathOpt));
    if (!math)
        return Failed;
    std::optional<Setup> setup = loadSetupArgument(parser.value(setupOpt));
    if (!setup)
        return Failed;
    if (parser.isSet(surfaceOpt))
        setup->simulation.surfaceMu = gripScale;
    if (lap)
        return runLap(*setup, *lap, format, parser.value(telemetryOpt),
                      words.count("line") > 0 && lap->line == LineChoice::RaceLine, *math);

    std::unique_ptr<Maneuver> maneuver;
    if (parser.isSet(scriptOpt)) {
        if (!words.empty()) {
            printError(QStringLiteral("bad parameter '%1=%2': expected key=number")
                           .arg(QString::fromStdString(words.begin()->first),
                                QString::fromStdString(words.begin()->second)));
            return UsageError;
        }
        const BoundedReadResult read = readFileBounded(parser.value(scriptOpt), maxCsvBytes);
        if (!read.data) {
            printError(read.error);
            return Failed;
        }
        ScriptReadResult script = readScriptCsv(*read.data, setup->gearbox.gearCount());
        if (!script.ok()) {
            printError(QStringLiteral("cannot use script %1:").arg(parser.value(scriptOpt)));
            for (const QString& e : script.errors)
                std::fprintf(stderr, "  %s\n", qPrintable(e));
            return Failed;
        }
        maneuver = std::make_unique<ScriptedManeuver>(std::move(script.rows));
    } else {
        std::string error;
        maneuver = makeManeuver(parser.value(maneuverOpt).toStdString(), params, &error, words);
        if (!maneuver) {
            printError(QString::fromStdString(error));
            return UsageError;
        }
    }

    // A published figure is measured the standard way (from 100 km/h, say): it
    // is set against a run with the maneuver's default parameters only, as the
    // window's derived figures are. A --surface is the user's what-if: kept.
    bool targetsApply = !parser.isSet(scriptOpt);
    if (targetsApply) {
        for (const ManeuverDescription& d : maneuverCatalogue()) {
            if (d.id != parser.value(maneuverOpt).toStdString())
                continue;
            for (const ManeuverParameter& p : d.parameters) {
                const auto given = params.find(p.key);
                if (given != params.end() && given->second != p.defaultValue)
                    targetsApply = false;
            }
            for (const ManeuverWord& w : d.words) {
                const auto given = words.find(w.key);
                if (given != words.end() && given->second != w.defaultValue)
                    targetsApply = false;
            }
        }
    }
    if (!targetsApply && !parser.isSet(scriptOpt) && !setup->targets.empty() &&
        format == QLatin1String("json"))
        printError(QStringLiteral("note: the setup's published figures are left out: they are "
                                  "compared with runs of a maneuver's default parameters only"));

    RunOptions options;
    options.recordTelemetry = parser.isSet(telemetryOpt);
    options.decimation = decimation;
    const RunResult result = runManeuver(*setup, *maneuver, options);
    if (!result.ok) {
        printError(QString::fromStdString(result.error));
        if (result.telemetryDecimationNeeded > 0)
            printError(QStringLiteral("run: pass --decimation %1 (or more) to write less telemetry")
                           .arg(result.telemetryDecimationNeeded));
        return Failed;
    }
    bool mathComputed = true;
    if (options.recordTelemetry) {
        std::string csv;
        if (math->empty()) {
            csv = result.telemetry.toCsv();
        } else {
            ChannelTable table = channelTableOf(result.telemetry);
            for (ChannelColumn& column : mathColumns(table, *math, mathComputed))
                table.add(std::move(column));
            csv = channelTableCsv(table);
        }
        if (!writeTextFile(parser.value(telemetryOpt), csv))
            return Failed;
    }
    if (format == QLatin1String("csv")) {
        std::vector<MetricRow> rows;
        for (const Metric& m : result.metrics)
            rows.push_back({QString::fromStdString(m.key), m.value, QString::fromStdString(m.unit), m.valid,
                            QString::fromStdString(m.invalidReason)});
        printOut(writeMetricsCsv(rows).toStdString());
    } else if (targetsApply) {
        printOut(metricsToJson(result.metrics, setup->targets) + "\n");
    } else {
        printOut(metricsToJson(result.metrics) + "\n");
    }
    if (result.timedOut)
        printError(QStringLiteral("warning: the maneuver hit its time limit of %1 s before finishing")
                       .arg(maneuver->timeLimit()));
    return mathComputed ? Ok : Failed;
}

int maneuversCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the maneuvers: each id and title, what it does, its parameters (-p key=value) "
                       "with their defaults."));
    parser.addHelpOption();
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    std::string out;
    for (const ManeuverDescription& d : maneuverCatalogue()) {
        out += d.id + "\t" + d.title + "\n    " + d.description + "\n";
        for (const ManeuverParameter& p : d.parameters) {
            const std::string kind = p.kind == ParameterKind::YesNo        ? ": 1 yes, 0 no"
                                     : p.kind == ParameterKind::WholeNumber ? ", a whole number"
                                     : p.kind == ParameterKind::Choice      ? ": " + choiceList(p)
                                                                            : "";
            const std::string unit = p.unit.empty() ? std::string() : " (" + p.unit + ")";
            out += "    -p " + p.key + "=<" + p.label + unit + kind + ", default " +
                   QString::number(p.defaultValue, 'g', 10).toStdString() + ">\n";
        }
        for (const ManeuverWord& w : d.words)
            out += "    -p " + w.key + "=<" + w.label + ", default " + w.defaultValue + ">\n";
    }
    out += lapTargetHelp();
    printOut(out);
    return Ok;
}

} // namespace vtw::cli
