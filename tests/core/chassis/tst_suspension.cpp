// The dynamic suspension of docs/physics.md 16, held to its closed forms: the steady
// roll angle, the lateral load transfer split, the heave and pitch modes, and the rigid
// model it approaches when stiff. Each expected number is worked out here from the
// setup's parameters, not read back from the model.
#include "core/vehicle/Setup.h"
#include "core/sim/Simulator.h"
#include "core/chassis/Suspension.h"
#include "core/sim/Telemetry.h"
#include "core/base/Units.h"
#include "core/maneuvers/BrakingRun.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/maneuvers/Skidpad.h"
#include "core/reference/ReferenceStep.h"
#include "core/setupfile/SetupJson.h"
#include "core/setupfile/SetupValidation.h"
#include "core/setupfile/SetupWarnings.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace vtw;

namespace {

// The issue's tolerances: the steady roll angle within 1 %, the modes within 2 %.
constexpr double rollTolerance = 0.01;
constexpr double modeTolerance = 0.02;
// The front share of the lateral load transfer, dynamic against rigid: 1 % of the share.
constexpr double splitTolerance = 0.01;
// A stiff, hard-damped suspension against the rigid model: metrics within 1 %.
constexpr double stiffTolerance = 0.01;

// The default car on the dynamic suspension.
Setup dynamicSetup() {
    Setup s = defaultSetup();
    s.suspension.model = SuspensionModel::Dynamic;
    return s;
}

// The closed forms' quantities, from the parameters (docs/physics.md 16).
struct SprungBody {
    double mass, cgHeight, rollAxis, rollStiffnessFront, rollStiffnessRear;
};
SprungBody sprungBody(const Setup& s) {
    const ChassisParams& ch = s.chassis;
    const AxleSuspensionParams &f = s.suspension.front, &r = s.suspension.rear;
    const double unsprungF = 2.0 * f.unsprungMass, unsprungR = 2.0 * r.unsprungMass;
    SprungBody b;
    b.mass = ch.mass - unsprungF - unsprungR;
    b.cgHeight = (ch.mass * ch.cgHeight - unsprungF * s.frontTires.radius - unsprungR * s.rearTires.radius) / b.mass;
    const double sprungX = (unsprungR * ch.cgToRearAxle - unsprungF * ch.cgToFrontAxle) / b.mass;
    b.rollAxis = f.rollCentreHeight + (r.rollCentreHeight - f.rollCentreHeight) * (ch.cgToFrontAxle - sprungX) /
                                          ch.wheelbase();
    const auto axleRoll = [](const AxleSuspensionParams& a, double track) {
        return (0.5 * a.springRate * a.motionRatio * a.motionRatio + a.antiRollBarRate) * track * track;
    };
    b.rollStiffnessFront = axleRoll(f, ch.trackFront);
    b.rollStiffnessRear = axleRoll(r, ch.trackRear);
    return b;
}

// phi = m ay (h - h_rc) / (K_f + K_r - m g (h - h_rc)), the sprung mass's moment balance.
double closedFormRoll(const SprungBody& b, double ay) {
    const double arm = b.cgHeight - b.rollAxis;
    return b.mass * ay * arm / (b.rollStiffnessFront + b.rollStiffnessRear - b.mass * units::gravity * arm);
}

double mean(const std::vector<double>& v, std::size_t from, std::size_t to) {
    double sum = 0.0;
    for (std::size_t i = from; i < to; ++i)
        sum += v[i];
    return sum / double(to - from);
}

// The rows of a skidpad's telemetry where the lateral acceleration is between lo and hi.
std::pair<std::size_t, std::size_t> rowsWithin(const Telemetry& t, double lo, double hi) {
    const auto& ay = t.column("ay");
    std::size_t from = 0;
    while (from < ay.size() && ay[from] < lo)
        ++from;
    std::size_t to = from;
    while (to < ay.size() && ay[to] < hi)
        ++to;
    return {from, to};
}

// The front axle's share of the lateral load transfer's moment, (dF_f t_f) / sum, with
// dF = (right - left) / 2 per axle, over telemetry rows.
double frontTransferShare(const Telemetry& t, const Setup& s, std::size_t from, std::size_t to) {
    const double front = 0.5 * (mean(t.column("load_FR"), from, to) - mean(t.column("load_FL"), from, to)) *
                         s.chassis.trackFront;
    const double rear = 0.5 * (mean(t.column("load_RR"), from, to) - mean(t.column("load_RL"), from, to)) *
                        s.chassis.trackRear;
    return front / (front + rear);
}

// Period and decay of a free oscillation x(t) about zero: the first two positive peaks.
struct Mode {
    double naturalFrequency = 0.0; ///< rad/s
    double dampingRatio = 0.0;
};
Mode measuredMode(const std::vector<double>& x, double dt) {
    std::vector<std::size_t> peaks;
    for (std::size_t i = 1; i + 1 < x.size() && peaks.size() < 2; ++i) {
        if (x[i] > 0.0 && x[i] >= x[i - 1] && x[i] > x[i + 1])
            peaks.push_back(i);
    }
    if (peaks.size() < 2)
        return {};
    // Logarithmic decrement delta = ln(x1 / x2) = 2 pi zeta / sqrt(1 - zeta^2).
    const double delta = std::log(x[peaks[0]] / x[peaks[1]]);
    const double zeta = delta / std::sqrt(4.0 * std::numbers::pi * std::numbers::pi + delta * delta);
    const double dampedPeriod = double(peaks[1] - peaks[0]) * dt;
    return {2.0 * std::numbers::pi / dampedPeriod / std::sqrt(1.0 - zeta * zeta), zeta};
}

// A car whose heave and pitch do not couple: sprung CG midway (equal axle arms, equal
// unsprung masses) and the same corner front and rear, linear dampers alike both ways.
Setup decoupledSetup() {
    Setup s = dynamicSetup();
    s.chassis.cgToFrontAxle = s.chassis.cgToRearAxle = 1.3;
    s.frontTires.radius = s.rearTires.radius = 0.33;
    s.suspension.rear = s.suspension.front;
    for (AxleSuspensionParams* a : {&s.suspension.front, &s.suspension.rear}) {
        a->reboundDamping = a->bumpDamping = 4000.0;
        a->kneeSpeed = 0.0;
        a->bumpStopGap = 1.0; // out of reach of a small step
    }
    return s;
}

// A free decay of the sprung body from a small displacement, at the default step.
std::vector<double> freeDecay(const Setup& s, SuspensionState start, double SuspensionState::*coordinate) {
    const SuspensionDynamics model(s);
    const double dt = s.simulation.timeStep;
    std::vector<double> x;
    SuspensionState state = start;
    for (int i = 0; i < 4000; ++i) {
        x.push_back(state.*coordinate);
        model.advance(state, SuspensionDrive{}, dt);
    }
    return x;
}

// A car with stiff springs and bars, hard dampers, roll centres on the ground and
// nearly no unsprung mass: the rigid model with the same roll-stiffness split.
Setup stiffSetup() {
    Setup s = dynamicSetup();
    for (AxleSuspensionParams* a : {&s.suspension.front, &s.suspension.rear}) {
        a->springRate = 2.0e6;
        a->motionRatio = 1.0;
        a->bumpDamping = a->reboundDamping = 40000.0;
        a->kneeSpeed = 0.0;
        a->rollCentreHeight = 0.0;
        a->unsprungMass = 1.0;
    }
    s.suspension.front.antiRollBarRate = 1.2e6;
    s.suspension.rear.antiRollBarRate = 0.8e6;
    return s;
}

Setup rigidWithSplitOf(const Setup& dynamic) {
    const SprungBody b = sprungBody(dynamic);
    Setup s = dynamic;
    s.suspension.model = SuspensionModel::Rigid;
    s.chassis.rollStiffnessFront = b.rollStiffnessFront / (b.rollStiffnessFront + b.rollStiffnessRear);
    return s;
}

double metric(const RunResult& r, const char* key) {
    const Metric* m = findMetric(r.metrics, key);
    return m && m->usable() ? m->value : std::nan("");
}

} // namespace

