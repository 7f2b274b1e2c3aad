// vtw-cli correlate as a user runs it: a lap's trace and a maneuver's telemetry written
// by the CLI and read back as logs correlate to zero; a log whose clock started later is
// found at its offset; bad logs, mappings and arguments are refused with their reasons.
#include "tests/support/CliRun.h"

#include "core/logs/LogPresets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

using vtw::test::Outcome;
using vtw::test::runCli;
using vtw::test::writeFile;

// The offset search's coarse step is 0.05 s, refined twice tenfold; Monza's stations are
// 1 m apart, about 0.02 s at speed.
constexpr double offsetTolerance = 0.005;

QJsonObject json(const Outcome& o) { return QJsonDocument::fromJson(o.out).object(); }

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The trace CSV from row `first` on, its time and distance counted from there: a logger
// switched on later. Returns the time it was switched on at.
double startLater(const QByteArray& csv, int first, QByteArray& out) {
    const QList<QByteArray> lines = csv.split('\n');
    out = lines[0] + '\n';
    const QList<QByteArray> start = lines[1 + first].split(',');
    const double d0 = start[0].toDouble(), t0 = start[1].toDouble();
    for (qsizetype k = 1 + first; k < lines.size(); ++k) {
        if (lines[k].isEmpty())
            continue;
        QList<QByteArray> cells = lines[k].split(',');
        cells[0] = QByteArray::number(cells[0].toDouble() - d0, 'g', 17);
        cells[1] = QByteArray::number(cells[1].toDouble() - t0, 'g', 17);
        out += cells.join(',') + '\n';
    }
    return t0;
}

} // namespace

