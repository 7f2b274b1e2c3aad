// core/FrictionEnvelope: the friction envelopes the live view draws
// are the tires' own limits at each wheel's load and grip, and the usage is the
// ellipse-normalised distance of docs/physics.md 6.8.

#include "core/sim/FrictionEnvelope.h"
#include "core/sim/Simulator.h"

#include <QTest>

#include <cmath>

using namespace vtw;

class TestFrictionEnvelope : public QObject {
    Q_OBJECT
private slots:
    void envelopesAreTheTiresLimitsAtTheSampleLoad();
    void usage_data();
    void usage();
};

void TestFrictionEnvelope::envelopesAreTheTiresLimitsAtTheSampleLoad() {
    const Simulator sim(defaultSetup());
    StepSample sample;
    sample.load = {3000.0, 4500.0, 2000.0, 6000.0};
    sample.surfaceMu = {1.0, 0.7, 1.0, 0.4};
    const auto envelopes = frictionEnvelopes(sim, sample);
    for (int i = 0; i < WheelCount; ++i) {
        const auto w = static_cast<std::size_t>(i);
        const FrictionLimits expected = sim.tire(i).limits(sample.load[w], sample.surfaceMu[w]);
        QCOMPARE(envelopes[w].fxMax, expected.fxMax);
        QCOMPARE(envelopes[w].fyMax, expected.fyMax);
        QVERIFY(envelopes[w].fxMax > 0.0 && envelopes[w].fyMax > 0.0);
    }
    // More load, more grip; less surface grip, less envelope (same tire).
    QVERIFY(sim.tire(0).limits(6000.0, 1.0).fyMax > sim.tire(0).limits(3000.0, 1.0).fyMax);
    QVERIFY(sim.tire(0).limits(3000.0, 0.5).fxMax < sim.tire(0).limits(3000.0, 1.0).fxMax);
}

void TestFrictionEnvelope::usage_data() {
    QTest::addColumn<double>("fx");
    QTest::addColumn<double>("fy");
    QTest::addColumn<double>("expected");
    // Envelope 4000 N by 5000 N in all rows.
    QTest::newRow("centre") << 0.0 << 0.0 << 0.0;
    QTest::newRow("pure longitudinal on the ellipse") << 4000.0 << 0.0 << 1.0;
    QTest::newRow("pure lateral on the ellipse") << 0.0 << -5000.0 << 1.0;
    QTest::newRow("half way along x") << -2000.0 << 0.0 << 0.5;
    // (0.6)^2 + (0.8)^2 = 1: on the ellipse off the axes.
    QTest::newRow("combined on the ellipse") << 2400.0 << 4000.0 << 1.0;
    QTest::newRow("outside") << 8000.0 << 0.0 << 2.0;
}

void TestFrictionEnvelope::usage() {
    QFETCH(double, fx);
    QFETCH(double, fy);
    QFETCH(double, expected);
    constexpr double tolerance = 1e-12;
    QVERIFY(std::abs(envelopeUsage(fx, fy, {4000.0, 5000.0}) - expected) < tolerance);
    QCOMPARE(envelopeUsage(100.0, 100.0, {0.0, 0.0}), 0.0); // wheel in the air
}

QTEST_APPLESS_MAIN(TestFrictionEnvelope)
#include "tst_friction_envelope.moc"
