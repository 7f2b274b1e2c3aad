// Limited-slip differentials (docs/physics.md 3.1), ABS and traction control (4.1), toe
// (8) and the split-mu surface, against their defining laws and closed forms.
#include "core/powertrain/Differentials.h"
#include "core/powertrain/Engine.h"
#include "core/powertrain/Gearbox.h"
#include "core/vehicle/Setup.h"
#include "core/sim/Simulator.h"
#include "core/sim/Telemetry.h"
#include "core/base/Units.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/tires/TireModel.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace vtw;

namespace {

// The default car on a split-mu surface: the right-hand wheels on ice (docs/physics.md
// 6's surface scale 0.1 of the left side's dry asphalt).
constexpr double splitMuRightShare = 0.1;

Setup splitMuCar(DifferentialType differential) {
    Setup s = defaultSetup();
    s.simulation.integrator = Integrator::RungeKutta4; // its first stage is what the sample records
    s.simulation.rightSideGripShare = splitMuRightShare;
    s.driveline.differential = differential;
    s.driveline.axleLimitedSlip = {80.0, 0.4, 0.2, 15.0};
    return s;
}

// Full throttle from a rolling start in first gear; calls `each` after every step.
template <class Each> void launch(Simulator& sim, double seconds, Each each, double throttle = 1.0) {
    sim.reset({2.0, 0.0, 1});
    DriverInputs in;
    in.throttle = throttle; // automatic gearbox, drive
    const int steps = static_cast<int>(seconds / sim.setup().simulation.timeStep);
    for (int i = 0; i < steps; ++i) {
        QVERIFY2(sim.step(in), sim.error().c_str());
        each(sim);
    }
}

// The torque the rear differential passed from the left rear wheel to the right one in
// the step just taken, from the wheel equation I domega/dt = T_in/2 - Fx R + T of the
// right wheel (docs/physics.md 4) and what the sample recorded of that step's start.
double rearTransferTorque(const Simulator& sim) {
    const StepSample& s = sim.lastSample();
    const Setup& setup = sim.setup();
    const double ratio = s.forces.engineTorque == 0.0 ? 0.0 : gearRatio(setup.gearbox, s.gear);
    const double input = axleTorque(s.forces.engineTorque, ratio, setup.gearbox.finalDrive, setup.gearbox.efficiency);
    const double inertia = setup.rearTires.wheelInertia, radius = setup.rearTires.radius;
    return inertia * s.forces.rates.wheelSpin[RR] - 0.5 * input + s.forces.fx[RR] * radius;
}

double rearInputTorque(const Simulator& sim) {
    const StepSample& s = sim.lastSample();
    const Setup& setup = sim.setup();
    const double ratio = s.forces.engineTorque == 0.0 ? 0.0 : gearRatio(setup.gearbox, s.gear);
    return axleTorque(s.forces.engineTorque, ratio, setup.gearbox.finalDrive, setup.gearbox.efficiency);
}

// A wheel-speed difference (rad/s) well past what one step closes: the clutch slips.
constexpr double slippingSpeedDifference = 2.0;
// Rounding of the wheel equation's terms (N m, each about 1e3).
constexpr double torqueRounding = 1e-6;

// Stops from `speed` (m/s) in neutral at full pedal; returns the distance (m).
double stoppingDistance(const Setup& setup, double speed) {
    Simulator sim(setup);
    sim.reset({speed, 0.0, 0});
    DriverInputs in;
    in.brake = 1.0;
    in.gear = GearRequest{0}; // neutral
    for (int i = 0; i < 60000 && sim.state().body.vx > 0.01; ++i) {
        if (!sim.step(in))
            return -1.0;
    }
    return sim.distance();
}

} // namespace

