// Runs as tables of named channels (core/analysis/ChannelTable): lookup, the checks that
// keep a table rectangular, and a simulated run's telemetry as a table.
#include "Setup.h"
#include "Telemetry.h"
#include "analysis/ChannelTable.h"
#include "analysis/TraceInterpolation.h"
#include "maneuvers/BrakingRun.h"
#include "maneuvers/ManeuverRunner.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using namespace vtw;

class ChannelTableTest : public QObject {
    Q_OBJECT
private slots:
    void addsAndFindsChannelsByName() {
        ChannelTable table;
        table.add({"time", "s", "Time", {0.0, 0.1, 0.2}});
        table.add({"speed", "m/s", "Speed", {10.0, 11.0, 12.0}});
        QCOMPARE(table.sampleCount(), std::size_t(3));
        QCOMPARE(table.indexOf("speed"), 1);
        QVERIFY(table.find("rpm") == nullptr);
        QCOMPARE(table.find("speed")->values[2], 12.0);
        table.remove("time");
        QCOMPARE(table.channelCount(), std::size_t(1));
        QVERIFY(!table.has("time"));
    }

    void refusesChannelsThatBreakTheTable() {
        ChannelTable table;
        table.add({"time", "s", "Time", {0.0, 0.1}});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, table.add({"time", "s", "Time", {0.0, 0.1}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, table.add({"", "s", "", {0.0, 0.1}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, table.add({"rpm", "rpm", "", {1.0}}));
        table.add({"rpm", "rpm", "Engine speed", {900.0, 950.0}});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, table.set({"time", "s", "", {1.0}}));
        table.set({"time", "s", "Time", {5.0, 6.0}});
        QCOMPARE(table.find("time")->values[0], 5.0);
    }

    void telemetryBecomesATableOfTheSameColumns() {
        BrakingRun run;
        RunOptions options;
        options.recordTelemetry = true;
        const RunResult result = runManeuver(defaultSetup(), run, options);
        const ChannelTable table = channelTableOf(result.telemetry);
        QCOMPARE(table.channelCount(), result.telemetry.channelCount());
        QCOMPARE(table.sampleCount(), result.telemetry.sampleCount());
        QVERIFY(table.sampleCount() > 10);
        QVERIFY(table.find("speed")->values == result.telemetry.column("speed"));
        QCOMPARE(QString::fromStdString(table.find("speed")->unit), QStringLiteral("m/s"));
    }

    void interpolatesInsideAndLeavesGapsOutside() {
        // Linear interpolation between (0, 0) and (2, 4): y = 2x inside, NaN outside.
        const auto y = interpolateOnto({0.0, 2.0}, {0.0, 4.0}, {-1.0, 0.5, 2.0, 3.0});
        QVERIFY(std::isnan(y[0]));
        QCOMPARE(y[1], 1.0);
        QCOMPARE(y[2], 4.0);
        QVERIFY(std::isnan(y[3]));
    }
};

QTEST_GUILESS_MAIN(ChannelTableTest)
#include "tst_channel_table.moc"
