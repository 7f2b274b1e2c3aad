// Top speed per gear (core/powertrain/GearSpeeds.h) against closed forms of the force
// balance of docs/physics.md 1 and 3, and against the simulated top-speed run.
#include "core/powertrain/GearSpeeds.h"
#include "core/vehicle/Setup.h"
#include "core/base/Units.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"

#include <QtTest>

#include <cmath>

using namespace vtw;

namespace {
constexpr double speedTolerance = 1e-6;     // m/s: bisection to ~1e-15 of the range
constexpr double simulatedTolerance = 0.03; // relative: the run includes tire slip and shifts

// A flat-torque car with speed-linear rolling resistance switched off, so the
// drag-limited speed is v = sqrt(F / C_drag) with F = T x_g x_d eta / R.
Setup flatTorqueCar() {
    Setup s = defaultSetup();
    s.engine.torqueCurve = Curve{{1000.0, 400.0}, {20000.0, 400.0}};
    s.engine.redlineRpm = 20000.0;
    s.aero.rollingResistanceModel = RollingResistanceModel::SpeedLinear;
    s.aero.rollingResistanceLinear = 0.0;
    return s;
}
} // namespace

class TestGearSpeeds : public QObject {
    Q_OBJECT
private slots:
    void oneEntryPerGear() {
        const Setup s = defaultSetup();
        const auto gears = gearTopSpeeds(s);
        QCOMPARE(int(gears.size()), s.gearbox.gearCount());
        for (int i = 0; i < int(gears.size()); ++i) {
            QCOMPARE(gears[i].gear, i + 1);
            QCOMPARE(gears[i].ratio, s.gearbox.forwardRatios[i]);
        }
    }

    // Low gears of the default car hit the redline: v = omega_redline R / (x_g x_d).
    void redlineLimitedLowGear() {
        const Setup s = defaultSetup();
        const auto gears = gearTopSpeeds(s);
        const double expected = 6000.0 * 2.0 * units::pi / 60.0 * s.rearTires.radius /
                                (s.gearbox.forwardRatios[0] * s.gearbox.finalDrive);
        QCOMPARE(gears[0].limit, GearSpeedLimit::Redline);
        QVERIFY(std::abs(gears[0].topSpeed - expected) < speedTolerance);
    }

    void dragLimitedClosedForm_data() {
        QTest::addColumn<int>("gear");
        QTest::newRow("gear 4") << 4;
        QTest::newRow("gear 5") << 5;
        QTest::newRow("gear 6") << 6;
    }
    void dragLimitedClosedForm() {
        QFETCH(int, gear);
        const Setup s = flatTorqueCar();
        const double ratio = s.gearbox.forwardRatios[gear - 1];
        const double force =
            400.0 * ratio * s.gearbox.finalDrive * s.gearbox.efficiency / s.rearTires.radius;
        const double expected = std::sqrt(force / s.aero.dragConstant());
        const GearTopSpeed g = gearTopSpeeds(s)[gear - 1];
        QCOMPARE(g.limit, GearSpeedLimit::Drag);
        QVERIFY2(std::abs(g.topSpeed - expected) < speedTolerance,
                 qPrintable(QString("%1 vs %2").arg(g.topSpeed).arg(expected)));
    }

    void unreachableWithoutTorque() {
        Setup s = flatTorqueCar();
        s.aero.rollingResistanceLinear = 1e5; // far more than any drive force
        const auto gears = gearTopSpeeds(s);
        QCOMPARE(gears.back().limit, GearSpeedLimit::Unreachable);
        QCOMPARE(gears.back().topSpeed, 0.0);
    }

    // The fastest gear agrees with the simulated top-speed run (which adds
    // tire slip and shifting) within a few percent.
    void agreesWithSimulatedTopSpeed() {
        const Setup s = defaultSetup();
        double best = 0.0;
        for (const GearTopSpeed& g : gearTopSpeeds(s))
            best = std::max(best, g.topSpeed);
        std::string error;
        auto maneuver = makeManeuver("top-speed", {}, &error);
        QVERIFY2(maneuver, error.c_str());
        const RunResult run = runManeuver(s, *maneuver);
        QVERIFY(run.ok);
        const Metric* top = findMetric(run.metrics, "top_speed_kmh");
        QVERIFY(top && top->reached);
        const double bestKmh = units::mpsToKmh(best);
        QVERIFY2(std::abs(bestKmh - top->value) < simulatedTolerance * top->value,
                 qPrintable(QString("%1 vs %2").arg(bestKmh).arg(top->value)));
    }
};

QTEST_GUILESS_MAIN(TestGearSpeeds)
#include "tst_gearspeeds.moc"
