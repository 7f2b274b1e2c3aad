// Straight-line behaviour of the whole car: top speed, coast-down, low speed,
// brakes, determinism. Each expected number says where it comes from.
#include "core/powertrain/Engine.h"
#include "core/powertrain/Gearbox.h"
#include "core/vehicle/Setup.h"
#include "core/vehicle/SetupOptions.h"
#include "core/sim/Simulator.h"
#include "core/base/Units.h"
#include "core/maneuvers/AccelerationRun.h"
#include "core/maneuvers/BrakingRun.h"
#include "core/maneuvers/CoastDown.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/maneuvers/ScriptedManeuver.h"
#include "core/maneuvers/TopSpeedRun.h"
#include "core/setupfile/SetupEnumKeys.h"
#include "core/setupfile/SetupMetadata.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <limits>

using namespace vtw;

namespace {

double metric(const RunResult& r, const char* key) {
    const Metric* m = findMetric(r.metrics, key);
    return m && m->reached ? m->value : std::nan("");
}

// Drive force of a gear at road speed v assuming rolling wheels, written out
// here from docs/physics.md 3 rather than taken from the core.
double independentDriveForce(const Setup& s, int gear, double v) {
    const double ratio = s.gearbox.forwardRatios[static_cast<std::size_t>(gear - 1)];
    const double R = s.rearTires.radius;
    const double rpm = v / R * ratio * s.gearbox.finalDrive * 60.0 / (2.0 * units::pi);
    // linear interpolation of the torque table
    const auto& pts = s.engine.torqueCurve.points();
    double torque = pts.back().y;
    for (std::size_t i = 1; i < pts.size(); ++i) {
        if (rpm <= pts[i].x) {
            const double t = (rpm - pts[i - 1].x) / (pts[i].x - pts[i - 1].x);
            torque = pts[i - 1].y + t * (pts[i].y - pts[i - 1].y);
            break;
        }
    }
    return torque * ratio * s.gearbox.finalDrive * s.gearbox.efficiency / R;
}

double resistance(const Setup& s, double v) {
    const double drag = 0.5 * s.aero.dragCoefficient * s.aero.frontalArea * s.aero.airDensity * v * v;
    const double rolling = s.aero.rollingResistanceModel == RollingResistanceModel::SpeedLinear
                               ? s.aero.rollingResistanceLinear * v
                               : s.aero.rollingResistanceCoefficient * s.chassis.mass * units::gravity;
    return drag + rolling;
}

// Translating mass plus the wheels' rotational inertia seen at the road:
// energy conservation gives M_eff = M + sum(I / R^2).
double effectiveMass(const Setup& s) {
    return s.chassis.mass + 2.0 * s.frontTires.wheelInertia / (s.frontTires.radius * s.frontTires.radius) +
           2.0 * s.rearTires.wheelInertia / (s.rearTires.radius * s.rearTires.radius);
}

} // namespace

class TestLongitudinal : public QObject {
    Q_OBJECT
private slots:
    // The catalogue's dynamic lap loads its default track from the library.
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    // Top speed (docs/physics.md 1) is where drive force equals drag plus rolling
    // resistance. The test finds that speed by bisection on its own formulas and
    // holds the simulated top speed in a fixed gear to it.
    void topSpeedMatchesForceEquilibrium_data() {
        QTest::addColumn<int>("gear");
        QTest::addColumn<int>("rollingModel");
        QTest::newRow("5th, load-based rolling resistance") << 5 << int(RollingResistanceModel::LoadBased);
        QTest::newRow("5th, Monster's C_rr * v") << 5 << int(RollingResistanceModel::SpeedLinear);
        QTest::newRow("6th, load-based rolling resistance") << 6 << int(RollingResistanceModel::LoadBased);
    }
    void topSpeedMatchesForceEquilibrium() {
        QFETCH(int, gear);
        QFETCH(int, rollingModel);
        Setup s = defaultSetup();
        s.aero.rollingResistanceModel = static_cast<RollingResistanceModel>(rollingModel);

        double lo = 10.0, hi = 150.0;
        for (int i = 0; i < 200; ++i) {
            const double mid = 0.5 * (lo + hi);
            (independentDriveForce(s, gear, mid) > resistance(s, mid) ? lo : hi) = mid;
        }
        const double equilibrium = 0.5 * (lo + hi);

        TopSpeedRun run(units::mpsToKmh(equilibrium) - 20.0, gear);
        const RunResult r = runManeuver(s, run);
        QVERIFY2(r.ok, r.error.c_str());
        const double simulated = units::kmhToMps(metric(r, "top_speed_kmh"));
        // The driven tires slip ~2 % to make their force, which reads the torque
        // curve a little higher in rpm than the no-slip equilibrium: allow 0.5 %.
        constexpr double relativeTolerance = 0.005;
        QVERIFY2(std::abs(simulated / equilibrium - 1.0) < relativeTolerance,
                 qPrintable(QStringLiteral("simulated %1 m/s, equilibrium %2 m/s").arg(simulated).arg(equilibrium)));
    }

