// The optimised step (Simulator: wheel lanes, polynomial trigonometry, cached steer
// geometry, a torque-curve search hint) against the reference step
// (reference::ReferenceSimulator: per wheel, std::sin/cos/atan2), for every library car
// (and one variant), every catalogue maneuver and the three integrators. The two differ
// only by the fast functions' errors and the order of roundings (docs/physics.md 11), so
// they must agree within a bound derived from those errors (below): one step at a time
// from the same state with the same inputs, and over whole closed-loop runs where the
// dynamics are well conditioned, metrics included. A few checks also hold the
// reference's stages to the worked numbers of docs/physics.md.
#include "core/sim/Simulator.h"
#include "core/base/Units.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/reference/ReferenceStep.h"
#include "core/setupfile/CarLibrary.h"
#include "core/setupfile/SetupEnumKeys.h"
#include "core/step/VehicleModel.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace vtw;
using reference::ReferenceOptions;
using reference::ReferenceSimulator;

namespace {

// lanes/FastMath.h: fastAtan and fastSin have a relative error below 1e-9 (their fit
// errors are 7e-11 and 5e-14; tst_tires holds them to 1e-9), fastSinCos an absolute
// error below 1e-9. Everything below is in units of this one figure.
constexpr double fastFunctionError = 1e-9;

// How many fast-function errors one tire force can carry, in units of its friction
// force mu D Fz (docs/physics.md 6.3: F = mu D Fz sin(theta), theta = C atan(y),
// y = B x - E (B x - atan(B x)), x the slip angle, itself a fast atan of vy_w / |vx_w|).
// With eps = fastFunctionError, error by error:
// - the outer sine's own error: eps |sin| <= eps;
// - errors in theta pass the sine with slope |cos| <= 1: the outer atan's own error
//   C eps |atan y| <= C eps pi/2; the inner atan's error moves y by at most
//   |E| eps |atan(Bx)| <= |E| eps pi/2, which passes the outer atan (slope <= 1) as
//   C |E| eps pi/2;
// - the slip angle's error eps |x| moves y by |dy/dx| eps |x| <= (1 + 2|E|) eps |Bx|
//   (dy/dx = B (1 - E + E / (1 + B^2 x^2))) and passes the outer atan with slope
//   1 / (1 + y^2), where |y| >= (1 - max(E, 0)) |Bx| (for E <= 0, since |atan u| <= |u|),
//   so at most C (1 + 2|E|) eps |Bx| / (1 + (1 - max(E, 0))^2 B^2 x^2)
//   <= C (1 + 2|E|) eps / (1 - max(E, 0)) (the maximum over |Bx| is half that);
// - the steer geometry's fast sin, cos and atan turn each wheel's force and move its
//   slip angle by a few eps of angle: at most 3 eps more.
// So K = 1 + C pi/2 (1 + |E|) + C (1 + 2|E|) / (1 - max(E, 0)) + 3 (the test asserts
// E <= 0.3 for the last term; all library tires have E <= 0).
double tireErrorFactor(const MagicFormulaCoefficients& k) {
    const double halfPi = 0.5 * 3.14159265358979323846;
    const double E = std::abs(k.E);
    return 1.0 + k.C * halfPi * (1.0 + E) + k.C * (1.0 + 2.0 * E) / (1.0 - std::max(k.E, 0.0)) + 3.0;
}

// The bound on how far the two steps may drift apart (docs/physics.md 7 integrates
// a = F / M). Each evaluation's forces differ by at most dF = K fastFunctionError
// friction forces per wheel, so the body's acceleration by at most
// da = K fastFunctionError a_grip (a_grip = mu D g, all four tires at their limit) and
// its yaw acceleration by dr' = K fastFunctionError a_grip M arm / Iz (arm the largest
// wheel distance from the CG). Over a run where the dynamics do not amplify errors
// (stable, not chaotic: see wellConditionedSideslip and launchSpeed below) the differences add up at most
// linearly: dv(t) <= da t, dr(t) <= dr' t, the heading dpsi(t) <= dr' t^2 / 2 and the
// position dp(t) <= da t^2 / 2 + dpsi d + fastFunctionError d (d the distance driven;
// the last term the heading's fast sin and cos). A wheel follows the road at its slip,
// omega = v (1 + kappa) / R, so its spin moves by dv / R plus what its slip moves: the
// wheel loop is the stiff, strongly damped part (docs/physics.md 4), so its error is
// the tire's force error over the slip stiffness, at most K fastFunctionError times
// the spin itself per unit friction force, bounded by K fastFunctionError |omega|.
//
// Feedback (a force error moves the state, which moves the forces) is what the
// safetyFactor covers: in the stable part of a run it damps the difference instead of
// growing it; 10 allows a Gronwall growth e^{L t} up to L t = ln 10 in the parts that
// are only neutrally stable. It is not a fitted figure: the deviations observed are
// orders of magnitude below the bound (the test prints them).
constexpr double safetyFactor = 10.0;

// Up to this the runs are compared: past it a car spins or slides and the two
// steps part chaotically (a tiny difference picks which way a slide develops), which
// no bound of this kind describes. The sideslip of 10 deg is far beyond the linear
// tire range of all library tires (their peak slip angles are 4 to 8 deg) and below
// any recovered slide.
constexpr double wellConditionedSideslip = 10.0 * 3.14159265358979323846 / 180.0; // rad

// Below this speed the wheel loop is at its stiffest (its stiffness grows as the slip
// denominator |vx| falls to the low-speed floor, docs/physics.md 7) and a launch's
// traction control, which reacts to the last step's slip, chatters between throttle
// levels: the two runs' wheel spins part exponentially there (a 1e-14 rad/s difference
// grows to 0.1 rad/s within 0.1 s in a Golf launch with explicit Euler), then the
// difference stops growing once the car is moving. Three times the floor.
constexpr double launchSpeed = 3.0; // m/s

// The car's ABS and traction control (docs/physics.md 4.1) switch on the last step's
// slip: like the launch's, they chatter between levels (an ABS release of 0, 0.015,
// 0.03 on successive steps of a lightly loaded front wheel braking in a turn), so the
// two runs' wheel spins part while they act, the body's motion hardly at all.
bool aidsActing(const StepSample& s) {
    if (s.aids.torqueCut > 0.0)
        return true;
    for (double release : s.aids.brakeRelease)
        if (release > 0.0)
            return true;
    return false;
}

// Each run's simulated time is capped so that the whole test stays well under a
// minute in Release; the maneuvers that finish sooner are compared to their end and
// their metrics too.
constexpr double horizonSeconds = 25.0;

struct Bound {
    double K = 0.0;        ///< fast-function errors per tire force (tireErrorFactor, worst axle)
    double aGrip = 0.0;    ///< m/s^2
    double yawAccel = 0.0; ///< rad/s^2 per unit friction, aGrip M arm / Iz
};

Bound boundFor(const Setup& s) {
    Bound b;
    double D = 0.0;
    for (const TireParams* t : {&s.frontTires, &s.rearTires}) {
        for (const MagicFormulaCoefficients* k : {&t->magicFormula.longitudinal, &t->magicFormula.lateral}) {
            b.K = std::max(b.K, tireErrorFactor(*k));
            D = std::max(D, std::abs(k->D));
        }
    }
    b.aGrip = s.simulation.surfaceMu * D * units::gravity;
    const ChassisParams& ch = s.chassis;
    const double arm = std::hypot(std::max(ch.cgToFrontAxle, ch.cgToRearAxle),
                                  0.5 * std::max(ch.trackFront, ch.trackRear));
    b.yawAccel = b.aGrip * ch.mass * arm / ch.yawInertia;
    return b;
}

// The largest deviation of each quantity seen over all rows, as a share of its bound
// and in its unit, for the report at the end.
struct Worst {
    double share = 0.0;
    double value = 0.0;
    QString row;
};
std::map<QString, Worst>& worstDeviations() {
    static std::map<QString, Worst> worst;
    return worst;
}

// The largest deviations of one row, each with its share of its bound.
struct Deviations {
    // quantity -> (value, share of bound); std::less<> finds a literal's name without a QString
    std::map<QString, std::pair<double, double>, std::less<>> worst;
    void check(const QString& quantity, double deviation, double limit) {
        record(worst[quantity], deviation, limit);
    }
    // Every step checks a handful of quantities named by literals: no string is made for them.
    template <std::size_t N> void check(const char (&quantity)[N], double deviation, double limit) {
        const QLatin1StringView name(quantity, N - 1);
        auto it = worst.find(name);
        if (it == worst.end())
            it = worst.emplace(QString(name), std::pair{0.0, 0.0}).first;
        record(it->second, deviation, limit);
    }
    static void record(std::pair<double, double>& w, double deviation, double limit) {
        const double share = deviation / limit;
        if (!(share <= w.second)) // NaN counts as the worst
            w = {deviation, share};
    }
    void report(const QString& kind, const QString& row) const {
        for (const auto& [quantity, w] : worst) {
            Worst& all = worstDeviations()[kind + " " + quantity];
            if (!(w.second <= all.share))
                all = {w.second, w.first, row};
            std::printf("  %-6s %-14s %.3g (%.3g of bound)\n", qPrintable(kind), qPrintable(quantity), w.first,
                        w.second);
        }
    }
    void verify(const QString& kind) const {
        for (const auto& [quantity, w] : worst)
            QVERIFY2(w.second <= 1.0, qPrintable(QStringLiteral("%1 %2 deviates by %3, %4 of its bound")
                                                      .arg(kind, quantity).arg(w.first).arg(w.second)));
    }
};

// A library car changed onto the paths no library car takes: normalised-slip
// combination (docs/physics.md 6.8), a locked differential (3), downforce (2), the
// speed-linear rolling resistance (1) and a partial Ackermann share (8).
Setup variantOf(Setup s) {
    s.frontTires.combinedSlip = s.rearTires.combinedSlip = CombinedSlipMethod::NormalisedSlip;
    s.driveline.differential = DifferentialType::Locked;
    s.aero.downforceCoefficientArea = 1.0;
    s.aero.downforceFrontShare = 0.4;
    s.aero.rollingResistanceModel = RollingResistanceModel::SpeedLinear;
    s.steering.ackermannPercent = 60.0;
    return s;
}

// A library car changed onto the driveline paths of docs/physics.md 3.1, 4.1 and 8: a
// clutch limited-slip differential, ABS and traction control, toe on both axles and a
// split-mu surface.
Setup drivelineVariantOf(Setup s) {
    s.driveline.differential = DifferentialType::ClutchLimitedSlip;
    s.driveline.axleLimitedSlip = {60.0, 0.35, 0.2, 20.0};
    s.aids.abs = AidSwitch::On;
    s.aids.tractionControl = AidSwitch::On;
    s.steering.frontToe = units::degToRad(0.1);
    s.steering.rearToe = units::degToRad(0.2);
    s.simulation.rightSideGripShare = 0.8;
    return s;
}

// One compared run: a car (a library car or one of its variants), a maneuver, an integrator.
struct RowSpec {
    QString name, car, maneuver;
    int integrator = 0;
    int variant = 0; ///< 0 the library car, 1 variantOf, 2 drivelineVariantOf
};

// Every library car (and the first car again as the two variants, which cover the paths
// the library cars share: see variantOf and drivelineVariantOf), every catalogue
// maneuver, every integrator.
// The library's resources are registered by then (initTestCase).
std::vector<RowSpec> comparedRows() {
    QList<LibraryCar> cars = libraryCars();
    const qsizetype libraryCount = cars.size();
    cars.append({cars.front().name + " variant", cars.front().resourcePath});
    cars.append({cars.front().name + " driveline variant", cars.front().resourcePath});
    std::vector<RowSpec> rows;
    for (qsizetype c = 0; c < cars.size(); ++c) {
        const LibraryCar& car = cars[c];
        for (const ManeuverDescription& m : maneuverCatalogue()) {
            for (const OptionName<Integrator>& i : integratorOptions) {
                rows.push_back({car.name + " / " + QString::fromStdString(m.id) + " / " + optionText(i.cliName),
                                car.resourcePath, QString::fromStdString(m.id), static_cast<int>(i.value),
                                static_cast<int>(std::max<qsizetype>(0, c - libraryCount + 1))});
            }
        }
    }
    return rows;
}

// What one compared run found: the first broken precondition (the runs could not be
// compared), else the deviations to verify against their bounds.
struct RowOutcome {
    QString failure;
    Deviations global, local, metrics;
    QString pauses;
};

RowOutcome compareRuns(const RowSpec& row);

// The rows are independent runs: while the test verifies one row, the other cores
// compute the rows after it. Each row is computed once, by whichever thread claims it
// first; the test waits for a row another thread is computing.
class RowScheduler {
public:
    explicit RowScheduler(std::vector<RowSpec> rows) : rows_(std::move(rows)), state_(rows_.size()), outcomes_(rows_.size()) {
        const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
        for (unsigned t = 1; t < threads; ++t)
            workers_.emplace_back([this] {
                for (std::size_t i = 0; i < rows_.size() && !stop_; ++i)
                    computeIfFree(i);
            });
    }
    ~RowScheduler() {
        stop_ = true; // a worker finishes the row it is on, then stops
        for (std::thread& t : workers_)
            t.join();
    }
    const RowSpec& row(std::size_t i) const { return rows_[i]; }
    const RowOutcome& outcome(std::size_t i) {
        computeIfFree(i);
        std::unique_lock lock(mutex_);
        done_.wait(lock, [&] { return state_[i] == Done; });
        return outcomes_[i];
    }

private:
    enum State { Free, Claimed, Done };
    void computeIfFree(std::size_t i) {
        {
            const std::lock_guard lock(mutex_);
            if (state_[i] != Free)
                return;
            state_[i] = Claimed;
        }
        RowOutcome outcome = compareRuns(rows_[i]);
        {
            const std::lock_guard lock(mutex_);
            outcomes_[i] = std::move(outcome);
            state_[i] = Done;
        }
        done_.notify_all();
    }
    std::vector<RowSpec> rows_;
    std::vector<State> state_;
    std::vector<RowOutcome> outcomes_;
    std::mutex mutex_;
    std::condition_variable done_;
    std::atomic<bool> stop_{false};
    std::vector<std::thread> workers_;
};

} // namespace

