// The command-line tool as a user runs it: JSON on stdout, clear errors on bad input.
#include <QJsonDocument>
#include <QJsonArray>
#include <QJsonObject>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtMath>
#include <QtTest>

#include "core/vehicle/SetupOptions.h"
#include "core/setupfile/SetupEnumKeys.h"
#include "core/tires/SurfacePresets.h"
#include "core/tires/TireModels.h"

#include "tests/support/CliRun.h"

#include <cmath>

namespace {

using vtw::test::Outcome;
using vtw::test::runCli;
using vtw::test::writeFile;

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A sweep of 24 top-speed runs: some 1.5 s on two threads, long enough to be killed midway.
const QStringList slowSweep = {"sweep", "-m", "top-speed", "--param", "brakes.frontBias", "--from", "0.5",
                               "--to", "0.8", "--count", "24", "--threads", "2"};
// 12 braking runs (4 x 3): a few hundredths of a second.
const QStringList quickSweep = {"sweep", "-m", "braking", "--param", "brakes.frontBias", "--from", "0.5", "--to",
                                "0.8", "--count", "4", "--param2", "brakes.maxTorque", "--from2", "3000",
                                "--to2", "5000", "--count2", "3"};

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void runPrintsMetricsJson_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("keys");
        QTest::newRow("acceleration") << QStringList{"run"}
                                      << QStringList{"t_0_60_mph_s", "t_0_100_kmh_s", "quarter_mile_s",
                                                     "quarter_mile_trap_kmh"};
        QTest::newRow("braking") << QStringList{"run", "--maneuver", "braking"}
                                 << QStringList{"braking_100_0_kmh_m", "braking_100_0_kmh_s"};
        QTest::newRow("top speed") << QStringList{"run", "-m", "top-speed"} << QStringList{"top_speed_kmh"};
        QTest::newRow("coast-down") << QStringList{"run", "-m", "coast-down"}
                                    << QStringList{"coastdown_100_50_kmh_s", "coastdown_decel_100_kmh_mps2"};
        QTest::newRow("library car by name") << QStringList{"run", "-s", "lotus_elise_s2"}
                                             << QStringList{"t_0_100_kmh_s"};
    }
    void runPrintsMetricsJson() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, keys);
        const Outcome o = runCli(args);
        QCOMPARE(o.exitCode, 0);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(o.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        for (const QString& key : keys) {
            QVERIFY2(doc.object().value(key).isDouble(), qPrintable(key));
            QVERIFY(doc.object().value(key).toDouble() > 0.0);
        }
    }

    // A setup's published figures come with the run: under "targets", per
    // metric key, the published value, the deviation in percent and the source.
    void runReportsPublishedFigures() {
        const Outcome o = runCli({"run", "-s", "mazda_mx5_nd", "-m", "acceleration"});
        QCOMPARE(o.exitCode, 0);
        QJsonParseError error;
        const QJsonObject root = QJsonDocument::fromJson(o.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonObject targets = root.value("targets").toObject();
        QCOMPARE(targets.keys(), QStringList({"quarter_mile_s", "quarter_mile_trap_kmh", "t_0_60_mph_s"}));
        for (const QString& key : targets.keys()) {
            const QJsonObject t = targets.value(key).toObject();
            const double simulated = root.value(key).toDouble(), published = t.value("target").toDouble();
            QVERIFY(published > 0.0);
            QCOMPARE(t.value("deviation_pct").toDouble(), 100.0 * (simulated - published) / published);
            QVERIFY(t.value("source").toString().contains(QStringLiteral("Edmunds")));
        }
        QCOMPARE(targets.value("t_0_60_mph_s").toObject().value("target").toDouble(), 6.3);

        // Braking with a non-standard start speed is not the published 100-0 km/h
        // figure: no targets, and a note on stderr says why.
        const Outcome standard = runCli({"run", "-s", "mazda_mx5_nd", "-m", "braking"});
        QVERIFY(QJsonDocument::fromJson(standard.out).object().value("targets").toObject().contains("braking_100_0_kmh_m"));
        const Outcome other = runCli({"run", "-s", "mazda_mx5_nd", "-m", "braking", "-p", "start_kmh=120"});
        QCOMPARE(other.exitCode, 0);
        QVERIFY(!QJsonDocument::fromJson(other.out).object().contains("targets"));
        QVERIFY2(other.err.contains("published figures are left out"), other.err.constData());
        // A car without published figures prints the plain metrics.
        const Outcome none = runCli({"run", "-s", "dallara_f3_2019", "-m", "braking"});
        QCOMPARE(none.exitCode, 0);
        QVERIFY(!QJsonDocument::fromJson(none.out).object().contains("targets"));
        QVERIFY(none.err.isEmpty());
    }

    // A source with quotes, a newline and non-ASCII text stays valid JSON.
    void publishedFigureSourceIsEscaped() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("car.json"));
        QCOMPARE(runCli({"export", "-s", "corvette_c5_cpfg", "-o", path}).exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        const QString source = QStringLiteral("a \"quoted\" test\nnext line, 0\u2013100 km/h");
        root.insert("targets", QJsonArray{QJsonObject{{"metric", "top_speed_kmh"}, {"value", 250.0}, {"source", source}}});
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(root).toJson());
        f.close();
        const Outcome o = runCli({"run", "-s", path, "-m", "top-speed"});
        QCOMPARE(o.exitCode, 0);
        QJsonParseError error;
        const QJsonObject out = QJsonDocument::fromJson(o.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString() + o.out));
        QCOMPARE(out.value("targets").toObject().value("top_speed_kmh").toObject().value("source").toString(), source);
    }

    void runPrintsMetricsCsv() {
        const Outcome o = runCli({"run", "-m", "braking", "--format", "csv"});
        QCOMPARE(o.exitCode, 0);
        const QList<QByteArray> lines = o.out.trimmed().split('\n');
        QCOMPARE(lines[0], QByteArray("metric,value,unit,valid,invalid_reason"));
        QVERIFY(lines[1].startsWith("braking_100_0_kmh_m,"));
        QVERIFY(lines[1].endsWith(",m,1,"));
    }

    // A step steer that spins the car (the gravel Subaru at 8 deg, sideslip far
    // beyond the 15 deg limit) prints its figures, each listed invalid with the
    // reason in the JSON and marked 0 with the reason in the CSV.
    void runMarksInvalidMetrics() {
        const QStringList args{"run", "-s", "subaru_impreza_sti_gravel", "-m", "step-steer", "-p", "steer_deg=8"};
        const Outcome o = runCli(args);
        QCOMPARE(o.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(o.out).object();
        QVERIFY(root.value("step_yaw_response_time_s").isDouble());
        const QJsonObject invalid = root.value("invalid_metrics").toObject();
        const QJsonObject response = invalid.value("step_yaw_response_time_s").toObject();
        QCOMPARE(response.value("valid").toBool(true), false);
        QVERIFY2(response.value("invalid_reason").toString().contains("spun"), o.out.constData());
        const Outcome csv = runCli(args + QStringList{"--format", "csv"});
        QCOMPARE(csv.exitCode, 0);
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QVERIFY(lines[1].startsWith("step_yaw_response_time_s,"));
        QVERIFY2(lines[1].contains(",s,0,\"the car spun"), lines[1].constData());
        // A run in the range the metrics hold for lists nothing invalid.
        const Outcome fine = runCli({"run", "-m", "step-steer"});
        QVERIFY(!QJsonDocument::fromJson(fine.out).object().contains("invalid_metrics"));
    }

    // A car whose steering cannot reach the skidpad's circle (1 deg of lock for the
    // 3.6 deg the 40 m circle needs) ends its run at about 1 s: both figures are null,
    // and each says when and why the run ended, in the JSON and in the CSV.
    void runSaysWhyAFigureIsNull() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("car.json"));
        QCOMPARE(runCli({"export", "-s", "corvette_c5", "-o", path}).exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonObject steering = root.value("steering").toObject();
        steering.insert("maxSteerAngle", 1.0 * 3.14159265358979 / 180.0);
        root.insert("steering", steering);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(root).toJson());
        f.close();
        const QStringList args{"run", "-s", path, "-m", "skidpad"};
        const Outcome o = runCli(args);
        QCOMPARE(o.exitCode, 0);
        const QJsonObject out = QJsonDocument::fromJson(o.out).object();
        const QJsonObject invalid = out.value("invalid_metrics").toObject();
        for (const char* key : {"skidpad_max_lateral_g", "understeer_gradient_deg_per_g"}) {
            QVERIFY2(out.value(key).isNull(), o.out.constData());
            const QString reason = invalid.value(key).toObject().value("invalid_reason").toString();
            QVERIFY2(reason.startsWith("not reached: the run ended at 1.") && reason.contains("full lock"),
                     o.out.constData());
        }
        const Outcome csv = runCli(args + QStringList{"--format", "csv"});
        QCOMPARE(csv.exitCode, 0);
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        for (int i = 1; i < 3; ++i)
            QVERIFY2(lines[i].contains(",nan,") && lines[i].contains(",0,\"not reached: the run ended at 1."),
                     lines[i].constData());
    }

    // The library Corvette 100 kg lighter stops 7 m longer (48.2 m against 40.9 m):
    // its front wheels lock from the start of the stop (3.27 s locked against 1.54 s,
    // the stock car's wheels locking only below about 12 m/s). The braking run says so.
    void brakingReportsWheelLock() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("car.json"));
        QCOMPARE(runCli({"export", "-s", "corvette_c5", "-o", path}).exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonObject chassis = root.value("chassis").toObject();
        chassis.insert("mass", chassis.value("mass").toDouble() - 100.0);
        root.insert("chassis", chassis);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(root).toJson());
        f.close();
        const Outcome stock = runCli({"run", "-s", "corvette_c5", "-m", "braking"});
        const Outcome light = runCli({"run", "-s", path, "-m", "braking"});
        QCOMPARE(stock.exitCode, 0);
        QCOMPARE(light.exitCode, 0);
        const QJsonObject s = QJsonDocument::fromJson(stock.out).object();
        const QJsonObject l = QJsonDocument::fromJson(light.out).object();
        QVERIFY2(s.value("wheel_lock_front_s").isDouble() && s.value("wheel_lock_rear_s").isDouble(),
                 stock.out.constData());
        QVERIFY2(l.value("braking_100_0_kmh_m").toDouble() > s.value("braking_100_0_kmh_m").toDouble() + 5.0,
                 light.out.constData());
        const double stockFront = s.value("wheel_lock_front_s").toDouble();
        const double lightFront = l.value("wheel_lock_front_s").toDouble();
        QVERIFY2(stockFront > 1.0 && stockFront < 2.0, stock.out.constData());
        // Locked for nearly the whole stop.
        QVERIFY2(lightFront > 0.85 * l.value("braking_100_0_kmh_s").toDouble(), light.out.constData());
        QVERIFY2(lightFront > stockFront + 1.0, light.out.constData());
    }

    void runWritesTelemetryCsv() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.csv"));
        const Outcome o = runCli({"run", "-m", "braking", "--telemetry", path, "--decimation", "10"});
        QCOMPARE(o.exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        // Every 10th sample of the same run written in full.
        const QString fullPath = dir.filePath(QStringLiteral("full.csv"));
        QCOMPARE(runCli({"run", "-m", "braking", "--telemetry", fullPath}).exitCode, 0);
        QFile fullFile(fullPath);
        QVERIFY(fullFile.open(QIODevice::ReadOnly));
        const double steps = fullFile.readAll().count('\n') - 1.0; // less the header
        const double rows = lines.size() - 2.0; // less the header and the trailing newline
        constexpr double roundingRows = 1.0;     // a last partial stride
        QVERIFY2(steps > 1000 && std::abs(rows - steps / 10.0) <= roundingRows,
                 qPrintable(QStringLiteral("%1 rows for %2 steps").arg(rows).arg(steps)));
        QVERIFY(lines[0].startsWith("time [s],"));
        QVERIFY(lines[0].contains("speed [m/s]"));
        QVERIFY(lines[0].contains("load_FL [N]"));
        QCOMPARE(lines[1].split(',').size(), lines[0].split(',').size());
    }

    void badInputFailsWithMessage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no command") << QStringList{} << "usage";
        QTest::newRow("unknown command") << QStringList{"fly"} << "unknown command";
        QTest::newRow("unknown maneuver") << QStringList{"run", "-m", "moonshot"} << "unknown maneuver";
        QTest::newRow("missing setup file") << QStringList{"run", "-s", "/nonexistent/car.json"} << "cannot use setup";
        QTest::newRow("bad parameter") << QStringList{"run", "-m", "braking", "-p", "pedal=abc"} << "bad parameter";
        QTest::newRow("parameter out of range") << QStringList{"run", "-m", "braking", "-p", "pedal=7"} << "must be between";
        QTest::newRow("unknown option") << QStringList{"run", "--warp"} << "Unknown option";
        QTest::newRow("bad bench tire") << QStringList{"bench", "--tire", "wooden"} << "unknown tire model";
        QTest::newRow("bad bench rule") << QStringList{"bench", "--combined-slip", "circle"}
                                        << "unknown combined-slip rule";
    }
    void badInputFailsWithMessage() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Outcome o = runCli(args);
        QVERIFY(o.exitCode != 0);
        QVERIFY2(o.err.contains(expected.toUtf8()), o.err.constData());
    }

    void malformedSetupFileIsRefused() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"fileType\": \"vehicle-setup\", \"version\": 1, \"chassis\": {\"mass_kg\": -5");
        f.close();
        const Outcome o = runCli({"run", "-s", path});
        QCOMPARE(o.exitCode, 1);
        QVERIFY(o.out.isEmpty());
        QVERIFY2(o.err.contains("cannot use setup"), o.err.constData());
    }

    void tireSweepCsvHasRowsAndOddSymmetry() {
        const Outcome o = runCli({"tire", "--sweep", "slip-angle", "--from", "-10", "--to", "10", "--count", "21"});
        QCOMPARE(o.exitCode, 0);
        const QList<QByteArray> lines = o.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 22); // header + 21 rows
        QCOMPARE(lines[0], QByteArray("slip_ratio,slip_angle_deg,fx_N,fy_N"));
        // Fy(-alpha) = -Fy(alpha) (docs/physics.md 0: lateral force opposes the slip angle)
        const double first = lines[1].split(',')[3].toDouble();
        const double last = lines[21].split(',')[3].toDouble();
        QVERIFY(first > 0.0);
        QCOMPARE(first, -last);
    }

    // Every registered model, by its CLI name and by its file key (the spelling --model took
    // before the names were one convention).
    void tireJsonForEveryModel_data() {
        QTest::addColumn<QString>("model");
        for (const vtw::TireModelInfo& m : vtw::tireModels) {
            const QString cli = vtw::optionText(m.cliName), key = vtw::optionText(m.key);
            QTest::newRow(qPrintable(cli)) << cli;
            if (key != cli)
                QTest::newRow(qPrintable(key + " (file key)")) << key;
        }
    }
    void tireJsonForEveryModel() {
        QFETCH(QString, model);
        const Outcome o = runCli({"tire", "--model", model, "--format", "json", "--count", "11"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QJsonDocument doc = QJsonDocument::fromJson(o.out);
        QCOMPARE(doc.object().value("rows").toArray().size(), 11);
    }

    // --preset sweeps a Calspan Table 1 tire. At a small slip angle the force is the
    // cornering stiffness the table implies, (A0 + A1 Fz - (A1/A2) Fz^2) lb/rad with Fz in
    // lb (docs/physics.md 6.6: f(sigma) -> (4/pi) sigma, so Fy -> (a_p0^2/2) Ks tan(alpha)),
    // times the slip angle. The three tires differ there by 1.6 % or more.
    void tirePresetSweepsTheTable1Tire_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("A0");
        QTest::addColumn<double>("A1");
        QTest::addColumn<double>("A2");
        // Table 1 of the Calspan report (docs/physics.md 6.6).
        QTest::newRow("155SR13") << "155SR13" << 914.02 << 12.9 << 2028.24;
        QTest::newRow("P155/80D13") << "P155/80D13" << 1817.0 << 7.48 << 2455.0;
        QTest::newRow("P185/70R13") << "P185/70R13" << 1068.0 << 11.3 << 2442.73;
    }
    void tirePresetSweepsTheTable1Tire() {
        QFETCH(QString, preset);
        QFETCH(double, A0);
        QFETCH(double, A1);
        QFETCH(double, A2);
        constexpr double newtonsPerPound = 4.4482216152605; // 1 lbf, exact by definition
        constexpr double loadN = 4000.0, slipDeg = 0.1;
        // At 0.1 deg, sigma is about 0.013: f(sigma) is within 0.1 % of (4/pi) sigma and
        // the friction drop K_mu sin(alpha) is 0.02 %.
        constexpr double relativeTolerance = 0.005;
        const Outcome o = runCli({"tire", "--preset", preset, "--sweep", "slip-angle", "--from", "0",
                                  "--to", QString::number(slipDeg), "--count", "2", "--load",
                                  QString::number(loadN)});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QList<QByteArray> lines = o.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        const double fy = lines[2].split(',')[3].toDouble();
        const double fzLb = loadN / newtonsPerPound;
        const double stiffnessLbPerRad = A0 + A1 * fzLb - (A1 / A2) * fzLb * fzLb;
        const double expected = -stiffnessLbPerRad * newtonsPerPound * qDegreesToRadians(slipDeg);
        QVERIFY2(std::abs(fy / expected - 1.0) < relativeTolerance,
                 qPrintable(QStringLiteral("Fy %1 N, expected %2 N").arg(fy).arg(expected)));
    }

    void tirePresetNamesAndErrors() {
        const Outcome help = runCli({"tire", "--help"});
        QCOMPARE(help.exitCode, 0);
        for (const char* name : {"155SR13", "P155/80D13", "P185/70R13"})
            QVERIFY2(help.out.contains(name), help.out.constData());
        const Outcome unknown = runCli({"tire", "--preset", "205/55R16"});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.out.isEmpty());
        QVERIFY2(unknown.err.contains("unknown preset '205/55R16'") &&
                     unknown.err.contains("155SR13, P155/80D13, P185/70R13"),
                 unknown.err.constData());
        const Outcome otherModel = runCli({"tire", "--preset", "155SR13", "--model", "brush"});
        QCOMPARE(otherModel.exitCode, 2);
        QVERIFY2(otherModel.err.contains("--preset"), otherModel.err.constData());
    }

    // import --tir makes a file the tire model of an axle; the new setup runs, and export
    // --tir writes the same coefficients back (the file's own, not a fit).
    void importTirMakesTheModel() {
        QTemporaryDir dir;
        const QString file = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir");
        const QString setup = dir.filePath(QStringLiteral("tir.json"));
        const Outcome imported = runCli({"import", "--tir", file, "--axle", "both", "-o", setup});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(contents(setup)).object();
        const QJsonObject front = root.value("tires").toObject().value("front").toObject();
        QCOMPARE(front.value("model").toString(), QStringLiteral("tir"));
        QCOMPARE(front.value("tir").toObject().value("source").toString(), QStringLiteral("mf_185_80R14.tir"));
        const Outcome run = runCli({"run", "-s", setup, "-m", "braking"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const Outcome back = runCli({"export", "--tir", "-s", setup, "--axle", "rear"});
        QVERIFY2(back.exitCode == 0, back.err.constData());
        QVERIFY(back.out.contains("coefficients of the .tir model, from mf_185_80R14.tir"));

        const Outcome badAxle = runCli({"import", "--tir", file, "--axle", "middle", "-o", setup});
        QCOMPARE(badAxle.exitCode, 2);
        const Outcome notTir = runCli({"import", "--tir", setup, "--axle", "both", "-o", dir.filePath(QStringLiteral("x.json"))});
        QCOMPARE(notTir.exitCode, 1);
        QVERIFY2(notTir.err.contains("cannot import"), notTir.err.constData());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.json"))));
    }

    // export --tir writes an axle's tyre as a .tir the tire command reads back: the default
    // car's simplified magic formula maps exactly (docs/physics.md 12.7), so at the file's
    // nominal load (the axle's static wheel load) the longitudinal curve is the model's.
    void exportTirReadsBackAsTheSameCurve() {
        QTemporaryDir dir;
        const QString tir = dir.filePath(QStringLiteral("rear.tir"));
        const Outcome exported = runCli({"export", "--tir", "--axle", "rear", "-o", tir});
        QVERIFY2(exported.exitCode == 0, exported.err.constData());
        const Outcome fromFile = runCli({"tire", "--tir", tir, "--format", "json", "--sweep", "slip-ratio", "--from",
                                         "0.05", "--to", "0.1", "--count", "2"});
        QVERIFY2(fromFile.exitCode == 0, fromFile.err.constData());
        const QJsonObject file = QJsonDocument::fromJson(fromFile.out).object();
        const double load = file.value("conditions").toObject().value("normal_load_N").toDouble();
        QVERIFY(load > 0.0);
        const Outcome fromModel = runCli({"tire", "--axle", "rear", "--format", "json", "--sweep", "slip-ratio",
                                          "--load", QString::number(load, 'g', 17), "--from", "0.05", "--to",
                                          "0.1", "--count", "2"});
        QVERIFY2(fromModel.exitCode == 0, fromModel.err.constData());
        const QJsonObject model = QJsonDocument::fromJson(fromModel.out).object();
        const double fxFile = file.value("rows").toArray().first().toArray().at(2).toDouble();
        const double fxModel = model.value("rows").toArray().first().toArray().at(2).toDouble();
        // The model's fast sine and atan (relative error < 1e-9) and the printed digits.
        constexpr double printedTolerance = 1e-6;
        QVERIFY2(std::abs(fxFile - fxModel) <= printedTolerance * std::abs(fxModel),
                 qPrintable(QStringLiteral("%1 vs %2").arg(fxFile).arg(fxModel)));

        const Outcome bothAxles = runCli({"export", "--tir", "--axle", "both"});
        QCOMPARE(bothAxles.exitCode, 2);
        QVERIFY2(bothAxles.err.contains("--axle must be front or rear"), bothAxles.err.constData());
        const Outcome badLoad = runCli({"export", "--tir", "--nominal-load", "-5"});
        QCOMPARE(badLoad.exitCode, 2);
        QVERIFY2(badLoad.err.contains("--nominal-load must be a positive number"), badLoad.err.constData());
        const Outcome twoExports = runCli({"export", "--tir", "--curve", "power"});
        QCOMPARE(twoExports.exitCode, 2);
    }

    // --tir evaluates a tyre property file (docs/physics.md 12): the aligning moment as a
    // fifth column, the file's nominal load by default, the file's warnings on stderr.
    void tireTirSweepsAFile() {
        const QString file = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir");
        const Outcome csv = runCli({"tire", "--tir", file, "--sweep", "slip-angle", "--from", "-10", "--to", "10",
                                    "--count", "21"});
        QVERIFY2(csv.exitCode == 0, csv.err.constData());
        QVERIFY2(csv.err.isEmpty(), csv.err.constData()); // this file lacks nothing
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 22);
        QCOMPARE(lines[0], QByteArray("slip_ratio,slip_angle_deg,fx_N,fy_N,mz_Nm"));
        // ISO signs (docs/physics.md 12.2): Fy opposes the slip angle; Mz aligns (positive at +5 deg).
        QVERIFY(lines[1].split(',')[3].toDouble() > 0.0);  // -10 deg
        QVERIFY(lines[21].split(',')[3].toDouble() < 0.0); // +10 deg
        QVERIFY(lines[16].split(',')[4].toDouble() > 0.0); // +5 deg

        const Outcome json = runCli({"tire", "--tir", file, "--format", "json", "--sweep", "combined", "--count", "5",
                                     "--camber", "-2"});
        QVERIFY2(json.exitCode == 0, json.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(root.value("tir").toObject().value("version").toString(), QStringLiteral("MF 5.x"));
        QCOMPARE(root.value("tir").toObject().value("tyre_side").toString(), QStringLiteral("left"));
        const QJsonObject conditions = root.value("conditions").toObject();
        QCOMPARE(conditions.value("normal_load_N").toDouble(), 3800.0); // FNOMIN
        QCOMPARE(conditions.value("camber_deg").toDouble(), -2.0);
        QVERIFY(conditions.value("pressure_Pa").isNull()); // MF 5.x: no pressure terms
        const QJsonArray rows = root.value("rows").toArray();
        QCOMPARE(rows.size(), 25);
        QCOMPARE(rows.first().toArray().size(), 5);

        // A file that lacks coefficients loads, and says what it took as defaults.
        const Outcome sedan = runCli({"tire", "--tir", QStringLiteral(VTW_SOURCE_DIR "/resources/tires/Sedan_Pac02Tire.tir"),
                                      "--count", "3"});
        QCOMPARE(sedan.exitCode, 0);
        QVERIFY2(sedan.err.contains("warning: missing, taken as 0: PDX3, RBX1"), sedan.err.constData());
        QVERIFY2(sedan.err.contains("friction ellipse"), sedan.err.constData());
    }

    // MF 6.1 pressure through the CLI: the slip stiffness at dpi = 0.2 is (1 + PPX1 0.2) times
    // the nominal one (docs/physics.md 12.3, dfz = 0 at the default load FNOMIN).
    void tireTirPressure() {
        QTemporaryDir dir;
        QByteArray text = contents(QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir"));
        text.replace("PROPERTY_FILE_FORMAT     ='PAC2002'", "FITTYP = 61\nPKY4 = 2");
        text.replace("[DIMENSION]", "[OPERATING_CONDITIONS]\nNOMPRES = 190000\n[DIMENSION]");
        text.replace("PVX2                     = -2.8568e-005",
                     "PVX2                     = -2.8568e-005\nPPX1 = -0.35");
        const QString file = dir.filePath("mf61.tir");
        QVERIFY(writeFile(file, text));
        auto slope = [&](const QStringList& extra) {
            // The curve's centre is at kappa = -SHx = 0.001779; 1e-4 either side is linear to 1e-6.
            const Outcome o = runCli(QStringList{"tire", "--tir", file, "--sweep", "slip-ratio", "--from", "0.001679",
                                                 "--to", "0.001879", "--count", "2"} +
                                     extra);
            if (o.exitCode != 0)
                qWarning("%s", o.err.constData());
            const QList<QByteArray> lines = o.out.trimmed().split('\n');
            return lines.size() == 3 ? (lines[2].split(',')[2].toDouble() - lines[1].split(',')[2].toDouble()) / 2e-4
                                     : std::nan("");
        };
        const double nominal = slope({}), raised = slope({"--pressure", "228000"});
        QVERIFY2(std::abs(raised / nominal - (1.0 - 0.35 * 0.2)) < 1e-5,
                 qPrintable(QStringLiteral("%1 / %2").arg(raised).arg(nominal)));
        const Outcome json = runCli({"tire", "--tir", file, "--format", "json", "--count", "2"});
        QCOMPARE(QJsonDocument::fromJson(json.out).object().value("conditions").toObject().value("pressure_Pa").toDouble(),
                 190000.0);
    }

    // A bad file or bad options: a clear error, nothing on stdout.
    void tireTirErrors() {
        QTemporaryDir dir;
        const QString mf185 = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir");
        const QString missing = dir.filePath("none.tir");
        const Outcome absent = runCli({"tire", "--tir", missing});
        QCOMPARE(absent.exitCode, 1);
        QVERIFY(absent.out.isEmpty());
        QVERIFY2(absent.err.contains("cannot read") && absent.err.contains("none.tir"), absent.err.constData());

        const QString setup = dir.filePath("setup.json");
        QVERIFY(writeFile(setup, runCli({"export"}).out));
        const Outcome json = runCli({"tire", "--tir", setup});
        QCOMPARE(json.exitCode, 1);
        QVERIFY(json.out.isEmpty());
        QVERIFY2(json.err.contains("line 1: not a tyre property file (.tir)"), json.err.constData());

        QByteArray broken = contents(mf185);
        broken.replace("PKX1                     = 19.733", "PKX1                     = nineteen");
        const QString brokenFile = dir.filePath("broken.tir");
        QVERIFY(writeFile(brokenFile, broken));
        const Outcome bad = runCli({"tire", "--tir", brokenFile});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.out.isEmpty());
        QVERIFY2(bad.err.contains("broken.tir: line 127: PKX1 = nineteen is not a number"), bad.err.constData());

        // A file cut short parses (what it leaves out is taken as 0 or 1, with warnings) but
        // gives no force: refused as import --tir refuses it, not swept as zeros.
        const QByteArray whole = contents(mf185);
        const QString half = dir.filePath("half.tir");
        QVERIFY(writeFile(half, whole.left(whole.indexOf("[LONGITUDINAL_COEFFICIENTS]"))));
        const Outcome cut = runCli({"tire", "--tir", half});
        QCOMPARE(cut.exitCode, 1);
        QVERIFY(cut.out.isEmpty());
        QVERIFY2(cut.err.contains("tire: " + half.toUtf8() + ": not a usable tyre:\n  tir: at Fz = 3800 N (1 times "
                                  "the file's nominal load FNOMIN) a small positive slip ratio gives no forward "
                                  "force (Fx must follow the slip)"),
                 cut.err.constData());
        const Outcome imported = runCli({"import", "--tir", half, "--axle", "front", "-o", dir.filePath("half.json")});
        QCOMPARE(imported.exitCode, 1);
        QVERIFY2(imported.err.contains("a small positive slip ratio gives no forward force"), imported.err.constData());

        const QString huge = dir.filePath("huge.tir");
        QVERIFY(writeFile(huge, contents(mf185) + QByteArray(1024 * 1024, '$')));
        const Outcome big = runCli({"tire", "--tir", huge});
        QCOMPARE(big.exitCode, 1);
        QVERIFY2(big.err.contains("larger than the 1 MiB limit"), big.err.constData());

        const Outcome pressure = runCli({"tire", "--tir", mf185, "--pressure", "200000"});
        QCOMPARE(pressure.exitCode, 2);
        QVERIFY2(pressure.err.contains("--pressure needs a file with pressure terms"), pressure.err.constData());
        const Outcome model = runCli({"tire", "--tir", mf185, "--model", "linear"});
        QCOMPARE(model.exitCode, 2);
        QVERIFY2(model.err.contains("cannot be combined with --model"), model.err.constData());
        const Outcome camber = runCli({"tire", "--camber", "1"});
        QCOMPARE(camber.exitCode, 2);
        QVERIFY2(camber.err.contains("apply to a .tir file (--tir)"), camber.err.constData());
        const Outcome steep = runCli({"tire", "--tir", mf185, "--camber", "95"});
        QCOMPARE(steep.exitCode, 2);
    }

    void validateReportsEveryProblem() {
        QTemporaryDir dir;
        // Start from a valid file, break two fields.
        const Outcome exported = runCli({"export"});
        QCOMPARE(exported.exitCode, 0);
        QJsonObject root = QJsonDocument::fromJson(exported.out).object();
        QJsonObject chassis = root.value("chassis").toObject();
        const QString massKey = chassis.keys().filter("mass").first();
        chassis[massKey] = -1500.0;
        root["chassis"] = chassis;
        QJsonObject brakes = root.value("brakes").toObject();
        const QString biasKey = brakes.keys().filter("Bias").first();
        brakes[biasKey] = 1.7;
        root["brakes"] = brakes;
        const QString path = dir.filePath("bad.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(root).toJson());
        f.close();
        const Outcome o = runCli({"validate", path, QStringLiteral(VTW_SOURCE_DIR "/resources/cars/corvette_c5.json")});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.out.contains(("chassis." + massKey).toUtf8()), o.out.constData());
        QVERIFY2(o.out.contains(("brakes." + biasKey).toUtf8()), o.out.constData());
        QVERIFY(o.out.contains("corvette_c5.json: valid"));
    }

    // Keys this program does not know survive every command that writes the
    // setup back (convert, export, import), as they do in the window.
    void rewritingCommandsKeepUnknownKeys() {
        QTemporaryDir dir;
        const Outcome exported = runCli({"export"});
        QCOMPARE(exported.exitCode, 0);
        QJsonObject root = QJsonDocument::fromJson(exported.out).object();
        root["otherTool"] = QJsonObject{{"rideHeight_mm", 105}};
        QJsonObject chassis = root.value("chassis").toObject();
        chassis["ballast_kg"] = 20;
        root["chassis"] = chassis;
        const QString path = dir.filePath("extra.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(root).toJson());
        f.close();
        const QString torque = dir.filePath("torque.csv");
        QCOMPARE(runCli({"export", "--curve", "engine.torqueCurve_rpm_Nm", "-o", torque}).exitCode, 0);

        const QString converted = dir.filePath("converted.json"),
                      reexported = dir.filePath("exported.json"),
                      imported = dir.filePath("imported.json");
        QCOMPARE(runCli({"convert", path, converted}).exitCode, 0);
        QCOMPARE(runCli({"export", "-s", path, "-o", reexported}).exitCode, 0);
        QCOMPARE(runCli({"import", "-s", path, "--input", torque, "--output", imported}).exitCode, 0);
        for (const QString& written : {converted, reexported, imported}) {
            QFile w(written);
            QVERIFY(w.open(QIODevice::ReadOnly));
            const QJsonObject back = QJsonDocument::fromJson(w.readAll()).object();
            QCOMPARE(back.value("otherTool").toObject().value("rideHeight_mm").toInt(), 105);
            QCOMPARE(back.value("chassis").toObject().value("ballast_kg").toInt(), 20);
        }
    }

    void torqueCurveRoundTripsThroughLookupTableAndImport() {
        QTemporaryDir dir;
        const QString lut = dir.filePath("torque.lut"), csv = dir.filePath("torque.csv"),
                      setupPath = dir.filePath("car.json");
        QCOMPARE(runCli({"export", "--curve", "engine.torqueCurve_rpm_Nm", "-o", lut}).exitCode, 0);
        QCOMPARE(runCli({"convert", lut, csv}).exitCode, 0);
        QCOMPARE(runCli({"import", "--input", csv, "--output", setupPath}).exitCode, 0);
        // The re-imported car equals the built-in one: same metrics.
        const Outcome a = runCli({"run", "-m", "braking"});
        const Outcome b = runCli({"run", "-m", "braking", "-s", setupPath});
        QCOMPARE(b.exitCode, 0);
        QCOMPARE(a.out, b.out);
        // A non-monotonic table is refused with its line, and no setup is written.
        QFile bad(dir.filePath("bad.lut"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("1000|300\n3000|400\n2000|420\n");
        bad.close();
        const QString out2 = dir.filePath("car2.json");
        const Outcome refused = runCli({"import", "--input", bad.fileName(), "--output", out2});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY(!QFile::exists(out2));
        QVERIFY2(refused.err.contains("cannot import"), refused.err.constData());
    }

    void scriptedRunFollowsTheScript() {
        QTemporaryDir dir;
        QFile script(dir.filePath("s.csv"));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("time_s,throttle,brake,steer,gear\n0,1,0,0,1\n4,1,0,0,1\n");
        script.close();
        // The built-in physics (one substep): the default library car would
        // spin its light wheels without the acceleration run's traction control.
        const Outcome o = runCli({"run", "--script", script.fileName(), "-s", "corvette_c5_cpfg"});
        QCOMPARE(o.exitCode, 0);
        QVERIFY2(o.err.isEmpty(), o.err.constData()); // no note about published figures for a script
        const QJsonObject m = QJsonDocument::fromJson(o.out).object();
        QVERIFY(std::abs(m.value("script_duration_s").toDouble() - 4.0) < 1e-6);
        QVERIFY(m.value("script_final_speed_kmh").toDouble() > 50.0);
        // A script with throttle out of range is refused, naming the line.
        QVERIFY(script.open(QIODevice::WriteOnly | QIODevice::Truncate));
        script.write("time_s,throttle,brake,steer,gear\n0,1.5,0,0,1\n");
        script.close();
        const Outcome bad = runCli({"run", "--script", script.fileName()});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("throttle"), bad.err.constData());
    }

    // --surface scales the grip: less grip, longer stops, in the presets' order; a
    // grip scale of 1 is the dry preset; an unknown surface is refused by name.
    // A script is refused at load for a gear the setup's box lacks or a time past the
    // hour a script may last, naming the line; telemetry that could outgrow its limit
    // is refused before the run, naming the --decimation that fits, and writes nothing.
    void scriptedRunBounds() {
        QTemporaryDir dir;
        const QString path = dir.filePath("s.csv");
        auto write = [&](const QByteArray& rows) {
            QFile script(path);
            QVERIFY(script.open(QIODevice::WriteOnly | QIODevice::Truncate));
            script.write("time_s,throttle,brake,steer,gear\n" + rows);
        };
        write("0,1,0,0,1\n2,1,0,0,16\n");
        const Outcome gear = runCli({"run", "--script", path});
        QCOMPARE(gear.exitCode, 1);
        QVERIFY2(gear.err.contains("line 3, gear: 16 is not a gear of this 6-speed gearbox"), gear.err.constData());
        QVERIFY(gear.out.isEmpty());

        write("0,1,0,0,1\n1e9,1,0,0,1\n");
        const Outcome longScript = runCli({"run", "--script", path});
        QCOMPARE(longScript.exitCode, 1);
        QVERIFY2(longScript.err.contains("line 3, time_s: 1e+09 s is beyond the 3600 s a script may last"),
                 longScript.err.constData());

        write("0,1,0,0,1\n3600,1,0,0,1\n");
        const QString telemetry = dir.filePath("t.csv");
        const Outcome big = runCli({"run", "--script", path, "-t", telemetry});
        QCOMPARE(big.exitCode, 1);
        QVERIFY2(big.err.contains("more than the limit of 1024 MiB"), big.err.constData());
        QVERIFY2(big.err.contains("pass --decimation 5 (or more)"), big.err.constData());
        QVERIFY(!QFile::exists(telemetry));
    }

    void runOnOtherSurfaces() {
        auto stop = [](const QString& surface) {
            const Outcome o = runCli({"run", "-m", "braking", "--surface", surface});
            return QJsonDocument::fromJson(o.out).object().value("braking_100_0_kmh_m").toDouble();
        };
        const double dry = stop("dry"), gravel = stop("gravel"), wet = stop("wet");
        QVERIFY2(dry > 0.0 && dry < gravel && gravel < wet,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(dry).arg(gravel).arg(wet)));
        QCOMPARE(stop("1"), dry);
        const Outcome bad = runCli({"run", "-m", "braking", "--surface", "mud"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("mud") && bad.err.contains("gravel"), bad.err.constData());
    }

    // compare: the metrics table equals the single-run numbers of `run`.
    void compareMatchesRuns() {
        const Outcome c = runCli({"compare", "corvette_c5", "vw_golf_gti_mk7", "-m", "braking"});
        QVERIFY2(c.exitCode == 0, c.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(c.out).object();
        QCOMPARE(root.value("setups").toArray().size(), 2);
        const QJsonObject golf = QJsonDocument::fromJson(runCli({"run", "-m", "braking", "-s", "vw_golf_gti_mk7"}).out).object();
        bool found = false;
        for (const QJsonValue& row : root.value("metrics").toArray()) {
            const QJsonObject o = row.toObject();
            if (o.value("key").toString() == QLatin1String("braking_100_0_kmh_m")) {
                QCOMPARE(o.value("values").toArray()[1].toDouble(), golf.value("braking_100_0_kmh_m").toDouble());
                found = true;
            }
        }
        QVERIFY(found);
        QVERIFY(root.value("differences").toArray().size() > 5);
        QVERIFY(runCli({"compare", "corvette_c5"}).exitCode != 0); // needs two
    }

    // sweep in shards + merge equals the whole sweep.
    void sweepShardsMerge() {
        QTemporaryDir dir;
        const QStringList common = {"sweep", "-m", "braking", "--param", "brakes.frontBias", "--from", "0.5",
                                    "--to", "0.8", "--count", "7"};
        const Outcome whole = runCli(common);
        QVERIFY2(whole.exitCode == 0, whole.err.constData());
        QVERIFY(whole.err.contains("7 points in"));
        QStringList shardFiles;
        for (int i = 0; i < 2; ++i) {
            const QString f = dir.filePath(QStringLiteral("s%1.csv").arg(i));
            QCOMPARE(runCli(common + QStringList{"--shard", QStringLiteral("%1/2").arg(i), "-o", f}).exitCode, 0);
            shardFiles << f;
        }
        const Outcome merged = runCli(QStringList{"merge"} + shardFiles);
        QCOMPARE(merged.exitCode, 0);
        QCOMPARE(merged.out, whole.out);
        QVERIFY(runCli({"sweep", "--param", "no.such.field", "--from", "1", "--to", "2"}).exitCode != 0);
        QVERIFY(runCli({"sweep", "--param", "brakes.frontBias", "--from", "0.5", "--to", "3"}).err.contains("brakes.frontBias"));
    }

    // Point counts whose product wraps an int are refused by the cap (they printed
    // "0 points" and exited 0, or ran 2 points of a 4.3-billion-point sweep in shards).
    void sweepPointCountsDoNotWrap() {
        const QStringList twoAxes = {"sweep", "-m", "braking", "--param", "brakes.frontBias", "--from", "0.5",
                                     "--to", "0.8", "--param2", "brakes.maxTorque", "--from2", "3000", "--to2",
                                     "5000"};
        const Outcome square = runCli(twoAxes + QStringList{"--count", "50000", "--count2", "50000"});
        QCOMPARE(square.exitCode, 2);
        QVERIFY2(square.err.contains("sweep: 2500000000 points (50000 x 50000) are more than the 1000000 a "
                                     "sweep may have"),
                 square.err.constData());
        QVERIFY(square.out.isEmpty());
        const Outcome sharded =
            runCli(twoAxes + QStringList{"--count", "65537", "--count2", "65536", "--shard", "1/32768"});
        QCOMPARE(sharded.exitCode, 2);
        QVERIFY2(sharded.err.contains("4295032832 points (65537 x 65536)"), sharded.err.constData());
        QVERIFY(sharded.out.isEmpty());
    }

    // A sweep writes each row as its point finishes, in index order: killed midway,
    // its output holds the header and the rows it finished, whole.
    void sweepWritesRowsAsTheyFinish() {
        QTemporaryDir dir;
        const QString out = dir.filePath("sweep.csv");
        const QByteArray old = "an earlier sweep\n";
        {
            QFile previous(out);
            QVERIFY(previous.open(QIODevice::WriteOnly));
            previous.write(old);
        }
        QProcess p;
        // 200 top-speed runs on one thread: some 15 s, far longer than the wait below.
        p.start(QStringLiteral(VTW_CLI_PATH),
                {"sweep", "-m", "top-speed", "--param", "brakes.frontBias", "--from", "0.5", "--to", "0.8",
                 "--count", "200", "--threads", "1", "-o", out});
        QVERIFY(p.waitForStarted());
        QElapsedTimer waited;
        waited.start();
        QByteArray text;
        bool finished = false; // QProcess::state() is not updated without an event loop
        // Five identity lines (one axis), the column line, three rows.
        while (text.count('\n') < 9 && !finished && waited.elapsed() < 60000) {
            QFile file(out + ".partial"); // beside the output until the sweep is whole
            if (file.open(QIODevice::ReadOnly))
                text = file.readAll();
            finished = p.waitForFinished(20);
        }
        // Still running half a second after its first rows: they were not written at its end.
        const bool stillRunning = !finished && !p.waitForFinished(500);
        p.kill();
        p.waitForFinished();
        QVERIFY2(stillRunning, "the rows appeared only when the sweep ended");
        // The interrupted sweep left the old output as it was.
        QFile previous(out);
        QVERIFY(previous.open(QIODevice::ReadOnly));
        QCOMPARE(previous.readAll(), old);
        const QList<QByteArray> lines = text.split('\n');
        QVERIFY2(lines[0] == "# vtw-cli sweep", text.constData());
        QVERIFY2(lines[5].startsWith("index,i,j,brakes.frontBias,top_speed_kmh"), text.constData());
        for (int k = 0; k < 3; ++k)
            QVERIFY2(lines[k + 6].startsWith(QByteArray::number(k) + "," + QByteArray::number(k) + ",0,"),
                     text.constData());
    }

    // A sweep longer than a second reports progress on stderr, at most two lines a
    // second; a short one prints its summary only.
    void sweepReportsProgress() {
        const Outcome o = runCli({"sweep", "-m", "top-speed", "--param", "brakes.frontBias", "--from", "0.5",
                                  "--to", "0.8", "--count", "30", "--threads", "1"});
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.out.count('\n'), 5 + 1 + 30); // identity, columns, rows
        const QList<QByteArray> lines = o.err.trimmed().split('\n');
        const QRegularExpression summary(QStringLiteral("^vtw-cli: sweep: 30 points in ([0-9.]+) s$"));
        const QRegularExpressionMatch last = summary.match(QString::fromUtf8(lines.back()));
        QVERIFY2(last.hasMatch(), o.err.constData());
        const double seconds = last.captured(1).toDouble();
        QVERIFY2(seconds > 1.5, "the sweep ran too fast to need progress: make it longer");
        const QRegularExpression progress(
            QStringLiteral("^vtw-cli: sweep: [0-9]+ of 30 points, [0-9.]+ points/s, about [0-9]+ s left$"));
        for (qsizetype k = 0; k + 1 < lines.size(); ++k)
            QVERIFY2(progress.match(QString::fromUtf8(lines[k])).hasMatch(), o.err.constData());
        QVERIFY2(lines.size() >= 2, o.err.constData());
        QVERIFY2(lines.size() - 1 <= 2 * seconds, o.err.constData());

        const Outcome brief = runCli({"sweep", "-m", "braking", "--param", "brakes.frontBias", "--from", "0.5",
                                      "--to", "0.8", "--count", "3"});
        QCOMPARE(brief.exitCode, 0);
        QVERIFY2(!brief.err.contains("points/s"), brief.err.constData());
    }

    // A sweep killed midway keeps the rows it finished in OUT.partial; resumed from
    // them, it runs only the other points, and its output is the uninterrupted
    // sweep's, byte for byte. Resuming from a file cut inside a row reruns that point.
    void sweepResumesWhereItWasKilled() {
        QTemporaryDir dir;
        const QString uninterrupted = dir.filePath("whole.csv");
        const Outcome whole = runCli(slowSweep + QStringList{"-o", uninterrupted});
        QVERIFY2(whole.exitCode == 0, whole.err.constData());
        const QByteArray expected = contents(uninterrupted);
        QCOMPARE(expected.count('\n'), 6 + 24);

        const QString out = dir.filePath("sweep.csv");
        const QString partial = out + ".partial";
        QProcess p;
        p.start(QStringLiteral(VTW_CLI_PATH), slowSweep + QStringList{"-o", out});
        QVERIFY(p.waitForStarted());
        QElapsedTimer waited;
        waited.start();
        bool finished = false;
        while (contents(partial).count('\n') < 6 + 5 && !finished && waited.elapsed() < 60000)
            finished = p.waitForFinished(20);
        p.kill(); // SIGKILL: the sweep gets no chance to tidy up
        p.waitForFinished();
        QVERIFY2(!finished, "the sweep ended before it could be killed");
        const QByteArray kept = contents(partial);
        const qsizetype keptRows = kept.count('\n') - 6;
        QVERIFY2(keptRows >= 5 && keptRows < 24, kept.constData());
        QVERIFY(expected.startsWith(kept)); // the rows kept are the uninterrupted sweep's
        QVERIFY(!QFileInfo::exists(out));

        const Outcome resumed = runCli(slowSweep + QStringList{"--resume", partial, "-o", out});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.err.contains(QStringLiteral("sweep: %1 points in").arg(24 - keptRows).toUtf8()) &&
                     resumed.err.contains(QStringLiteral(", %1 more from").arg(keptRows).toUtf8()),
                 resumed.err.constData());
        QCOMPARE(contents(out), expected);
        QVERIFY(!QFileInfo::exists(partial));

        // To stdout, from the rows cut inside the sixth: five rows kept, the rest run.
        const QString cut = dir.filePath("cut.csv");
        qsizetype end = 0;
        for (int line = 0; line < 6 + 5; ++line)
            end = expected.indexOf('\n', end) + 1;
        QVERIFY(writeFile(cut, expected.left(end + 8)));
        const Outcome fromCut = runCli(slowSweep + QStringList{"--resume", cut});
        QVERIFY2(fromCut.exitCode == 0, fromCut.err.constData());
        QVERIFY2(fromCut.err.contains("its last row was cut short; that point runs again") &&
                     fromCut.err.contains("sweep: 19 points in"),
                 fromCut.err.constData());
        QCOMPARE(fromCut.out, expected);
    }

    // A resume file of another sweep, or not a sweep table at all, is refused with
    // exit 1 and what differs; nothing is written and the file stays as it was.
    void sweepResumeRefusesOtherSweeps_data() {
        QTest::addColumn<QStringList>("earlier");
        QTest::addColumn<QString>("expected");
        QTest::newRow("other maneuver parameter")
            << QStringList{"-p", "pedal=0.5"} << "it is the output of another sweep: the maneuver differs "
                                                 "(the file: braking pedal=0.5 start_kmh=100 abs=0 traction_control=0; this sweep: "
                                                 "braking pedal=1 start_kmh=100 abs=0 traction_control=0)";
        QTest::newRow("other setup") << QStringList{"-s", "lotus_elise_s2"} << "the setup differs (the file: sha256=";
        QTest::newRow("other shard") << QStringList{"--shard", "1/2"}
                                     << "the shard count differs (the file: shard 1/2; this sweep: shard 0/1)";
        QTest::newRow("not a sweep") << QStringList{} << "no sweep identity at its top";
    }
    void sweepResumeRefusesOtherSweeps() {
        QFETCH(QStringList, earlier);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString out = dir.filePath("sweep.csv");
        const QString partial = out + ".partial"; // where an interrupted run would have left it
        if (earlier.isEmpty()) {
            QVERIFY(writeFile(partial, "time_s,throttle\n0,1\n"));
        } else {
            const Outcome other = runCli(quickSweep + earlier);
            QVERIFY2(other.exitCode == 0, other.err.constData());
            QVERIFY(writeFile(partial, other.out));
        }
        const QByteArray before = contents(partial);
        const Outcome o = runCli(quickSweep + QStringList{"--resume", partial, "-o", out});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.err.contains(QStringLiteral("cannot resume from %1: ").arg(partial).toUtf8()) &&
                     o.err.contains(expected.toUtf8()),
                 o.err.constData());
        QCOMPARE(contents(partial), before);
        QVERIFY(!QFileInfo::exists(out));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"sweep.csv.partial"});
    }

    // Every sweep output states its identity: the setup's hash is that of the setup
    // as export writes it without its "generator" line (so the hash stays the same
    // across versions), and a maneuver parameter given at its default changes nothing.
    void sweepStatesItsIdentity() {
        const Outcome exported = runCli({"export", "-s", "mazda_mx5_nd"});
        QCOMPARE(exported.exitCode, 0);
        const QRegularExpression generatorLine(QStringLiteral("\n    \"generator\": \"vehicle-workbench [^\"\n]*\","));
        QString setup = QString::fromUtf8(exported.out);
        QCOMPARE(setup.count(generatorLine), 1);
        setup.remove(generatorLine);
        const QByteArray hash = QCryptographicHash::hash(setup.toUtf8(), QCryptographicHash::Sha256).toHex();
        const Outcome o = runCli(quickSweep + QStringList{"-s", "mazda_mx5_nd", "--shard", "2/5"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QVERIFY2(o.out.startsWith("# vtw-cli sweep\n# setup sha256=" + hash +
                                  "\n# maneuver braking pedal=1 start_kmh=100 abs=0 traction_control=0\n"
                                  "# axis brakes.frontBias from=0.5 to=0.8 count=4\n"
                                  "# axis brakes.maxTorque from=3000 to=5000 count=3\n"
                                  "# shard 2/5\nindex,i,j,"),
                 o.out.constData());
        const Outcome given = runCli(quickSweep + QStringList{"-s", "mazda_mx5_nd", "--shard", "2/5", "-p", "start_kmh=100"});
        QCOMPARE(given.out, o.out);
    }

    // merge refuses, with exit 1 and the files named, shards of different sweeps, a
    // shard given twice and a shard missing; it writes nothing then.
    void mergeRefusesWhatIsNotOneSweep() {
        QTemporaryDir dir;
        QStringList shards;
        for (int i = 0; i < 4; ++i) {
            shards << dir.filePath(QStringLiteral("s%1.csv").arg(i));
            QCOMPARE(runCli(quickSweep + QStringList{"--shard", QStringLiteral("%1/4").arg(i), "-o", shards.last()})
                         .exitCode,
                     0);
        }
        const QString other = dir.filePath("other.csv");
        QCOMPARE(runCli(quickSweep + QStringList{"-m", "braking", "-p", "pedal=0.5", "--shard", "2/4", "-o", other})
                     .exitCode,
                 0);
        const QString copy = dir.filePath("copy.csv");
        QVERIFY(QFile::copy(shards[1], copy));
        const QString merged = dir.filePath("merged.csv");
        struct Case {
            QStringList files;
            QString expected;
        };
        const QList<Case> cases = {
            {{shards[0], shards[1], shards[3]}, "vtw-cli: merge: shard 2/4 missing"},
            {{shards[0], shards[1], copy, shards[2], shards[3]},
             QStringLiteral("vtw-cli: merge: %1 and %2 are both shard 1/4").arg(shards[1], copy)},
            {{shards[0], shards[1], other, shards[3]},
             QStringLiteral("vtw-cli: merge: %1 and %2 are not shards of one sweep: the maneuver differs (%1: "
                            "braking pedal=1 start_kmh=100 abs=0 traction_control=0; %2: braking pedal=0.5 start_kmh=100 abs=0 traction_control=0)")
                 .arg(shards[0], other)},
        };
        for (const Case& c : cases) {
            const Outcome o = runCli(QStringList{"merge", "-o", merged} + c.files);
            QCOMPARE(o.exitCode, 1);
            QVERIFY2(o.err.trimmed() == c.expected.toUtf8(), o.err.constData());
            QVERIFY(!QFileInfo::exists(merged));
        }
        const Outcome whole = runCli(quickSweep);
        const Outcome ok = runCli(QStringList{"merge"} + shards);
        QCOMPARE(ok.exitCode, 0);
        QCOMPARE(ok.out, whole.out);
    }

    // Shards that went through a Windows tool or an editor (CR LF lines, a byte order
    // mark) merge, and resume, as the tables they were.
    void convertedShardsMergeAndResume() {
        QTemporaryDir dir;
        const Outcome whole = runCli(quickSweep);
        QVERIFY2(whole.exitCode == 0, whole.err.constData());
        QStringList shards;
        for (int i = 0; i < 3; ++i) {
            shards << dir.filePath(QStringLiteral("s%1.csv").arg(i));
            const Outcome shard = runCli(quickSweep + QStringList{"--shard", QStringLiteral("%1/3").arg(i)});
            QVERIFY2(shard.exitCode == 0, shard.err.constData());
            QByteArray text = shard.out;
            if (i != 1)
                text.replace("\n", "\r\n");
            if (i != 0)
                text.prepend("\xEF\xBB\xBF");
            QVERIFY(writeFile(shards.last(), text));
        }
        const Outcome merged = runCli(QStringList{"merge"} + shards);
        QVERIFY2(merged.exitCode == 0, merged.err.constData());
        QCOMPARE(merged.out, whole.out);

        QByteArray partial = whole.out.left(whole.out.indexOf("\n5,") + 1);
        partial.replace("\n", "\r\n");
        const QString partialFile = dir.filePath("sweep.csv.partial");
        QVERIFY(writeFile(partialFile, "\xEF\xBB\xBF" + partial));
        const Outcome resumed = runCli(quickSweep + QStringList{"--resume", partialFile});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.err.contains("7 points in") && resumed.err.contains(", 5 more from"), resumed.err.constData());
        QCOMPARE(resumed.out, whole.out);
    }

    // A shard or resume file whose numbers are not the sweep's (a swept value that is
    // not its point's, a metric that is no finite figure) is refused, naming the file,
    // the line and the cell; nothing is written.
    void tablesWithWrongNumbersAreRefused() {
        QTemporaryDir dir;
        QStringList shards;
        QList<QByteArray> texts;
        for (int i = 0; i < 2; ++i) {
            shards << dir.filePath(QStringLiteral("s%1.csv").arg(i));
            const Outcome shard = runCli(quickSweep + QStringList{"--shard", QStringLiteral("%1/2").arg(i)});
            QVERIFY2(shard.exitCode == 0, shard.err.constData());
            texts << shard.out;
        }
        // Point 3 (i=1, j=0) is the second row of shard 1/2, on line 9.
        const qsizetype row = texts[1].indexOf("\n3,1,0,") + 1;
        const qsizetype rowEnd = texts[1].indexOf('\n', row);
        QList<QByteArray> cells = texts[1].mid(row, rowEnd - row).split(',');
        QCOMPARE(cells.size(), 11); // the braking run's five figures among them
        const QString merged = dir.filePath("merged.csv");
        struct Case {
            int cell;
            QByteArray value, expected;
        };
        const QList<Case> cases = {
            {3, "0.55", "line 9: point 3: brakes.frontBias is '0.55' where this point of the sweep has 0.6"},
            {6, "nan", "line 9: point 3: braking_100_0_kmh_s is 'nan': not a figure a run gives"},
            {7, "1e308", "line 9: point 3: braking_peak_decel_g is '1e308': not a figure a run gives"},
        };
        for (const Case& c : cases) {
            QList<QByteArray> changed = cells;
            changed[c.cell] = c.value;
            QVERIFY(writeFile(shards[0], texts[0]));
            QVERIFY(writeFile(shards[1], texts[1].left(row) + changed.join(',') + texts[1].mid(rowEnd)));
            const Outcome o = runCli(QStringList{"merge", "-o", merged} + shards);
            QCOMPARE(o.exitCode, 1);
            QVERIFY2(o.err.startsWith("vtw-cli: merge: " + shards[1].toUtf8() + ": " + c.expected), o.err.constData());
            QVERIFY(!QFileInfo::exists(merged));
            const Outcome resumed = runCli(quickSweep + QStringList{"--shard", "1/2", "--resume", shards[1]});
            QCOMPARE(resumed.exitCode, 1);
            QVERIFY2(resumed.err.startsWith("vtw-cli: cannot resume from " + shards[1].toUtf8() + ": " + c.expected),
                     resumed.err.constData());
            QVERIFY(resumed.out.isEmpty());
        }
    }

    // A count that is no count is named as such, not as a bad range.
    void sweepCountTooLargeIsNamed() {
        const Outcome o = runCli({"sweep", "-m", "braking", "--param", "brakes.frontBias", "--from", "0.5", "--to",
                                  "0.8", "--count", "99999999999999999999"});
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.trimmed() == "vtw-cli: sweep: --count 99999999999999999999 is not a valid count: the points "
                                    "of an axis are a whole number from 2 to 100000",
                 o.err.constData());
        const Outcome second = runCli(quickSweep + QStringList{"--count2", "1"});
        QCOMPARE(second.exitCode, 2);
        QVERIFY2(second.err.contains("--count2 1 is not a valid count"), second.err.constData());
    }

    void benchPrintsFigures() {
        const Outcome o = runCli({"bench", "--seconds", "1", "--runs", "1"});
        QCOMPARE(o.exitCode, 0);
        QVERIFY(o.out.contains("ns_per_step"));
        QVERIFY(o.out.contains("steps_per_second"));
        QVERIFY2(o.out.contains("lap_spa_ms") && o.out.contains("sweep_monza_200_final_drive_s") &&
                     o.out.contains("0 of 200 laps failed"),
                 o.out.constData());
        // The rule is the default car's unless named, and the output says which ran.
        QVERIFY2(o.out.contains("normalised-slip"), o.out.constData());
        const Outcome ellipse =
            runCli({"bench", "--seconds", "1", "--runs", "1", "--combined-slip", "friction-ellipse"});
        QCOMPARE(ellipse.exitCode, 0);
        QVERIFY2(ellipse.out.contains("friction-ellipse"), ellipse.out.constData());
    }

    // One spelling for every option set on the command line (lower-case words joined by
    // hyphens), and the older ones still work: bench's euler and semi-implicit, and a
    // setup file's keys (frictionEllipse, magicFormula). The output names the canonical one.
    void benchTakesEveryNameOfAnOption_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("printed");
        QTest::newRow("euler") << QStringList{"--integrator", "euler"} << "integrator explicit-euler";
        QTest::newRow("semi-implicit") << QStringList{"--integrator", "semi-implicit"}
                                       << "integrator semi-implicit-euler";
        QTest::newRow("rungeKutta4") << QStringList{"--integrator", "rungeKutta4"} << "integrator rk4";
        QTest::newRow("frictionEllipse") << QStringList{"--combined-slip", "frictionEllipse"} << "friction-ellipse";
        QTest::newRow("slipSpeed") << QStringList{"--tire", "slipSpeed"} << "tire slip-speed";
        QTest::newRow("slip-speed") << QStringList{"--tire", "slip-speed"} << "tire slip-speed";
    }
    void benchTakesEveryNameOfAnOption() {
        QFETCH(QStringList, args);
        QFETCH(QString, printed);
        const Outcome o = runCli(QStringList{"bench", "--seconds", "0.1", "--runs", "1"} + args);
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QVERIFY2(o.out.contains(printed.toUtf8()), o.out.constData());
    }

    // The help and the refusals list the registered CLI names (tires/TireModels.h, SetupOptions.h).
    void optionListsComeFromTheRegistries() {
        const Outcome help = runCli({"bench", "--help"});
        QCOMPARE(help.exitCode, 0);
        for (const vtw::TireModelInfo& m : vtw::tireModels)
            QVERIFY2(help.out.contains(m.cliName.data()), help.out.constData());
        for (const auto& i : vtw::integratorOptions)
            QVERIFY2(help.out.contains(i.cliName.data()), help.out.constData());
        const Outcome bad = runCli({"bench", "--integrator", "leapfrog"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("unknown integrator 'leapfrog' (known: explicit-euler, semi-implicit-euler, rk4)"),
                 bad.err.constData());
        const Outcome model = runCli({"tire", "--model", "wooden"});
        QCOMPARE(model.exitCode, 2);
        QVERIFY2(model.err.contains("unknown model 'wooden' (known: linear, table, magic-formula"), model.err.constData());
        const Outcome surface = runCli({"run", "--help"});
        for (const vtw::SurfacePreset& p : vtw::surfacePresets)
            QVERIFY2(surface.out.contains(p.key.data()), surface.out.constData());
        // Every command that takes -m lists the maneuver ids in its help, each id of
        // `vtw-cli maneuvers`.
        const Outcome maneuvers = runCli({"maneuvers"});
        QStringList ids;
        for (const QByteArray& line : maneuvers.out.split('\n'))
            if (!line.isEmpty() && !line.startsWith(' '))
                ids << QString::fromUtf8(line.left(line.indexOf('\t')));
        QVERIFY(ids.contains("acceleration") && ids.contains("dynamic-lap") && ids.contains("lap"));
        for (const char* command : {"run", "compare", "sweep", "correlate"}) {
            const QString help = QString::fromUtf8(runCli({command, "--help"}).out).simplified();
            QVERIFY2(help.contains(ids.join(", ")), qPrintable(QStringLiteral("%1: %2").arg(command, help)));
        }
    }

    // Each command's help names itself in its usage line, as it is typed.
    void helpUsageNamesTheCommand() {
        const QByteArray usage = runCli({"--help"}).out;
        const QByteArray commands = usage.mid(usage.indexOf("commands:\n") + 10);
        int seen = 0;
        for (const QByteArray& line : commands.split('\n')) {
            if (!line.startsWith("  "))
                break;
            const QByteArray command = line.trimmed().split(' ').first();
            const Outcome help = runCli({QString::fromUtf8(command), "--help"});
            QCOMPARE(help.exitCode, 0);
            QVERIFY2(help.out.startsWith("Usage: vtw-cli " + command + " [options]"), help.out.left(80).constData());
            ++seen;
        }
        QCOMPARE(seen, 14);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
