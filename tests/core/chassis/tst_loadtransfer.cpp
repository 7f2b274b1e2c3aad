// Weight transfer of docs/physics.md section 2.
#include "core/chassis/LoadTransfer.h"
#include "core/vehicle/Setup.h"
#include "core/base/Units.h"

#include <QtTest>

using namespace vtw;

namespace {
constexpr double loadTolerance = 1e-6; // N: closed-form arithmetic, exact up to rounding
}

class TestLoadTransfer : public QObject {
    Q_OBJECT
private slots:
    // docs/physics.md 2 worked example: M 1500 kg, b = c = 1.25 m, h = 1.0 m, a = 4.9 m/s^2:
    // shifted load (h/L) M a = 2940 N; static rear axle load 7350 N (the example uses g = 9.8).
    void workedExample() {
        ChassisParams ch;
        ch.mass = 1500.0;
        ch.cgToFrontAxle = ch.cgToRearAxle = 1.25;
        ch.cgHeight = 1.0;
        const double weight = 1500.0 * 9.8;
        const AxleLoads still = axleLoads(ch, weight, 0.0);
        QVERIFY(std::abs(still.rear - 7350.0) < loadTolerance);
        const AxleLoads accelerating = axleLoads(ch, weight, 4.9);
        QVERIFY(std::abs(accelerating.rear - still.rear - 2940.0) < loadTolerance);
        QVERIFY(std::abs(still.front - accelerating.front - 2940.0) < loadTolerance);
    }

    void loadsSumToWeightAndStayNonNegative_data() {
        QTest::addColumn<double>("ax");
        QTest::addColumn<double>("ay");
        QTest::addColumn<double>("downforce");
        QTest::newRow("at rest") << 0.0 << 0.0 << 0.0;
        QTest::newRow("hard braking") << -12.0 << 0.0 << 0.0;
        QTest::newRow("wheelie territory") << 30.0 << 0.0 << 0.0;
        QTest::newRow("left turn 1 g") << 0.0 << 9.8 << 0.0;
        QTest::newRow("right turn, lifting") << 0.0 << -40.0 << 0.0;
        QTest::newRow("trail braking with downforce") << -9.0 << 12.0 << 3000.0;
    }
    void loadsSumToWeightAndStayNonNegative() {
        QFETCH(double, ax);
        QFETCH(double, ay);
        QFETCH(double, downforce);
        const ChassisParams ch = defaultSetup().chassis;
        const WheelArray loads = wheelLoads(ch, ax, ay, 0.4 * downforce, 0.6 * downforce);
        double sum = 0.0;
        for (double l : loads) {
            QVERIFY(l >= 0.0);
            sum += l;
        }
        QVERIFY(std::abs(sum - (ch.mass * units::gravity + downforce)) < loadTolerance);
    }

    // Lateral transfer per axle = share * M ay h / track (moment balance), left turn loads the right.
    void lateralTransferSplitsByRollStiffness() {
        const ChassisParams ch = defaultSetup().chassis;
        const double ay = 5.0;
        const WheelArray loads = wheelLoads(ch, 0.0, ay, 0.0, 0.0);
        const double frontTransfer = ch.rollStiffnessFront * ch.mass * ay * ch.cgHeight / ch.trackFront;
        const double rearTransfer = (1.0 - ch.rollStiffnessFront) * ch.mass * ay * ch.cgHeight / ch.trackRear;
        QVERIFY(std::abs((loads[FR] - loads[FL]) - 2.0 * frontTransfer) < loadTolerance);
        QVERIFY(std::abs((loads[RR] - loads[RL]) - 2.0 * rearTransfer) < loadTolerance);
    }
};

QTEST_APPLESS_MAIN(TestLoadTransfer)
#include "tst_loadtransfer.moc"