class TestReferenceStep : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        Q_INIT_RESOURCE(resources);
        QVERIFY(libraryCars().size() >= 4);
    }

    void fastStepMatchesReference_data();
    void fastStepMatchesReference();

    // docs/physics.md 7, "Friction limit of the wheel update": with the option on, the
    // semi-implicit update never applies more longitudinal force than the tire has left
    // beside its lateral force (the ellipse of its pure peaks at the load), in a full-pedal
    // stop of every library car, where the wheels lock. Off, the linearised force of a
    // locking wheel overshoots it; the test says by how much (the optimised step bounds
    // it too, and the equivalence tests hold it to the reference with the bound on). The doc's bound is the larger of this
    // and the tire's own |Fx|; both combination rules keep a tire's own force inside the
    // ellipse of its pure peaks (docs/physics.md 6.8), so this is the bound that binds.
    void frictionLimitedWheelUpdateKeepsTiresInTheirEnvelope_data() {
        QTest::addColumn<QString>("car");
        Q_INIT_RESOURCE(resources);
        for (const LibraryCar& car : libraryCars())
            QTest::newRow(qPrintable(car.name)) << car.resourcePath;
    }
    void frictionLimitedWheelUpdateKeepsTiresInTheirEnvelope() {
        QFETCH(QString, car);
        Setup setup = *loadLibraryCar(car).setup;
        setup.simulation.integrator = Integrator::SemiImplicitEuler;
        // The bound is compared in the last bits of a square root: a relative rounding margin.
        constexpr double roundingMargin = 1e-12;
        double worst[2] = {0.0, 0.0}; // largest |Fx| / available, option off and on
        for (bool limited : {false, true}) {
            ReferenceOptions options;
            options.frictionLimitedWheelUpdate = limited;
            ReferenceSimulator ref(setup, options);
            ref.reset(cruisingStart(setup, units::kmhToMps(100.0)));
            DriverInputs brake;
            brake.brake = 1.0;
            while (ref.time() < 3.0 && ref.state().body.vx > 1.0) {
                QVERIFY(ref.step(brake));
                const StepSample& s = ref.lastSample();
                for (int w = 0; w < WheelCount; ++w) {
                    const auto i = static_cast<std::size_t>(w);
                    const double grip = setup.simulation.surfaceMu;
                    const double fxMax = ref.tire(w).longitudinalLimit(s.load[i], grip);
                    const double fyMax = ref.tire(w).lateralLimit(s.load[i], grip);
                    const double share = s.forces.fy[i] / fyMax;
                    const double available = fxMax * std::sqrt(std::max(0.0, 1.0 - share * share));
                    worst[limited] = std::max(worst[limited], std::abs(s.forces.fx[i]) / available);
                }
            }
        }
        std::printf("  largest |Fx| / available: %.4f without the bound, %.4f with it\n", worst[0], worst[1]);
        QVERIFY2(worst[1] <= 1.0 + roundingMargin, qPrintable(QString::number(worst[1], 'g', 17)));
    }

    // docs/physics.md 3, worked numbers: 448 N m at 2500 rpm in first gear (2.66), 3.42
    // final drive, 0.7 efficiency, R 0.34 m: drive force 448 * 2.66 * 3.42 * 0.7 / 0.34 =
    // 8391 N. The default setup is that Corvette C5; the reference's engine stage reads
    // the torque at the rpm its driven (rear) wheels impose, and its wheel stage splits it.
    void referenceReproducesWorkedDriveForce() {
        const Setup setup = defaultSetup();
        QCOMPARE(setup.gearbox.forwardRatios.front(), 2.66); // the worked example's car
        QCOMPARE(setup.rearTires.radius, 0.34);
        const ReferenceSimulator ref(setup);
        reference::Context ctx;
        ctx.gearRatio = setup.gearbox.forwardRatios.front();
        ctx.throttle = 1.0;
        constexpr double rpm = 2500.0;
        const double omega = units::rpmToRadPerSec(rpm) / (ctx.gearRatio * setup.gearbox.finalDrive);
        const WheelArray spin{omega, omega, omega, omega};
        QCOMPARE(ref.drivenWheelRpm(spin, ctx.gearRatio), rpm);
        reference::Evaluation e;
        const double axle = ref.axleInputTorque(spin, ctx, e);
        // The doc gives the torque to the N m and the force to the N.
        constexpr double roundingOfTheDoc = 0.5;
        QVERIFY2(std::abs(e.engineTorque - 448.0) <= roundingOfTheDoc, qPrintable(QString::number(e.engineTorque)));
        double force = 0.0; // the rolling driven wheels' drive torques over their radius (no tire force)
        for (int w = 0; w < WheelCount; ++w)
            force += ref.wheelTorque(w, axle, 0.0, ctx) / ref.wheelRadius(w);
        QVERIFY2(std::abs(force - 8391.0) <= roundingOfTheDoc, qPrintable(QString::number(force)));
    }

    // docs/physics.md 8, the check it gives: L 2.7 m, t 1.5 m, R 10 m: inner wheel
    // 16.272 deg, outer 14.099 deg (full Ackermann; R = L / tan(delta) from the rear axle).
    void referenceReproducesWorkedAckermann() {
        Setup setup = defaultSetup();
        setup.chassis.cgToFrontAxle = 1.2;
        setup.chassis.cgToRearAxle = 1.5; // L = 2.7 m
        setup.chassis.trackFront = 1.5;
        setup.steering.ackermannPercent = 100.0;
        const ReferenceSimulator ref(setup);
        const WheelArray left = ref.wheelSteerAngles(std::atan(2.7 / 10.0));
        constexpr double roundingOfTheDoc = 0.0005; // deg: it gives three decimals
        QVERIFY2(std::abs(units::radToDeg(left[FL]) - 16.272) <= roundingOfTheDoc,
                 qPrintable(QString::number(units::radToDeg(left[FL]), 'f', 6)));
        QVERIFY2(std::abs(units::radToDeg(left[FR]) - 14.099) <= roundingOfTheDoc,
                 qPrintable(QString::number(units::radToDeg(left[FR]), 'f', 6)));
        // A right turn mirrors it: the right wheel is then inside.
        const WheelArray right = ref.wheelSteerAngles(-std::atan(2.7 / 10.0));
        QCOMPARE(right[FR], -left[FL]);
        QCOMPARE(right[FL], -left[FR]);
    }

    void cleanupTestCase() {
        scheduler_.reset();
        for (const auto& [quantity, w] : worstDeviations())
            std::printf("worst %-14s %.3g (%.3g of its bound) in %s\n", qPrintable(quantity), w.value,
                        w.share, qPrintable(w.row));
    }

