// No tire gives more than its grip: every tire model on every surface under every
// integrator keeps each wheel's force inside its friction envelope at every step, a
// car cannot brake harder than its tires' peak friction allows, and so cannot stop
// shorter than v^2 / (2 mu g) (constant deceleration at mu g from v to rest, the
// kinematic minimum, docs/physics.md 1). A sliding tyre's force opposes its
// contact-patch slip velocity (docs/physics.md 6.8). A run that leaves what its forces
// allow stops as numerically unstable (docs/physics.md 7).
#include "core/sim/FrictionEnvelope.h"
#include "core/vehicle/Setup.h"
#include "core/vehicle/SetupOptions.h"
#include "core/sim/Simulator.h"
#include "core/base/Units.h"
#include "core/tires/SurfacePresets.h"
#include "core/tires/TireModel.h"
#include "core/tires/TireModels.h"

#include <QtTest>

#include <cmath>

using namespace vtw;

Q_DECLARE_METATYPE(vtw::TireModelKind)
Q_DECLARE_METATYPE(vtw::Integrator)

namespace {

// Relative: the envelope bound is computed through a square root and a few products.
constexpr double envelopeTolerance = 1e-9;
// Calspan combines its slips by its own equations (docs/physics.md 6.6), not inside the
// ellipse of its pure peaks: at combined slip its resultant was measured up to 0.09 %
// outside that ellipse (its friction falls with the composite slip, differently along
// each axis). Its resultant stays below mu0 Fz, checked separately.
constexpr double calspanEllipseTolerance = 2e-3;
// Relative, on deceleration: the tires' sum of peaks bounds the body's deceleration
// exactly; this only absorbs rounding in the sums.
constexpr double kinematicTolerance = 1e-6;
constexpr double startSpeed = 100.0 / 3.6; // m/s, the 100-0 km/h braking run
constexpr double launchSeconds = 2.0;
constexpr double stopSpeed = 0.05; // m/s: at rest for the stopping distance

// The default car with brakes strong enough to lock every wheel, and no drag or
// rolling resistance: the tires are then the only horizontal force, so the kinematic
// bound is exact.
Setup lockingCar(TireModelKind model, double grip, Integrator integrator) {
    Setup s = defaultSetup();
    s.frontTires.model = s.rearTires.model = model;
    s.simulation.surfaceMu = grip;
    s.simulation.integrator = integrator;
    s.brakes.maxTorque = 12000.0;
    s.aero.dragCoefficient = 0.0;
    s.aero.downforceCoefficientArea = 0.0;
    s.aero.rollingResistanceLinear = 0.0;
    s.aero.rollingResistanceCoefficient = 0.0;
    return s;
}

// The largest (Fx/Fx_max)^2 + (Fy/Fy_max)^2 of the four wheels, square-rooted: 1 on the
// envelope. The envelope is the tire's own (Tire::limits via frictionEnvelopes).
double worstEnvelopeUsage(const Simulator& sim, const StepSample& s) {
    const auto envelopes = frictionEnvelopes(sim, s);
    double worst = 0.0;
    for (int i = 0; i < WheelCount; ++i) {
        const auto w = static_cast<std::size_t>(i);
        worst = std::max(worst, envelopeUsage(s.forces.fx[w], s.forces.fy[w], envelopes[w]));
    }
    return worst;
}

double sumOfLongitudinalPeaks(const Simulator& sim, const StepSample& s) {
    const auto envelopes = frictionEnvelopes(sim, s);
    double sum = 0.0;
    for (const FrictionLimits& e : envelopes)
        sum += e.fxMax;
    return sum;
}

} // namespace

