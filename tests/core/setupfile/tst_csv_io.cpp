// CSV and lookup-table import/export, and the scripted-maneuver reader.

#include "core/setupfile/CsvIo.h"
#include "core/setupfile/CsvLines.h"
#include "core/setupfile/ScriptCsv.h"
#include "core/setupfile/SetupMetadata.h"

#include <QtTest>

#include <cmath>

using namespace vtw;

namespace {

// The default setup's gearbox, which the scripts below are read against.
constexpr int sixSpeed = 6;
const CurveRules& torqueRules() {
    return findField("engine.torqueCurve_rpm_Nm")->curveRules;
}
const CurveRules& tableRules() {
    return findField("tires.front.table.lateral")->curveRules;
}
} // namespace

class TestCsvIo : public QObject {
    Q_OBJECT
private slots:
    void curveCsvRoundTrip_data();
    void curveCsvRoundTrip();
    void curveCsvVariants_data();
    void curveCsvVariants();
    void curveCsvRefused_data();
    void curveCsvRefused();
    void problemsListedUpToTheCap();
    void longCommentSkipped();
    void numbersReadAsQtReadsThem_data();
    void numbersReadAsQtReadsThem();
    void scriptRowCap();
    void lookupTableRoundTrip();
    void lookupTableImport();
    void lookupTableRefused();
    void tableWriter();
    void metricsWriter();
    void scriptRoundTrip();
    void scriptAnyColumnOrder();
    void scriptLimitsFollowTheGearbox();
    void scriptRefused_data();
    void scriptRefused();
};

void TestCsvIo::curveCsvRoundTrip_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("torque curve") << 0;
    QTest::newRow("tire lateral table") << 1;
    QTest::newRow("awkward doubles") << 2;
}

void TestCsvIo::curveCsvRoundTrip() {
    QFETCH(int, which);
    const Setup s = defaultSetup();
    const Curve curve = which == 0   ? s.engine.torqueCurve
                        : which == 1 ? s.frontTires.table.lateral
                                     : Curve{{0, 0}, {0.1 + 0.2, 1.0 / 3.0}, {1e-9, 2.5e300}};
    Curve sorted = curve;
    std::sort(sorted.points().begin(), sorted.points().end(),
              [](const CurvePoint& a, const CurvePoint& b) { return a.x < b.x; });
    const QByteArray csv = writeCurveCsv(sorted, "rpm", "torque [N m]");
    QVERIFY(csv.startsWith("rpm,torque [N m]\n"));
    const CurveImportResult r = readCurveCsv(csv, which == 0 ? torqueRules() : tableRules());
    QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
    QCOMPARE(*r.curve, sorted);
}

void TestCsvIo::curveCsvVariants_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("no header") << QByteArray("1000,300\n6000,250\n");
    QTest::newRow("semicolons, CRLF") << QByteArray("rpm;Nm\r\n1000;300\r\n6000;250\r\n");
    QTest::newRow("tabs, blank lines, comments")
        << QByteArray("# exported\n\nrpm\tNm\n1000\t300\n\n6000\t250");
    QTest::newRow("quoted header, spaces")
        << QByteArray("\"rpm\", \"N m\"\n 1000 , 300\n6e3,2.5e2\n");
    // A spreadsheet's export: separators and quotes inside quoted cells are text.
    QTest::newRow("quoted commas in the header")
        << QByteArray("\"Engine speed, rpm\",\"Torque, N m\"\n1000,300\n6000,250\n");
    QTest::newRow("quoted semicolons and escaped quotes")
        << QByteArray("\"speed; \"\"rpm\"\"\";\"torque\"\n\"1000\";\"300\"\n6000;250\n");
}

void TestCsvIo::curveCsvVariants() {
    QFETCH(QByteArray, bytes);
    const CurveImportResult r = readCurveCsv(bytes, torqueRules());
    QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
    QCOMPARE(*r.curve, (Curve{{1000, 300}, {6000, 250}}));
}

