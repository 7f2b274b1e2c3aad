// The limit driver (core/maneuvers/LimitLap; docs/physics.md 14.5): its lap against the
// quasi-steady lap of the same car on every library car and track, the circle's closed
// form, the direction a change of grip or mass must move it, and the lap again to the bit.
#include "tests/support/ConstantMuCar.h"
#include "core/base/Units.h"
#include "core/maneuvers/LimitLap.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverSession.h"
#include "core/maneuvers/ModelDisagreement.h"
#include "core/setupfile/CarLibrary.h"
#include "core/track/TestTracks.h"
#include "core/trackfiles/TrackLibrary.h"
#include "core/trackfiles/TrackPreparation.h"

#include <QtTest>

#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <future>
#include <numbers>

using namespace vtw;

namespace {

constexpr double g = units::gravity;
// The quasi-steady lap is the upper bound the limit lap is tuned against
// (docs/physics.md 14.5): a limit lap more than 2 % faster means the two models
// disagree about the car, one more than 5 % slower that the driver did not find its
// limit. The band every library car on every library track must hold.
constexpr double fasterThanQuasiSteady = 0.98;
constexpr double slowerThanQuasiSteady = 1.05;

std::shared_ptr<const Track> shared(Track track) { return std::make_shared<const Track>(std::move(track)); }

const Metric& metric(const MetricList& metrics, const char* key) {
    const Metric* m = findMetric(metrics, key);
    if (!m)
        qFatal("no metric %s", key);
    return *m;
}

Setup libraryCar(const QString& resourcePath) {
    const SetupLoadResult loaded = loadLibraryCar(resourcePath);
    if (!loaded.ok())
        qFatal("library car %s does not load", qPrintable(resourcePath));
    return *loaded.setup;
}

// The limit lap of a car on a library track: its metrics.
MetricList limitLapOf(const Setup& car, const std::string& track) {
    std::string error;
    auto lap = makeManeuver("dynamic-lap", {}, &error, {{"track", track}, {"driver", "limit"}});
    if (!lap)
        qFatal("%s", error.c_str());
    ManeuverSession session(car, lap.get());
    session.runToEnd();
    return session.metrics();
}

} // namespace

