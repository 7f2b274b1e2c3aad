// Drivetrain relations against the worked numbers of docs/physics.md section 3.
#include "core/powertrain/Engine.h"
#include "core/powertrain/Gearbox.h"
#include "core/vehicle/Setup.h"
#include "core/base/Units.h"

#include <QtTest>

using namespace vtw;

namespace {
constexpr double forceTolerance = 1.0;    // N: the worked figures are quoted to the newton
constexpr double accelTolerance = 0.05;   // m/s^2: quoted to one decimal
constexpr double rpmTolerance = 1.0;      // rpm: quoted to the rpm
constexpr double speedTolerance = 0.05;   // m/s: quoted to one decimal
} // namespace

class TestDrivetrain : public QObject {
    Q_OBJECT
private slots:
    // docs/physics.md 3: 448 N m at 2500 rpm, first gear, 3.42, 0.7, R 0.34 m -> 8391 N.
    void driveForceAt2500RpmFirstGear() {
        const Setup s = defaultSetup();
        const double torque = maxEngineTorque(s.engine, 2500.0);
        QCOMPARE(torque, 448.0);
        const double force = driveForce(torque, gearRatio(s.gearbox, 1), s.gearbox.finalDrive,
                                        s.gearbox.efficiency, 0.34);
        QVERIFY2(std::abs(force - 8391.0) < forceTolerance, qPrintable(QString::number(force)));
    }

    // docs/physics.md 3: 475 N m, first gear, R 0.33 m -> 9166 N; with 1439 kg, 6.4 m/s^2.
    void driveForceAtPeakTorque() {
        const Setup s = defaultSetup();
        const double torque = maxEngineTorque(s.engine, 4400.0);
        QCOMPARE(torque, 475.0);
        const double force = driveForce(torque, gearRatio(s.gearbox, 1), s.gearbox.finalDrive,
                                        s.gearbox.efficiency, 0.33);
        QVERIFY2(std::abs(force - 9166.0) < forceTolerance, qPrintable(QString::number(force)));
        QVERIFY(std::abs(force / 1439.0 - 6.4) < accelTolerance);
    }

    // docs/physics.md 3: wheel at 17 rad/s in first gear -> 17 * 9.0972 * 60 / (2 pi) = 1477 rpm.
    void engineRpmFromWheelSpin() {
        const Setup s = defaultSetup();
        const double rpm = engineRpmFromWheelSpeed(17.0, gearRatio(s.gearbox, 1), s.gearbox.finalDrive);
        QVERIFY2(std::abs(rpm - 1477.0) < rpmTolerance, qPrintable(QString::number(rpm)));
    }

    // docs/physics.md 3: 4400 rpm in first gear with R 0.34 m -> 17.2 m/s (about 62 km/h).
    void roadSpeedAt4400RpmFirstGear() {
        const Setup s = defaultSetup();
        const double v = roadSpeedAtRpm(4400.0, gearRatio(s.gearbox, 1), s.gearbox.finalDrive, 0.34);
        QVERIFY2(std::abs(v - 17.2) < speedTolerance, qPrintable(QString::number(v)));
        constexpr double quotedKmhTolerance = 0.5; // km/h: "about 62" is quoted to the unit
        QVERIFY(std::abs(units::mpsToKmh(v) - 62.0) < quotedKmhTolerance);
    }

    // docs/physics.md 3: peak power 257 kW at 5600 rpm for the LS1 curve.
    void peakPowerOfDefaultCurve() {
        const CurvePoint peak = peakPower(defaultSetup().engine);
        constexpr double powerTolerance = 500.0; // W: quoted to the kW
        QCOMPARE(peak.x, 5600.0);
        QVERIFY2(std::abs(peak.y - 257000.0) < powerTolerance, qPrintable(QString::number(peak.y)));
    }

    // hp = lb-ft * rpm / 5252 (docs/physics.md 3): the SI power formula agrees in imperial units.
    void powerFormulaMatchesImperialRule() {
        const double lbft = 300.0, rpm = 4000.0;
        const double watts = enginePower(lbft * units::newtonMetresPerPoundFoot, rpm);
        const double hp = watts / units::wattsPerHorsepower;
        constexpr double horsepowerTolerance = 0.1; // hp: 5252 is 33000 / (2 pi) rounded to the unit
        QVERIFY(std::abs(hp - lbft * rpm / 5252.0) < horsepowerTolerance);
    }

    void engineTorqueRules() {
        const EngineParams e = defaultSetup().engine;
        // Idle floor: at a standstill the curve is read at idle, so full throttle pulls away.
        QCOMPARE(engineTorque(e, 0.0, 1.0), maxEngineTorque(e, e.idleRpm));
        // No throttle at rest: no torque (no creep, no reverse push).
        QCOMPARE(engineTorque(e, 0.0, 0.0), 0.0);
        // Engine braking with the throttle closed: -mu_eb * rpm.
        QCOMPARE(engineTorque(e, 3000.0, 0.0), -e.engineBrakingCoefficient * 3000.0);
        // Rev limiter: above redline the throttle makes no torque, only engine braking.
        QVERIFY(engineTorque(e, e.redlineRpm + 1.0, 1.0) < 0.0);
    }

    void gearRatiosAndNeutral() {
        const GearboxParams box = defaultSetup().gearbox;
        QCOMPARE(gearRatio(box, 1), 2.66);
        QCOMPARE(gearRatio(box, 6), 0.50);
        QCOMPARE(gearRatio(box, NeutralGear), 0.0);
        QCOMPARE(gearRatio(box, ReverseGear), -2.90);
        QCOMPARE(gearRatio(box, 7), 0.0);
    }

    void automaticShifting() {
        GearboxParams box = defaultSetup().gearbox;
        box.shiftTime = 0.2;
        GearboxState st;
        st.gear = 2;
        updateGearbox(box, st, GearRequest{1}, box.upshiftRpm + 10.0, 0.001);
        QCOMPARE(st.gear, 3);
        QVERIFY(st.shifting());
        // No further decision until the shift completes.
        updateGearbox(box, st, GearRequest{1}, box.upshiftRpm + 10.0, 0.001);
        QCOMPARE(st.gear, 3);
        for (int i = 0; i < 250; ++i)
            updateGearbox(box, st, GearRequest{1}, 3000.0, 0.001);
        QVERIFY(!st.shifting());
        updateGearbox(box, st, GearRequest{1}, box.downshiftRpm - 10.0, 0.001);
        QCOMPARE(st.gear, 2);
        // Neutral and reverse are taken when asked.
        updateGearbox(box, st, GearRequest{NeutralGear}, 1000.0, 0.001);
        QCOMPARE(st.gear, NeutralGear);
    }

    void manualShifting() {
        GearboxParams box = defaultSetup().gearbox;
        box.shiftMode = ShiftMode::Manual;
        GearboxState st;
        st.gear = 1;
        updateGearbox(box, st, GearRequest{4}, 7000.0, 0.001);
        QCOMPARE(st.gear, 4); // manual boxes never shift on their own, even over the line
        updateGearbox(box, st, GearRequest{9}, 1000.0, 1.0);
        QCOMPARE(st.gear, box.gearCount()); // out-of-range requests are clamped
    }
};

QTEST_APPLESS_MAIN(TestDrivetrain)
#include "tst_drivetrain.moc"