class TestDrivelineAids : public QObject {
    Q_OBJECT
private slots:
    // docs/physics.md 3.1: locking torque = preload + ramp factor x |input torque|, the
    // power ramp's under drive, the coast ramp's under engine braking.
    void clutchLockingTorqueIsPreloadPlusRampTimesInput() {
        const LimitedSlipParams p{40.0, 0.3, 0.1, 0.0};
        QCOMPARE(clutchLockingTorque(p, 500.0), 40.0 + 0.3 * 500.0);
        QCOMPARE(clutchLockingTorque(p, -200.0), 40.0 + 0.1 * 200.0);
        QCOMPARE(clutchLockingTorque(p, 0.0), 40.0);
        // A stuck clutch passes what keeps the outputs together; a slipping one its limit.
        const CouplingLaw law{DifferentialType::ClutchLimitedSlip, p};
        const double compliance = 2.0, dt = 1e-3;
        QCOMPARE(couplingTorque(law, 500.0, 0.0, 100.0, compliance, dt), 100.0 / compliance);
        QCOMPARE(couplingTorque(law, 500.0, 1.0, 0.0, compliance, dt), 190.0);
        QCOMPARE(couplingTorque(law, 500.0, -1.0, 0.0, compliance, dt), -190.0);
        // A viscous coupling passes c x (omega_a - omega_b), never past locking them.
        const CouplingLaw viscous{DifferentialType::Viscous, {0.0, 0.0, 0.0, 30.0}};
        QCOMPARE(couplingTorque(viscous, 0.0, 0.5, 0.0, compliance, dt), 15.0);
        const CouplingLaw stiffViscous{DifferentialType::Viscous, {0.0, 0.0, 0.0, 3000.0}};
        QCOMPARE(couplingTorque(stiffViscous, 0.0, 1e-6, 0.0, compliance, dt), 1e-6 / dt / compliance);
        QCOMPARE(couplingTorque(CouplingLaw{}, 500.0, 5.0, 10.0, compliance, dt), 0.0);
    }

    // The check: on a split-mu launch the right rear wheel spins on the ice and
    // the slipping clutch passes exactly its locking torque, preload + power locking x
    // input torque, from it to the left rear wheel, at every step it slips.
    void splitMuLaunchPassesTheLockingTorque() {
        Simulator sim(splitMuCar(DifferentialType::ClutchLimitedSlip));
        const LimitedSlipParams& p = sim.setup().driveline.axleLimitedSlip;
        int slipping = 0;
        double worst = 0.0;
        launch(sim, 1.5, [&](const Simulator& s) {
            const WheelLanes& spin = s.lastSample().body.wheelSpin;
            if (spin[RR] - spin[RL] < slippingSpeedDifference)
                return;
            ++slipping;
            const double input = rearInputTorque(s);
            // The faster right wheel gives torque to the left: T (left to right) < 0.
            const double expected = -clutchLockingTorque(p, input);
            worst = std::max(worst, std::abs(rearTransferTorque(s) - expected));
        });
        QVERIFY2(slipping > 100, qPrintable(QStringLiteral("the clutch slipped in %1 steps only").arg(slipping)));
        QVERIFY2(worst < torqueRounding * 1e3, qPrintable(QStringLiteral("off by %1 N m").arg(worst)));
    }

    // What the locking torque buys. The engine has no inertia of its own (docs/physics.md
    // 3), so an open differential always gives the wheel on asphalt half the input
    // torque while the wheel on ice spins up; at part throttle, where that half and the
    // locking torque together stay within the asphalt tyre's grip, a limited-slip
    // differential adds its locking torque on the asphalt side, and a locked one drives
    // with both sides' torque there (the clutch, stuck, is then as good as locked). (At full throttle in first gear this car's torque
    // spins even the asphalt wheel whatever the differential.)
    void splitMuLaunchOrdersTheDifferentials() {
        constexpr double partThrottle = 0.3, launchSeconds = 1.5;
        double distance[3]{};
        const DifferentialType types[3] = {DifferentialType::Open, DifferentialType::ClutchLimitedSlip,
                                           DifferentialType::Locked};
        for (int i = 0; i < 3; ++i) {
            Simulator sim(splitMuCar(types[i]));
            launch(sim, launchSeconds, [](const Simulator&) {}, partThrottle);
            distance[i] = sim.distance();
        }
        std::printf("split-mu part-throttle launch, %.1f s: open %.3f m, clutch LSD %.3f m, locked %.3f m\n",
                    launchSeconds, distance[0], distance[1], distance[2]);
        constexpr double clearMargin = 1.02; // clearly further, not by rounding
        QVERIFY2(distance[1] > clearMargin * distance[0],
                 qPrintable(QStringLiteral("open %1 m, LSD %2 m").arg(distance[0]).arg(distance[1])));
        // Here the clutch's locking torque holds the wheels together throughout, so it
        // drives as the locked differential does (to rounding); never further.
        constexpr double rounding = 1e-9;
        QVERIFY2(distance[2] >= distance[1] * (1.0 - rounding),
                 qPrintable(QStringLiteral("LSD %1 m, locked %2 m").arg(distance[1]).arg(distance[2])));
    }