class TestSuspension : public QObject {
    Q_OBJECT
private slots:
    // The model alone under a constant lateral acceleration settles at the closed form.
    void steadyRollUnderConstantDrive() {
        const Setup s = dynamicSetup();
        const SuspensionDynamics model(s);
        SuspensionDrive drive;
        drive.lateralAccel = 6.0;
        SuspensionState state;
        for (int i = 0; i < 20000; ++i)
            model.advance(state, drive, s.simulation.timeStep);
        const double expected = closedFormRoll(sprungBody(s), drive.lateralAccel);
        qInfo("constant 6 m/s^2: roll %.6f rad, closed form %.6f rad", state.roll, expected);
        QVERIFY(std::abs(state.roll / expected - 1.0) < rollTolerance);
        QVERIFY(std::abs(model.steadyState(drive).roll / expected - 1.0) < 1e-9);
    }

    // On the skidpad (the speed rises slowly: quasi-steady) the roll channel follows the
    // closed form at the lateral acceleration the car pulls, averaged over 3 to 6 m/s^2.
    void steadyRollOnSkidpad() {
        const Setup s = dynamicSetup();
        Skidpad skidpad;
        RunOptions options;
        options.recordTelemetry = true;
        const RunResult r = runManeuver(s, skidpad, options);
        QVERIFY2(r.ok, r.error.c_str());
        const auto [from, to] = rowsWithin(r.telemetry, 3.0, 6.0);
        QVERIFY(to > from + 1000);
        const double ay = mean(r.telemetry.column("ay"), from, to);
        const double roll = mean(r.telemetry.column("roll"), from, to);
        const double expected = closedFormRoll(sprungBody(s), ay);
        qInfo("skidpad, mean ay %.3f m/s^2: roll %.6f rad, closed form %.6f rad (%.3f %%)", ay, roll, expected,
              100.0 * (roll / expected - 1.0));
        QVERIFY(std::abs(roll / expected - 1.0) < rollTolerance);
    }