    // Coast-down in neutral: deceleration = (drag + rolling resistance) / M_eff
    // (Newton's second law, with the wheels' rotational inertia by energy conservation).
    void coastDownDecelerationMatchesResistance_data() {
        QTest::addColumn<int>("rollingModel");
        QTest::newRow("load-based") << int(RollingResistanceModel::LoadBased);
        QTest::newRow("Monster's C_rr * v") << int(RollingResistanceModel::SpeedLinear);
    }
    void coastDownDecelerationMatchesResistance() {
        QFETCH(int, rollingModel);
        Setup s = defaultSetup();
        s.aero.rollingResistanceModel = static_cast<RollingResistanceModel>(rollingModel);
        CoastDown run;
        const RunResult r = runManeuver(s, run);
        QVERIFY2(r.ok, r.error.c_str());
        const struct {
            const char* key;
            double kmh;
        } points[] = {{"coastdown_decel_100_kmh_mps2", 100.0},
                      {"coastdown_decel_80_kmh_mps2", 80.0},
                      {"coastdown_decel_60_kmh_mps2", 60.0}};
        constexpr double relativeTolerance = 0.003; // the sample is taken within one step of the speed
        for (const auto& p : points) {
            const double expected = resistance(s, units::kmhToMps(p.kmh)) / effectiveMass(s);
            const double measured = metric(r, p.key);
            QVERIFY2(std::abs(measured / expected - 1.0) < relativeTolerance,
                     qPrintable(QStringLiteral("%1 km/h: measured %2, expected %3").arg(p.kmh).arg(measured).arg(expected)));
        }
    }

    // docs/physics.md 7: a car at rest with no input stays at rest.
    void atRestStaysAtRest_data() {
        QTest::addColumn<int>("integrator");
        for (const OptionName<Integrator>& i : integratorOptions)
            QTest::newRow(std::string(i.displayName).c_str()) << int(i.value);
    }
    void atRestStaysAtRest() {
        QFETCH(int, integrator);
        Setup s = defaultSetup();
        s.simulation.integrator = static_cast<Integrator>(integrator);
        Simulator sim(s);
        DriverInputs idle; // in gear (drive), no throttle, no brake
        for (int i = 0; i < 10000; ++i)
            QVERIFY(sim.step(idle));
        const BodyState& b = sim.state().body;
        QCOMPARE(b.x, 0.0);
        QCOMPARE(b.y, 0.0);
        QCOMPARE(b.vx, 0.0);
        for (double w : b.wheelSpin)
            QCOMPARE(w, 0.0);
    }

    // docs/physics.md 7 and 4: braked to a stop it stays stopped, and a braked wheel
    // never turns backwards on the way.
    void brakedToStopStaysStopped_data() { atRestStaysAtRest_data(); }
    void brakedToStopStaysStopped() {
        QFETCH(int, integrator);
        Setup s = defaultSetup();
        s.simulation.integrator = static_cast<Integrator>(integrator);
        Simulator sim(s);
        sim.reset({units::kmhToMps(50.0), 0.0, 2});
        DriverInputs brake;
        brake.brake = 1.0;
        double minSpin = 0.0;
        double xAtStop = -1.0;
        for (int i = 0; i < 10000; ++i) { // 10 s: stops in about 1.5 s
            QVERIFY(sim.step(brake));
            for (double w : sim.state().body.wheelSpin)
                minSpin = std::min(minSpin, w);
            if (i == 5000)
                xAtStop = sim.state().body.x;
        }
        QCOMPARE(minSpin, 0.0);
        constexpr double creepTolerance = 1e-3; // m over the last five seconds
        QVERIFY(std::abs(sim.state().body.vx) < 1e-4);
        QVERIFY2(std::abs(sim.state().body.x - xAtStop) < creepTolerance,
                 qPrintable(QString::number(sim.state().body.x - xAtStop)));
    }

