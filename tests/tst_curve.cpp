#include "Curve.h"

#include <QtTest>

using vtw::Curve;

// Expected values are hand-computed linear interpolations of the test curve.
class TestCurve : public QObject {
    Q_OBJECT
private slots:
    void evaluate_data() {
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("expected");
        QTest::newRow("below range clamps to first") << -5.0 << 10.0;
        QTest::newRow("first point") << 0.0 << 10.0;
        QTest::newRow("midpoint of first segment") << 1.0 << 15.0;
        QTest::newRow("inner point") << 2.0 << 20.0;
        QTest::newRow("quarter of falling segment") << 3.0 << 16.25;
        QTest::newRow("last point") << 6.0 << 5.0;
        QTest::newRow("above range clamps to last") << 100.0 << 5.0;
    }
    void evaluate() {
        QFETCH(double, x);
        QFETCH(double, expected);
        const Curve curve{{0.0, 10.0}, {2.0, 20.0}, {6.0, 5.0}};
        constexpr double tolerance = 1e-12;
        QVERIFY(std::abs(curve.evaluate(x) - expected) < tolerance);
    }
    void peakIsLargestPoint() {
        const Curve curve{{0.0, 10.0}, {2.0, 20.0}, {6.0, 5.0}};
        QCOMPARE(curve.peak().x, 2.0);
        QCOMPARE(curve.maxY(), 20.0);
    }
    void emptyCurveIsZero() { QCOMPARE(Curve{}.evaluate(3.0), 0.0); }
};

QTEST_APPLESS_MAIN(TestCurve)
#include "tst_curve.moc"