    // With the roll centres on the ground and next to no unsprung mass, all lateral
    // transfer goes through the springs and bars: its front share is K_f / (K_f + K_r),
    // as the rigid model's with that roll-stiffness share.
    void lateralTransferSplitMatchesRigid() {
        Setup dynamic = dynamicSetup();
        for (AxleSuspensionParams* a : {&dynamic.suspension.front, &dynamic.suspension.rear}) {
            a->rollCentreHeight = 0.0;
            a->unsprungMass = 1.0;
        }
        const Setup rigid = rigidWithSplitOf(dynamic);
        RunOptions options;
        options.recordTelemetry = true;
        Skidpad pad1, pad2;
        const RunResult d = runManeuver(dynamic, pad1, options);
        const RunResult q = runManeuver(rigid, pad2, options);
        QVERIFY(d.ok && q.ok);
        const auto [df, dt] = rowsWithin(d.telemetry, 3.0, 6.0);
        const auto [qf, qt] = rowsWithin(q.telemetry, 3.0, 6.0);
        const double dynamicShare = frontTransferShare(d.telemetry, dynamic, df, dt);
        const double rigidShare = frontTransferShare(q.telemetry, rigid, qf, qt);
        qInfo("front share of lateral transfer: dynamic %.5f, rigid %.5f, K_f/(K_f+K_r) %.5f", dynamicShare,
              rigidShare, rigid.chassis.rollStiffnessFront);
        QVERIFY(std::abs(dynamicShare / rigidShare - 1.0) < splitTolerance);
    }