private:
    std::unique_ptr<RowScheduler> scheduler_; // made at the first compared row
};

void TestReferenceStep::fastStepMatchesReference_data() {
    QTest::addColumn<int>("index");
    const std::vector<RowSpec> rows = comparedRows();
    for (std::size_t i = 0; i < rows.size(); ++i)
        QTest::newRow(qPrintable(rows[i].name)) << static_cast<int>(i);
}

void TestReferenceStep::fastStepMatchesReference() {
    QFETCH(int, index);
    if (!scheduler_)
        scheduler_ = std::make_unique<RowScheduler>(comparedRows());
    const RowOutcome& outcome = scheduler_->outcome(static_cast<std::size_t>(index));
    QVERIFY2(outcome.failure.isEmpty(), qPrintable(outcome.failure));
    if (!outcome.pauses.isEmpty())
        std::printf(" %s\n", qPrintable(outcome.pauses));

    const QString row = QString::fromUtf8(QTest::currentDataTag());
    outcome.global.report("global", row);
    outcome.local.report("local", row);
    outcome.metrics.report("metric", row);
    outcome.global.verify("global");
    outcome.local.verify("local");
    outcome.metrics.verify("metric");
}

namespace {

// The two runs of one row side by side; runs on any thread (no QTest macros: the test
// function verifies what it returns).
RowOutcome compareRuns(const RowSpec& spec) {
    RowOutcome outcome;
    auto fail = [&](const QString& why) {
        outcome.failure = why;
        return outcome;
    };
    const QString& car = spec.car;
    const QString& maneuver = spec.maneuver;
    const int integrator = spec.integrator;
    const int variant = spec.variant;
    const SetupLoadResult loaded = loadLibraryCar(car);
    if (!loaded.ok())
        return fail(QStringLiteral("loadLibraryCar(%1) failed").arg(car));
    Setup setup = variant == 1 ? variantOf(*loaded.setup)
                  : variant == 2 ? drivelineVariantOf(*loaded.setup)
                                 : *loaded.setup;
    setup.simulation.integrator = static_cast<Integrator>(integrator);

    // Two closed-loop runs of the same maneuver side by side: one drives the optimised
    // step, the other the reference. Maneuvers read a `const Simulator&`, so the
    // reference's maneuver reads a shadow Simulator whose state is set to the
    // reference's before every step; the shadow then takes the same step from the same
    // state with the same inputs, which gives a second comparison, one step at a time
    // (local, below), that holds in every part of a run, chaotic or not.
    std::string error;
    auto fastDriver = makeManeuver(maneuver.toStdString(), {}, &error);
    auto refDriver = makeManeuver(maneuver.toStdString(), {}, &error);
    if (!(fastDriver && refDriver))
        return fail(QString::fromStdString(error));
    const Setup adapted = fastDriver->adaptSetup(setup);
    Simulator fast(adapted), shadow(adapted);
    ReferenceSimulator ref(adapted);
    const InitialConditions start = fastDriver->initialConditions(adapted);
    fast.reset(start);
    shadow.reset(start);
    ref.reset(start);
    for (const TireParams* t : {&adapted.frontTires, &adapted.rearTires}) {
        // The error factor's derivation assumes the magic formula and E <= 0.3 (see tireErrorFactor).
        if (t->model != TireModelKind::MagicFormula)
            return fail(QStringLiteral("a tire is not the magic formula"));
        if (!(t->magicFormula.longitudinal.E <= 0.3 && t->magicFormula.lateral.E <= 0.3))
            return fail(QStringLiteral("a tire's E is above 0.3"));
    }
    const Bound bound = boundFor(adapted);
    const double e = safetyFactor * bound.K * fastFunctionError; // per-force error, units of friction force
    const double h = adapted.simulation.timeStep;
    double maxWheelTorqueRate = 0.0; // rad/s^2, a wheel's friction torque over its inertia
    for (int w = 0; w < WheelCount; ++w)
        maxWheelTorqueRate = std::max(maxWheelTorqueRate, bound.aGrip * adapted.chassis.mass *
                                                              ref.wheelRadius(w) / shadow.wheelInertia(w));

    const double horizon = std::min(horizonSeconds, fastDriver->timeLimit());
    Deviations& global = outcome.global;
    Deviations& local = outcome.local;
    Deviations& metrics = outcome.metrics;
    QString& pauses = outcome.pauses;
    bool paused = false;
    int pauseCount = 0;
    double syncTime = 0.0, syncDistance = 0.0, refDistanceBeforeStep = 0.0;
    double maxSpin = 0.0, maxSpeed = 1.0, maxYawRate = 0.0, relativeStateBound = 0.0;
    bool fastOk = true, refOk = true;
    auto running = [&](const Maneuver& m, bool ok, double time) { return ok && !m.finished() && time < horizon; };
    while (running(*fastDriver, fastOk, fast.time()) || running(*refDriver, refOk, ref.time())) {
        if (running(*fastDriver, fastOk, fast.time())) {
            if (paused) // shadow the reference while the runs are ill conditioned (below)
                fast.mutableState() = ref.state();
            fastOk = fast.step(fastDriver->control(fast));
            if (fastOk)
                fastDriver->observe(fast.lastSample());
        }
        if (running(*refDriver, refOk, ref.time())) {
            shadow.mutableState() = ref.state();
            const DriverInputs inputs = refDriver->control(shadow);
            const double speed = std::hypot(ref.state().body.vx, ref.state().body.vy);
            refDistanceBeforeStep = ref.distance();
            const bool shadowOk = shadow.step(inputs);
            refOk = ref.step(inputs);
            if (shadowOk != refOk)
                return fail(QStringLiteral("the shadow's step %1, the reference's %2 at t = %3 s")
                                .arg(shadowOk ? "succeeded" : "failed", refOk ? "succeeded" : "failed")
                                .arg(ref.time()));
            if (!refOk)
                break;
            refDriver->observe(ref.lastSample());
            // Local: one step from the same state. Each force differs by at most e friction
            // forces, so over the step (h) the velocity by e aGrip h, the yaw rate by
            // e yawAccel h, a wheel's spin by e maxWheelTorqueRate h, the heading and the
            // position by those rates times h again, plus the heading's fast sin and cos
            // (fastFunctionError) over the step's move.
            const BodyState& a = shadow.state().body;
            const BodyState& b = ref.state().body;
            local.check("speed (m/s)", std::abs(std::hypot(a.vx, a.vy) - std::hypot(b.vx, b.vy)),
                        e * bound.aGrip * h);
            local.check("yaw rate", std::abs(a.yawRate - b.yawRate), e * bound.yawAccel * h);
            local.check("heading", std::abs(a.heading - b.heading), e * bound.yawAccel * h * h);
            local.check("position (m)", std::hypot(a.x - b.x, a.y - b.y),
                        e * bound.aGrip * h * h + safetyFactor * fastFunctionError * speed * h);
            double spinDeviation = 0.0;
            for (std::size_t w = 0; w < WheelCount; ++w)
                spinDeviation = std::max(spinDeviation, std::abs(a.wheelSpin[w] - b.wheelSpin[w]));
            local.check("wheel spin", spinDeviation, e * maxWheelTorqueRate * h);
            local.check("gear", shadow.state().gearbox.gear != ref.state().gearbox.gear ? 1.0 : 0.0, 0.5);
        }
        if (!fastOk || !refOk || fast.time() != ref.time())
            continue;

    
        const double t = fast.time();
        const double slip = std::max(std::abs(fast.lastSample().sideslip()), std::abs(ref.lastSample().sideslip()));
        const double speed = std::min(fast.lastSample().speed(), ref.lastSample().speed());
        QString why;
        if (slip > wellConditionedSideslip)
            why = QStringLiteral("sideslip %1 deg").arg(units::radToDeg(slip), 0, 'f', 1);
        else if (speed < launchSpeed && std::max(fast.lastSample().inputs.throttle, ref.lastSample().inputs.throttle) > 0.0)
            why = QStringLiteral("launch, speed %1 m/s").arg(speed, 0, 'f', 2);
        else if (aidsActing(fast.lastSample()) || aidsActing(ref.lastSample()))
            why = QStringLiteral("ABS or traction control acting");
        else if (fast.state().gearbox.gear != ref.state().gearbox.gear)
            why = QStringLiteral("a shift between the runs");
        if (!why.isEmpty()) {
            if (!paused)
                ++pauseCount, pauses += QStringLiteral(" paused at t = %1 s (%2);").arg(t).arg(why);
            paused = true;
            continue;
        }
        if (paused) { // well conditioned again: the drift starts from here
            paused = false; // its last step started from the reference's state
            syncTime = t - h;
            syncDistance = refDistanceBeforeStep;
            maxSpin = 0.0;
        }
        const BodyState& f = fast.state().body;
        const BodyState& r = ref.state().body;
        for (std::size_t w = 0; w < WheelCount; ++w)
            maxSpin = std::max({maxSpin, std::abs(f.wheelSpin[w]), std::abs(r.wheelSpin[w])});
        const double elapsed = t - syncTime;
        const double dv = e * bound.aGrip * elapsed;
        const double dr = e * bound.yawAccel * elapsed;
        const double dpsi = e * bound.yawAccel * elapsed * elapsed / 2.0;
        const double d = ref.distance() - syncDistance;
        const double dp = e * bound.aGrip * elapsed * elapsed / 2.0 + dpsi * d + safetyFactor * fastFunctionError * d;
        double spinLimit = 0.0;
        for (int w = 0; w < WheelCount; ++w)
            spinLimit = std::max(spinLimit, dv / ref.wheelRadius(w));
        spinLimit += e * maxSpin;
        maxSpeed = std::max(maxSpeed, ref.lastSample().speed());
        maxYawRate = std::max(maxYawRate, std::abs(r.yawRate));
        relativeStateBound = std::max(dv / maxSpeed, maxYawRate > 0.0 ? dr / maxYawRate : 0.0);
        global.check("speed (m/s)", std::abs(std::hypot(f.vx, f.vy) - std::hypot(r.vx, r.vy)), dv);
        global.check("yaw rate", std::abs(f.yawRate - r.yawRate), dr);
        global.check("heading", std::abs(f.heading - r.heading), dpsi);
        global.check("position (m)", std::hypot(f.x - r.x, f.y - r.y), dp);
        double spinDeviation = 0.0;
        for (std::size_t w = 0; w < WheelCount; ++w)
            spinDeviation = std::max(spinDeviation, std::abs(f.wheelSpin[w] - r.wheelSpin[w]));
        global.check("wheel spin", spinDeviation, spinLimit);
    }
    if (refOk != fastOk)
        return fail(QStringLiteral("the reference run %1, the fast run %2")
                        .arg(refOk ? "succeeded" : "failed", fastOk ? "succeeded" : "failed"));

    // Metrics of the two runs, where both finished within the horizon and were compared
    // throughout (no pause).
    const bool finished = fastDriver->finished() && refDriver->finished();
    if (finished && pauseCount == 0) {
        const MetricList fm = fastDriver->metrics(), rm = refDriver->metrics();
        if (fm.size() != rm.size())
            return fail(QStringLiteral("%1 metrics from the fast run, %2 from the reference").arg(fm.size()).arg(rm.size()));
        for (std::size_t i = 0; i < fm.size(); ++i) {
            if (fm[i].reached != rm[i].reached)
                return fail(QStringLiteral("metric %1 reached in one run only").arg(QString::fromStdString(fm[i].key)));
            if (!fm[i].reached)
                continue;
            // A metric reads the compared states (a crossing time, a peak, a mean, a fitted
            // slope), so it moves by at most their relative bound, twice for a ratio of two
            // of them; a percentage of a ratio (overshoot = 100 (peak / steady - 1)) by that
            // times 100; a time read at a sample (not interpolated) by one step more.
            const double percentScale = fm[i].unit == "%" ? 100.0 : 0.0;
            const double sampleTime = fm[i].unit == "s" ? h : 0.0;
            const double limit = 2.0 * relativeStateBound * (std::abs(rm[i].value) + percentScale) + sampleTime;
            metrics.check(QString::fromStdString(fm[i].key), std::abs(fm[i].value - rm[i].value), limit);
        }
    }
    return outcome;
}

} // namespace

QTEST_GUILESS_MAIN(TestReferenceStep)
#include "tst_reference_step.moc"
