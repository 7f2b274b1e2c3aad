#include "CliCommon.h"
#include "Commands.h"
#include "SweepOutput.h"

#include "core/study/Attribution.h"
#include "core/study/Comparison.h"
#include "core/study/SetupDiff.h"
#include "core/setupfile/BoundedRead.h"
#include "core/study/Sweep.h"
#include "core/study/SweepMerge.h"
#include "core/study/SweepTable.h"
#include "core/study/SweepText.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <mutex>

namespace vtw::cli {

namespace {

QJsonValue jsonNumber(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(); }

QString csvNumberOrEmpty(double v) { return std::isfinite(v) ? QString::number(v, 'g', 17) : QString(); }

// A resumed file holds at most a whole sweep: a million points at some 500 bytes a row.
constexpr qint64 maxResumeBytes = 512LL * 1024 * 1024;

bool parseShard(const QString& text, int& index, int& count) {
    const QStringList parts = text.split(QLatin1Char('/'));
    bool ok1 = false, ok2 = false;
    if (parts.size() == 2) {
        index = parts[0].toInt(&ok1);
        count = parts[1].toInt(&ok2);
    }
    return ok1 && ok2 && count >= 1 && index >= 0 && index < count;
}

} // namespace

int compareCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run several setups through the same maneuvers (in parallel) and print the metrics table "
        "with differences against a baseline, and the parameters that differ."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("setups"),
                                 QStringLiteral("Setup files or library car names (two or more)."),
                                 QStringLiteral("SETUP..."));
    const QCommandLineOption maneuverOpt({QStringLiteral("m"), QStringLiteral("maneuver")},
                                         QStringLiteral("Maneuver id, repeatable (default: acceleration, "
                                                        "braking, skidpad): %1.")
                                             .arg(maneuverIdList()),
                                         QStringLiteral("id"));
    const QCommandLineOption paramOpt({QStringLiteral("p"), QStringLiteral("param")},
                                      QStringLiteral("Parameter of every maneuver named, repeatable "
                                                     "(-m lap -p track=monza)."),
                                      QStringLiteral("key=value"));
    const QCommandLineOption baselineOpt(QStringLiteral("baseline"),
                                         QStringLiteral("Index of the baseline setup (0-based)."),
                                         QStringLiteral("n"), QStringLiteral("0"));
    const QCommandLineOption formatOpt(QStringLiteral("format"), QStringLiteral("json or csv."),
                                       QStringLiteral("fmt"), QStringLiteral("json"));
    const QCommandLineOption outputOpt({QStringLiteral("o"), QStringLiteral("output")},
                                       QStringLiteral("Write to a file instead of stdout."),
                                       QStringLiteral("file"));
    parser.addOptions({maneuverOpt, paramOpt, baselineOpt, formatOpt, outputOpt});
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    const QStringList names = parser.positionalArguments();
    if (names.size() < 2) {
        printError(QStringLiteral("compare: name at least two setups"));
        return UsageError;
    }
    bool baselineOk = false;
    const int baseline = parser.value(baselineOpt).toInt(&baselineOk);
    if (!baselineOk || baseline < 0 || baseline >= names.size()) {
        printError(QStringLiteral("compare: --baseline must be 0..%1").arg(names.size() - 1));
        return UsageError;
    }
    const QString format = parser.value(formatOpt);
    if (format != QLatin1String("json") && format != QLatin1String("csv")) {
        printError(QStringLiteral("compare: --format must be json or csv"));
        return UsageError;
    }
    ManeuverOptions params;
    std::map<std::string, std::string> words;
    if (!parseKeyValues(parser.values(paramOpt), params, &words))
        return UsageError;
    ComparisonRequest request;
    for (const QString& name : names) {
        const std::optional<Setup> setup = loadSetupArgument(name);
        if (!setup)
            return Failed;
        request.setups.push_back(*setup);
    }
    QStringList ids = parser.values(maneuverOpt);
    if (ids.isEmpty())
        ids = {QStringLiteral("acceleration"), QStringLiteral("braking"), QStringLiteral("skidpad")};
    for (const QString& id : ids)
        request.maneuvers.push_back({id.toStdString(), params, words});
    const Comparison comparison = runComparison(request);
    if (!comparison.error.empty()) {
        printError(QString::fromStdString(comparison.error));
        return UsageError;
    }
    for (std::size_t m = 0; m < comparison.runs.size(); ++m) {
        for (std::size_t s = 0; s < comparison.runs[m].size(); ++s) {
            if (!comparison.runs[m][s].ok)
                printError(QStringLiteral("warning: %1 on %2: %3")
                               .arg(ids[static_cast<int>(m)], names[static_cast<int>(s)],
                                    QString::fromStdString(comparison.runs[m][s].error)));
        }
    }
    const std::vector<MetricComparison> table =
        compareMetrics(comparison, request.maneuvers, static_cast<std::size_t>(baseline));
    const std::vector<ParameterDifference> diff = diffSetups(request.setups);

    std::string text;
    if (format == QLatin1String("json")) {
        QJsonObject root;
        QJsonArray setupNames;
        for (const Setup& s : request.setups)
            setupNames.append(QString::fromStdString(s.name));
        root[QStringLiteral("setups")] = setupNames;
        root[QStringLiteral("baseline")] = baseline;
        QJsonArray metrics;
        for (const MetricComparison& row : table) {
            QJsonObject o;
            o[QStringLiteral("maneuver")] = QString::fromStdString(row.maneuverId);
            o[QStringLiteral("key")] = QString::fromStdString(row.metric.key);
            o[QStringLiteral("unit")] = QString::fromStdString(row.metric.unit);
            QJsonArray values, deltas, verdicts, reasons;
            bool anyInvalid = false;
            for (std::size_t i = 0; i < row.values.size(); ++i) {
                // An invalid figure keeps its value; its delta is null and the reason says why.
                anyInvalid = anyInvalid || !row.valid(i);
                reasons.append(row.valid(i) ? QJsonValue()
                                            : QJsonValue(QString::fromStdString(row.invalidReasons[i])));
                values.append(jsonNumber(row.values[i]));
                deltas.append(jsonNumber(row.deltas[i]));
                verdicts.append(row.verdicts[i] > 0   ? QStringLiteral("better")
                                : row.verdicts[i] < 0 ? QStringLiteral("worse")
                                                      : QStringLiteral("same"));
            }
            o[QStringLiteral("values")] = values;
            o[QStringLiteral("deltas")] = deltas;
            o[QStringLiteral("verdicts")] = verdicts;
            if (anyInvalid)
                o[QStringLiteral("invalid_reasons")] = reasons;
            metrics.append(o);
        }
        root[QStringLiteral("metrics")] = metrics;
        QJsonArray differences;
        for (const ParameterDifference& d : diff) {
            QJsonObject o;
            o[QStringLiteral("path")] = d.field->path;
            o[QStringLiteral("unit")] = d.field->unit;
            o[QStringLiteral("values")] = QJsonArray::fromStringList(d.values);
            differences.append(o);
        }
        root[QStringLiteral("differences")] = differences;
        text = QJsonDocument(root).toJson().toStdString();
    } else {
        QString csv = QStringLiteral("maneuver,metric,unit");
        for (const Setup& s : request.setups)
            csv += QLatin1Char(',') + csvCellText(QString::fromStdString(s.name));
        for (int i = 0; i < names.size(); ++i) {
            if (i != baseline)
                csv += QStringLiteral(",delta %1").arg(csvCellText(QString::fromStdString(request.setups[static_cast<std::size_t>(i)].name)));
        }
        csv += QLatin1Char('\n');
        for (const MetricComparison& row : table) {
            csv += QString::fromStdString(row.maneuverId + "," + row.metric.key + "," + row.metric.unit);
            for (double v : row.values)
                csv += QLatin1Char(',') + csvNumberOrEmpty(v);
            for (std::size_t i = 0; i < row.deltas.size(); ++i) {
                if (static_cast<int>(i) != baseline)
                    csv += QLatin1Char(',') + csvNumberOrEmpty(row.deltas[i]);
            }
            csv += QLatin1Char('\n');
        }
        text = csv.toStdString();
    }
    // Without -o, or with "-", stdout: written and checked like a file.
    return writeTextFile(parser.isSet(outputOpt) ? parser.value(outputOpt) : QStringLiteral("-"),
                         text)
               ? Ok
               : Failed;
}

int sweepCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Sweep one or two numeric parameters over ranges (SI units), run a maneuver at every point "
        "in parallel, and write the metrics per point as CSV."));
    parser.addHelpOption();
    const QCommandLineOption setupOpt({QStringLiteral("s"), QStringLiteral("setup")},
                                      QStringLiteral("Setup file or library car (default: the library's Corvette C5)."),
                                      QStringLiteral("file"));
    const QCommandLineOption maneuverOpt({QStringLiteral("m"), QStringLiteral("maneuver")},
                                         QStringLiteral("Maneuver id: %1.").arg(maneuverIdList()),
                                         QStringLiteral("id"), QStringLiteral("acceleration"));
    const QCommandLineOption paramsOpt({QStringLiteral("p"), QStringLiteral("maneuver-param")},
                                       QStringLiteral("Maneuver parameter, repeatable."),
                                       QStringLiteral("key=value"));
    const QCommandLineOption fieldOpt(QStringLiteral("param"), QStringLiteral("Field path to sweep."),
                                      QStringLiteral("path"));
    const QCommandLineOption fromOpt(QStringLiteral("from"), QStringLiteral("Start value."), QStringLiteral("x"));
    const QCommandLineOption toOpt(QStringLiteral("to"), QStringLiteral("End value."), QStringLiteral("x"));
    const QCommandLineOption countOpt(QStringLiteral("count"), QStringLiteral("Points."), QStringLiteral("n"),
                                      QStringLiteral("21"));
    const QCommandLineOption field2Opt(QStringLiteral("param2"), QStringLiteral("Second field path."),
                                       QStringLiteral("path"));
    const QCommandLineOption from2Opt(QStringLiteral("from2"), QStringLiteral("Second start."), QStringLiteral("x"));
    const QCommandLineOption to2Opt(QStringLiteral("to2"), QStringLiteral("Second end."), QStringLiteral("x"));
    const QCommandLineOption count2Opt(QStringLiteral("count2"), QStringLiteral("Second axis points."),
                                       QStringLiteral("n"), QStringLiteral("11"));
    const QCommandLineOption shardOpt(QStringLiteral("shard"),
                                      QStringLiteral("Run only shard i of n (points k with k mod n = i)."),
                                      QStringLiteral("i/n"), QStringLiteral("0/1"));
    const QCommandLineOption threadsOpt(QStringLiteral("threads"), QStringLiteral("Worker threads (0 = all cores)."),
                                        QStringLiteral("n"), QStringLiteral("0"));
    const QCommandLineOption outputOpt({QStringLiteral("o"), QStringLiteral("output")},
                                       QStringLiteral("Write the CSV to a file instead of stdout; rows go "
                                                      "to file.partial as each point finishes (an "
                                                      "interrupted sweep keeps its rows)."),
                                       QStringLiteral("file"));
    const QCommandLineOption resumeOpt(QStringLiteral("resume"),
                                       QStringLiteral("Run only the points missing from the output of an "
                                                      "interrupted run of this same sweep (its .partial "
                                                      "file); the output holds the earlier rows too."),
                                       QStringLiteral("file"));
    parser.addOptions({setupOpt, maneuverOpt, paramsOpt, fieldOpt, fromOpt, toOpt, countOpt, field2Opt,
                       from2Opt, to2Opt, count2Opt, shardOpt, threadsOpt, outputOpt, resumeOpt});
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    if (!parser.isSet(fieldOpt) || !parser.isSet(fromOpt) || !parser.isSet(toOpt)) {
        printError(QStringLiteral("sweep: --param, --from and --to are required"));
        return UsageError;
    }
    SweepRequest request;
    auto readAxis = [&](const QCommandLineOption& f, const QCommandLineOption& a, const QCommandLineOption& b,
                        const QCommandLineOption& n, SweepAxis& axis) {
        bool ok1 = false, ok2 = false, ok3 = false;
        axis.field = findField(parser.value(f));
        axis.from = parser.value(a).toDouble(&ok1);
        axis.to = parser.value(b).toDouble(&ok2);
        axis.count = parser.value(n).toInt(&ok3);
        if (!ok1 || !ok2) {
            printError(QStringLiteral("sweep: the range of %1 must be numbers").arg(parser.value(f)));
            return false;
        }
        if (!ok3 || axis.count < 2 || axis.count > maxSweepAxisPoints) {
            printError(QStringLiteral("sweep: --%1 %2 is not a valid count: the points of an axis are a whole "
                                      "number from 2 to %3")
                           .arg(n.names().constFirst(), parser.value(n))
                           .arg(maxSweepAxisPoints));
            return false;
        }
        if (!axis.field) {
            printError(QStringLiteral("sweep: no parameter '%1'").arg(parser.value(f)));
            return false;
        }
        return true;
    };
    if (!readAxis(fieldOpt, fromOpt, toOpt, countOpt, request.first))
        return UsageError;
    if (parser.isSet(field2Opt)) {
        SweepAxis second;
        if (!parser.isSet(from2Opt) || !parser.isSet(to2Opt)) {
            printError(QStringLiteral("sweep: --param2 needs --from2 and --to2"));
            return UsageError;
        }
        if (!readAxis(field2Opt, from2Opt, to2Opt, count2Opt, second))
            return UsageError;
        request.second = second;
    }
    if (!parseShard(parser.value(shardOpt), request.shardIndex, request.shardCount)) {
        printError(QStringLiteral("sweep: --shard must be i/n with 0 <= i < n"));
        return UsageError;
    }
    bool threadsOk = false;
    const int threads = parser.value(threadsOpt).toInt(&threadsOk);
    if (!threadsOk || threads < 0 || threads > 256) {
        printError(QStringLiteral("sweep: --threads must be 0..256"));
        return UsageError;
    }
    request.threads = static_cast<unsigned>(threads);
    std::map<std::string, double> options;
    std::map<std::string, std::string> words; // a lap's track and line
    if (!parseKeyValues(parser.values(paramsOpt), options, &words))
        return UsageError;
    request.maneuver = {parser.value(maneuverOpt).toStdString(), options, words};
    const std::optional<Setup> setup = loadSetupArgument(parser.value(setupOpt));
    if (!setup)
        return Failed;
    request.base = *setup;
    const QString problem = sweepRequestProblem(request);
    if (!problem.isEmpty()) {
        printError(QStringLiteral("sweep: %1").arg(problem));
        return UsageError;
    }
    // A resumed sweep runs only the points the earlier run did not finish.
    QByteArray resumedText; // the earlier rows point into it
    SweepResume resumed;
    if (parser.isSet(resumeOpt)) {
        const QString resumePath = parser.value(resumeOpt);
        BoundedReadResult read = readFileBounded(resumePath, maxResumeBytes);
        if (!read.data) {
            printError(read.error);
            return Failed;
        }
        resumedText = std::move(*read.data);
        restoreSweepText(resumedText);
        resumed = readSweepResume(request, std::string_view(resumedText.constData(), resumedText.size()));
        if (!resumed.error.empty()) {
            printError(QStringLiteral("cannot resume from %1: %2")
                           .arg(resumePath, QString::fromStdString(resumed.error)));
            return Failed;
        }
        if (!resumed.note.empty())
            printError(QStringLiteral("resuming from %1: %2").arg(resumePath, QString::fromStdString(resumed.note)));
        request.alreadyDone = [&resumed](int k) { return resumed.done[static_cast<std::size_t>(k)] != 0; };
    }
    const std::size_t earlierRows = resumed.rows.size();
    SweepOutput output(parser.isSet(outputOpt) ? parser.value(outputOpt) : QStringLiteral("-"),
                       std::move(resumed.rows));
    if (!output.begin(sweepCsvHeader(request)))
        return Failed;
    std::atomic<bool> cancel{false};
    request.cancel = &cancel;
    request.pointDone = [&](const SweepPoint& point) {
        output.row(point.index, sweepCsvRow(request, point));
        if (output.failed())
            cancel = true; // no use running points whose rows cannot be kept
    };

    // Progress on stderr once the sweep has run a second, at most two lines a second.
    QElapsedTimer timer;
    timer.start();
    std::mutex progressMutex;
    qint64 lastProgressNs = 0;
    request.progress = [&](int done, int total) {
        const std::lock_guard<std::mutex> lock(progressMutex);
        const qint64 now = timer.nsecsElapsed();
        if (done >= total || now < 1'000'000'000 || now - lastProgressNs < 500'000'000)
            return;
        lastProgressNs = now;
        const double rate = done / (now / 1e9);
        std::fprintf(stderr, "vtw-cli: sweep: %d of %d points, %.3g points/s, about %.0f s left\n", done,
                     total, rate, (total - done) / rate);
    };
    const std::vector<SweepPoint> points = runSweep(request);
    if (!output.finish())
        return Failed;
    const double seconds = timer.nsecsElapsed() / 1e9;
    if (parser.isSet(resumeOpt))
        std::fprintf(stderr, "vtw-cli: sweep: %zu points in %.3f s, %zu more from %s\n", points.size(), seconds,
                     earlierRows, qPrintable(parser.value(resumeOpt)));
    else
        std::fprintf(stderr, "vtw-cli: sweep: %zu points in %.3f s\n", points.size(), seconds);
    return Ok;
}

int mergeCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Join the shard outputs of one sweep into the table a single run writes (every shard "
                       "once, each complete; at most %1 MiB of shards in all).")
            .arg(maxMergeInputBytes >> 20));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("shards"), QStringLiteral("Shard CSV files."),
                                 QStringLiteral("FILE..."));
    const QCommandLineOption outputOpt({QStringLiteral("o"), QStringLiteral("output")},
                                       QStringLiteral("Write to a file instead of stdout."),
                                       QStringLiteral("file"));
    parser.addOption(outputOpt);
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    if (parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("merge: name the shard files"));
        return UsageError;
    }
    // Every shard is held whole while the table is built beside it: the cap on their
    // sum keeps a merge's time and memory bounded (SweepMerge.h).
    const QStringList paths = parser.positionalArguments();
    qint64 total = 0;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        total += info.isFile() ? info.size() : 0; // a stream is bounded as it is read
    }
    if (total > maxMergeInputBytes) {
        printError(QStringLiteral("merge: the shards hold %1 bytes in all, more than the %2 MiB a merge takes")
                       .arg(total)
                       .arg(maxMergeInputBytes >> 20));
        return Failed;
    }
    std::vector<QByteArray> texts;
    texts.reserve(static_cast<std::size_t>(paths.size()));
    std::vector<SweepShardText> shards;
    qint64 read = 0;
    for (const QString& path : paths) {
        BoundedReadResult file = readFileBounded(path, maxMergeInputBytes - read);
        if (!file.data) {
            printError(file.error);
            return Failed;
        }
        read += file.data->size();
        restoreSweepText(*file.data);
        texts.push_back(std::move(*file.data));
        shards.push_back({path.toStdString(), std::string_view(texts.back().constData(), texts.back().size())});
    }
    const MergeResult merged = mergeSweepCsv(shards);
    if (!merged.error.empty()) {
        printError(QStringLiteral("merge: %1").arg(QString::fromStdString(merged.error)));
        return Failed;
    }
    // Without -o, or with "-", stdout: written and checked like a file.
    return writeTextFile(parser.isSet(outputOpt) ? parser.value(outputOpt) : QStringLiteral("-"),
                         merged.pieces)
               ? Ok
               : Failed;
}

} // namespace vtw::cli