    // Heave: omega = sqrt(K / m), zeta = C / (2 sqrt(K m)), K and C the four wheel rates
    // and wheel damping rates (k MR^2, c MR^2), m the sprung mass.
    void heaveMode() {
        const Setup s = decoupledSetup();
        const AxleSuspensionParams& a = s.suspension.front;
        const double mr2 = a.motionRatio * a.motionRatio;
        const double K = 4.0 * a.springRate * mr2, C = 4.0 * a.bumpDamping * mr2;
        const double m = sprungBody(s).mass;
        SuspensionState start;
        start.heave = 0.002;
        const Mode measured = measuredMode(freeDecay(s, start, &SuspensionState::heave), s.simulation.timeStep);
        const double omega = std::sqrt(K / m), zeta = C / (2.0 * std::sqrt(K * m));
        qInfo("heave: omega %.4f rad/s (closed form %.4f), zeta %.4f (closed form %.4f)", measured.naturalFrequency,
              omega, measured.dampingRatio, zeta);
        QVERIFY(std::abs(measured.naturalFrequency / omega - 1.0) < modeTolerance);
        QVERIFY(std::abs(measured.dampingRatio / zeta - 1.0) < modeTolerance);
    }

    // Pitch: omega = sqrt(K_theta / I), zeta = C_theta / (2 sqrt(K_theta I)) with
    // K_theta = sum k_w x^2 - m g (h_s - h_pc) (the springs less the leaning body's
    // gravity moment) and C_theta = sum c_w x^2, x the corners' arms from the sprung CG.
    void pitchMode() {
        const Setup s = decoupledSetup();
        const AxleSuspensionParams& a = s.suspension.front;
        const double mr2 = a.motionRatio * a.motionRatio;
        const double arm = s.chassis.cgToFrontAxle; // equal arms, sprung CG midway
        const SprungBody b = sprungBody(s);
        const double K = 4.0 * a.springRate * mr2 * arm * arm -
                         b.mass * units::gravity * (b.cgHeight - s.suspension.pitchCentreHeight);
        const double C = 4.0 * a.bumpDamping * mr2 * arm * arm;
        const double I = s.suspension.pitchInertia;
        SuspensionState start;
        start.pitch = 0.002;
        const Mode measured = measuredMode(freeDecay(s, start, &SuspensionState::pitch), s.simulation.timeStep);
        const double omega = std::sqrt(K / I), zeta = C / (2.0 * std::sqrt(K * I));
        qInfo("pitch: omega %.4f rad/s (closed form %.4f), zeta %.4f (closed form %.4f)", measured.naturalFrequency,
              omega, measured.dampingRatio, zeta);
        QVERIFY(std::abs(measured.naturalFrequency / omega - 1.0) < modeTolerance);
        QVERIFY(std::abs(measured.dampingRatio / zeta - 1.0) < modeTolerance);
    }

    // The bump stop: under a downforce D shared so that it pitches nothing, each corner
    // of the decoupled car compresses s = D / (4 k_w) while that is within the gap g,
    // and past it s = (D / 4 + k_stop g) / (k_w + k_stop).
    void bumpStopClosedForm() {
        const Setup s = [] {
            Setup c = decoupledSetup();
            for (AxleSuspensionParams* a : {&c.suspension.front, &c.suspension.rear})
                a->bumpStopGap = 0.02;
            return c;
        }();
        const SuspensionDynamics model(s);
        const AxleSuspensionParams& a = s.suspension.front;
        const double kw = a.springRate * a.motionRatio * a.motionRatio;
        for (const double downforce : {1500.0, 6000.0}) {
            SuspensionDrive drive;
            drive.downforceFront = drive.downforceRear = 0.5 * downforce;
            SuspensionState state;
            for (int i = 0; i < 20000; ++i)
                model.advance(state, drive, s.simulation.timeStep);
            const double free = 0.25 * downforce / kw;
            const double expected = free <= a.bumpStopGap
                                        ? free
                                        : (0.25 * downforce + a.bumpStopRate * a.bumpStopGap) / (kw + a.bumpStopRate);
            const double travel = model.sample(state).travel[FL];
            qInfo("downforce %.0f N: travel %.6f m, closed form %.6f m", downforce, travel, expected);
            QVERIFY(std::abs(travel / expected - 1.0) < 1e-6);
        }
    }

