// The lap from the command line: vtw-cli lap and tracks, -m lap in run, compare
// and sweep (shards and merge included), and the dynamic lap (-m dynamic-lap) the
// same way, as a user runs them.
#include "tests/support/CliRun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <numbers>

namespace {

using vtw::test::Outcome;
using vtw::test::runCli;
using vtw::test::writeFile;

QJsonObject json(const Outcome& o) { return QJsonDocument::fromJson(o.out).object(); }

// A closed line of points round an ellipse, one "x,y" row each.
QByteArray ellipseRows(double a, double b, int n) {
    QByteArray out = "x_m,y_m\n";
    for (int i = 0; i < n; ++i) {
        const double t = 2.0 * std::numbers::pi * i / n;
        out += QByteArray::number(a * std::cos(t), 'g', 17) + ',' + QByteArray::number(b * std::sin(t), 'g', 17) + '\n';
    }
    return out;
}

} // namespace

class TestCliLap : public QObject {
    Q_OBJECT
private slots:
    // lap prints what it drove and the figures; the sectors add up to the lap.
    void lapPrintsJson() {
        const Outcome o = runCli({"lap", "--track", "monza"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QJsonObject root = json(o);
        QCOMPARE(root.value("track").toString(), QStringLiteral("Monza"));
        QCOMPARE(root.value("line").toString(), QStringLiteral("raceline"));
        QCOMPARE(root.value("start").toString(), QStringLiteral("flying"));
        QVERIFY(std::abs(root.value("length_m").toDouble() - 5758.0) < 1.0);
        const double lap = root.value("lap_time_s").toDouble();
        QVERIFY(lap > 60.0 && lap < 300.0);
        double sum = 0.0;
        for (const char* key : {"sector_1_s", "sector_2_s", "sector_3_s"})
            sum += root.value(key).toDouble();
        QVERIFY(std::abs(sum - lap) < 1e-9 * lap);
        QVERIFY(root.value("lap_top_speed_kmh").toDouble() > root.value("lap_avg_speed_kmh").toDouble());
        QVERIFY(root.value("lap_avg_speed_kmh").toDouble() > root.value("lap_min_speed_kmh").toDouble());
        // The maneuver form prints the same bytes.
        const Outcome run = runCli({"run", "-m", "lap", "-p", "track=monza"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, o.out);
    }

    // The trace by distance: its header, one row per metre and the finish, the lap
    // time at the end, a limit word on every row.
    void lapWritesTheTrace() {
        QTemporaryDir dir;
        const QString path = dir.filePath("trace.csv");
        const Outcome o = runCli({"lap", "--track", "oval", "-t", path, "--format", "csv"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QVERIFY(o.out.startsWith("metric,value,unit,valid,invalid_reason\nlap_time_s,"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.first(), QByteArray("distance [m],time [s],x [m],y [m],curvature [1/m],speed [m/s],gear [1],"
                                           "rpm [rpm],ax [m/s^2],ay [m/s^2],throttle [1],brake [1],limit"));
        QCOMPARE(lines.size(), 1 + 1178); // 1177.0 m: stations at 0, 1, .. 1176 and the finish
        const QList<QByteArray> last = lines.last().split(',');
        const double lapTime = o.out.split('\n')[1].split(',')[1].toDouble();
        QCOMPARE(last[1].toDouble(), lapTime);
        for (qsizetype i = 1; i < lines.size(); ++i)
            QVERIFY(QList<QByteArray>({"grip", "power", "top_speed", "brakes"}).contains(lines[i].split(',').last()));
    }

    // A standing start takes longer; the centre line is its own length; a track
    // without a race line is driven on its centre line, with a note when the race line was asked for.
    void startsAndLines() {
        const QJsonObject flying = json(runCli({"lap", "--track", "zandvoort"}));
        const QJsonObject standing = json(runCli({"lap", "--track", "zandvoort", "--standing"}));
        QCOMPARE(standing.value("start").toString(), QStringLiteral("standing"));
        QVERIFY(standing.value("lap_time_s").toDouble() > flying.value("lap_time_s").toDouble());
        const QJsonObject centre = json(runCli({"lap", "--track", "zandvoort", "--line", "centerline"}));
        QCOMPARE(centre.value("line").toString(), QStringLiteral("centerline"));
        QVERIFY(std::abs(centre.value("length_m").toDouble() - 4316.5) < 0.1);
        const Outcome circle = runCli({"lap", "--track", "circle", "--line", "raceline"});
        QCOMPARE(circle.exitCode, 0);
        QCOMPARE(json(circle).value("line").toString(), QStringLiteral("centerline"));
        QVERIFY2(circle.err.contains("circle has no race line"), circle.err.constData());
        QVERIFY(runCli({"lap", "--track", "circle"}).err.isEmpty());
    }

    void tracksListsTheLibrary() {
        const Outcome o = runCli({"tracks"});
        QCOMPARE(o.exitCode, 0);
        const QList<QByteArray> lines = o.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 9);
        QVERIFY(lines[0].startsWith("key\tname\tcentre_line_m\trace_line_m\tsource"));
        QVERIFY(o.out.contains("monza\tMonza\t5790.2\t5758.0\t"));
        QVERIFY(o.out.contains("© OpenStreetMap contributors"));
        QVERIFY(o.out.contains("circle\tCircle\t628.3\t-\t"));
    }

    // A bad file is refused with its line (exit 1); bad arguments exit 2.
    void refusals() {
        QTemporaryDir dir;
        const QString open = dir.filePath("open.csv");
        QVERIFY(writeFile(open, "0,0\n10,0\n20,0\n30,0\n40,0\n40,10\n"));
        const Outcome o = runCli({"lap", "--track", open});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.err.contains("cannot use track") && o.err.contains("the line is open: its last point (line 6)"),
                 o.err.constData());
        QCOMPARE(runCli({"lap"}).exitCode, 2);
        QVERIFY(runCli({"lap", "--track", "monza", "--line", "middle"}).err.contains("raceline or centerline"));
        QCOMPARE(runCli({"lap", "--track", "monza", "--step", "0"}).exitCode, 2);
        QCOMPARE(runCli({"lap", "--track", "monza", "--format", "xml"}).exitCode, 2);
        QCOMPARE(runCli({"lap", "--track", "nowhere"}).exitCode, 1);
        const Outcome noTrack = runCli({"run", "-m", "lap"});
        QCOMPARE(noTrack.exitCode, 2);
        QVERIFY(noTrack.err.contains("name the track"));
        QCOMPARE(runCli({"run", "-m", "braking", "-p", "track=monza"}).exitCode, 2);
        const Outcome mixed =
            runCli({"compare", "corvette_c5", "mazda_mx5_nd", "-m", "lap", "-m", "braking", "-p", "track=monza"});
        QCOMPARE(mixed.exitCode, 2);
        QVERIFY2(mixed.err.contains("maneuver 'braking' parameter 'track' must be a number"), mixed.err.constData());
    }

    // compare: a lap per setup, the same numbers as lap gives each.
    void compareLaps() {
        const Outcome c = runCli({"compare", "corvette_c5", "lotus_elise_s2", "-m", "lap", "-p", "track=silverstone"});
        QVERIFY2(c.exitCode == 0, c.err.constData());
        const QJsonObject lotus = json(runCli({"lap", "-s", "lotus_elise_s2", "--track", "silverstone"}));
        QStringList keys;
        for (const QJsonValue& row : json(c).value("metrics").toArray()) {
            const QJsonObject o = row.toObject();
            QCOMPARE(o.value("maneuver").toString(), QStringLiteral("lap"));
            keys << o.value("key").toString();
            QCOMPARE(o.value("values").toArray()[1].toDouble(), lotus.value(o.value("key").toString()).toDouble());
        }
        QCOMPARE(keys, QStringList({"lap_time_s", "sector_1_s", "sector_2_s", "sector_3_s", "lap_top_speed_kmh",
                                    "lap_min_speed_kmh", "lap_avg_speed_kmh"}));
    }

    // A sweep of laps in shards merges into the whole sweep; its identity names the
    // track and a digest of its lines, so shards on a changed file do not merge.
    void sweepLapsInShards() {
        QTemporaryDir dir;
        const QString track = dir.filePath("ellipse.csv");
        QVERIFY(writeFile(track, ellipseRows(300.0, 150.0, 400)));
        const QStringList common = {"sweep", "-m", "lap", "-p", "track=" + track, "--param", "gearbox.finalDrive",
                                    "--from", "3", "--to", "4", "--count", "5"};
        const Outcome whole = runCli(common);
        QVERIFY2(whole.exitCode == 0, whole.err.constData());
        QVERIFY(whole.out.contains("# maneuver lap line=raceline standing=0 step_m=1 track=" + track.toUtf8() +
                                   " track_sha256="));
        QVERIFY(whole.out.contains(",lap_time_s,sector_1_s,sector_2_s,sector_3_s,"));
        QStringList shards;
        for (int i = 0; i < 2; ++i) {
            shards << dir.filePath(QStringLiteral("s%1.csv").arg(i));
            if (i == 1) // the file changes between the shards
                QVERIFY(writeFile(track, ellipseRows(300.0, 151.0, 400)));
            QCOMPARE(runCli(common + QStringList{"--shard", QStringLiteral("%1/2").arg(i), "-o", shards.last()}).exitCode,
                     0);
        }
        const Outcome refused = runCli(QStringList{"merge"} + shards);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("the maneuver differs"), refused.err.constData());
        QVERIFY(writeFile(track, ellipseRows(300.0, 150.0, 400)));
        QCOMPARE(runCli(common + QStringList{"--shard", "1/2", "-o", shards.last()}).exitCode, 0);
        const Outcome merged = runCli(QStringList{"merge"} + shards);
        QVERIFY2(merged.exitCode == 0, merged.err.constData());
        QCOMPARE(merged.out, whole.out);
    }

    // The dynamic lap is a maneuver like the others: its metrics as JSON with units in
    // the keys, the track as a word; a track file without widths has no limits to keep.
    void dynamicLapRuns() {
        QTemporaryDir dir;
        const QString track = dir.filePath("ellipse.csv");
        QVERIFY(writeFile(track, ellipseRows(300.0, 150.0, 400)));
        const Outcome o = runCli({"run", "-m", "dynamic-lap", "-p", "track=" + track, "-p", "pace=0.85"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QJsonObject root = json(o);
        const double lap = root.value("lap_time_s").toDouble();
        double sum = 0.0;
        for (const char* key : {"sector_1_s", "sector_2_s", "sector_3_s"})
            sum += root.value(key).toDouble();
        QVERIFY2(std::abs(sum - lap) < 1e-9 * lap, qPrintable(QString("%1 against %2").arg(sum).arg(lap)));
        QVERIFY(root.value("max_lateral_error_m").toDouble() > 0.0);
        QVERIFY(root.value("min_edge_margin_m").isNull());
        QVERIFY(root.value("off_track_distance_m").isNull());
        // At 0.85 of every speed the lap takes about 1 / 0.85 of the quasi-steady one.
        const double quasiSteady = root.value("quasi_steady_lap_time_s").toDouble();
        QVERIFY2(lap > quasiSteady / 0.85 && lap < 1.02 * quasiSteady / 0.85,
                 qPrintable(QString("%1 s against %2 s").arg(lap).arg(quasiSteady)));
        // Only the figures of what never happened are null, each saying why.
        const QJsonObject invalid = root.value("invalid_metrics").toObject();
        QCOMPARE(invalid.keys(), (QStringList{"min_edge_margin_m", "off_track_distance_m", "off_track_time_s"}));
        QCOMPARE(invalid.value("min_edge_margin_m").toObject().value("invalid_reason").toString(),
                 QStringLiteral("not reached: the track file gives no widths"));
        QCOMPARE(invalid.value("off_track_time_s").toObject().value("invalid_reason").toString(),
                 QStringLiteral("not reached: the car never left the track"));

        QCOMPARE(runCli({"run", "-m", "dynamic-lap", "-p", "track=nowhere"}).exitCode, 2);
        QVERIFY(runCli({"run", "-m", "dynamic-lap", "-p", "pace=1.5"}).err.contains("'pace' must be between"));
        QVERIFY(runCli({"run", "-m", "dynamic-lap", "-p", "line=middle"}).err.contains("raceline or centerline"));
        QVERIFY(runCli({"maneuvers"}).out.contains("-p track=<Track (a library key or a track file), default monza>"));
    }

    // Compared and swept like -m lap: shards of a sweep merge into the whole one, and
    // its identity names the track with a digest of its lines.
    void dynamicLapComparedAndSwept() {
        const Outcome c = runCli({"compare", "corvette_c5", "mazda_mx5_nd", "-m", "dynamic-lap", "-p", "track=oval",
                                  "--format", "csv"});
        QVERIFY2(c.exitCode == 0, c.err.constData());
        QVERIFY(c.out.contains("dynamic-lap,lap_time_s,"));
        QVERIFY(c.out.contains("dynamic-lap,max_lateral_error_m,"));
        QTemporaryDir dir;
        const QString track = dir.filePath("ellipse.csv");
        QVERIFY(writeFile(track, ellipseRows(300.0, 150.0, 400)));
        const QStringList common = {"sweep", "-m", "dynamic-lap", "-p", "track=" + track, "--param",
                                    "gearbox.finalDrive", "--from", "3", "--to", "4", "--count", "3"};
        const Outcome whole = runCli(common);
        QVERIFY2(whole.exitCode == 0, whole.err.constData());
        QVERIFY2(whole.out.contains("# maneuver dynamic-lap pace=0.9 preview_s=0.8 min_preview_m=6 abs=0 traction_control=0 track=" +
                                    track.toUtf8() + " line=raceline driver=pace track_sha256="),
                 whole.out.constData());
        QStringList shards;
        for (int i = 0; i < 2; ++i) {
            shards << dir.filePath(QStringLiteral("s%1.csv").arg(i));
            QCOMPARE(runCli(common + QStringList{"--shard", QStringLiteral("%1/2").arg(i), "-o", shards.last()}).exitCode,
                     0);
        }
        const Outcome merged = runCli(QStringList{"merge"} + shards);
        QVERIFY2(merged.exitCode == 0, merged.err.constData());
        QCOMPARE(merged.out, whole.out);
    }
};

QTEST_GUILESS_MAIN(TestCliLap)
#include "tst_cli_lap.moc"