    // An AWD car's axles have their own differentials: on the split-mu launch at full
    // throttle, with the front one open and the rear one locked, the front ice wheel
    // spins away from its partner while the rear wheels turn as one (a locked axle's
    // wheels share one spin after every step); with the two swapped, the other way round.
    void awdAxlesHaveTheirOwnDifferentials() {
        for (const bool frontLocked : {false, true}) {
            Setup s = splitMuCar(DifferentialType::Open);
            s.driveline.layout = DrivelineLayout::AllWheelDrive;
            s.driveline.frontDifferential = frontLocked ? DifferentialType::Locked : DifferentialType::Open;
            s.driveline.differential = frontLocked ? DifferentialType::Open : DifferentialType::Locked;
            Simulator sim(s);
            double lockedGap = 0.0, openGap = 0.0;
            launch(sim, 1.0, [&](const Simulator& x) {
                const WheelLanes& spin = x.state().body.wheelSpin;
                const double front = std::abs(spin[FR] - spin[FL]), rear = std::abs(spin[RR] - spin[RL]);
                lockedGap = std::max(lockedGap, frontLocked ? front : rear);
                openGap = std::max(openGap, frontLocked ? rear : front);
            });
            std::printf("AWD split-mu launch, %s locked: locked axle's spin gap %.3g rad/s, open axle's %.3f rad/s\n",
                        frontLocked ? "front" : "rear", lockedGap, openGap);
            QCOMPARE(lockedGap, 0.0);
            QVERIFY2(openGap > slippingSpeedDifference, qPrintable(QString::number(openGap)));
        }
    }

    // A viscous coupling on the same launch passes its coefficient times the wheels'
    // speed difference.
    void viscousCouplingPassesTorqueInProportionToTheSpeedDifference() {
        Simulator sim(splitMuCar(DifferentialType::Viscous));
        const double c = sim.setup().driveline.axleLimitedSlip.viscousCoefficient;
        int slipping = 0;
        double worst = 0.0;
        launch(sim, 1.0, [&](const Simulator& s) {
            const WheelLanes& spin = s.lastSample().body.wheelSpin;
            const double difference = spin[RL] - spin[RR];
            if (-difference < slippingSpeedDifference)
                return;
            ++slipping;
            worst = std::max(worst, std::abs(rearTransferTorque(s) - c * difference));
        });
        QVERIFY(slipping > 100);
        QVERIFY2(worst < torqueRounding * 1e3, qPrintable(QStringLiteral("off by %1 N m").arg(worst)));
    }

    // ABS on the magic-formula tyre (the default car's): the locked wheel slides at the
    // curve's tail, below its peak, so ABS, which holds the slip near the peak, stops
    // shorter; and no stop is shorter than v^2 / (2 mu_peak g), mu_peak the tyre's peak
    // friction coefficient (the energy bound of docs/physics.md 1 with every wheel at its peak).
    void absStopsShorterThanLockedWheelsButNotBelowTheFrictionBound() {
        Setup locked = defaultSetup();
        locked.brakes.maxTorque = 12000.0; // enough to lock every wheel
        Setup abs = locked;
        abs.aids.abs = AidSwitch::On;
        const double speed = 100.0 / units::kmhPerMps;
        const double lockedDistance = stoppingDistance(locked, speed);
        const double absDistance = stoppingDistance(abs, speed);
        const Tire tire(locked.frontTires);
        const double load = 0.25 * locked.chassis.mass * units::gravity;
        const double peakMu = tire.limits(load, 1.0).fxMax / load;
        const double bound = speed * speed / (2.0 * peakMu * units::gravity);
        std::printf("100-0 km/h: locked %.2f m, ABS %.2f m, bound %.2f m (mu %.3f)\n", lockedDistance,
                    absDistance, bound, peakMu);
        QVERIFY(lockedDistance > 0.0 && absDistance > 0.0);
        constexpr double clearMargin = 0.97; // ABS at least 3 % shorter
        QVERIFY(absDistance < clearMargin * lockedDistance);
        QVERIFY(absDistance >= bound);
    }

