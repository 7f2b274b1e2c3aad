// The command-line tool as a user runs it: JSON on stdout, clear errors on bad input;
// runs, validation, setups rewritten, bench and the help. Tyres: tst_cli_tire; sweeps:
// tst_cli_sweep.
#include <QJsonDocument>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/vehicle/SetupOptions.h"
#include "core/tires/SurfacePresets.h"
#include "core/tires/TireModels.h"

#include "tests/support/CliRun.h"

#include <cmath>

namespace {

using vtw::test::Outcome;
using vtw::test::runCli;

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