    // docs/physics.md 7: the car starts from rest in first gear.
    void startsFromRestInFirstGear() {
        Simulator sim(defaultSetup());
        DriverInputs go;
        go.throttle = 1.0;
        QVERIFY(sim.step(go));
        QCOMPARE(sim.state().gearbox.gear, 1);
        for (int i = 0; i < 2000; ++i)
            QVERIFY(sim.step(go));
        QVERIFY2(sim.state().body.vx > 8.0, qPrintable(QString::number(sim.state().body.vx)));
        constexpr double lateralDriftTolerance = 1e-9; // m: a symmetric car on a straight line
        QVERIFY(std::abs(sim.state().body.y) < lateralDriftTolerance);
    }

    // The brake stops wheels turning either way but never drives them through zero,
    // also when the car rolls backwards.
    void brakeStopsReverseRollingWithoutFlip() {
        Simulator sim(defaultSetup());
        sim.reset({-5.0, 0.0, 0});
        DriverInputs in;
        in.gear.gear = NeutralGear;
        in.brake = 1.0;
        double maxSpin = -1.0;
        for (int i = 0; i < 3000; ++i) {
            QVERIFY(sim.step(in));
            for (double w : sim.state().body.wheelSpin)
                maxSpin = std::max(maxSpin, w);
        }
        QCOMPARE(maxSpin, 0.0);
        QVERIFY(std::abs(sim.state().body.vx) < 1e-3);
    }

    // Every integrator completes the standing start, and agrees with RK4, the most accurate.
    void integratorsAgreeOnStandingStart() {
        const auto time = [](Integrator integrator) {
            Setup s = defaultSetup();
            s.simulation.integrator = integrator;
            AccelerationRun run;
            const RunResult r = runManeuver(s, run);
            return r.ok ? metric(r, "t_0_100_kmh_s") : std::numeric_limits<double>::quiet_NaN();
        };
        constexpr double relativeTolerance = 0.02;
        const double rk4 = time(Integrator::RungeKutta4);
        QVERIFY(std::isfinite(rk4));
        for (const OptionName<Integrator>& i : integratorOptions) {
            const double t = time(i.value);
            const QString both = QStringLiteral("%1 %2 s, RK4 %3 s").arg(optionText(i.displayName)).arg(t).arg(rk4);
            QVERIFY2(std::isfinite(t), qPrintable(both));
            QVERIFY2(std::abs(t / rk4 - 1.0) < relativeTolerance, qPrintable(both));
        }
    }

    // The short form of the standing start ends at 100 km/h: the same run up
    // to there (determinism), so the same 0-100 figure, in less simulated time.
    void standingStartWithoutQuarterMileEndsAt100() {
        AccelerationRun full, shortRun(false);
        const RunResult a = runManeuver(defaultSetup(), full);
        const RunResult b = runManeuver(defaultSetup(), shortRun);
        QVERIFY2(a.ok && b.ok, (a.error + b.error).c_str());
        QCOMPARE(metric(b, "t_0_100_kmh_s"), metric(a, "t_0_100_kmh_s"));
        QCOMPARE(metric(b, "t_0_60_mph_s"), metric(a, "t_0_60_mph_s"));
        QVERIFY(std::isnan(metric(b, "quarter_mile_s")));
        constexpr double stopTolerance = 0.01; // s: the run stops within a step or few of 100 km/h
        QVERIFY2(b.simulatedTime < metric(a, "t_0_100_kmh_s") + stopTolerance && !b.timedOut,
                 qPrintable(QStringLiteral("ended at %1 s").arg(b.simulatedTime)));
    }