    // ABS keeps the wheels turning: in the middle of the stop no wheel stays locked.
    void absKeepsTheWheelsTurning() {
        Setup s = defaultSetup();
        s.brakes.maxTorque = 12000.0;
        s.aids.abs = AidSwitch::On;
        Simulator sim(s);
        sim.reset({30.0, 0.0, 0});
        DriverInputs in;
        in.brake = 1.0;
        double slowest = 1e9;
        for (int i = 0; i < 1500; ++i) { // 1.5 s, still well above ABS's cut-off speed
            QVERIFY(sim.step(in));
            if (i > 200)
                for (int w = 0; w < WheelCount; ++w)
                    slowest = std::min(slowest, sim.state().body.wheelSpin[w] * sim.setup().frontTires.radius /
                                                    sim.state().body.vx);
        }
        QVERIFY2(slowest > 0.3, qPrintable(QStringLiteral("a wheel turned at %1 of the car's speed").arg(slowest)));
    }

    // Every maneuver takes the aids as the setup has them or switched off or on for the
    // run: braking with "abs" on, on a car whose setup has it off, is the run of the
    // same car with ABS in its setup, step for step, and "abs" off on that car is the
    // locked-wheel stop. The ABS channels show the brakes released only where ABS is on.
    void maneuversSwitchTheAidsAndTheChannelsShowThemAtWork() {
        Setup locked = defaultSetup();
        locked.brakes.maxTorque = 12000.0;
        Setup absCar = locked;
        absCar.aids.abs = AidSwitch::On;
        RunOptions options;
        options.recordTelemetry = true;
        auto stop = [&](const Setup& s, AidChoice abs) {
            std::string error;
            auto m = makeManeuver("braking", {{"abs", double(abs)}}, &error);
            if (!m)
                qFatal("%s", error.c_str());
            return runManeuver(s, *m, options);
        };
        auto distance = [](const RunResult& r) { return findMetric(r.metrics, "braking_100_0_kmh_m")->value; };
        auto mostReleased = [](const RunResult& r) {
            double most = 0.0;
            for (const char* wheel : {"FL", "FR", "RL", "RR"})
                for (double v : r.telemetry.column(std::string("abs_release_") + wheel))
                    most = std::max(most, v);
            return most;
        };
        const RunResult switchedOn = stop(locked, AidChoice::On), inSetup = stop(absCar, AidChoice::AsSetup);
        const RunResult switchedOff = stop(absCar, AidChoice::Off), none = stop(locked, AidChoice::AsSetup);
        std::printf("braking 100-0 km/h: locked %.3f m, abs=off on the ABS car %.3f m, ABS car %.3f m, abs=on "
                    "%.3f m; most ABS release %.3f\n",
                    distance(none), distance(switchedOff), distance(inSetup), distance(switchedOn),
                    mostReleased(switchedOn));
        QCOMPARE(distance(switchedOn), distance(inSetup));
        QCOMPARE(distance(switchedOff), distance(none));
        QVERIFY(distance(switchedOn) < distance(none));
        QVERIFY(mostReleased(switchedOn) > 0.5); // ABS let a brake go most of the way
        QCOMPARE(mostReleased(switchedOff), 0.0);

        // Traction control switched on for a launch on ice cuts the engine's torque.
        Setup ice = defaultSetup();
        ice.simulation.surfaceMu = 0.1;
        std::string error;
        auto launchRun = makeManeuver("acceleration", {{"quarter_mile", 0.0}, {"traction_control", 2.0}}, &error);
        QVERIFY2(launchRun, error.c_str());
        const RunResult tc = runManeuver(ice, *launchRun, options);
        const std::vector<double>& cut = tc.telemetry.column("tc_torque_cut");
        QVERIFY(*std::max_element(cut.begin(), cut.end()) > 0.5);

        // A choice is one of its values.
        QVERIFY(!makeManeuver("braking", {{"abs", 3.0}}, &error));
        QVERIFY2(QString::fromStdString(error).contains("0 (as the setup), 1 (off), 2 (on)"), error.c_str());
    }

