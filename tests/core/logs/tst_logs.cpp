// Logged data (core/logs): the units loggers write and their SI factors, mapping files,
// the presets, the reader's refusals of bad logs, MoTeC i2 exports, laps and resampling.
#include "core/logs/LogLaps.h"
#include "core/logs/LogMapping.h"
#include "core/logs/LogPresets.h"
#include "core/logs/LogReader.h"
#include "core/logs/LogResample.h"
#include "core/logs/LogUnits.h"
#include "core/logs/LoggedLap.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <numbers>

using namespace vtw;

namespace {

// Converted values are products of one factor: exact but for the last bit.
constexpr double conversionTolerance = 1e-12;

LogMapping mappingOf(std::vector<LogChannelMap> channels, QString beacon = {}) {
    LogMapping m;
    m.preset = QStringLiteral("test");
    m.channels = std::move(channels);
    m.lapBeacon = std::move(beacon);
    return m;
}

QString firstError(const LogReadResult& r) {
    return r.errors.value(0);
}

} // namespace

class LogsTest : public QObject {
    Q_OBJECT
private slots:
    // Factors by definition: 1 km/h = 1/3.6 m/s; the international mile is 1609.344 m,
    // so 1 mph = 0.44704 m/s; the foot is 0.3048 m; standard gravity 9.80665 m/s^2.
    void unitsConvertToSi_data() {
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("si");
        QTest::addColumn<double>("factor");
        QTest::newRow("km/h") << "km/h" << "m/s" << 1.0 / 3.6;
        QTest::newRow("kph") << "kph" << "m/s" << 1.0 / 3.6;
        QTest::newRow("mph") << "mph" << "m/s" << 0.44704;
        QTest::newRow("m/s") << "m/s" << "m/s" << 1.0;
        QTest::newRow("deg") << "deg" << "rad" << std::numbers::pi / 180.0;
        QTest::newRow("g") << "g" << "m/s^2" << 9.80665;
        QTest::newRow("G") << "G" << "m/s^2" << 9.80665;
        QTest::newRow("deg/s") << "deg/s" << "rad/s" << std::numbers::pi / 180.0;
        QTest::newRow("%") << "%" << "1" << 0.01;
        QTest::newRow("km") << "km" << "m" << 1000.0;
        QTest::newRow("ft") << "ft" << "m" << 0.3048;
        QTest::newRow("mi") << "mi" << "m" << 1609.344;
        QTest::newRow("no unit") << "" << "1" << 1.0;
    }
    void unitsConvertToSi() {
        QFETCH(QString, unit);
        QFETCH(QString, si);
        QFETCH(double, factor);
        const auto conversion = unitConversion(unit);
        QVERIFY2(conversion, qPrintable(unit));
        QCOMPARE(conversion->siUnit, si);
        QVERIFY(std::abs(conversion->factor / factor - 1.0) < conversionTolerance);
    }

    void unknownUnitsAreNotGuessed() {
        QVERIFY(!unitConversion("furlong"));
        QVERIFY(!unitConversion("bar"));
        QCOMPARE(unitsConvertibleTo("m/s"), (QStringList{"m/s", "km/h", "mph"}));
    }

    void mappingFileRoundTrips() {
        LogMapping m = mappingOf({{"time", "Time", "ms", 1.0, 0.0}, {"speed", "GPS Speed", "mph", 2.0, -1.0}},
                                 "Lap");
        m.dialect = LogDialect::MotecI2;
        const LogMappingReadResult back = logMappingFromJson(logMappingToJson(m));
        QVERIFY2(back.mapping, qPrintable(back.errors.join('\n')));
        QCOMPARE(back.mapping->preset, m.preset);
        QCOMPARE(back.mapping->dialect, LogDialect::MotecI2);
        QCOMPARE(back.mapping->lapBeacon, QStringLiteral("Lap"));
        const LogChannelMap* speed = back.mapping->find("speed");
        QVERIFY(speed);
        QCOMPARE(speed->column, QStringLiteral("GPS Speed"));
        QCOMPARE(speed->unit, QStringLiteral("mph"));
        QCOMPARE(speed->scale, 2.0);
        QCOMPARE(speed->offset, -1.0);
    }