    // A braking run from another speed keeps the standard keys but says its
    // speed in the labels the tables show.
    void brakingLabelsNameTheStartSpeed() {
        BrakingRun from120(1.0, 120.0);
        const RunResult r = runManeuver(defaultSetup(), from120);
        QVERIFY2(r.ok, r.error.c_str());
        const Metric* distance = findMetric(r.metrics, "braking_100_0_kmh_m");
        QVERIFY(distance && distance->reached);
        QCOMPARE(QString::fromStdString(distance->label), QStringLiteral("Braking 120-0 km/h distance"));
        BrakingRun standard;
        const RunResult r100 = runManeuver(defaultSetup(), standard);
        QCOMPARE(QString::fromStdString(findMetric(r100.metrics, "braking_100_0_kmh_s")->label),
                 QStringLiteral("Braking 100-0 km/h time"));
        QVERIFY(distance->value > findMetric(r100.metrics, "braking_100_0_kmh_m")->value);
    }

    // Stopping distance from 100 km/h cannot beat the friction limit:
    // d >= v^2 / (2 mu_peak g) (work-energy theorem).
    void brakingDistanceRespectsFrictionLimit() {
        const Setup s = defaultSetup();
        BrakingRun run;
        const RunResult r = runManeuver(s, run);
        QVERIFY2(r.ok, r.error.c_str());
        const double v = units::kmhToMps(100.0);
        const double peakMu = s.frontTires.magicFormula.longitudinal.D * s.simulation.surfaceMu;
        const double bound = v * v / (2.0 * peakMu * units::gravity);
        const double d = metric(r, "braking_100_0_kmh_m");
        QVERIFY2(d >= bound && d < 2.0 * bound, qPrintable(QStringLiteral("%1 m vs bound %2 m").arg(d).arg(bound)));
    }

    // A torque curve out of rpm order (the validator refuses one, but a live edit may
    // hold one for a moment) is searched afresh every step, so the torque the step uses
    // is the curve's value at that rpm however the run got there: engineTorque() without
    // a search hint, worked out again here from the sample's engine speed. The run goes
    // up through the gears, so the rpm sweeps the swapped points from both sides.
    void unsortedTorqueCurveIsSearchedEveryStep() {
        Setup s = defaultSetup();
        std::swap(s.engine.torqueCurve.points()[2], s.engine.torqueCurve.points()[5]);
        Simulator sim(s);
        DriverInputs in;
        in.throttle = 1.0;
        int compared = 0;
        for (int i = 0; i < 20000; ++i) {
            QVERIFY2(sim.step(in), sim.error().c_str());
            const ForceEvaluation& f = sim.lastSample().forces;
            if (f.engineTorque == 0.0) // neutral or shifting
                continue;
            const double expected = engineTorque(s.engine, f.engineRpm, 1.0);
            if (f.engineTorque != expected)
                QFAIL(qPrintable(QStringLiteral("t = %1 s, %2 rpm: %3 N m, the curve gives %4 N m")
                                     .arg(sim.lastSample().time).arg(f.engineRpm)
                                     .arg(f.engineTorque, 0, 'g', 17).arg(expected, 0, 'g', 17)));
            ++compared;
        }
        QVERIFY(compared > 10000);
    }

    // Determinism (docs/physics.md 7): the same setup and maneuver give bit-identical telemetry.
    void runsAreBitIdentical() {
        RunOptions opts;
        opts.recordTelemetry = true;
        AccelerationRun a, b;
        const RunResult r1 = runManeuver(defaultSetup(), a, opts);
        const RunResult r2 = runManeuver(defaultSetup(), b, opts);
        QCOMPARE(r1.telemetry.sampleCount(), r2.telemetry.sampleCount());
        for (std::size_t c = 0; c < r1.telemetry.channelCount(); ++c) {
            const auto& x = r1.telemetry.column(c);
            const auto& y = r2.telemetry.column(c);
            QVERIFY(std::memcmp(x.data(), y.data(), x.size() * sizeof(double)) == 0);
        }
    }

