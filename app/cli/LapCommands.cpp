#include "CliCommon.h"
#include "Commands.h"
#include "LapOutput.h"
#include "MathOption.h"

#include "core/analysis/ChannelTableCsv.h"

#include "core/lap/LapSimulation.h"
#include "core/lap/LapTraceCsv.h"
#include "core/maneuvers/MetricFormat.h"
#include "core/setupfile/CsvIo.h"
#include "core/trackfiles/TrackPreparation.h"
#include "core/trackfiles/TrackLibrary.h"
#include "core/lap/LapTelemetry.h"

#include <QCommandLineParser>

#include <cstdio>

namespace vtw::cli {

namespace {

// The lap's figures as JSON: what was driven (track, line, start, length), then the
// metrics in the form every run prints.
std::string lapJson(const PreparedTrack& track, bool standing, const MetricList& metrics) {
    const std::string body = metricsToJson(metrics);
    return "{\n  \"track\": " + jsonQuoted(track.track.name) + ",\n  \"line\": \"" +
           lineChoiceName(track.line) + "\",\n  \"start\": \"" + (standing ? "standing" : "flying") +
           "\",\n  \"length_m\": " + jsonNumber(track.path.length) + "," + body.substr(1) + "\n";
}

} // namespace

std::optional<DrivenLap> driveLap(const Setup& setup, const LapSpec& spec, bool raceLineAsked) {
    const PreparedTrackResult prepared = prepareTrack(spec.track, spec.line, spec.step);
    if (!prepared.prepared) {
        printError(QStringLiteral("cannot use track %1:").arg(spec.track));
        for (const QString& e : prepared.errors)
            std::fprintf(stderr, "  %s\n", qPrintable(e));
        return std::nullopt;
    }
    const PreparedTrack& track = *prepared.prepared;
    if (raceLineAsked && track.line != LineChoice::RaceLine)
        printError(QStringLiteral("note: %1 has no race line; the lap follows its centre line").arg(spec.track));
    LapOptions options;
    options.standingStart = spec.standingStart;
    LapResult lap = simulateLap(PerformanceEnvelope(setup), track.path, track.sectorStarts, options);
    if (!lap.ok) {
        printError(QString::fromStdString(lap.error));
        return std::nullopt;
    }
    return DrivenLap{prepared.prepared, std::move(lap)};
}

int runLap(const Setup& setup, const LapSpec& spec, const QString& format, const QString& tracePath,
           bool raceLineAsked, const std::vector<MathChannel>& math) {
    const std::optional<DrivenLap> driven = driveLap(setup, spec, raceLineAsked);
    if (!driven)
        return Failed;
    const PreparedTrack& track = *driven->track;
    const LapResult& lap = driven->lap;
    bool mathComputed = true;
    if (!tracePath.isEmpty()) {
        const std::vector<ChannelColumn> extra =
            math.empty() ? std::vector<ChannelColumn>{} : mathColumns(channelTableOf(lap.trace), math, mathComputed);
        if (!writeTextFile(tracePath, lapTraceCsv(lap.trace, extra)))
            return Failed;
    }
    const MetricList metrics = lapMetrics(lap, track.sectorStarts.size());
    if (format == QLatin1String("csv")) {
        std::vector<MetricRow> rows;
        for (const Metric& m : metrics)
            rows.push_back({QString::fromStdString(m.key), m.value, QString::fromStdString(m.unit), m.valid,
                            QString::fromStdString(m.invalidReason)});
        printOut(writeMetricsCsv(rows).toStdString());
    } else {
        printOut(lapJson(track, spec.standingStart, metrics));
    }
    return mathComputed ? Ok : Failed;
}

int lapCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Drive a lap of a track in quasi-steady state (docs/physics.md 13) and print the lap and sector "
        "times as JSON (units in the keys): the car's performance envelope from its setup, the apex\n"
        "speed of every station of the line, then as hard as it accelerates and as late as it brakes."));
    parser.addHelpOption();
    const QCommandLineOption setupOpt({QStringLiteral("s"), QStringLiteral("setup")},
                                      QStringLiteral("Setup file or library car (default: the library's Corvette C5)."),
                                      QStringLiteral("file"));
    const QCommandLineOption trackOpt(QStringLiteral("track"),
                                      QStringLiteral("A library track (see 'vtw-cli tracks') or a track file."),
                                      QStringLiteral("name"));
    const QCommandLineOption lineOpt(QStringLiteral("line"),
                                     QStringLiteral("raceline (default; the centre line on a track without "
                                                    "one) or centerline."),
                                     QStringLiteral("line"), QStringLiteral("raceline"));
    const QCommandLineOption standingOpt(QStringLiteral("standing"),
                                         QStringLiteral("Start from rest (default: a flying lap, which "
                                                        "crosses the line at the speed it finishes with)."));
    const QCommandLineOption stepOpt(QStringLiteral("step"), QStringLiteral("Station spacing, m (0.1 to 10)."),
                                     QStringLiteral("m"), QStringLiteral("1"));
    const QCommandLineOption formatOpt(QStringLiteral("format"),
                                       QStringLiteral("json (default) or csv (metric,value,unit,valid,"
                                                      "invalid_reason)."),
                                       QStringLiteral("fmt"), QStringLiteral("json"));
    const QCommandLineOption traceOpt({QStringLiteral("t"), QStringLiteral("trace")},
                                      QStringLiteral("Write the trace by distance as CSV (speed, time, "
                                                     "gear, rpm, ax, ay, throttle, brake, limit, ...)."),
                                      QStringLiteral("file.csv"));
    const QCommandLineOption mathOpt = mathOption();
    parser.addOptions({setupOpt, trackOpt, lineOpt, standingOpt, stepOpt, formatOpt, traceOpt, mathOpt});
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("lap: unexpected argument '%1'").arg(parser.positionalArguments().first()));
        return UsageError;
    }
    if (!parser.isSet(trackOpt)) {
        printError(QStringLiteral("lap: name the track with --track (see 'vtw-cli tracks', or a track file)"));
        return UsageError;
    }
    ManeuverSpec spec{lapTargetId, {{"standing", parser.isSet(standingOpt) ? 1.0 : 0.0}},
                      {{"track", parser.value(trackOpt).toStdString()},
                       {"line", parser.value(lineOpt).toStdString()}}};
    bool stepOk = false;
    spec.options["step_m"] = parser.value(stepOpt).toDouble(&stepOk);
    const QString format = parser.value(formatOpt);
    std::string error;
    const auto lap = lapSpecFrom(spec, &error);
    if (!stepOk || !lap || (format != QLatin1String("json") && format != QLatin1String("csv"))) {
        printError(!stepOk ? QStringLiteral("lap: --step must be a number of metres")
                   : !lap  ? QString::fromStdString(error)
                           : QStringLiteral("lap: --format must be json or csv"));
        return UsageError;
    }
    if (parser.isSet(mathOpt) && !parser.isSet(traceOpt)) {
        printError(QStringLiteral("lap: --math adds columns to the trace: give --trace FILE.csv too"));
        return UsageError;
    }
    const std::optional<std::vector<MathChannel>> math = readMathArgument(parser.value(mathOpt));
    if (!math)
        return Failed;
    const std::optional<Setup> setup = loadSetupArgument(parser.value(setupOpt));
    if (!setup)
        return Failed;
    return runLap(*setup, *lap, format, parser.value(traceOpt),
                  parser.isSet(lineOpt) && lap->line == LineChoice::RaceLine, *math);
}

int tracksCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "List the library's tracks: key (what --track and -p track= take), name, the lengths of the "
        "centre line and the race line (m; - without one), and where the track comes from."));
    parser.addHelpOption();
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    std::string out = "key\tname\tcentre_line_m\trace_line_m\tsource\n";
    for (const LibraryTrack& entry : libraryTracks()) {
        const TrackReadResult loaded = loadLibraryTrack(entry);
        if (!loaded.ok()) {
            printError(QStringLiteral("library track %1 does not load: %2")
                           .arg(entry.key, loaded.errors.join(QStringLiteral("; "))));
            return Failed;
        }
        const Track& track = *loaded.track;
        char lengths[64];
        std::snprintf(lengths, sizeof lengths, "%.1f\t", track.centreLine.length);
        std::string raceLine = "-";
        if (track.raceLine) {
            char text[32];
            std::snprintf(text, sizeof text, "%.1f", track.raceLine->length);
            raceLine = text;
        }
        out += entry.key.toStdString() + "\t" + entry.name.toStdString() + "\t" + lengths + raceLine + "\t" +
               entry.source.toStdString() + "\n";
    }
    printOut(out);
    return Ok;
}

} // namespace vtw::cli