    // The two-stage damper: a corner moving at v in bump (damper speed MR v past the
    // knee v_k) pushes with MR (c v_k + c_high (MR v - v_k)); the body's first
    // acceleration from rest at that speed is the four corners' force over m_s.
    void twoStageDamper() {
        Setup s = decoupledSetup();
        for (AxleSuspensionParams* a : {&s.suspension.front, &s.suspension.rear}) {
            a->kneeSpeed = 0.05;
            a->bumpDampingHigh = 1500.0;
        }
        const SuspensionDynamics model(s);
        const AxleSuspensionParams& a = s.suspension.front;
        const double wheelSpeed = 0.2, damperSpeed = a.motionRatio * wheelSpeed;
        const double force = a.motionRatio * (a.bumpDamping * a.kneeSpeed +
                                              a.bumpDampingHigh * (damperSpeed - a.kneeSpeed));
        SuspensionState state;
        state.heaveRate = -wheelSpeed; // the body falls: every wheel in bump
        constexpr double h = 1e-7;     // s: one tiny step reads the acceleration
        model.advance(state, SuspensionDrive{}, h);
        const double accel = (state.heaveRate + wheelSpeed) / h;
        const double expected = 4.0 * force / sprungBody(s).mass;
        qInfo("two-stage damper: heave acceleration %.6f m/s^2, closed form %.6f m/s^2", accel, expected);
        QVERIFY(std::abs(accel / expected - 1.0) < 1e-6);
    }

    // The hardest settings the fields allow stay stable at the longest step: the body
    // advances in parts (docs/physics.md 16.4) and settles where the springs say.
    void hardestSettingsStayStable() {
        Setup s = decoupledSetup();
        s.simulation.timeStep = 0.01;
        for (AxleSuspensionParams* a : {&s.suspension.front, &s.suspension.rear}) {
            a->bumpStopGap = 0.0;
            a->bumpStopRate = 1e9;
            a->bumpDamping = a->reboundDamping = 1e7;
        }
        const SuspensionDynamics model(s);
        QVERIFY(model.substeps(s.simulation.timeStep) > 1);
        SuspensionDrive drive;
        drive.downforceFront = drive.downforceRear = 5000.0;
        SuspensionState state;
        for (int i = 0; i < 2000; ++i)
            model.advance(state, drive, s.simulation.timeStep);
        QVERIFY(implausibleSuspension(state).empty());
        const AxleSuspensionParams& a = s.suspension.front;
        const double expected = 2500.0 / (a.springRate * a.motionRatio * a.motionRatio + a.bumpStopRate);
        qInfo("hardest settings at 10 ms (%d parts): travel %.4g m, closed form %.4g m",
              model.substeps(s.simulation.timeStep), model.sample(state).travel[FL], expected);
        QVERIFY(std::abs(model.sample(state).travel[FL] / expected - 1.0) < 1e-3);
    }

    // A body the springs cannot hold (roll past the small-angle model) stops the run
    // with a message rather than running on with nonsense loads.
    void rollingOverStopsTheRun() {
        Setup s = dynamicSetup();
        s.chassis.cgHeight = 1.6;
        s.chassis.trackFront = s.chassis.trackRear = 1.0;
        s.suspension.front.antiRollBarRate = s.suspension.rear.antiRollBarRate = 0.0;
        s.suspension.front.rollCentreHeight = s.suspension.rear.rollCentreHeight = 0.0;
        Simulator sim(s);
        InitialConditions start;
        start.speed = 30.0;
        sim.reset(start);
        DriverInputs in;
        in.steer = 1.0;
        bool running = true;
        for (int i = 0; i < 20000 && running; ++i)
            running = sim.step(in);
        qInfo("%s", sim.error().c_str());
        QVERIFY(!running);
        QVERIFY(sim.error().find("suspension") != std::string::npos);
    }