    // docs/physics.md 7: a test holds a hash of a reference run. It changes when the
    // physics changes on purpose: then re-record it (the failure message prints
    // the new value). It catches unintended changes to any channel, anywhere.
    void referenceRunHash() {
        RunOptions opts;
        opts.recordTelemetry = true;
        AccelerationRun run;
        const RunResult r = runManeuver(defaultSetup(), run, opts);
        std::uint64_t hash = 1469598103934665603ull; // FNV-1a over every recorded double
        for (std::size_t c = 0; c < r.telemetry.channelCount(); ++c) {
            for (double v : r.telemetry.column(c)) {
                unsigned char bytes[sizeof v];
                std::memcpy(bytes, &v, sizeof v);
                for (unsigned char b : bytes)
                    hash = (hash ^ b) * 1099511628211ull;
            }
        }
        constexpr std::uint64_t reference = 0x20b31bfb6b48640eull;
        QVERIFY2(hash == reference, qPrintable(QStringLiteral("telemetry hash 0x%1").arg(hash, 16, 16, QLatin1Char('0'))));
    }

    // A time step validation refuses (or one of no use at all) cannot hang a maneuver
    // run: the run is refused before its first step, naming the cap. The run goes on
    // another thread and is cancelled after a while, so that without the cap this test
    // fails (cancelled) instead of hanging: a 30 s braking run at 1e-9 s is 3e10 steps.
    void stepCapRefusesRunsThatWouldHang_data() {
        QTest::addColumn<double>("timeStep");
        QTest::newRow("1e-9 s") << 1e-9;
        QTest::newRow("1e-300 s") << 1e-300;
        QTest::newRow("zero") << 0.0;
        QTest::newRow("negative") << -0.001;
        QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN();
    }
    void stepCapRefusesRunsThatWouldHang() {
        QFETCH(double, timeStep);
        Setup s = defaultSetup();
        s.simulation.timeStep = timeStep;
        BrakingRun run;
        std::atomic<bool> cancel{false}, done{false};
        RunOptions options;
        options.cancel = &cancel;
        RunResult r;
        std::thread worker([&] {
            r = runManeuver(s, run, options);
            done = true;
        });
        constexpr auto patience = std::chrono::seconds(10);
        const auto start = std::chrono::steady_clock::now();
        while (!done && std::chrono::steady_clock::now() - start < patience)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        cancel = true;
        worker.join();
        QVERIFY2(!r.cancelled, "the run started instead of being refused");
        QVERIFY(!r.ok);
        QCOMPARE(r.steps, 0L);
        QVERIFY2(r.error.find("cap of 40000000 steps per run") != std::string::npos, r.error.c_str());
    }

    // The cap leaves room for every catalogue maneuver at the shortest time step
    // validation allows (the metadata's limit): none of them is refused. A pre-set
    // cancel ends each run before its first step, so this takes no time.
    void stepCapAdmitsEveryManeuverAtTheShortestValidStep() {
        Setup s = defaultSetup();
        s.simulation.timeStep = findField(QStringLiteral("simulation.timeStep"))->min;
        std::atomic<bool> cancel{true};
        RunOptions options;
        options.cancel = &cancel;
        for (const ManeuverDescription& d : maneuverCatalogue()) {
            std::string error;
            auto m = makeManeuver(d.id, {}, &error);
            QVERIFY2(m, error.c_str());
            const RunResult r = runManeuver(s, *m, options);
            QVERIFY2(r.ok && r.cancelled, (d.id + ": " + r.error).c_str());
        }
    }

    // Telemetry that could outgrow its limit is refused before the first step, with
    // the decimation that fits: the smallest, as one less is refused and it runs, and
    // its CSV is then within the limit.
    void telemetryLimitRefusesBeforeRunning() {
        const std::vector<ScriptRow> rows{{0.0, 0.5, 0.0, 0.0, 1}, {2.0, 0.5, 0.0, 0.0, 1}};
        constexpr double limit = 1e6; // bytes; 3 s (the script's time limit) at 1 ms is ~3.8 MB
        RunOptions options;
        options.recordTelemetry = true;
        options.maxTelemetryBytes = limit;
        ScriptedManeuver refused(rows);
        const RunResult r = runManeuver(defaultSetup(), refused, options);
        QVERIFY(!r.ok);
        QCOMPARE(r.steps, 0L);
        QCOMPARE(r.telemetry.sampleCount(), std::size_t(0));
        QVERIFY(r.telemetryDecimationNeeded > 1);
        const std::string decimation = "(decimation " + std::to_string(r.telemetryDecimationNeeded) + ")";
        QVERIFY2(r.error.find(decimation) != std::string::npos, r.error.c_str());
        QVERIFY2(r.error.find("more than the limit of 0.9537 MiB") != std::string::npos, r.error.c_str());

        options.decimation = int(r.telemetryDecimationNeeded) - 1;
        ScriptedManeuver stillTooMuch(rows);
        QVERIFY(!runManeuver(defaultSetup(), stillTooMuch, options).ok);

        options.decimation = int(r.telemetryDecimationNeeded);
        ScriptedManeuver fits(rows);
        const RunResult ran = runManeuver(defaultSetup(), fits, options);
        QVERIFY2(ran.ok, ran.error.c_str());
        QVERIFY(ran.telemetry.sampleCount() > 100);
        QVERIFY(double(ran.telemetry.toCsv().size()) <= limit);
    }