class TestFrictionLimits : public QObject {
    Q_OBJECT

private slots:
    void tiresStayWithinTheirGrip_data() {
        QTest::addColumn<TireModelKind>("model");
        QTest::addColumn<double>("grip");
        QTest::addColumn<Integrator>("integrator");
        for (const TireModelInfo& model : tireModels)
            for (const SurfacePreset& surface : surfacePresets)
                for (const OptionName<Integrator>& i : integratorOptions)
                    QTest::addRow("%s/%s/%s", std::string(model.key).c_str(), std::string(surface.key).c_str(),
                                  std::string(i.cliName).c_str())
                        << model.value << surface.gripScale << i.value;
    }
    void tiresStayWithinTheirGrip() {
        QFETCH(TireModelKind, model);
        QFETCH(double, grip);
        QFETCH(Integrator, integrator);
        const Setup setup = lockingCar(model, grip, integrator);
        Simulator sim(setup);
        // Calspan's envelope is a search of its curves: look at every tenth step.
        const int every = model == TireModelKind::Calspan ? 10 : 1;
        double worstUsage = 0.0;
        int n = 0;

        // A launch at full throttle spins the driven wheels up past their peak.
        sim.reset();
        DriverInputs launch;
        launch.throttle = 1.0;
        while (sim.time() < launchSeconds) {
            QVERIFY2(sim.step(launch), sim.error().c_str());
            if (++n % every == 0)
                worstUsage = std::max(worstUsage, worstEnvelopeUsage(sim, sim.lastSample()));
        }

        // Then 100-0 km/h with every wheel locking.
        sim.reset({startSpeed, 0.0, 3});
        DriverInputs brake;
        brake.brake = 1.0;
        const double weight = setup.chassis.mass * units::gravity;
        double peakDeceleration = 0.0, peakMu = 0.0;
        while (sim.state().body.vx > stopSpeed && sim.time() < 60.0) {
            QVERIFY2(sim.step(brake), sim.error().c_str());
            const StepSample& s = sim.lastSample();
            peakDeceleration = std::max(peakDeceleration, -s.forces.longitudinalAccel);
            if (model == TireModelKind::Calspan) {
                for (int i = 0; i < WheelCount; ++i) {
                    const auto w = static_cast<std::size_t>(i);
                    const double resultant = std::hypot(s.forces.fx[w], s.forces.fy[w]);
                    QVERIFY(resultant <= setup.frontTires.calspan.mu0 * grip * s.load[w] *
                                             (1.0 + envelopeTolerance));
                }
            }
            if (++n % every == 0) {
                worstUsage = std::max(worstUsage, worstEnvelopeUsage(sim, s));
                peakMu = std::max(peakMu, sumOfLongitudinalPeaks(sim, s) / weight);
            }
        }
        QVERIFY2(sim.state().body.vx <= stopSpeed, "the car did not stop");
        const double usageTolerance =
            model == TireModelKind::Calspan ? calspanEllipseTolerance : envelopeTolerance;
        QVERIFY2(worstUsage <= 1.0 + usageTolerance,
                 qPrintable(QString("a tire used %1 of its envelope").arg(worstUsage, 0, 'g', 12)));
        // mu here is the tires' largest sum of longitudinal peaks per newton of weight
        // seen in the run (load-dependent models: at the loads they carried).
        QVERIFY2(peakMu > 0.0, "no envelope");
        const double decelerationTolerance =
            model == TireModelKind::Calspan ? calspanEllipseTolerance : kinematicTolerance;
        QVERIFY2(peakDeceleration <= peakMu * units::gravity * (1.0 + decelerationTolerance),
                 qPrintable(QString("peak deceleration %1 g against mu %2")
                                .arg(peakDeceleration / units::gravity)
                                .arg(peakMu)));
        // The step adds dt times each step's new speed to the distance, which falls short
        // of the integral of a falling speed by at most the first step's travel.
        const double minimumDistance =
            startSpeed * startSpeed / (2.0 * peakMu * (1.0 + decelerationTolerance) * units::gravity);
        const double discretisationAllowance = startSpeed * setup.simulation.timeStep;
        QVERIFY2(sim.distance() >= minimumDistance - discretisationAllowance,
                 qPrintable(QString("stopped in %1 m, the kinematic minimum is %2 m")
                                .arg(sim.distance())
                                .arg(minimumDistance)));
    }