class TestCliCorrelate : public QObject {
    Q_OBJECT
private slots:
    void lapTraceReadBackCorrelatesToZero() {
        QTemporaryDir dir;
        const QString trace = dir.filePath("lap.csv");
        QCOMPARE(runCli({"run", "-m", "lap", "-p", "track=monza", "-t", trace}).exitCode, 0);
        const Outcome o = runCli({"correlate", "--log", trace, "--map", "workbench", "-m", "lap", "-p", "track=monza"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QJsonObject root = json(o);
        QCOMPARE(root.value("align").toString(), QStringLiteral("distance"));
        QCOMPARE(root.value("laps").toInt(), 1);
        const QJsonArray channels = root.value("channels").toArray();
        // The workbench preset's channels but the axis: time, speed, rpm, gear, throttle, brake, ax, ay.
        QCOMPARE(channels.size(), 8);
        for (const QJsonValue& v : channels) {
            const QJsonObject row = v.toObject();
            QVERIFY(row.value("samples").toInt() > 5000);
            QVERIFY2(row.value("rms").toDouble(-1) == 0.0 && row.value("max_abs").toDouble(-1) == 0.0,
                     qPrintable(row.value("channel").toString()));
        }
        // The same through a mapping file, and as CSV.
        const QString map = dir.filePath("map.json");
        QVERIFY(writeFile(map, vtw::logMappingToJson(*vtw::findBuiltInLogPreset("workbench"))));
        const Outcome csv = runCli({"correlate", "--log", trace, "--map", map, "-p", "track=monza", "--format", "csv"});
        QVERIFY2(csv.exitCode == 0, csv.err.constData());
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QCOMPARE(lines[0], QByteArray("channel,unit,samples,rms,max_abs,at_m"));
        QCOMPARE(lines.size(), 9);
        const auto speed = std::find_if(lines.begin(), lines.end(),
                                        [](const QByteArray& line) { return line.startsWith("speed,"); });
        QVERIFY(speed != lines.end());
        QCOMPARE(*speed, QByteArray("speed,m/s,") + QByteArray::number(channels[1].toObject().value("samples").toInt()) +
                             ",0,0,0");
    }

    void maneuverTelemetryReadBackCorrelatesToZero() {
        QTemporaryDir dir;
        const QString telemetry = dir.filePath("accel.csv");
        QCOMPARE(runCli({"run", "-m", "acceleration", "-t", telemetry}).exitCode, 0);
        // A log's time counts from its first sample; the run's first sample is one step
        // in, so that step is the offset that puts the log back on the run's clock.
        const QByteArray firstTime = readAll(telemetry).split('\n').value(1).split(',').value(0);
        QVERIFY(firstTime.toDouble() > 0.0);
        const Outcome o = runCli({"correlate", "--log", telemetry, "--map", "workbench", "-m", "acceleration",
                                  "--align", "time", "--offset", QString::fromLatin1(firstTime)});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QJsonObject root = json(o);
        QCOMPARE(root.value("offset_s").toDouble(-1), firstTime.toDouble());
        QCOMPARE(root.value("channels").toArray().size(), 8);
        // The log's distance counts from its first sample too: it stays short by that
        // sample's distance (a few micrometres), everywhere. Every other channel is exact.
        const QList<QByteArray> lines = readAll(telemetry).split('\n');
        const double firstDistance = lines[1].split(',').value(lines[0].split(',').indexOf("distance [m]")).toDouble();
        QVERIFY(firstDistance > 0.0);
        for (const QJsonValue& v : root.value("channels").toArray()) {
            const QJsonObject row = v.toObject();
            if (row.value("channel").toString() == QLatin1String("distance"))
                QVERIFY(std::abs(row.value("max_abs").toDouble() - firstDistance) < 1e-6 * firstDistance);
            else
                QVERIFY2(row.value("max_abs").toDouble(-1) == 0.0, qPrintable(row.value("channel").toString()));
        }
    }

    void timeAlignmentFindsTheOffset() {
        QTemporaryDir dir;
        const QString trace = dir.filePath("lap.csv");
        QCOMPARE(runCli({"lap", "--track", "monza", "-t", trace}).exitCode, 0);
        QByteArray later;
        const double truth = startLater(readAll(trace), 700, later);
        QVERIFY(writeFile(dir.filePath("later.csv"), later));
        const Outcome o = runCli({"correlate", "--log", dir.filePath("later.csv"), "--map", "workbench", "-p",
                                  "track=monza", "--align", "time"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const double found = json(o).value("offset_s").toDouble();
        QVERIFY2(std::abs(found - truth) < offsetTolerance,
                 qPrintable(QString("found %1 s, the truth %2 s").arg(found).arg(truth)));
        // Without the offset the speeds differ; with it, hardly.
        const Outcome none = runCli({"correlate", "--log", dir.filePath("later.csv"), "--map", "workbench", "-p",
                                     "track=monza", "--align", "time", "--offset", "0"});
        const auto speedRms = [](const Outcome& out) {
            for (const QJsonValue& v : json(out).value("channels").toArray())
                if (v.toObject().value("channel").toString() == QLatin1String("speed"))
                    return v.toObject().value("rms").toDouble();
            return -1.0;
        };
        QVERIFY(speedRms(o) >= 0.0 && speedRms(none) > 100.0 * speedRms(o));
    }

    void badInputIsRefusedWithItsReason_data() {
        QTest::addColumn<QByteArray>("log");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QByteArray header = "time [s],distance [m],speed [m/s],rpm [rpm],gear [1],throttle [1],brake [1],"
                                  "ax [m/s^2],ay [m/s^2]\n";
        QTest::newRow("missing column") << QByteArray("time [s],distance [m]\n0,0\n") << QStringList{} << 1
                                        << "column 'speed' (mapped to speed) is not in the log";
        QTest::newRow("time backwards") << header + "0,0,1,1,1,1,0,0,0\n1,1,1,1,1,1,0,0,0\n0.5,2,1,1,1,1,0,0,0\n"
                                        << QStringList{} << 1 << "line 4: time goes backwards";
        QTest::newRow("nan") << header + "0,0,nan,1,1,1,0,0,0\n" << QStringList{} << 1
                             << "line 2, column 'speed': 'nan' is not a finite number";
        QTest::newRow("no such lap") << header + "0,0,1,1,1,1,0,0,0\n1,1,1,1,1,1,0,0,0\n" << QStringList{"--lap", "2"}
                                     << 1 << "lap 2 asked for; the log has 1 lap";
        QTest::newRow("bad align") << header << QStringList{"--align", "gps"} << 2 << "--align must be distance or time";
        QTest::newRow("offset by distance") << header << QStringList{"--offset", "1"} << 2
                                            << "--offset applies to --align time only";
        QTest::newRow("bad map") << header << QStringList{"--map", "nonexistent.json"} << 1
                                 << "cannot use mapping nonexistent.json";
    }
    void badInputIsRefusedWithItsReason() {
        QFETCH(QByteArray, log);
        QFETCH(QStringList, extra);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath("log.csv");
        QVERIFY(writeFile(path, log));
        QStringList args{"correlate", "--log", path, "-p", "track=monza"};
        if (!extra.contains("--map"))
            args << "--map" << "workbench";
        args << extra;
        const Outcome o = runCli(args);
        QCOMPARE(o.exitCode, exitCode);
        QVERIFY2(o.err.contains(message.toUtf8()), o.err.constData());
    }

    // A run that cannot be named (no track, an unknown maneuver or parameter) is an
    // argument error, exit 2 as in run, lap and sweep, found before any file is read.
    void badRunArgumentsExitTwo_data() {
        QTest::addColumn<QStringList>("run");
        QTest::addColumn<QString>("message");
        QTest::newRow("no track") << QStringList{} << "correlate: lap: name the track: -p track=NAME";
        QTest::newRow("unknown parameter") << QStringList{"-p", "track=monza", "-p", "grip=2"}
                                           << "correlate: lap: no parameter 'grip'";
        QTest::newRow("unknown maneuver") << QStringList{"-m", "no-such-maneuver"} << "correlate: ";
        QTest::newRow("unknown maneuver parameter")
            << QStringList{"-m", "braking", "-p", "grip=2"} << "correlate: ";
    }
    void badRunArgumentsExitTwo() {
        QFETCH(QStringList, run);
        QFETCH(QString, message);
        const Outcome o = runCli(QStringList{"correlate", "--log", "no-such-log.csv", "--map", "workbench"} + run);
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.contains(message.toUtf8()) && !o.err.contains("no-such-log.csv"), o.err.constData());
    }

    void logAndMapAreRequired() {
        const Outcome o = runCli({"correlate", "-p", "track=monza"});
        QCOMPARE(o.exitCode, 2);
        QVERIFY(o.err.contains("--log"));
    }
};

QTEST_GUILESS_MAIN(TestCliCorrelate)
#include "tst_cli_correlate.moc"