    // A diverging run ends with a readable error, not a crash or a hang.
    void divergenceEndsWithMessage() {
        Setup s = defaultSetup();
        s.frontTires.wheelInertia = s.rearTires.wheelInertia = 1e-4; // absurdly light wheels
        s.simulation.integrator = Integrator::ExplicitEuler;
        s.simulation.timeStep = 0.01;
        AccelerationRun run;
        const RunResult r = runManeuver(s, run);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find("diverged") != std::string::npos, r.error.c_str());
    }

    // Each bound of the divergence check stops the run and names the culprit: a state
    // corrupted before a step (as a diverging run would leave it) fails that step.
    void divergenceCheckNamesTheCulprit_data() {
        QTest::addColumn<int>("field");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("named");
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        // Within the step any NaN reaches the new position (through the forces and the
        // velocities), so NaN anywhere is reported as x, which is named first.
        // Each field is named by its telemetry channel's label and unit (bodyStateFields).
        QTest::newRow("x NaN") << 0 << nan << ": Position x (m) = nan";
        QTest::newRow("y infinite") << 1 << inf << ": Position y (m) = ";
        QTest::newRow("heading NaN") << 2 << nan << ": Position x (m) = nan";
        QTest::newRow("vy NaN") << 3 << nan << ": Position x (m) = nan";
        QTest::newRow("yaw rate NaN") << 5 << nan << ": Position x (m) = nan";
        QTest::newRow("wheel spin NaN") << 6 << nan << ": Position x (m) = nan";
        // Finite but implausible values are named for what they are.
        QTest::newRow("too fast") << 4 << 400.0 << ": speed (m/s) = ";
        QTest::newRow("too fast sideways") << 3 << 400.0 << ": speed (m/s) = ";
        QTest::newRow("spinning") << 5 << 100.0 << ": Yaw rate (rad/s) = ";
        QTest::newRow("wheel spin") << 6 << 5000.0 << ": Wheel spin RL (rad/s) = ";
        // Each finite, their sum not.
        QTest::newRow("far away") << 7 << 1.5e308 << "x + y + heading";
    }
    void divergenceCheckNamesTheCulprit() {
        QFETCH(int, field);
        QFETCH(double, value);
        QFETCH(QString, named);
        Simulator sim(defaultSetup());
        DriverInputs in;
        in.throttle = 0.3;
        QVERIFY(sim.step(in));
        BodyState& b = sim.mutableState().body;
        double spinRL = b.wheelSpin[RL];
        double* fields[] = {&b.x, &b.y, &b.heading, &b.vy, &b.vx, &b.yawRate, &spinRL};
        if (field == 7)
            b.x = b.y = value; // both finite, x + y overflows
        else
            *fields[field] = value;
        b.wheelSpin.set(RL, spinRL);
        QVERIFY(!sim.step(in));
        QVERIFY(sim.diverged());
        // glibc prints a NaN as "nan" or "-nan" depending on its sign bit.
        const QString error = QString::fromStdString(sim.error()).replace(QStringLiteral("-nan"), QStringLiteral("nan"));
        QVERIFY2(error.contains(named), sim.error().c_str());
        QVERIFY(!sim.step(in)); // and it stays stopped
    }
};

QTEST_APPLESS_MAIN(TestLongitudinal)
#include "tst_longitudinal.moc"
