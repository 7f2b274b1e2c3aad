#include "CliCommon.h"
#include "Commands.h"

#include "maneuvers/ManeuverFactory.h"
#include "maneuvers/ManeuverRunner.h"
#include "maneuvers/MetricFormat.h"

#include <QCommandLineParser>

namespace vtw::cli {

int runCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run a maneuver and print its metrics as JSON on stdout (units in the keys)."));
    parser.addHelpOption();
    const QCommandLineOption maneuverOpt({QStringLiteral("m"), QStringLiteral("maneuver")},
                                         QStringLiteral("Maneuver id (see 'vtw-cli maneuvers')."),
                                         QStringLiteral("id"), QStringLiteral("acceleration"));
    const QCommandLineOption setupOpt({QStringLiteral("s"), QStringLiteral("setup")},
                                      QStringLiteral("Setup file (default: the built-in Corvette C5)."),
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
    parser.addOptions({maneuverOpt, setupOpt, paramOpt, telemetryOpt, decimationOpt});
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return UsageError;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText().toStdString());
        return Ok;
    }
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("run: unexpected argument '%1'").arg(parser.positionalArguments().first()));
        return UsageError;
    }
    bool decimationOk = false;
    const int decimation = parser.value(decimationOpt).toInt(&decimationOk);
    if (!decimationOk || decimation < 1) {
        printError(QStringLiteral("run: --decimation must be a whole number >= 1"));
        return UsageError;
    }
    std::map<std::string, double> params;
    if (!parseKeyValues(parser.values(paramOpt), params))
        return UsageError;

    const std::optional<Setup> setup = loadSetupArgument(parser.value(setupOpt));
    if (!setup)
        return Failed;

    std::string error;
    auto maneuver = makeManeuver(parser.value(maneuverOpt).toStdString(), params, &error);
    if (!maneuver) {
        printError(QString::fromStdString(error));
        return UsageError;
    }

    RunOptions options;
    options.recordTelemetry = parser.isSet(telemetryOpt);
    options.decimation = decimation;
    const RunResult result = runManeuver(*setup, *maneuver, options);
    if (!result.ok) {
        printError(QString::fromStdString(result.error));
        return Failed;
    }
    if (options.recordTelemetry && !writeTextFile(parser.value(telemetryOpt), result.telemetry.toCsv()))
        return Failed;
    printOut(metricsToJson(result.metrics) + "\n");
    if (result.timedOut)
        printError(QStringLiteral("warning: the maneuver hit its time limit of %1 s before finishing")
                       .arg(maneuver->timeLimit()));
    return Ok;
}

int maneuversCommand(const QStringList&) {
    std::string out;
    for (const ManeuverDescription& d : maneuverCatalogue()) {
        out += d.id + "\t" + d.title + "\n    " + d.description + "\n";
        for (const ManeuverParameter& p : d.parameters)
            out += "    -p " + p.key + "=<" + p.label + ", default " + std::to_string(p.defaultValue) + ">\n";
    }
    printOut(out);
    return Ok;
}

} // namespace vtw::cli
