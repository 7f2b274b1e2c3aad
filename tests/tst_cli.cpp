// The command-line tool as a user runs it: JSON on stdout, clear errors on bad input.
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Outcome {
    int exitCode = -1;
    QByteArray out, err;
};

Outcome runCli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(VTW_CLI_PATH), args);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

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

    void runWritesTelemetryCsv() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.csv"));
        const Outcome o = runCli({"run", "-m", "braking", "--telemetry", path, "--decimation", "10"});
        QCOMPARE(o.exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QVERIFY(lines.size() > 100); // ~3 s at 1 ms, every 10th sample
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

    void benchPrintsFigures() {
        const Outcome o = runCli({"bench", "--seconds", "1", "--runs", "1"});
        QCOMPARE(o.exitCode, 0);
        QVERIFY(o.out.contains("ns_per_step"));
        QVERIFY(o.out.contains("steps_per_second"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