    // Load transfer takes time on the dynamic model: a step in lateral acceleration moves
    // no load at once, then settles at the steady transfer; the loads always sum to the weight.
    void transientTransferHasATimeConstant() {
        const Setup s = dynamicSetup();
        const SuspensionDynamics model(s);
        SuspensionDrive drive;
        drive.lateralAccel = 5.0;
        SuspensionState state;
        const WheelArray first = model.tyreLoads(state, drive);
        for (int i = 0; i < 5000; ++i)
            model.advance(state, drive, s.simulation.timeStep);
        const WheelArray settled = model.tyreLoads(state, drive);
        const double firstTransfer = first[FR] - first[FL], settledTransfer = settled[FR] - settled[FL];
        qInfo("front transfer at the step %.1f N, settled %.1f N", firstTransfer, settledTransfer);
        QVERIFY(firstTransfer < 0.5 * settledTransfer); // only the links' and unsprung share at once
        double sum = 0.0;
        for (double l : settled)
            sum += l;
        QVERIFY(std::abs(sum - s.chassis.mass * units::gravity) < 1e-6 * sum);
    }

    // Stiff and hard-damped, the dynamic model's skidpad and braking metrics approach the
    // rigid model's with the same roll-stiffness split.
    void stiffSuspensionApproachesRigid() {
        const Setup dynamic = stiffSetup();
        const Setup rigid = rigidWithSplitOf(dynamic);
        QVERIFY2(validateSetup(dynamic).isEmpty(), qPrintable(validateSetup(dynamic).value(0).toString()));
        Skidpad pad1, pad2;
        BrakingRun brake1, brake2;
        const RunResult dPad = runManeuver(dynamic, pad1), qPad = runManeuver(rigid, pad2);
        const RunResult dBrake = runManeuver(dynamic, brake1), qBrake = runManeuver(rigid, brake2);
        QVERIFY(dPad.ok && qPad.ok && dBrake.ok && qBrake.ok);
        for (const char* key : {"skidpad_max_lateral_g"}) {
            const double d = metric(dPad, key), q = metric(qPad, key);
            qInfo("%s: stiff dynamic %.5f, rigid %.5f", key, d, q);
            QVERIFY(std::abs(d / q - 1.0) < stiffTolerance);
        }
        for (const char* key : {"braking_100_0_kmh_m", "braking_peak_decel_g"}) {
            const double d = metric(dBrake, key), q = metric(qBrake, key);
            qInfo("%s: stiff dynamic %.5f, rigid %.5f", key, d, q);
            QVERIFY(std::abs(d / q - 1.0) < stiffTolerance);
        }
    }

    // The fast step and the reference step agree on the dynamic model (they share its
    // code; this holds their wiring of it: the loads, the sample, the advance).
    void fastAndReferenceStepsAgree() {
        const Setup s = dynamicSetup();
        Simulator fast(s);
        reference::ReferenceSimulator slow(s);
        InitialConditions start;
        start.speed = 20.0;
        fast.reset(start);
        slow.reset(start);
        DriverInputs in;
        in.throttle = 0.3;
        for (int i = 0; i < 2000; ++i) {
            in.steer = 0.2 * std::sin(i * 0.003);
            QVERIFY(fast.step(in) && slow.step(in));
        }
        const double rollFast = fast.lastSample().suspension.roll, rollSlow = slow.lastSample().suspension.roll;
        qInfo("after 2 s of weaving: roll fast %.8f rad, reference %.8f rad", rollFast, rollSlow);
        QVERIFY(std::abs(rollFast - rollSlow) < 1e-4 * std::abs(rollSlow) + 1e-7);
        QVERIFY(std::abs(rollFast) > 1e-4);
    }