    // Traction control on ice: the driven wheels' slip stays near the target, where
    // without it they spin up many times past it.
    void tractionControlHoldsTheSlipNearItsTargetOnIce() {
        Setup s = defaultSetup();
        s.simulation.surfaceMu = 0.1;
        Setup tc = s;
        tc.aids.tractionControl = AidSwitch::On;
        const double target = tc.aids.tractionSlipTarget;
        auto meanSlip = [](const Setup& setup) {
            Simulator sim(setup);
            double sum = 0.0;
            int n = 0;
            launch(sim, 3.0, [&](const Simulator& run) {
                if (run.time() < 1.0)
                    return; // past the first spin-up
                const WheelLanes& k = run.lastSample().forces.slipRatio;
                sum += 0.5 * (k[RL] + k[RR]);
                ++n;
            });
            return sum / n;
        };
        const double with = meanSlip(tc), without = meanSlip(s);
        std::printf("mean driven slip on ice: %.3f with traction control (target %.2f), %.3f without\n", with,
                    target, without);
        constexpr double slipTolerance = 0.05; // slip ratio, either side of the target
        QVERIFY2(std::abs(with - target) < slipTolerance, qPrintable(QString::number(with)));
        QVERIFY(without > 3.0 * target);
    }

    // docs/physics.md 8: toe-in turns each wheel's front inwards by the toe angle, so
    // running straight a left wheel sees a slip angle of +toe and a right wheel -toe
    // (alpha = atan(v_y,w / v_x,w) with the wheel turned by -+toe), and the car keeps
    // its line (the pairs' side forces cancel).
    void toeGivesEachWheelItsSlipAngle() {
        Setup s = defaultSetup();
        s.steering.frontToe = units::degToRad(0.2);
        s.steering.rearToe = units::degToRad(0.3);
        Simulator sim(s);
        sim.reset({20.0, 0.0, 3});
        QVERIFY(sim.step({}));
        const WheelLanes& alpha = sim.lastSample().forces.slipAngle;
        constexpr double angleRounding = 1e-12;
        QVERIFY(std::abs(alpha[FL] - s.steering.frontToe) < angleRounding);
        QVERIFY(std::abs(alpha[FR] + s.steering.frontToe) < angleRounding);
        QVERIFY(std::abs(alpha[RL] - s.steering.rearToe) < angleRounding);
        QVERIFY(std::abs(alpha[RR] + s.steering.rearToe) < angleRounding);
        for (int i = 0; i < 2000; ++i)
            QVERIFY(sim.step({}));
        constexpr double straightYawRate = 1e-6; // rad/s
        QVERIFY(std::abs(sim.state().body.yawRate) < straightYawRate);
    }

    // The split-mu surface scales the right-hand wheels' grip only.
    void splitMuScalesTheRightHandWheelsGrip() {
        Simulator sim(splitMuCar(DifferentialType::Open));
        const WheelArray& mu = sim.lastSample().surfaceMu;
        QCOMPARE(mu[FL], 1.0);
        QCOMPARE(mu[RL], 1.0);
        QCOMPARE(mu[FR], splitMuRightShare);
        QCOMPARE(mu[RR], splitMuRightShare);
    }
};

QTEST_GUILESS_MAIN(TestDrivelineAids)
#include "tst_driveline_aids.moc"
