// Runs as tables of named channels (core/analysis/ChannelTable): lookup, the checks that
// keep a table rectangular, and a simulated run's telemetry as a table.
#include "core/vehicle/Setup.h"
#include "core/sim/Telemetry.h"
#include "core/analysis/ChannelTable.h"
#include "core/analysis/DeltaTime.h"
#include "core/analysis/TraceInterpolation.h"
#include "core/maneuvers/BrakingRun.h"
#include "core/maneuvers/ManeuverRunner.h"

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
        // Every channel the run recorded: a rigid car's has no suspension channels.
        std::size_t recorded = 0;
        for (std::size_t c = 0; c < result.telemetry.channelCount(); ++c)
            recorded += result.telemetry.recorded(c) ? 1 : 0;
        QCOMPARE(table.channelCount(), recorded);
        QVERIFY(recorded < result.telemetry.channelCount());
        QVERIFY(!table.find("roll"));
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

    void deltaTimeByDistanceOfSteadyRuns() {
        // A run at a steady 10 m/s against a reference at 20 m/s: at distance d the run
        // took d/10 s, the reference d/20 s, so the run is d/20 s behind (closed form).
        const auto steady = [](double speed, double seconds) {
            ChannelTable t;
            std::vector<double> time, distance;
            for (double s = 0.0; s <= seconds + 1e-9; s += 0.5) {
                time.push_back(s);
                distance.push_back(speed * s);
            }
            t.add({"time", "s", "Time", time});
            t.add({"distance", "m", "Distance", distance});
            return t;
        };
        const DeltaTimeTrace delta = deltaTimeByDistance(steady(10.0, 10.0), steady(20.0, 10.0));
        QVERIFY(delta.error.empty());
        QCOMPARE(delta.distance.size(), std::size_t(21));
        constexpr double rounding = 1e-12; // s: sums of halves are exact, the division is not
        for (std::size_t k = 0; k < delta.distance.size(); ++k) {
            const double d = delta.distance[k];
            if (d <= 100.0) // the run covers 100 m
                QVERIFY(std::abs(delta.delta[k] - d / 20.0) < rounding);
            else
                QVERIFY(std::isnan(delta.delta[k])); // not reached: no value invented
        }
    }

    void deltaTimeRefusesRunsItCannotLineUp() {
        ChannelTable good;
        good.add({"time", "s", "Time", {0.0, 1.0}});
        good.add({"distance", "m", "Distance", {0.0, 5.0}});
        ChannelTable backwards;
        backwards.add({"time", "s", "Time", {0.0, 1.0}});
        backwards.add({"distance", "m", "Distance", {5.0, 0.0}});
        QVERIFY(deltaTimeByDistance(backwards, good).error.find("decreases") != std::string::npos);
        ChannelTable noDistance;
        noDistance.add({"time", "s", "Time", {0.0, 1.0}});
        QVERIFY(deltaTimeByDistance(good, noDistance).error.find("reference has no distance") != std::string::npos);
        ChannelTable notANumber = good;
        notANumber.set({"distance", "m", "Distance", {0.0, std::nan("")}});
        QVERIFY(deltaTimeByDistance(notANumber, good).error.find("not a number") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(ChannelTableTest)
#include "tst_channel_table.moc"