    // Telemetry: a dynamic run records the suspension channels, a rigid run leaves them out.
    void telemetryChannels() {
        RunOptions options;
        options.recordTelemetry = true;
        Skidpad pad1(40.0, 2.0), pad2(40.0, 2.0);
        const RunResult d = runManeuver(dynamicSetup(), pad1, options);
        const RunResult q = runManeuver(defaultSetup(), pad2, options);
        const auto roll = channelIndex("roll");
        QVERIFY(roll >= 0);
        QVERIFY(d.telemetry.recorded(std::size_t(roll)));
        QVERIFY(!q.telemetry.recorded(std::size_t(roll)));
        QVERIFY(d.telemetry.toCsv().find("ride_height_FL [m]") != std::string::npos);
        QVERIFY(q.telemetry.toCsv().find("ride_height_FL") == std::string::npos);
        const auto& rideHeight = d.telemetry.column("ride_height_FR");
        const auto& travel = d.telemetry.column("travel_FR");
        const double staticHeight = defaultSetup().suspension.front.rideHeight;
        for (std::size_t i = 0; i < rideHeight.size(); ++i)
            QCOMPARE(rideHeight[i] + travel[i], staticHeight);
        // A left turn rolls the body to the right: the right wheels in bump.
        QVERIFY(travel.back() > 0.0);
    }

    // JSON: a dynamic setup round-trips; a file without the section is a rigid car,
    // loaded without a warning; a rigid car's file has no section.
    void jsonRoundTrip() {
        Setup s = dynamicSetup();
        s.suspension.front.kneeSpeed = 0.08;
        s.suspension.rear.antiRollBarRate = 12345.0;
        s.suspension.pitchCentreHeight = 0.07;
        const SetupLoadResult back = loadSetup(writeSetup(s));
        QVERIFY(back.ok());
        QCOMPARE(back.setup->suspension, s.suspension);

        const QByteArray rigidBytes = writeSetup(defaultSetup());
        QVERIFY(!rigidBytes.contains("suspension"));
        const SetupLoadResult old = loadSetup(rigidBytes);
        QVERIFY(old.ok());
        QCOMPARE(old.setup->suspension.model, SuspensionModel::Rigid);
        for (const QString& w : old.warnings)
            QVERIFY2(!w.contains("suspension"), qPrintable(w));
    }

    // Validation: ranges and cross-field rules refuse, advice warns.
    void validation() {
        Setup s = dynamicSetup();
        QVERIFY(validateSetup(s).isEmpty());
        QVERIFY(setupWarnings(s).isEmpty());

        Setup soft = s;
        soft.suspension.front.reboundDamping = soft.suspension.front.bumpDamping - 1.0;
        QVERIFY(validateSetup(soft).isEmpty());
        const SetupIssues warned = setupWarnings(soft);
        QCOMPARE(warned.size(), 1);
        QCOMPARE(warned[0].path, QStringLiteral("suspension.front.reboundDamping"));

        Setup grounded = s;
        grounded.suspension.rear.rideHeight = 0.0;
        QCOMPARE(validateSetup(grounded).value(0).path, QStringLiteral("suspension.rear.rideHeight"));

        Setup heavyWheels = s;
        heavyWheels.suspension.front.unsprungMass = heavyWheels.suspension.rear.unsprungMass = 400.0;
        QCOMPARE(validateSetup(heavyWheels).value(0).path, QStringLiteral("suspension.front.unsprungMass"));

        Setup floppy = s;
        for (AxleSuspensionParams* a : {&floppy.suspension.front, &floppy.suspension.rear}) {
            a->springRate = 1000.0;
            a->antiRollBarRate = 0.0;
        }
        bool tipping = false;
        for (const SetupIssue& i : validateSetup(floppy))
            tipping = tipping || i.message.contains("roll stiffness");
        QVERIFY(tipping);

        // The rigid model reads none of it: no errors, no advice.
        Setup rigid = soft;
        rigid.suspension.model = SuspensionModel::Rigid;
        rigid.suspension.front.unsprungMass = 400.0;
        rigid.suspension.rear.unsprungMass = 400.0;
        QVERIFY(validateSetup(rigid).isEmpty());
        QVERIFY(setupWarnings(rigid).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSuspension)
#include "tst_suspension.moc"