    void badMappingFilesAreRefusedWithTheKey() {
        const auto errorsOf = [](const char* json) {
            return logMappingFromJson(QByteArray(json)).errors.join('\n');
        };
        QVERIFY(errorsOf("{").contains("not valid JSON"));
        QVERIFY(errorsOf("{\"fileType\":\"vtw-setup\"}").contains("fileType"));
        const char* head = "{\"fileType\":\"vtw-log-mapping\",\"version\":1,\"channels\":";
        QVERIFY(errorsOf((QByteArray(head) + "{\"time\":{\"column\":\"t\",\"unit\":\"km/h\"}}}").constData())
                    .contains("channels.time.unit: 'km/h' does not convert to s"));
        QVERIFY(errorsOf((QByteArray(head) + "{\"wings\":{\"column\":\"w\"}}}").constData())
                    .contains("channels.wings"));
        QVERIFY(errorsOf((QByteArray(head) + "{\"speed\":{\"column\":\"v\"}}}").constData())
                    .contains("map time or distance"));
        QByteArray deep(100, '[');
        QVERIFY(logMappingFromJson(deep).errors.join('\n').contains("nested"));
    }

    void genericLogIsReadInSiUnits() {
        const QByteArray csv = "Time,Speed,Steer,Lat\n"
                               "0,36,10,1\n"
                               "0.5,72,-20,0.5\n";
        const LogMapping m = mappingOf({{"time", "Time", "s"},
                                        {"speed", "Speed", "km/h"},
                                        {"steer_angle", "Steer", "deg"},
                                        {"ay", "Lat", "g", 1.0, 0.0}});
        const LogReadResult r = readLog(csv, m);
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        const ChannelTable& t = *r.table;
        QCOMPARE(t.sampleCount(), std::size_t(2));
        QCOMPARE(t.find("speed")->unit, std::string("m/s"));
        QVERIFY(std::abs(t.find("speed")->values[1] - 20.0) < conversionTolerance);
        QVERIFY(std::abs(t.find("steer_angle")->values[1] + 20.0 * std::numbers::pi / 180.0) < conversionTolerance);
        QVERIFY(std::abs(t.find("ay")->values[0] - 9.80665) < conversionTolerance);
    }

    void scaleAndOffsetApplyBeforeTheUnit() {
        // A throttle sensor's raw counts 0..1000 as per cent: % = raw * 0.1 + 0.
        const LogReadResult r =
            readLog("t,thr\n0,500\n1,1000\n", mappingOf({{"time", "t", "s"}, {"throttle", "thr", "%", 0.1, 0.0}}));
        QVERIFY(r.ok());
        QVERIFY(std::abs(r.table->find("throttle")->values[0] - 0.5) < conversionTolerance);
        QVERIFY(std::abs(r.table->find("throttle")->values[1] - 1.0) < conversionTolerance);
    }

    void workbenchHeaderGivesNameAndUnit() {
        const LogColumns columns = inspectLog("time [s],speed [m/s],limit\n0,1,grip\n", 5);
        QCOMPARE(columns.names, (QStringList{"time", "speed", "limit"}));
        QCOMPARE(columns.units, (QStringList{"s", "m/s", ""}));
        QCOMPARE(columns.rows.size(), std::size_t(1));
        const LogReadResult r = readLog("time [s],speed [km/h],limit\n0,36,grip\n1,72,power\n",
                                        mappingOf({{"time", "time", {}}, {"speed", "speed", {}}}));
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        QVERIFY(std::abs(r.table->find("speed")->values[0] - 10.0) < conversionTolerance);
    }

    void badLogsAreRefusedNamingWhere_data() {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing column") << QByteArray("t,v\n0,1\n")
                                        << "column 'Speed' (mapped to speed) is not in the log; its columns: t, v";
        QTest::newRow("time backwards") << QByteArray("t,Speed [m/s]\n0,1\n2,1\n1,1\n")
                                        << "line 4: time goes backwards, from 2 s to 1 s";
        QTest::newRow("not a number") << QByteArray("t,Speed [m/s]\n0,1\n1,fast\n") << "line 3, column 'Speed': 'fast' is not a number";
        QTest::newRow("nan") << QByteArray("t,Speed [m/s]\n0,nan\n") << "line 2, column 'Speed': 'nan' is not a finite number";
        QTest::newRow("short row") << QByteArray("t,Speed [m/s]\n0\n") << "line 2: 1 cells, too few for column 'Speed'";
        QTest::newRow("no rows") << QByteArray("t,Speed [m/s]\n") << "no rows of data";
        QTest::newRow("empty") << QByteArray() << "the file is empty";
        QTest::newRow("numbers for a header") << QByteArray("0,1\n") << "line 1 holds numbers";
        QTest::newRow("wrong unit") << QByteArray("t,Speed [bar]\n0,1\n") << "unit 'bar' is unknown";
        QTest::newRow("long line") << QByteArray("t,Speed [m/s]\n") + QByteArray(maxLogLineBytes + 1, '1')
                                   << QString("line 2: longer than %1 bytes").arg(maxLogLineBytes);
    }
    void badLogsAreRefusedNamingWhere() {
        QFETCH(QByteArray, csv);
        QFETCH(QString, message);
        const LogReadResult r = readLog(csv, mappingOf({{"time", "t", "s"}, {"speed", "Speed", {}}}));
        QVERIFY(!r.ok());
        QVERIFY2(firstError(r).contains(message), qPrintable(firstError(r)));
    }