    // A locked wheel's contact patch slides with the hub's velocity (vx_w, vy_w); the
    // road's force on it must point back along that, with the default combination. The
    // normalised-slip method measures each slip in units of its own peak slip, so where
    // the two peak slips differ the force turns away from the sliding direction by
    // atan(tan a) - atan((kappa_peak / alpha_peak) tan a): for the default magic formula
    // (peaks at kappa 0.14 and alpha 0.235 rad, ratio 0.6) about 4 degrees at a = 10
    // degrees, less where the sliding forces differ too; 6.1 degrees measured at 10 degrees
    // for the example Pacejka '94 set. The friction ellipse keeps a locked wheel's
    // cornering force and turns it tens of degrees off.
    void lockedWheelForceOpposesItsSliding_data() {
        QTest::addColumn<TireModelKind>("model");
        // The pure-slip models: the others combine their slips by their own laws.
        for (const TireModelInfo& model : tireModels)
            if (model.pureSlip)
                QTest::addRow("%s", std::string(model.key).c_str()) << model.value;
    }
    void lockedWheelForceOpposesItsSliding() {
        QFETCH(TireModelKind, model);
        constexpr double slidingAngleToleranceDeg = 7.0;
        constexpr double largestSlipAngleDeg = 10.0;
        TireParams p; // the defaults: the combination a new setup gets
        p.model = model;
        QVERIFY(p.combinedSlip == CombinedSlipMethod::NormalisedSlip);
        const Tire tire(p);
        for (double alphaDeg = 1.0; alphaDeg <= largestSlipAngleDeg; alphaDeg += 1.0) {
            const double alpha = units::degToRad(alphaDeg);
            TireInput in;
            in.slipRatio = -1.0; // locked, moving forward
            in.slipAngle = alpha;
            in.normalLoad = 4000.0;
            in.contactSpeed = 20.0;
            const TireForce f = tire.evaluate(in);
            // The patch slides along (1, tan a) in the wheel frame; the force along -(1, tan a).
            const double slidingAngle = std::atan2(-std::tan(alpha), -1.0);
            const double forceAngle = std::atan2(f.fy, f.fx);
            const double offDeg = units::radToDeg(std::abs(std::remainder(forceAngle - slidingAngle, 2.0 * units::pi)));
            QVERIFY2(offDeg <= slidingAngleToleranceDeg,
                     qPrintable(QString("slip angle %1 deg: force %2 deg off the sliding direction")
                                    .arg(alphaDeg)
                                    .arg(offDeg)));
        }
    }

    // Explicit Euler with a speed-linear rolling resistance c: one step changes the
    // speed by -(c dt / m) v. At c dt / m = 3 the resistance would reverse the car and
    // grow without bound; a resistance can at most bring the car to rest, so the run
    // stops at its first step as numerically unstable. At 0.5 the step absorbs it and
    // the car coasts on.
    void resistanceOvershootStopsAsUnstable_data() {
        QTest::addColumn<double>("stepRatio"); // c dt / m
        QTest::addColumn<bool>("stable");
        QTest::newRow("overshoots through rest") << 3.0 << false;
        QTest::newRow("one step absorbs it") << 0.5 << true;
    }
    void resistanceOvershootStopsAsUnstable() {
        QFETCH(double, stepRatio);
        QFETCH(bool, stable);
        Setup s = defaultSetup();
        s.simulation.integrator = Integrator::ExplicitEuler;
        s.aero.rollingResistanceModel = RollingResistanceModel::SpeedLinear;
        s.aero.rollingResistanceLinear = stepRatio * s.chassis.mass / s.simulation.timeStep;
        Simulator sim(s);
        sim.reset({20.0, 0.0, 2});
        const DriverInputs coast;
        int steps = 0;
        while (steps < 1000 && sim.step(coast))
            ++steps;
        if (stable) {
            QVERIFY2(steps == 1000, sim.error().c_str());
            return;
        }
        QCOMPARE(steps, 0);
        QVERIFY2(QString::fromStdString(sim.error()).contains("numerically unstable"), sim.error().c_str());
        QVERIFY2(QString::fromStdString(sim.error()).contains("time step"), sim.error().c_str());
    }
};

QTEST_APPLESS_MAIN(TestFrictionLimits)
#include "tst_friction_limits.moc"
