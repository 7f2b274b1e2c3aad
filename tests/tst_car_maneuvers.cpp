// Every library car completes every catalogue maneuver without diverging or
// running into the maneuver's time limit, and its headline figures are
// physically plausible (bounds from first principles, not tuned numbers).
#include "maneuvers/ManeuverFactory.h"
#include "maneuvers/ManeuverRunner.h"
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
    // lateral acceleration stay below (peak friction coefficient x surface grip)
    // g plus a margin for the magic-formula peak factor D, which the library
    // cars keep at or below 1.3.
    void figuresRespectFriction_data() {
        QTest::addColumn<QString>("car");
        Q_INIT_RESOURCE(resources);
        for (const LibraryCar& car : libraryCars())
            QTest::newRow(qPrintable(car.name)) << car.resourcePath;
    }
    void figuresRespectFriction() {
        QFETCH(QString, car);
        const Setup s = *loadLibraryCar(car).setup;
        const double limitG = 1.3 * s.simulation.surfaceMu + 0.05;
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
};

QTEST_GUILESS_MAIN(TestCarManeuvers)
#include "tst_car_maneuvers.moc"
