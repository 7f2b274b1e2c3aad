#include "core/base/Curve.h"

#include <QtTest>

#include <cmath>
#include <limits>

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

    // NaN in, NaN out (not a read past the end of the points), by either search;
    // a one-point curve is flat.
    void nanAndOnePoint() {
        const Curve curve{{0.0, 10.0}, {2.0, 20.0}, {6.0, 5.0}};
        const double nan = std::numeric_limits<double>::quiet_NaN();
        QVERIFY(std::isnan(curve.evaluate(nan)));
        std::size_t segment = 1;
        QVERIFY(std::isnan(curve.evaluate(nan, segment)));
        const Curve single{{3.0, 7.0}};
        for (double x : {-1.0, 3.0, 10.0}) {
            QCOMPARE(single.evaluate(x), 7.0);
            QCOMPARE(single.evaluate(x, segment), 7.0);
        }
    }

    // The walk from a remembered segment must give the binary search's bits for every
    // x and every starting guess, on a curve with a repeated x too (non-decreasing).
    void walkFromASegmentMatchesTheSearch() {
        const Curve curves[] = {{{0.0, 10.0}, {2.0, 20.0}, {6.0, 5.0}},
                                {{1000.0, 300.0}, {1500.0, 340.0}, {2000.0, 372.5}, {3000.0, 410.0},
                                 {4000.0, 450.0}, {4400.0, 475.0}, {5000.0, 460.0}, {6000.0, 380.0}},
                                {{0.0, 1.0}, {1.0, 2.0}, {1.0, 4.0}, {3.0, 0.0}}};
        for (const Curve& curve : curves) {
            const double lo = curve.minX() - 1.0, hi = curve.maxX() + 1.0;
            for (std::size_t guess = 0; guess < curve.size() + 2; ++guess) {
                for (int k = 0; k <= 400; ++k) {
                    const double x = lo + (hi - lo) * k / 400.0;
                    std::size_t segment = guess;
                    const double walked = curve.evaluate(x, segment);
                    if (walked != curve.evaluate(x))
                        QFAIL(qPrintable(QStringLiteral("x = %1 from segment %2: %3, search gives %4")
                                             .arg(x).arg(guess).arg(walked).arg(curve.evaluate(x))));
                    if (x > curve.minX() && x < curve.maxX())
                        QVERIFY(segment + 1 < curve.size()); // it now names a segment
                }
            }
        }
        // Walking along a rising and falling x, each call starting from the last.
        const Curve& engine = curves[1];
        std::size_t segment = 0;
        for (int k = -200; k <= 200; ++k) {
            const double x = 3500.0 + 2600.0 * std::cos(k * 0.05);
            QCOMPARE(engine.evaluate(x, segment), engine.evaluate(x));
        }
    }
};

QTEST_APPLESS_MAIN(TestCurve)
#include "tst_curve.moc"