void TestCsvIo::curveCsvRefused_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    QTest::newRow("empty") << QByteArray() << "at least 2 points";
    QTest::newRow("one point") << QByteArray("rpm,Nm\n1000,300\n") << "at least 2 points";
    QTest::newRow("x not increasing")
        << QByteArray("1000,300\n1000,310\n") << "torque[1]: x must be greater";
    QTest::newRow("negative torque")
        << QByteArray("1000,300\n2000,-1\n") << "torque[1]: y must be >= 0";
    QTest::newRow("three columns")
        << QByteArray("1000,300,1\n2000,310,2\n") << "line 1: expected 2 columns";
    QTest::newRow("text in data") << QByteArray("1000,300\n2000,lots\n")
                                  << "line 2: \"lots\" is not a number";
    QTest::newRow("header twice") << QByteArray("rpm,Nm\nrpm,Nm\n1000,3\n2000,4\n") << "line 2";
    QTest::newRow("nan") << QByteArray("1000,300\n2000,nan\n") << "finite";
    QByteArray many;
    for (int i = 0; i < 10002; ++i)
        many += QByteArray::number(i) + ",1\n";
    QTest::newRow("too many points") << many << "more than 10000 points";
    // A line longer than any row is refused unsplit, whatever it holds (its
    // millions of cells cost seconds and half a gigabyte).
    QTest::newRow("line over the length cap")
        << "1000,300\n2000," + QByteArray(5000, '1') + "\n" << "line 2: longer than 4096 bytes";
    QTest::newRow("long line of cells")
        << QByteArray("0,").repeated(300000) + "0\n" << "line 1: longer than 4096 bytes";
    // The cap is on the line as written: blanks around a short row count too.
    QTest::newRow("row padded past the cap")
        << "1000,300\n2000,310" + QByteArray(5000, ' ') + "\n" << "line 2: longer than 4096 bytes";
    QTest::newRow("row indented past the cap")
        << "1000,300\n" + QByteArray(4090, '\t') + "2000,310\n" << "line 2: longer than 4096 bytes";
}

void TestCsvIo::curveCsvRefused() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    const CurveImportResult r = readCurveCsv(bytes, torqueRules(), "torque");
    QVERIFY(!r.ok());
    QVERIFY2(r.errors.join('\n').contains(reason), qPrintable(r.errors.join('\n')));
}

// A file full of bad lines gives its first problems and stops reading: a
// million messages would cost more than the file, and say nothing more.
void TestCsvIo::problemsListedUpToTheCap() {
    const CurveImportResult curve = readCurveCsv(QByteArray("1,2,3\n").repeated(5000), torqueRules());
    QVERIFY(!curve.ok());
    QCOMPARE(curve.errors.size(), csv::maxListedProblems + 1);
    QCOMPARE(curve.errors[99], QString("line 100: expected 2 columns, found 3"));
    QCOMPARE(curve.errors.last(), QString("more problems follow; the reading stopped after 100"));
    const QByteArray rows = "time_s,throttle,brake,steer,gear\n" + QByteArray("0,2,0,0,1\n").repeated(5000);
    const ScriptReadResult script = readScriptCsv(rows, sixSpeed);
    QCOMPARE(script.errors.size(), csv::maxListedProblems + 1);
    QCOMPARE(script.errors[99], QString("line 101, throttle: must be within 0..1"));
    QCOMPARE(script.errors.last(), QString("more problems follow; the reading stopped after 100"));
    // Exactly the cap: every problem listed, and nothing said of more.
    const CurveImportResult hundred = readCurveCsv(QByteArray("1,2,3\n").repeated(100), torqueRules());
    QCOMPARE(hundred.errors.size(), 100);
}

// A comment is skipped however long; the cap is for rows.
void TestCsvIo::longCommentSkipped() {
    const CurveImportResult curve =
        readCurveCsv("# " + QByteArray(10000, 'c') + "\n1000,300\n2000,250\n", torqueRules());
    QVERIFY2(curve.ok(), qPrintable(curve.errors.join('\n')));
    const CurveImportResult table =
        readLookupTable("// " + QByteArray(10000, 'c') + "\n1000|300\n2000|250\n", torqueRules());
    QVERIFY2(table.ok(), qPrintable(table.errors.join('\n')));
}

// Plain decimals take a quicker path than Qt's parser; the double is the same.
void TestCsvIo::numbersReadAsQtReadsThem_data() {
    QTest::addColumn<QString>("text");
    for (const char* text :
         {"0", "-0", "1500", "-12.5", ".5", "5.", "-.5", "1e5", "1E-5", "2.5e+3", "00012",
          "0.1", "3.14159265358979323846", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308",
          "1e999", "-1e999", "1e-999", "+1", "+.5", "inf", "-inf", "nan", "1e", "1e+", "--1", "1-2",
          "1.2.3", "e5", ".", "-", "", "1,5", " 7 ", "0x10", "\u0661", "12345678901234567890123"})
        QTest::newRow(text) << QString::fromUtf8(text);
}

void TestCsvIo::numbersReadAsQtReadsThem() {
    QFETCH(QString, text);
    bool ok = false;
    const double qt = text.toDouble(&ok);
    const std::optional<double> ours = csv::parseNumber(text);
    QCOMPARE(ours.has_value(), ok);
    if (ok && !std::isnan(qt)) {
        QCOMPARE(*ours, qt);
        QCOMPARE(std::signbit(*ours), std::signbit(qt));
    }
}