    void unmappedColumnsAreNotRead() {
        // Text, an open quote and missing cells past the mapped columns are no problem.
        const LogReadResult r = readLog("t,v,note,more\n0,1,fast,\"open\n1,2\n",
                                        mappingOf({{"time", "t", "s"}, {"speed", "v", "m/s"}}));
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        QCOMPARE(r.table->find("speed")->values, (std::vector<double>{1.0, 2.0}));
    }

    void oversizedLogIsRefusedBeforeReading() {
        QTemporaryDir dir;
        const QString path = dir.filePath("huge.csv");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(maxLogBytes + 1)); // sparse: no disk written
        file.close();
        const LogReadResult r = readLogFile(path, mappingOf({{"time", "t", "s"}}), InputKinds::RegularFilesOnly);
        QVERIFY(!r.ok());
        QVERIFY2(firstError(r).contains("larger than the 128 MiB limit"), qPrintable(firstError(r)));
    }

    void tooManyRowsAreRefusedNamingTheLimit() {
        QByteArray csv = "t\n";
        csv.reserve(qsizetype(maxLogRows) * 2 + 16);
        for (qsizetype k = 0; k <= maxLogRows; ++k)
            csv += "0\n";
        const LogReadResult r = readLog(csv, mappingOf({{"time", "t", "s"}}));
        QVERIFY(!r.ok());
        QVERIFY2(firstError(r).contains(QString("more than %1 rows").arg(maxLogRows)), qPrintable(firstError(r)));
    }

    void motecExportIsRead() {
        // The layout of MoTeC i2's CSV export: metadata rows, blank lines, the channel
        // names, their units, then quoted numbers.
        const QByteArray csv = "\"Format\",\"MoTeC CSV File\",,,\"Workbook\",\"\"\n"
                               "\"Venue\",\"Test\",,,\"Worksheet\",\"\"\n"
                               "\"Sample Rate\",\"10.000\",\"Hz\",,\"End Time\",\"0.300\",\"s\"\n"
                               "\"Beacon Markers\",\"0.150 \"\n"
                               "\n\n"
                               "\"Time\",\"Distance\",\"Ground Speed\",\"G Force Lat\",\"Gear\"\n"
                               "\"s\",\"m\",\"km/h\",\"G\",\"\"\n"
                               "\n"
                               "\"0.000\",\"0\",\"36.0\",\"0.5\",\"2\"\n"
                               "\"0.100\",\"1\",\"36.0\",\"0.5\",\"2\"\n"
                               "\"0.200\",\"2\",\"72.0\",\"1.0\",\"3\"\n"
                               "\"0.300\",\"4\",\"72.0\",\"1.0\",\"3\"\n";
        const LogColumns columns = inspectLog(csv, 2);
        QCOMPARE(columns.dialect, LogDialect::MotecI2);
        QCOMPARE(columns.names.value(2), QStringLiteral("Ground Speed"));
        QCOMPARE(columns.units.value(2), QStringLiteral("km/h"));
        QCOMPARE(columns.rows.size(), std::size_t(2));
        LogMapping m = *findBuiltInLogPreset("motec");
        std::erase_if(m.channels, [](const LogChannelMap& c) {
            return c.target == "rpm" || c.target == "throttle" || c.target == "steer_angle" || c.target == "ax";
        });
        const LogReadResult r = readLog(csv, m);
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        QVERIFY(std::abs(r.table->find("speed")->values[2] - 20.0) < conversionTolerance);
        QVERIFY(std::abs(r.table->find("ay")->values[2] - 9.80665) < conversionTolerance);
        QCOMPARE(r.table->find("gear")->values[3], 3.0);
        QCOMPARE(r.beaconTimes, std::vector<double>{0.15});
        const std::vector<LogLapSpan> laps = splitLogLaps(*r.table, r.beacon, r.beaconTimes);
        QCOMPARE(laps.size(), std::size_t(2));
        QCOMPARE(laps[1].begin, std::size_t(2));
        // The full preset names columns this export lacks: refused, naming the first.
        const LogReadResult full = readLog(csv, *findBuiltInLogPreset("motec"));
        QVERIFY(firstError(full).contains("column 'Engine RPM' (mapped to rpm) is not in the log"));
        // A generic mapping for a MoTeC file says what the file is.
        QVERIFY(firstError(readLog(csv, mappingOf({{"time", "Time", "s"}}))).contains("MoTeC i2 export"));
    }

    void lapsSplitAtABeaconOrTheDistanceWrap() {
        ChannelTable log;
        log.add({"time", "s", "Time", {0, 1, 2, 3, 4, 5, 6}});
        log.add({"distance", "m", "Distance", {900, 950, 20, 70, 120, 30, 80}});
        const std::vector<LogLapSpan> wraps = splitLogLaps(log, {}, {});
        QCOMPARE(wraps.size(), std::size_t(3));
        QCOMPARE(wraps[1].begin, std::size_t(2));
        QCOMPARE(wraps[1].end, std::size_t(5));
        const ChannelTable lap = logLap(log, wraps[1]);
        QCOMPARE(lap.find("time")->values, (std::vector<double>{0, 1, 2}));
        QCOMPARE(lap.find("distance")->values, (std::vector<double>{0, 50, 100}));
        // A lap counter: the lap starts where it counts on.
        const std::vector<LogLapSpan> counted = splitLogLaps(log, {1, 1, 1, 1, 2, 2, 2}, {});
        QCOMPARE(counted.size(), std::size_t(2));
        QCOMPARE(counted[1].begin, std::size_t(4));
        // Noise of a few metres backwards is no new lap.
        ChannelTable noisy;
        noisy.add({"distance", "m", "Distance", {0, 5, 4, 9, 8, 15}});
        QCOMPARE(splitLogLaps(noisy, {}, {}).size(), std::size_t(1));
    }

    void resamplingPutsTheLogOnOneRate() {
        ChannelTable log;
        log.add({"time", "s", "Time", {0.0, 0.3, 1.0}});
        log.add({"speed", "m/s", "Speed", {0.0, 3.0, 10.0}});
        log.add({"gear", "1", "Gear", {1.0, 2.0, 3.0}});
        const ResampleResult r = resampleLog(log, 10.0);
        QVERIFY2(r.table, qPrintable(r.error));
        QCOMPARE(r.table->sampleCount(), std::size_t(11));
        // Speed is linear in time here (v = 10 t): interpolation gives 10 t exactly-ish.
        for (std::size_t k = 0; k < 11; ++k)
            QVERIFY(std::abs(r.table->find("speed")->values[k] - 10.0 * r.table->find("time")->values[k]) < 1e-12);
        // The gear is held: 1 before 0.3 s, 2 until 1.0 s.
        QCOMPARE(r.table->find("gear")->values[2], 1.0);
        QCOMPARE(r.table->find("gear")->values[3], 2.0);
        QCOMPARE(r.table->find("gear")->values[9], 2.0);
        QCOMPARE(r.table->find("gear")->values[10], 3.0);
        QVERIFY(!resampleLog(log, 0.0).table);
        QVERIFY(resampleLog(log, 1e9).error.contains("at most"));
    }

    void loggedLapChoosesALap() {
        const QByteArray csv = "t,d\n0,0\n1,50\n2,100\n3,5\n4,55\n5,105\n6,10\n";
        const LogMapping m = mappingOf({{"time", "t", "s"}, {"distance", "d", "m"}});
        const LoggedLapResult second = loggedLapFromBytes(csv, "run.csv", m, {2, 0.0});
        QVERIFY2(second.lap, qPrintable(second.errors.join('\n')));
        QCOMPARE(second.lap->lapCount, 2); // the last lap has one sample only
        QCOMPARE(second.lap->name, QStringLiteral("run.csv, lap 2 of 2"));
        QCOMPARE(second.lap->table.find("distance")->values, (std::vector<double>{0, 50, 100}));
        QCOMPARE(second.lap->lapDurations, (std::vector<double>{2.0, 2.0}));
        const LoggedLapResult none = loggedLapFromBytes(csv, "run.csv", m, {3, 0.0});
        QVERIFY(none.errors.value(0).contains("lap 3 asked for; the log has 2 laps"));
    }
};

QTEST_GUILESS_MAIN(LogsTest)
#include "tst_logs.moc"
