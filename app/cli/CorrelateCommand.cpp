#include "CliCommon.h"
#include "Commands.h"
#include "LapOutput.h"

#include "core/analysis/RunAlignment.h"
#include "core/analysis/RunCorrelation.h"
#include "core/lap/LapTelemetry.h"
#include "core/logs/LogPresets.h"
#include "core/logs/LoggedLap.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/maneuvers/MetricFormat.h"

#include <QCommandLineParser>

#include <cmath>
#include <cstdio>

namespace vtw::cli {

namespace {

// The offset search's coarse step, s: finer than a logger's usual 10 to 100 Hz needs
// after its two tenfold refinements (findTimeOffset).
constexpr double offsetSearchStep = 0.05;

// A CSV cell of a number: nan where a JSON null stands.
std::string csvNumber(double v) {
    return std::isfinite(v) ? jsonNumber(v) : "nan";
}

// What the log is set against: a lap of a track or a maneuver, as the arguments name it.
// Checked before any file is read: a bad name or parameter is an argument error.
struct SimulatedRunSpec {
    std::optional<LapSpec> lap;
    std::unique_ptr<Maneuver> maneuver;
};

std::optional<SimulatedRunSpec> simulatedRunSpec(const QString& maneuverId, const std::map<std::string, double>& params,
                                                 const std::map<std::string, std::string>& words) {
    SimulatedRunSpec spec;
    std::string error;
    if (maneuverId == QLatin1String(lapTargetId))
        spec.lap = lapSpecFrom({lapTargetId, params, words}, &error);
    else
        spec.maneuver = makeManeuver(maneuverId.toStdString(), params, &error, words);
    if (!spec.lap && !spec.maneuver) {
        printError(QStringLiteral("correlate: ") + QString::fromStdString(error));
        return std::nullopt;
    }
    return spec;
}

// The simulated run the log is set against, as a table of the channels it fills.
std::optional<ChannelTable> simulatedRun(const Setup& setup, const SimulatedRunSpec& spec) {
    if (spec.lap) {
        const auto driven = driveLap(setup, *spec.lap, false);
        if (!driven)
            return std::nullopt;
        return lapChannelTable(driven->lap.trace);
    }
    RunOptions options;
    options.recordTelemetry = true;
    const RunResult result = runManeuver(setup, *spec.maneuver, options);
    if (!result.ok) {
        printError(QString::fromStdString(result.error));
        return std::nullopt;
    }
    return channelTableOf(result.telemetry);
}

std::string correlationJson(const RunCorrelation& c, const QString& log, const LoggedLap& lap,
                            const QString& reference, std::optional<double> offset) {
    const std::string atKey = c.axis == "distance" ? "at_m" : "at_s";
    std::string out = "{\n  \"log\": " + jsonQuoted(log.toStdString()) + ",\n  \"lap\": " +
                      std::to_string(lap.lap) + ",\n  \"laps\": " + std::to_string(lap.lapCount) +
                      ",\n  \"reference\": " + jsonQuoted(reference.toStdString()) + ",\n  \"align\": \"" +
                      c.axis + "\",\n";
    if (offset)
        out += "  \"offset_s\": " + jsonNumber(*offset) + ",\n";
    out += "  \"channels\": [";
    for (std::size_t k = 0; k < c.channels.size(); ++k) {
        const ChannelCorrelation& row = c.channels[k];
        out += std::string(k ? "," : "") + "\n    {\"channel\": " + jsonQuoted(row.name) +
               ", \"unit\": " + jsonQuoted(row.unit) + ", \"samples\": " + std::to_string(row.samples) +
               ", \"rms\": " + jsonNumber(row.rms) + ", \"max_abs\": " + jsonNumber(row.maxAbs) + ", \"" +
               atKey + "\": " + jsonNumber(row.at) + "}";
    }
    return out + (c.channels.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

std::string correlationCsv(const RunCorrelation& c) {
    std::string out = std::string("channel,unit,samples,rms,max_abs,") + (c.axis == "distance" ? "at_m" : "at_s") +
                      "\n";
    for (const ChannelCorrelation& row : c.channels)
        out += csvCellText(QString::fromStdString(row.name)).toStdString() + "," +
               csvCellText(QString::fromStdString(row.unit)).toStdString() + "," + std::to_string(row.samples) +
               "," + csvNumber(row.rms) + "," + csvNumber(row.maxAbs) + "," + csvNumber(row.at) + "\n";
    return out;
}

} // namespace

int correlateCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Set a logged lap against a simulated run and print, per channel both have, the RMS and the\n"
        "largest difference (log - simulation, SI units) and where along the lap the largest is\n"
        "(docs/analysis.md). The log is a CSV read through a column mapping: a mapping file saved\n"
        "by the window, or a built-in preset: motec (MoTeC i2 export), workbench (this program's\n"
        "telemetry and lap trace CSV)."));
    parser.addHelpOption();
    const QCommandLineOption logOpt(QStringLiteral("log"), QStringLiteral("The logged data, CSV."),
                                    QStringLiteral("file.csv"));
    const QCommandLineOption mapOpt(QStringLiteral("map"),
                                    QStringLiteral("Column mapping: a mapping file (JSON) or a preset (motec, "
                                                   "workbench)."),
                                    QStringLiteral("mapping.json"));
    const QCommandLineOption setupOpt({QStringLiteral("s"), QStringLiteral("setup")},
                                      QStringLiteral("Setup file or library car (default: the library's Corvette C5)."),
                                      QStringLiteral("file"));
    const QCommandLineOption maneuverOpt({QStringLiteral("m"), QStringLiteral("maneuver")},
                                         QStringLiteral("The simulated run: lap (default; -p track=NAME) or a "
                                                        "maneuver id: %1.")
                                             .arg(maneuverIdList()),
                                         QStringLiteral("id"), QStringLiteral("lap"));
    const QCommandLineOption paramOpt({QStringLiteral("p"), QStringLiteral("param")},
                                      QStringLiteral("Parameter of the run, repeatable (track=monza)."),
                                      QStringLiteral("key=value"));
    const QCommandLineOption lapOpt(QStringLiteral("lap"),
                                    QStringLiteral("Which lap of the log, from 1 (split at the lap beacon, "
                                                   "MoTeC's beacon markers or where the distance wraps)."),
                                    QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption alignOpt(QStringLiteral("align"),
                                      QStringLiteral("distance (default) or time."), QStringLiteral("axis"),
                                      QStringLiteral("distance"));
    const QCommandLineOption offsetOpt(QStringLiteral("offset"),
                                       QStringLiteral("With --align time: seconds added to the log's time, or "
                                                      "auto (default: the offset whose speeds match best)."),
                                       QStringLiteral("s"), QStringLiteral("auto"));
    const QCommandLineOption rateOpt(QStringLiteral("rate"),
                                     QStringLiteral("Resample the log to this rate first, Hz (default: its own "
                                                    "samples)."),
                                     QStringLiteral("hz"), QStringLiteral("0"));
    const QCommandLineOption formatOpt(QStringLiteral("format"),
                                       QStringLiteral("json (default) or csv (channel,unit,samples,rms,max_abs,"
                                                      "at_m or at_s; nan where nothing overlaps)."),
                                       QStringLiteral("fmt"), QStringLiteral("json"));
    parser.addOptions({logOpt, mapOpt, setupOpt, maneuverOpt, paramOpt, lapOpt, alignOpt, offsetOpt, rateOpt,
                       formatOpt});
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    const auto usage = [](const QString& message) {
        printError(QStringLiteral("correlate: ") + message);
        return int(UsageError);
    };
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().first()));
    if (!parser.isSet(logOpt) || !parser.isSet(mapOpt))
        return usage(QStringLiteral("name the log with --log and its column mapping with --map"));
    const QString format = parser.value(formatOpt);
    if (format != QLatin1String("json") && format != QLatin1String("csv"))
        return usage(QStringLiteral("--format must be json or csv"));
    const QString alignText = parser.value(alignOpt);
    if (alignText != QLatin1String("distance") && alignText != QLatin1String("time"))
        return usage(QStringLiteral("--align must be distance or time"));
    const AlignAxis axis = alignText == QLatin1String("time") ? AlignAxis::Time : AlignAxis::Distance;
    bool lapOk = false, rateOk = false, offsetOk = true;
    LoggedLapOptions logOptions;
    logOptions.lap = parser.value(lapOpt).toInt(&lapOk);
    logOptions.rateHz = parser.value(rateOpt).toDouble(&rateOk);
    std::optional<double> offset;
    if (parser.value(offsetOpt) != QLatin1String("auto"))
        offset = parser.value(offsetOpt).toDouble(&offsetOk);
    if (!lapOk || logOptions.lap < 1)
        return usage(QStringLiteral("--lap must be a whole number from 1"));
    if (!rateOk || !(logOptions.rateHz >= 0.0))
        return usage(QStringLiteral("--rate must be a number of Hz (0: the log's own samples)"));
    if (!offsetOk || (offset && !std::isfinite(*offset)))
        return usage(QStringLiteral("--offset must be a number of seconds or auto"));
    if (offset && axis != AlignAxis::Time)
        return usage(QStringLiteral("--offset applies to --align time only"));
    std::map<std::string, double> params;
    std::map<std::string, std::string> words;
    if (!parseKeyValues(parser.values(paramOpt), params, &words))
        return UsageError;
    const std::optional<SimulatedRunSpec> runSpec = simulatedRunSpec(parser.value(maneuverOpt), params, words);
    if (!runSpec)
        return UsageError;

    LogMapping mapping;
    if (const LogMapping* preset = findBuiltInLogPreset(parser.value(mapOpt))) {
        mapping = *preset;
    } else {
        const LogMappingReadResult read = loadLogMapping(parser.value(mapOpt));
        if (!read.mapping) {
            printError(QStringLiteral("cannot use mapping %1:").arg(parser.value(mapOpt)));
            for (const QString& e : read.errors)
                std::fprintf(stderr, "  %s\n", qPrintable(e));
            return Failed;
        }
        mapping = *read.mapping;
    }
    const LoggedLapResult log =
        loadLoggedLap(parser.value(logOpt), mapping, logOptions, InputKinds::FilesAndStreams);
    if (!log.lap) {
        printError(QStringLiteral("cannot use log %1:").arg(parser.value(logOpt)));
        for (const QString& e : log.errors)
            std::fprintf(stderr, "  %s\n", qPrintable(e));
        return Failed;
    }
    const std::optional<Setup> setup = loadSetupArgument(parser.value(setupOpt));
    if (!setup)
        return Failed;
    const std::optional<ChannelTable> reference = simulatedRun(*setup, *runSpec);
    if (!reference)
        return Failed;
    const std::string_view axisName = alignAxisChannel(axis);
    if (!log.lap->table.has(axisName) || !reference->has(axisName)) {
        printError(QStringLiteral("correlate: the %1 has no %2 channel to align on")
                       .arg(log.lap->table.has(axisName) ? QStringLiteral("simulated run")
                                                         : QStringLiteral("log (map a column to it)"),
                            QString::fromUtf8(axisName.data(), qsizetype(axisName.size()))));
        return Failed;
    }
    if (axis == AlignAxis::Time && !offset) {
        const double window = std::max(reference->find("time")->values.back(), log.lap->table.find("time")->values.back());
        const TimeOffsetFit fit = findTimeOffset(*reference, log.lap->table, "speed", window, offsetSearchStep);
        if (!fit.found) {
            printError(QStringLiteral("correlate: no time offset found (the log needs a speed channel and to "
                                      "overlap the run by half its length); give --offset"));
            return Failed;
        }
        offset = fit.offset;
    }
    const ChannelTable aligned = alignOnto(*reference, log.lap->table, axis, offset.value_or(0.0));
    const RunCorrelation correlation = correlateRuns(*reference, aligned, axisName);
    if (correlation.channels.empty())
        printError(QStringLiteral("note: the log and the run share no channel besides the axis"));
    QString referenceName = parser.value(maneuverOpt);
    if (const auto track = words.find("track"); track != words.end())
        referenceName += QStringLiteral(" ") + QString::fromStdString(track->second);
    printOut(format == QLatin1String("csv")
                 ? correlationCsv(correlation)
                 : correlationJson(correlation, parser.value(logOpt), *log.lap, referenceName, offset));
    return Ok;
}

} // namespace vtw::cli