// The most rows a script may have are read; one more refuses the file with that alone.
void TestCsvIo::scriptRowCap() {
    QByteArray rows = "time_s,throttle,brake,steer,gear\n";
    for (int i = 0; i < maxScriptRows; ++i)
        rows += QByteArray::number(i * 0.001, 'f', 3) + ",1,0,0,1\n";
    const ScriptReadResult atCap = readScriptCsv(rows, sixSpeed);
    QVERIFY2(atCap.ok(), qPrintable(atCap.errors.value(0)));
    QCOMPARE(atCap.rows.size(), std::size_t(maxScriptRows));
    const ScriptReadResult over = readScriptCsv(rows + "1000.000,1,0,0,1\n", sixSpeed);
    QCOMPARE(over.errors, QStringList{"more than 1000000 rows"});
}

void TestCsvIo::lookupTableRoundTrip() {
    const Curve torque = defaultSetup().engine.torqueCurve;
    const QByteArray lut = writeLookupTable(torque);
    QVERIFY(lut.startsWith("1000|390\n2000|435\n"));
    const CurveImportResult r = readLookupTable(lut, torqueRules());
    QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
    QCOMPARE(*r.curve, torque);
}

void TestCsvIo::lookupTableImport() {
    const CurveImportResult r = readLookupTable(
        "; power.lut\n// comment\n0|0\r\n1000 | 150.5\n\n7000|120\n", torqueRules());
    QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
    QCOMPARE(*r.curve, (Curve{{0, 0}, {1000, 150.5}, {7000, 120}}));
}

void TestCsvIo::lookupTableRefused() {
    QVERIFY(!readLookupTable("rpm|Nm\n0|0\n1000|150\n", torqueRules()).ok()); // no headers
    QVERIFY(!readLookupTable("0,0\n1000,150\n", torqueRules()).ok());
    const CurveImportResult r =
        readLookupTable("0|0\n2000|150\n1000|100\n", torqueRules(), "power");
    QVERIFY(!r.ok());
    QVERIFY2(r.errors.contains("power[2]: x must be greater than the previous point's x"),
             qPrintable(r.errors.join('\n')));
    const CurveImportResult longLine =
        readLookupTable("0|0\n" + QByteArray("1|").repeated(3000) + "1\n", torqueRules());
    QCOMPARE(longLine.errors,
             QStringList{"line 2: longer than 4096 bytes, not a row of this table"});
}

void TestCsvIo::tableWriter() {
    const QByteArray csv = writeTableCsv({{"time", "s", {0.0, 0.001, 0.002}},
                                          {"speed", "m/s", {0.0, 0.1 + 0.2}},
                                          {"gear", "", {1, 1, 2}},
                                          {"slip, FL", "", {0.5}}});
    QCOMPARE(csv, QByteArray("time [s],speed [m/s],gear,\"slip, FL\"\n"
                             "0,0,1,0.5\n"
                             "0.001,0.30000000000000004,1,\n"
                             "0.002,,2,\n"));
}

void TestCsvIo::metricsWriter() {
    const QByteArray csv = writeMetricsCsv({{"0-100 km/h", 5.25, "s", true, {}},
                                            {"stopping distance, 100-0", 36.5, "m", true, {}},
                                            {"max \"g\"", 1.0, "", true, {}},
                                            {"response", -0.125, "s", false, "spun, sideslip 30 deg"}});
    QCOMPARE(csv, QByteArray("metric,value,unit,valid,invalid_reason\n"
                             "0-100 km/h,5.25,s,1,\n"
                             "\"stopping distance, 100-0\",36.5,m,1,\n"
                             "\"max \"\"g\"\"\",1,,1,\n"
                             "response,-0.125,s,0,\"spun, sideslip 30 deg\"\n"));
}

void TestCsvIo::scriptRoundTrip() {
    const std::vector<ScriptRow> rows{{0.0, 0.0, 0.0, 0.0, 1},
                                      {0.5, 1.0, 0.0, 0.1 / 3.0, 1},
                                      {2.25, 0.0, 0.8, -1.0, 0},
                                      {3.0, 0.3, 0.0, 1.0, -1}};
    const ScriptReadResult r = readScriptCsv(writeScriptCsv(rows), sixSpeed);
    QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
    QCOMPARE(r.rows, rows);
}