class TestLimitLap : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    // Every library car at Zandvoort (the shortest lap) and the default car on every
    // other library track: a valid limit lap within the band of the quasi-steady lap.
    // (Every car on every track, 42 laps, is measured for docs/physics.md 14.5 with
    // `vtw-cli bench --limit-laps`; it takes minutes.)
    void limitLapWithinItsBand_data() {
        QTest::addColumn<QString>("car");
        QTest::addColumn<QString>("track");
        for (const LibraryCar& car : libraryCars())
            QTest::newRow(qPrintable(car.name + " / zandvoort")) << car.resourcePath << QStringLiteral("zandvoort");
        for (const LibraryTrack& t : libraryTracks()) {
            if (!t.resourcePath.isEmpty() && t.key != "zandvoort")
                QTest::newRow(qPrintable("default car / " + t.key)) << QString(defaultLibraryCarPath) << t.key;
        }
    }
    void limitLapWithinItsBand() {
        QFETCH(QString, car);
        QFETCH(QString, track);
        const MetricList metrics = limitLapOf(libraryCar(car), track.toStdString());
        const Metric& lapTime = metric(metrics, "lap_time_s");
        QVERIFY2(lapTime.usable(), lapTime.invalidReason.c_str());
        const double ratio = lapTime.value / metric(metrics, "quasi_steady_lap_time_s").value;
        QVERIFY2(ratio >= fasterThanQuasiSteady && ratio <= slowerThanQuasiSteady,
                 qPrintable(QString("limit lap %1 s, %2 of the quasi-steady lap").arg(lapTime.value).arg(ratio)));
        qInfo("limit lap %.3f s, %.4f of the quasi-steady lap, in %.0f laps", lapTime.value, ratio,
              metric(metrics, "laps_driven").value);
    }

    // A limit lap more than 2 % below the quasi-steady lap is explained, with the longest
    // stretch driven above the quasi-steady speeds (made-up shares: 1.04 from 200 to
    // 400 m, 1.01 at 700 m); 1 % below is not.
    void aLimitLapFasterThanTheQuasiSteadyOneIsExplained() {
        std::vector<double> distance, shares;
        for (int i = 0; i <= 1000; i += 50) {
            distance.push_back(i);
            shares.push_back(i >= 200 && i <= 400 ? (i == 300 ? 1.04 : 1.02) : i == 700 ? 1.01 : 0.97);
        }
        const std::string why = modelDisagreement(97.0, 100.0, distance, shares);
        QVERIFY2(why.find("3.0 % faster") != std::string::npos, why.c_str());
        QVERIFY2(why.find("the two models disagree") != std::string::npos, why.c_str());
        QVERIFY2(why.find("up to 1.04 times its speeds from 200 to 400 m") != std::string::npos, why.c_str());
        QVERIFY(modelDisagreement(99.0, 100.0, distance, shares).empty());
    }

    // Balance shows in the lap (docs/physics.md 14.5): the default car at Zandvoort with
    // its front roll-stiffness share at both ends of 0.35..0.75 (the rigid model; its own
    // 0.55 is in the band test), with no front anti-roll bar and a stiff one (the dynamic
    // suspension), and with its brake bias at 0.55 and 0.80: every point a valid limit
    // lap in the band.
    void balanceSweepsHaveValidLimitLaps_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<double>("value");
        for (double share : {0.35, 0.75})
            QTest::newRow(qPrintable(QString("roll stiffness front share %1").arg(share))) << "roll" << share;
        for (double rate : {0.0, 60000.0})
            QTest::newRow(qPrintable(QString("dynamic, front bar %1 N/m").arg(rate))) << "bar" << rate;
        for (double bias : {0.55, 0.80})
            QTest::newRow(qPrintable(QString("brake bias %1").arg(bias))) << "bias" << bias;
    }
    void balanceSweepsHaveValidLimitLaps() {
        QFETCH(QString, field);
        QFETCH(double, value);
        Setup car = defaultLibraryCar();
        if (field == "roll") {
            car.chassis.rollStiffnessFront = value;
        } else if (field == "bar") {
            car.suspension.model = SuspensionModel::Dynamic;
            car.suspension.front.antiRollBarRate = value;
        } else {
            car.brakes.frontBias = value;
        }
        const MetricList metrics = limitLapOf(car, "zandvoort");
        const Metric& lapTime = metric(metrics, "lap_time_s");
        QVERIFY2(lapTime.usable(), lapTime.invalidReason.c_str());
        const double ratio = lapTime.value / metric(metrics, "quasi_steady_lap_time_s").value;
        QVERIFY2(ratio >= fasterThanQuasiSteady && ratio <= slowerThanQuasiSteady,
                 qPrintable(QString("limit lap %1 s, %2 of the quasi-steady lap").arg(lapTime.value).arg(ratio)));
        qInfo("limit lap %.3f s, quasi-steady %.3f s", lapTime.value, metric(metrics, "quasi_steady_lap_time_s").value);
    }

    // The learning reports each lap and stops when its run is cancelled: a stop asked
    // for after the second learning lap ends the learning there, and the run with it.
    void learningReportsAndStopsWhenCancelled() {
        std::atomic<bool> stop{false};
        std::vector<std::string> reports;
        RunOptions options;
        options.cancel = &stop;
        options.preparationProgress = [&](const std::string& report) {
            reports.push_back(report);
            if (reports.size() == 2)
                stop = true;
        };
        std::string error;
        auto lap = makeManeuver("dynamic-lap", {}, &error, {{"track", "zandvoort"}, {"driver", "limit"}});
        QVERIFY2(lap, error.c_str());
        ManeuverSession session(defaultLibraryCar(), lap.get(), options);
        QCOMPARE(reports.size(), std::size_t(2));
        QCOMPARE(dynamic_cast<const LimitLap&>(*lap).lapsDriven(), 2);
        QVERIFY2(reports[1].find("learning the limit: 2 of at most 20 laps, best ") == 0, reports[1].c_str());
        session.runToEnd();
        QCOMPARE(session.state(), SessionState::Cancelled);
    }

    // More grip is never slower, more mass never faster: the default car at Zandvoort
    // with the surface's grip 10 % up, and with 10 % more mass.
    void moreGripIsNeverSlowerMoreMassNeverFaster() {
        const Setup car = defaultLibraryCar();
        Setup grippier = car, heavier = car;
        grippier.simulation.surfaceMu *= 1.1;
        heavier.chassis.mass *= 1.1;
        const auto lapTime = [](const Setup& s) {
            const MetricList metrics = limitLapOf(s, "zandvoort");
            const Metric& time = metric(metrics, "lap_time_s");
            if (!time.usable())
                qFatal("%s", time.invalidReason.c_str());
            return time.value;
        };
        std::future<double> heavierTime = std::async(std::launch::async, lapTime, heavier);
        const double base = lapTime(car), withGrip = lapTime(grippier), withMass = heavierTime.get();
        QVERIFY2(withGrip <= base, qPrintable(QString("%1 s with 10 % more grip, %2 s without").arg(withGrip).arg(base)));
        QVERIFY2(withMass >= base, qPrintable(QString("%1 s with 10 % more mass, %2 s without").arg(withMass).arg(base)));
        qInfo("Zandvoort, default car: %.3f s; 10 %% more grip %.3f s; 10 %% more mass %.3f s", base, withGrip, withMass);
    }

    // The limit driver on the constant-mu car's circle (R 100 m, mu 1, no aero): the
    // closed form's limit is sqrt(mu g R). Learning from pace 0.9 it raises its share
    // lap by lap until, at 0.98, the car weaves (the linear tyre capped at mu Fz has no
    // warning before its limit), then settles below: within 4 % of the closed form's
    // lap, never faster than it, in fewer laps than its cap.
    void limitDriverFindsTheCircleLimit() {
        const double radius = 100.0, mu = 1.0;
        auto track = shared(circleTrack(radius));
        auto path = std::make_shared<const TrackPath>(samplePath(track->line(LineChoice::RaceLine), PathOptions{}));
        LimitLap lap(track, path, track->sectorStartsOn(LineChoice::RaceLine));
        ManeuverSession session(constantMuCar(mu), &lap);
        session.runToEnd();
        const Metric& lapTime = metric(session.metrics(), "lap_time_s");
        QVERIFY2(lapTime.usable(), lap.lap()->endReason().c_str());
        const double closedForm = 2.0 * std::numbers::pi * radius / std::sqrt(mu * g * radius);
        constexpr double limitTolerance = 0.04; // the line driver holds up to 0.97 of the limit speed here
        QString laps;
        for (double t : lap.learningLapTimes())
            laps += QString::number(t, 'f', 3) + QLatin1Char(' ');
        QVERIFY(lapTime.value > closedForm);
        QVERIFY2(lapTime.value / closedForm - 1.0 < limitTolerance,
                 qPrintable(QString("limit lap %1 s, closed form %2 s; learning laps %3")
                                .arg(lapTime.value)
                                .arg(closedForm)
                                .arg(laps)));
        QVERIFY(lap.lapsDriven() < LimitLapSettings{}.maxLaps);
        QCOMPARE(metric(session.metrics(), "laps_driven").value, double(lap.lapsDriven()));
        qInfo("circle R %.0f m, mu %.1f: limit lap %.3f s in %d laps, closed form %.3f s", radius, mu, lapTime.value,
              lap.lapsDriven(), closedForm);
    }

    // The limit driver on Monza with the library Corvette: a valid lap faster than the
    // fixed-share driver's at the pace it starts from (pace 0.9), and the same lap to
    // the bit when run again (deterministic: the run drives the best learning lap again).
    void limitDriverBeatsTheFixedShareAndRepeats() {
        const Setup car = defaultLibraryCar();
        const auto limitLap = [&] {
            std::string error;
            auto lap = makeManeuver("dynamic-lap", {}, &error, {{"track", "monza"}, {"driver", "limit"}});
            if (!lap)
                qFatal("%s", error.c_str());
            ManeuverSession session(car, lap.get());
            session.runToEnd();
            return session.metrics();
        };
        // The repeat runs on another core meanwhile: a run shares nothing with another.
        std::future<MetricList> repeat = std::async(std::launch::async, limitLap);
        const MetricList first = limitLap();
        const MetricList again = repeat.get();
        const Metric& limit = metric(first, "lap_time_s");
        QVERIFY2(limit.usable(), limit.invalidReason.c_str());
        std::string error;
        auto fixed = makeManeuver("dynamic-lap", {}, &error, {{"track", "monza"}});
        ManeuverSession session(car, fixed.get());
        session.runToEnd();
        const double fixedTime = metric(session.metrics(), "lap_time_s").value;
        QVERIFY2(limit.value < fixedTime,
                 qPrintable(QString("limit lap %1 s, fixed share %2 s").arg(limit.value).arg(fixedTime)));
        QCOMPARE(std::bit_cast<std::uint64_t>(metric(again, "lap_time_s").value),
                 std::bit_cast<std::uint64_t>(limit.value));
        QVERIFY(metric(first, "quasi_steady_lap_time_s").usable()); // not beaten by 2 %: nothing to explain
        // Before its run the maneuver lists the metrics the run gives (a sweep's or a
        // table's columns come from them).
        std::string made;
        const auto fresh = makeManeuver("dynamic-lap", {}, &made, {{"track", "monza"}, {"driver", "limit"}});
        QVERIFY2(fresh, made.c_str());
        std::vector<std::string> before, after;
        for (const Metric& m : fresh->metrics())
            before.push_back(m.key);
        for (const Metric& m : first)
            after.push_back(m.key);
        QCOMPARE(before, after);
        qInfo("Monza, library Corvette: limit lap %.3f s in %.0f laps, fixed share 0.9 %.3f s, quasi-steady %.3f s",
              limit.value, metric(first, "laps_driven").value, fixedTime,
              metric(first, "quasi_steady_lap_time_s").value);
    }

};

QTEST_GUILESS_MAIN(TestLimitLap)
#include "tst_limit_lap.moc"
