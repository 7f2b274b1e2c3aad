// Every library car completes every catalogue maneuver without diverging or
// running into the maneuver's time limit, and its headline figures are
// physically plausible (bounds from first principles, not tuned numbers).
#include "maneuvers/ManeuverFactory.h"
#include "maneuvers/ManeuverRunner.h"
#include "maneuvers/ScriptedManeuver.h"
#include "Simulator.h"
#include "Units.h"
#include "setupfile/CarLibrary.h"

#include <QtTest>

using namespace vtw;

class TestCarManeuvers : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        Q_INIT_RESOURCE(resources);
        QVERIFY(libraryCars().size() >= 4);
    }

    void everyCarCompletesEveryManeuver_data() {
        QTest::addColumn<QString>("car");
        QTest::addColumn<QString>("maneuver");
        Q_INIT_RESOURCE(resources);
        for (const LibraryCar& car : libraryCars()) {
            for (const ManeuverDescription& m : maneuverCatalogue()) {
                const QString row = car.name + " / " + QString::fromStdString(m.id);
                QTest::newRow(qPrintable(row)) << car.resourcePath << QString::fromStdString(m.id);
            }
        }
    }
    void everyCarCompletesEveryManeuver() {
        QFETCH(QString, car);
        QFETCH(QString, maneuver);
        const SetupLoadResult loaded = loadLibraryCar(car);
        QVERIFY(loaded.ok());
        std::string error;
        auto m = makeManeuver(maneuver.toStdString(), {}, &error);
        QVERIFY2(m, error.c_str());
        const RunResult r = runManeuver(*loaded.setup, *m);
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY2(!r.timedOut, "the maneuver ran into its time limit");
        for (const Metric& metric : r.metrics) {
            if (metric.reached)
                QVERIFY2(std::isfinite(metric.value), metric.key.c_str());
        }
    }

    // Plausibility: no car beats its tires. Peak longitudinal deceleration and
    // lateral acceleration stay below (peak friction coefficient x surface grip
    // x the load downforce adds at 100 km/h) g, with a margin.
    void figuresRespectFriction_data() {
        QTest::addColumn<QString>("car");
        Q_INIT_RESOURCE(resources);
        for (const LibraryCar& car : libraryCars())
            QTest::newRow(qPrintable(car.name)) << car.resourcePath;
    }
    void figuresRespectFriction() {
        QFETCH(QString, car);
        const Setup s = *loadLibraryCar(car).setup;
        // Every library tire is a magic formula peaking at D Fz; friction allows
        // about D g times the surface grip, more by the downforce's share of the
        // load (both maneuvers run near 100 km/h). The bound leaves 30 % for drag
        // and transients, plus 0.05 g.
        constexpr double margin = 1.3, marginG = 0.05, speed = 100.0 / 3.6;
        double peakD = 0.0;
        for (const TireParams* t : {&s.frontTires, &s.rearTires})
            peakD = std::max({peakD, t->magicFormula.lateral.D, t->magicFormula.longitudinal.D});
        const double weight = s.chassis.mass * units::gravity;
        const double downforce = 0.5 * s.aero.airDensity * s.aero.downforceCoefficientArea * speed * speed;
        const double limitG = margin * peakD * s.simulation.surfaceMu * (weight + downforce) / weight + marginG;
        std::string error;
        auto braking = makeManeuver("braking", {}, &error);
        const RunResult b = runManeuver(s, *braking);
        const double decel = findMetric(b.metrics, "braking_peak_decel_g")->value;
        QVERIFY2(decel > 0.3 && decel < limitG, qPrintable(QString::number(decel)));
        auto skidpad = makeManeuver("skidpad", {}, &error);
        const RunResult k = runManeuver(s, *skidpad);
        const double lateral = findMetric(k.metrics, "skidpad_max_lateral_g")->value;
        QVERIFY2(lateral > 0.3 && lateral < limitG, qPrintable(QString::number(lateral)));
    }

    // A scripted run steps a remembered row along instead of searching the
    // script every step: its inputs must equal the stateless look-up at every
    // step, also after the simulator is reset to an earlier time.
    void scriptedManeuverFollowsItsRows() {
        const std::vector<ScriptRow> rows{{0.0, 0.2, 0.0, 0.0, 1},   {0.013, 0.9, 0.0, 0.3, 1},
                                          {0.5, 1.0, 0.0, -0.4, 2},  {0.51, 0.0, 0.6, 0.1, 2},
                                          {2.0, 0.5, 0.0, 0.8, 3},   {3.7, 0.0, 1.0, -0.2, 2}};
        ScriptedManeuver script(rows);
        Simulator sim(defaultSetup());
        sim.reset(script.initialConditions(defaultSetup()));
        int mismatches = 0;
        auto stepOnce = [&] {
            const DriverInputs stepped = script.control(sim);
            const DriverInputs looked = script.inputsAt(sim.time());
            if (!(stepped.throttle == looked.throttle && stepped.brake == looked.brake &&
                  stepped.steer == looked.steer && stepped.gear.gear == looked.gear.gear))
                ++mismatches;
            return sim.step(stepped);
        };
        for (int step = 0; step < 4000; ++step)
            QVERIFY(stepOnce());
        sim.reset(); // back to t = 0: the remembered row must follow
        for (int step = 0; step < 600; ++step)
            QVERIFY(stepOnce());
        QCOMPARE(mismatches, 0);
    }

    // The maximum sideslip skips the atan2 when a sample cannot beat it; the
    // metric must equal the plain maximum over every sample.
    void scriptedMaximumSideslipIsTheMaximumOfEverySample() {
        std::vector<ScriptRow> rows;
        for (int i = 0; i <= 300; ++i) {
            const double t = 0.02 * i;
            rows.push_back({t, 0.8, 0.0, 0.9 * std::sin(2.0 * units::pi * 0.7 * t), 1});
        }
        ScriptedManeuver script(rows);
        Simulator sim(defaultSetup());
        sim.reset(script.initialConditions(defaultSetup()));
        double maxSideslip = 0.0;
        while (!script.finished()) {
            QVERIFY(sim.step(script.control(sim)));
            script.observe(sim.lastSample());
            maxSideslip = std::max(maxSideslip, std::abs(sim.lastSample().sideslip()));
        }
        QVERIFY(maxSideslip > 0.01); // the script does make the car slide a little
        for (const Metric& m : script.metrics()) {
            if (m.key == "script_max_sideslip_deg")
                QCOMPARE(m.value, units::radToDeg(maxSideslip));
        }
    }
};

QTEST_GUILESS_MAIN(TestCarManeuvers)
#include "tst_car_maneuvers.moc"