void TestCsvIo::scriptAnyColumnOrder() {
    const ScriptReadResult r =
        readScriptCsv("gear,steer,brake,throttle,time_s\n2,0.5,0,1,0\n3,-0.5,0.2,0,1.5\n", sixSpeed);
    QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
    QCOMPARE(r.rows.size(), std::size_t(2));
    QCOMPARE(r.rows[1], (ScriptRow{1.5, 0.0, 0.2, -0.5, 3}));
}

void TestCsvIo::scriptLimitsFollowTheGearbox() {
    // The top gear and the longest duration are accepted; the gear limit is the box's.
    const QByteArray bytes = "time_s,throttle,brake,steer,gear\n0,1,0,0,-1\n1,1,0,0,0\n"
                             "2,1,0,0,6\n3600,1,0,0,6\n";
    const ScriptReadResult six = readScriptCsv(bytes, sixSpeed);
    QVERIFY2(six.ok(), qPrintable(six.errors.join('\n')));
    QCOMPARE(six.rows.back(), (ScriptRow{3600.0, 1.0, 0.0, 0.0, 6}));
    const ScriptReadResult five = readScriptCsv(bytes, 5);
    QCOMPARE(five.errors, (QStringList{"line 4, gear: 6 is not a gear of this 5-speed gearbox "
                                       "(-1 reverse, 0 neutral, 1..5)",
                                       "line 5, gear: 6 is not a gear of this 5-speed gearbox "
                                       "(-1 reverse, 0 neutral, 1..5)"}));
    QVERIFY(five.rows.empty());
}

void TestCsvIo::scriptRefused_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    const QByteArray h = "time_s,throttle,brake,steer,gear\n";
    QTest::newRow("no header") << QByteArray("0,1,0,0,1\n1,1,0,0,1\n")
                               << "line 1: unknown column \"0\"";
    QTest::newRow("missing column")
        << QByteArray("time_s,throttle,brake,steer\n0,1,0,0\n") << "missing column \"gear\"";
    QTest::newRow("duplicate column") << QByteArray("time_s,throttle,brake,steer,gear,brake\n")
                                      << "column \"brake\" appears twice";
    QTest::newRow("empty") << QByteArray("\n\n") << "empty script";
    QTest::newRow("header only") << h << "no rows";
    QTest::newRow("time not increasing") << h + "0,0,0,0,1\n1,0,0,0,1\n1,0,0,0,1\n"
                                         << "line 4, time_s: must be greater";
    QTest::newRow("negative time") << h + "-1,0,0,0,1\n"
                                   << "line 2, time_s: must be within 0..";
    QTest::newRow("throttle above 1") << h + "0,1.5,0,0,1\n"
                                      << "line 2, throttle: must be within 0..1";
    QTest::newRow("brake negative") << h + "0,0,-0.1,0,1\n"
                                    << "line 2, brake: must be within 0..1";
    QTest::newRow("steer beyond lock") << h + "0,0,0,-1.01,1\n"
                                       << "line 2, steer: must be within -1..1";
    QTest::newRow("fractional gear") << h + "0,0,0,0,1.5\n"
                                     << "line 2, gear: must be an integer";
    QTest::newRow("gear too low") << h + "0,0,0,0,-2\n"
                                  << "line 2, gear: -2 is not a gear of this 6-speed gearbox";
    QTest::newRow("gear beyond the box") << h + "0,0,0,0,1\n1,0,0,0,7\n"
                                         << "line 3, gear: 7 is not a gear of this 6-speed gearbox "
                                            "(-1 reverse, 0 neutral, 1..6)";
    QTest::newRow("time beyond the cap")
        << h + "0,1,0,0,1\n1e9,1,0,0,1\n"
        << "line 3, time_s: 1e+09 s is beyond the 3600 s a script may last";
    QTest::newRow("nan throttle") << h + "0,nan,0,0,1\n"
                                  << "line 2, throttle: \"nan\" is not a finite";
    QTest::newRow("short row") << h + "0,0,0,1\n"
                               << "line 2: expected 5 columns, found 4";
    QTest::newRow("row over the length cap")
        << h + "0,0,0,0,1\n1," + QByteArray("0,").repeated(3000) + "1\n"
        << "line 3: longer than 4096 bytes, not a row of this table";
    QTest::newRow("header over the length cap")
        << QByteArray("time_s,").repeated(1000) + "\n0,0,0,0,1\n" << "line 1: longer than 4096 bytes";
}

void TestCsvIo::scriptRefused() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    const ScriptReadResult r = readScriptCsv(bytes, sixSpeed);
    QVERIFY(!r.ok());
    QVERIFY(r.rows.empty());
    QVERIFY2(r.errors.join('\n').contains(reason), qPrintable(r.errors.join('\n')));
}

QTEST_GUILESS_MAIN(TestCsvIo)
#include "tst_csv_io.moc"
