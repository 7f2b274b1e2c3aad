#include "core/reference/ReferenceStep.h"

#include "core/powertrain/Engine.h"
#include "core/powertrain/Gearbox.h"
#include "core/chassis/Steering.h"
#include "core/base/Units.h"
#include "core/vehicle/WheelLayout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw::reference {

namespace {

// The semi-implicit wheel bound's slope is probed numerically at a small slip, so every
// tire model is covered (docs/physics.md 7); the slip-speed model's slope grows with
// the contact speed, so it is probed at a stated one.
constexpr double probeSlipRatio = 1e-4;
constexpr double probeContactSpeed = 10.0; // m/s

// Load-based rolling resistance fades in below a walking pace so that a car at rest
// is not pushed (docs/physics.md 1 and 7): full from this speed up.
constexpr double rollingResistanceFadeSpeed = 0.1; // m/s

// Below this reference steer angle the wheels are taken as straight (no turn centre).
constexpr double straightSteerAngle = 1e-9; // rad

double sign(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }

// target += h rate, every field of the state (bodyStateFields), wheel by wheel.
void addScaled(BodyState& target, const BodyState& rate, double h) {
    forEachStateField([&]<std::size_t I>() {
        constexpr auto member = stateField<I>.member;
        if constexpr (isWheelStateField<I>) {
            for (std::size_t w = 0; w < WheelCount; ++w)
                (target.*member).set(w, (target.*member)[w] + h * (rate.*member)[w]);
        } else {
            target.*member += h * rate.*member;
        }
    });
}

BodyState advanced(const BodyState& s, const BodyRates& r, double h) {
    BodyState out = s;
    addScaled(out, r, h);
    return out;
}

// World-frame position rates of a body state (docs/physics.md 0).
void addPositionRates(const BodyState& s, BodyRates& r) {
    r.x = s.vx * std::cos(s.heading) - s.vy * std::sin(s.heading);
    r.y = s.vx * std::sin(s.heading) + s.vy * std::cos(s.heading);
    r.heading = s.yawRate;
}

} // namespace

ReferenceSimulator::ReferenceSimulator(const Setup& setup, const ReferenceOptions& options)
    : m_setup(setup), m_options(options), m_front(setup.frontTires), m_rear(setup.rearTires),
      m_suspension(setup) {
    const ChassisParams& ch = setup.chassis;
    m_posX = {ch.cgToFrontAxle, ch.cgToFrontAxle, -ch.cgToRearAxle, -ch.cgToRearAxle};
    m_posY = {0.5 * ch.trackFront, -0.5 * ch.trackFront, 0.5 * ch.trackRear, -0.5 * ch.trackRear};
    for (int i = 0; i < WheelCount; ++i) {
        const TireParams& t = i < 2 ? setup.frontTires : setup.rearTires;
        m_radius[static_cast<std::size_t>(i)] = t.radius;
        m_inertia[static_cast<std::size_t>(i)] = t.wheelInertia;
    }

    // docs/physics.md 3: the layout says which axles the engine drives; an open
    // differential gives each driven wheel an equal share of its axle's torque.
    double frontShare = 0.0;
    switch (setup.driveline.layout) {
    case DrivelineLayout::RearWheelDrive: frontShare = 0.0; break;
    case DrivelineLayout::FrontWheelDrive: frontShare = 1.0; break;
    case DrivelineLayout::AllWheelDrive: frontShare = setup.driveline.frontTorqueShare; break;
    }
    m_driveShare = {0.5 * frontShare, 0.5 * frontShare, 0.5 * (1.0 - frontShare), 0.5 * (1.0 - frontShare)};
    // docs/physics.md 1: the pedal's brake torque split front/rear by the bias.
    const double bias = setup.brakes.frontBias;
    m_brakeShare = {0.5 * bias, 0.5 * bias, 0.5 * (1.0 - bias), 0.5 * (1.0 - bias)};
    // docs/physics.md 3.1 and 6: limited-slip couplings, and the grip under each wheel.
    m_couplings = driveCouplings(setup);
    m_surfaceGrip = wheelSurfaceGrip(setup.simulation);

    // docs/physics.md 7: each wheel's tire slope dFx/dkappa at the origin per newton of
    // load, probed at half the static axle load, for the semi-implicit wheel update.
    const double L = ch.wheelbase();
    const double weight = ch.mass * units::gravity;
    const double halfStaticLoad[2] = {std::max(1.0, 0.5 * ch.cgToRearAxle / L * weight),
                                      std::max(1.0, 0.5 * ch.cgToFrontAxle / L * weight)};
    for (int i = 0; i < WheelCount; ++i) {
        const auto w = static_cast<std::size_t>(i);
        const int axle = i < 2 ? 0 : 1;
        TireInput probe;
        probe.slipRatio = probeSlipRatio;
        probe.normalLoad = halfStaticLoad[axle];
        probe.contactSpeed = probeContactSpeed;
        const double perNewton =
            std::max(0.0, tire(i).evaluate(probe).fx / (probeSlipRatio * halfStaticLoad[axle]));
        const bool slipSpeed = tire(i).params().model == TireModelKind::SlipSpeed;
        m_torqueStiffnessPerNewton[w] =
            m_radius[w] * m_radius[w] * perNewton / (slipSpeed ? probeContactSpeed : 1.0);
    }
    reset();
}

void ReferenceSimulator::reset(const InitialConditions& initial) {
    m_state = VehicleState{};
    m_state.body.heading = initial.heading;
    m_state.body.x = initial.x;
    m_state.body.y = initial.y;
    m_state.body.vx = initial.speed;
    for (int i = 0; i < WheelCount; ++i) // wheels rolling freely
        m_state.body.wheelSpin.set(static_cast<std::size_t>(i), initial.speed / wheelRadius(i));
    m_state.gearbox.gear = initial.gear;
    m_state.body.yawRate = initial.yawRate;
    m_state.steerAngle = initial.steerAngle;
    m_state.lateralAccel = initial.speed * initial.yawRate; // a run on a circle starts with its load transfer
    if (m_setup.suspension.model == SuspensionModel::Dynamic) // and its body rolled to match
        m_state.suspension = m_suspension.steadyState(suspensionDrive(m_state));
    m_sample = StepSample{};
    m_sample.surfaceMu = m_surfaceGrip;
    m_distance = 0.0;
    m_error.clear();
}

// ---------------------------------------------------------------------------
// The model's stages.

SuspensionDrive ReferenceSimulator::suspensionDrive(const VehicleState& state) const {
    const double speed = std::hypot(state.body.vx, state.body.vy);
    const double downforce = 0.5 * m_setup.aero.airDensity * m_setup.aero.downforceCoefficientArea * speed * speed;
    const double share = m_setup.aero.downforceFrontShare;
    return {state.longitudinalAccel, state.lateralAccel, share * downforce, (1.0 - share) * downforce};
}

WheelArray ReferenceSimulator::wheelLoads(const VehicleState& state) const {
    // docs/physics.md 16: on the dynamic suspension the loads are its springs' forces and
    // the paths around them.
    if (m_setup.suspension.model == SuspensionModel::Dynamic)
        return m_suspension.tyreLoads(state.suspension, suspensionDrive(state));
    // docs/physics.md 2. Static axle loads Wf = (c/L) W, Wr = (b/L) W; the longitudinal
    // transfer (h/L) M a moves load to the rear under acceleration, clamped so neither
    // axle goes negative. Downforce 0.5 rho C_L A v^2 adds per axle by its share.
    const ChassisParams& ch = m_setup.chassis;
    const double L = ch.wheelbase();
    const double M = ch.mass;
    const double W = M * units::gravity;
    const double transfer = ch.cgHeight / L * M * state.longitudinalAccel;
    double front = std::clamp(ch.cgToRearAxle / L * W - transfer, 0.0, W);
    double rear = W - front;
    const double speed = std::hypot(state.body.vx, state.body.vy);
    const double downforce = 0.5 * m_setup.aero.airDensity * m_setup.aero.downforceCoefficientArea * speed * speed;
    front += m_setup.aero.downforceFrontShare * downforce;
    rear += (1.0 - m_setup.aero.downforceFrontShare) * downforce;

    // Lateral transfer dW = M ay h / track per axle, split by the front roll-stiffness
    // share; a left turn (ay > 0) loads the right wheels. A wheel cannot carry less than
    // nothing: the transfer is at most the half on the lifted side.
    const double frontTransfer = ch.rollStiffnessFront * M * state.lateralAccel * ch.cgHeight / ch.trackFront;
    const double rearTransfer =
        (1.0 - ch.rollStiffnessFront) * M * state.lateralAccel * ch.cgHeight / ch.trackRear;
    const double frontMoved = std::clamp(frontTransfer, -0.5 * front, 0.5 * front);
    const double rearMoved = std::clamp(rearTransfer, -0.5 * rear, 0.5 * rear);
    return {0.5 * front - frontMoved, 0.5 * front + frontMoved, 0.5 * rear - rearMoved,
            0.5 * rear + rearMoved};
}

WheelArray ReferenceSimulator::wheelSteerAngles(double referenceAngle) const {
    // docs/physics.md 8. Turn centre on the extended rear axle at R = L / tan(delta)
    // from the rear axle's middle; full Ackermann gives the inner wheel
    // atan(L / (R - t/2)) and the outer atan(L / (R + t/2)). Written as atan2 of
    // (L sin delta, L cos delta -+ t/2 sin delta), the same angles without dividing by
    // tan(delta), and past 90 deg (turn centre inside the track) the inner wheel stays
    // on the right side. The Ackermann percentage blends linearly from parallel steer.
    const double magnitude = std::abs(referenceAngle);
    double inner = magnitude, outer = magnitude;
    if (magnitude >= straightSteerAngle) {
        const double L = m_setup.chassis.wheelbase();
        const double halfTrack = 0.5 * m_setup.chassis.trackFront;
        const double s = std::sin(magnitude), c = std::cos(magnitude);
        const double fullInner = std::atan2(L * s, L * c - halfTrack * s);
        const double fullOuter = std::atan2(L * s, L * c + halfTrack * s);
        const double share = std::clamp(m_setup.steering.ackermannPercent, 0.0, 100.0) / 100.0;
        inner = magnitude + share * (fullInner - magnitude);
        outer = magnitude + share * (fullOuter - magnitude);
    }
    // A left turn (positive angle) has the left wheel inside; a right turn mirrors it.
    WheelArray angles{0.0, 0.0, 0.0, 0.0};
    if (referenceAngle > 0.0)
        angles = {inner, outer, 0.0, 0.0};
    else if (referenceAngle < 0.0)
        angles = {-outer, -inner, 0.0, 0.0};
    // Toe-in turns a left wheel clockwise seen from above (a negative angle), a right
    // wheel anticlockwise.
    const double frontToe = m_setup.steering.frontToe, rearToe = m_setup.steering.rearToe;
    if (frontToe != 0.0 || rearToe != 0.0) {
        angles[FL] -= frontToe;
        angles[FR] += frontToe;
        angles[RL] -= rearToe;
        angles[RR] += rearToe;
    }
    return angles;
}

double ReferenceSimulator::drivenWheelRpm(const WheelArray& spin, double gearRatio) const {
    // docs/physics.md 3: rpm = omega x_g x_d 60 / (2 pi), omega the mean spin of the
    // driven wheels (open differentials average their outputs' speeds).
    double sum = 0.0;
    int driven = 0;
    for (int i = 0; i < WheelCount; ++i) {
        if (isDriven(i)) {
            sum += spin[static_cast<std::size_t>(i)];
            ++driven;
        }
    }
    const double omega = driven > 0 ? sum / driven : 0.0;
    return engineRpmFromWheelSpeed(omega, gearRatio, m_setup.gearbox.finalDrive);
}

double ReferenceSimulator::axleInputTorque(const WheelArray& spin, const Context& ctx, Evaluation& out) const {
    // docs/physics.md 3: T_engine from the curve at the rpm the wheels impose (idle floor,
    // rev limiter, engine braking), T_drive = T_engine x_g x_d eta. Neutral or a shift in
    // progress: no drive torque and the engine idles.
    if (ctx.gearRatio == 0.0) {
        out.engineRpm = m_setup.engine.idleRpm;
        out.engineTorque = 0.0;
        return 0.0;
    }
    const double wheelRpm = drivenWheelRpm(spin, ctx.gearRatio);
    out.engineRpm = std::max(std::abs(wheelRpm), m_setup.engine.idleRpm);
    out.engineTorque = engineTorque(m_setup.engine, wheelRpm, ctx.throttle); // plain curve search, no hint
    return axleTorque(out.engineTorque, ctx.gearRatio, m_setup.gearbox.finalDrive, m_setup.gearbox.efficiency);
}

WheelKinematics ReferenceSimulator::wheelKinematics(const BodyState& s, const Context& ctx, int wheel) const {
    // docs/physics.md 0: contact-patch velocity = body velocity + r x (wheel position),
    // turned into the wheel frame by the wheel's steer angle; kappa = (omega R - vx_w) /
    // |vx_w|, alpha = atan2(vy_w, |vx_w|), with the low-speed floor on |vx_w| (docs/physics.md 7).
    const auto w = static_cast<std::size_t>(wheel);
    const double vx = s.vx - s.yawRate * m_posY[w];
    const double vy = s.vy + s.yawRate * m_posX[w];
    const double delta = ctx.steerAngle[w];
    WheelKinematics k;
    k.vxWheel = vx * std::cos(delta) + vy * std::sin(delta);
    k.vyWheel = -vx * std::sin(delta) + vy * std::cos(delta);
    k.slipDenominator = std::max(std::abs(k.vxWheel), m_setup.simulation.lowSpeedFloor);
    k.slipRatio = (s.wheelSpin[w] * m_radius[w] - k.vxWheel) / k.slipDenominator;
    k.slipAngle = std::atan2(k.vyWheel, k.slipDenominator);
    return k;
}

double ReferenceSimulator::wheelTorque(int wheel, double axleTorque, double fx, const Context& ctx) const {
    // docs/physics.md 4: I dw/dt = T_drive_share - Fx R - T_brake. The brake only
    // opposes motion: on a turning wheel it acts against the spin the wheel had at the
    // step's start (the step then clamps a crossing through zero, docs/physics.md 1); a
    // wheel at rest it holds like static friction, as long as the brake can.
    const auto w = static_cast<std::size_t>(wheel);
    const double other = m_driveShare[w] * axleTorque - fx * m_radius[w];
    const double brake = ctx.brakeTorque[w];
    if (ctx.spinSign[w] != 0.0)
        return other - brake * ctx.spinSign[w];
    if (std::abs(other) <= brake)
        return 0.0;
    return other - brake * sign(other);
}

void ReferenceSimulator::evaluate(const BodyState& s, const Context& ctx, Evaluation& out) const {
    // Engine and gearing (docs/physics.md 3).
    const double axleTorqueIn = axleInputTorque(s.wheelSpin, ctx, out);

    double sumFx = 0.0, sumFy = 0.0, yawMoment = 0.0;
    for (int i = 0; i < WheelCount; ++i) {
        const auto w = static_cast<std::size_t>(i);
        // Kinematics and tire forces (docs/physics.md 0 and 6).
        const WheelKinematics k = wheelKinematics(s, ctx, i);
        out.wheels[w] = k;
        TireInput in;
        in.slipRatio = k.slipRatio;
        in.slipAngle = k.slipAngle;
        in.normalLoad = ctx.load[w];
        in.surfaceMu = m_surfaceGrip[w];
        in.contactSpeed = k.slipDenominator;
        in.previousFx = ctx.previousFx[w];
        const TireForce f = tire(i).evaluate(in);
        out.fx[w] = f.fx;
        out.fy[w] = f.fy;

        // Body forces: the wheel-frame force turned by the steer angle, and its moment
        // about the CG from the wheel's x and y arms (docs/physics.md 5).
        const double delta = ctx.steerAngle[w];
        const double bodyFx = f.fx * std::cos(delta) - f.fy * std::sin(delta);
        const double bodyFy = f.fx * std::sin(delta) + f.fy * std::cos(delta);
        sumFx += bodyFx;
        sumFy += bodyFy;
        yawMoment += m_posX[w] * bodyFy - m_posY[w] * bodyFx;

        // Wheel spin (docs/physics.md 4).
        out.netTorque[w] = wheelTorque(i, axleTorqueIn, f.fx, ctx);
        out.rates.wheelSpin.set(w, out.netTorque[w] / m_inertia[w]);
    }
    // Limited-slip differentials pass torque between their outputs (docs/physics.md 3.1).
    if (m_couplings.any()) {
        addCouplingTorques(m_couplings, s.wheelSpin, m_inertia, axleTorqueIn, ctx.timeStep, out.netTorque);
        for (std::size_t w = 0; w < WheelCount; ++w)
            out.rates.wheelSpin.set(w, out.netTorque[w] / m_inertia[w]);
    }
    // A locked differential makes the driven axle's two wheels one rigid body
    // (docs/physics.md 3): they share the sum of their torques over the sum of inertias.
    for (const Axle axle : {Axle::Front, Axle::Rear}) {
        if (isAxleLocked(m_setup.driveline, axle)) {
            const std::size_t a = axle == Axle::Front ? FL : RL, b = a + 1;
            const double rate = (out.netTorque[a] + out.netTorque[b]) / (m_inertia[a] + m_inertia[b]);
            out.rates.wheelSpin.set(a, rate);
            out.rates.wheelSpin.set(b, rate);
        }
    }

    // Aerodynamic drag F = -C_drag v |v| along the velocity (docs/physics.md 1).
    const double speed = std::hypot(s.vx, s.vy);
    const double cDrag = m_setup.aero.dragConstant();
    sumFx -= cDrag * s.vx * speed;
    sumFy -= cDrag * s.vy * speed;
    out.dragForce = cDrag * speed * speed;
    // Rolling resistance along the body's x (docs/physics.md 1): Monster's -C_rr v, or
    // c_rr times the total normal load, faded in below a walking pace.
    double rolling = 0.0;
    if (m_setup.aero.rollingResistanceModel == RollingResistanceModel::SpeedLinear) {
        rolling = m_setup.aero.rollingResistanceLinear * s.vx;
    } else {
        const double totalLoad = ctx.load[0] + ctx.load[1] + ctx.load[2] + ctx.load[3];
        rolling = m_setup.aero.rollingResistanceCoefficient * totalLoad *
                  std::clamp(s.vx / rollingResistanceFadeSpeed, -1.0, 1.0);
    }
    sumFx -= rolling;
    out.rollingResistanceForce = std::abs(rolling);

    // Newton in the rotating body frame (docs/physics.md 1 and 5).
    const double M = m_setup.chassis.mass;
    out.longitudinalAccel = sumFx / M;
    out.lateralAccel = sumFy / M;
    out.rates.vx = out.longitudinalAccel + s.yawRate * s.vy;
    out.rates.vy = out.lateralAccel - s.yawRate * s.vx;
    out.rates.yawRate = yawMoment / m_setup.chassis.yawInertia;
    addPositionRates(s, out.rates);
}

double ReferenceSimulator::wheelTorqueStiffness(int wheel, double load, double slipDenominator) const {
    // k = d(Fx R)/d(omega) = R^2 dFx/dkappa / |vx_w| (dkappa/domega = R / |vx_w|); for the
    // slip-speed model the slope grows with the contact speed and the denominator cancels.
    const auto w = static_cast<std::size_t>(wheel);
    const bool slipSpeed = tire(wheel).params().model == TireModelKind::SlipSpeed;
    return m_torqueStiffnessPerNewton[w] * load / (slipSpeed ? 1.0 : slipDenominator);
}

// ---------------------------------------------------------------------------
// The step.

ReferenceSimulator::WheelUpdate ReferenceSimulator::linearlyImplicitWheelUpdate(int wheel, const Evaluation& e,
                                                                             const Context& ctx, double dt) const {
    // docs/physics.md 7: backward Euler for the wheel linearised about the step's start,
    // domega = dt omega_dot / (1 + dt k / I), and the force at the step's end,
    // Fx' = Fx + (k / R) domega (dFx/domega = k / R).
    const auto w = static_cast<std::size_t>(wheel);
    const double k = wheelTorqueStiffness(wheel, ctx.load[w], e.wheels[w].slipDenominator);
    WheelUpdate u;
    u.spinChange = dt * e.rates.wheelSpin[w] / (1.0 + dt * k / m_inertia[w]);
    u.appliedFx = e.fx[w] + k / m_radius[w] * u.spinChange;
    if (!m_options.frictionLimitedWheelUpdate)
        return u;
    // The slope k is the tire's at zero slip; on a saturated tire the linearised force
    // overshoots what the tire can give. Bound it by the longitudinal force left beside
    // the lateral force on the ellipse of the pure peaks at this load, or by |Fx| where the
    // tire's own force lies further out; then the spin change follows from the bounded
    // force through the wheel equation (docs/physics.md 4), so wheel and body agree.
    const double load = ctx.load[w], grip = m_surfaceGrip[w];
    const double fxMax = tire(wheel).longitudinalLimit(load, grip);
    const double fyMax = tire(wheel).lateralLimit(load, grip);
    const double lateralShare = fyMax > 0.0 ? e.fy[w] / fyMax : 1.0;
    const double available =
        std::max(std::abs(e.fx[w]), fxMax * std::sqrt(std::max(0.0, 1.0 - lateralShare * lateralShare)));
    const double bounded = std::clamp(u.appliedFx, -available, available);
    if (bounded != u.appliedFx) {
        u.spinChange = dt * (e.rates.wheelSpin[w] - (bounded - e.fx[w]) * m_radius[w] / m_inertia[w]);
        u.appliedFx = bounded;
    }
    return u;
}

Context ReferenceSimulator::makeContext(const DriverInputs& inputs) const {
    Context ctx;
    ctx.load = wheelLoads(m_state);
    ctx.steerAngle = wheelSteerAngles(m_state.steerAngle);
    const double pedal = std::clamp(inputs.brake, 0.0, 1.0) * m_setup.brakes.maxTorque;
    const double handbrake = std::clamp(inputs.handbrake, 0.0, 1.0) * m_setup.brakes.handbrakeTorque;
    for (int i = 0; i < WheelCount; ++i) {
        const auto w = static_cast<std::size_t>(i);
        // ABS releases each wheel's share of the pedal (docs/physics.md 4.1).
        const double pedalShare = pedal * m_brakeShare[w] * (1.0 - m_state.aids.brakeRelease[w]);
        ctx.brakeTorque[w] = pedalShare + (i >= 2 ? handbrake : 0.0); // handbrake: rear only
        ctx.spinSign[w] = sign(m_state.body.wheelSpin[w]);
        ctx.previousFx[w] = m_state.previousFx[w];
    }
    ctx.gearRatio = m_state.gearbox.shifting() ? 0.0 : gearRatio(m_setup.gearbox, m_state.gearbox.gear);
    // Traction control cuts the engine's torque, as the throttle scales it.
    ctx.throttle = std::clamp(inputs.throttle, 0.0, 1.0) * (1.0 - m_state.aids.torqueCut);
    ctx.timeStep = m_setup.simulation.timeStep / std::max(1, m_setup.simulation.substeps);
    return ctx;
}

void ReferenceSimulator::integrateExplicitEuler(const Context& ctx, double dt) {
    // docs/physics.md 7: every state from the rates at the step's start.
    Evaluation e;
    evaluate(m_state.body, ctx, e);
    recordSampleForces(e);
    m_state.body = advanced(m_state.body, e.rates, dt);
}

void ReferenceSimulator::integrateSemiImplicitEuler(const Context& ctx, double dt) {
    // docs/physics.md 7 and 4. The wheel spin is the stiff part: each wheel's update is
    // linearly implicit, domega = dt omega_dot / (1 + dt k / I), k = d(Fx R)/domega at
    // the origin, stable for any step and the same at equilibrium. The tire force that
    // slowed the wheel's change, Fx + (k / R) domega, is the force the body feels too,
    // so wheel and body agree about momentum. Then the body velocities, then the
    // positions from the new velocities (symplectic Euler).
    Evaluation e;
    evaluate(m_state.body, ctx, e);
    BodyState& s = m_state.body;
    double extraFx = 0.0, extraFy = 0.0, extraYawMoment = 0.0;
    for (int i = 0; i < WheelCount; ++i) {
        const auto w = static_cast<std::size_t>(i);
        const WheelUpdate u = linearlyImplicitWheelUpdate(i, e, ctx, dt);
        s.wheelSpin.set(w, s.wheelSpin[w] + u.spinChange);
        const double dFx = u.appliedFx - e.fx[w];
        e.fx[w] = u.appliedFx; // the sample shows the force applied
        const double delta = ctx.steerAngle[w];
        const double bodyFx = dFx * std::cos(delta);
        const double bodyFy = dFx * std::sin(delta);
        extraFx += bodyFx;
        extraFy += bodyFy;
        extraYawMoment += m_posX[w] * bodyFy - m_posY[w] * bodyFx;
    }
    const double M = m_setup.chassis.mass;
    e.longitudinalAccel += extraFx / M;
    e.lateralAccel += extraFy / M;
    s.vx += dt * (e.rates.vx + extraFx / M);
    s.vy += dt * (e.rates.vy + extraFy / M);
    s.yawRate += dt * (e.rates.yawRate + extraYawMoment / m_setup.chassis.yawInertia);
    s.heading += dt * s.yawRate;
    s.x += dt * (s.vx * std::cos(s.heading) - s.vy * std::sin(s.heading));
    s.y += dt * (s.vx * std::sin(s.heading) + s.vy * std::cos(s.heading));
    recordSampleForces(e);
}

void ReferenceSimulator::integrateRungeKutta4(const Context& ctx, double dt) {
    // docs/physics.md 7: classical fourth-order Runge-Kutta under the step's fixed context.
    const BodyState s0 = m_state.body;
    Evaluation k1, k2, k3, k4;
    evaluate(s0, ctx, k1);
    evaluate(advanced(s0, k1.rates, 0.5 * dt), ctx, k2);
    evaluate(advanced(s0, k2.rates, 0.5 * dt), ctx, k3);
    evaluate(advanced(s0, k3.rates, dt), ctx, k4);
    BodyRates sum;
    const BodyRates* k[4] = {&k1.rates, &k2.rates, &k3.rates, &k4.rates};
    const double weight[4] = {1.0, 2.0, 2.0, 1.0};
    for (int j = 0; j < 4; ++j)
        addScaled(sum, *k[j], weight[j]);
    m_state.body = advanced(s0, sum, dt / 6.0);
    recordSampleForces(k1);
}

void ReferenceSimulator::applyBrakeZeroCrossingClamp(const Context& ctx) {
    // docs/physics.md 1 and 4: a brake may stop a wheel but never spin it backwards; a
    // braked wheel whose spin crossed zero during the step ends at zero.
    for (std::size_t w = 0; w < WheelCount; ++w) {
        if (ctx.brakeTorque[w] > 0.0 && ctx.spinSign[w] != 0.0 &&
            m_state.body.wheelSpin[w] * ctx.spinSign[w] < 0.0)
            m_state.body.wheelSpin.set(w, 0.0);
    }
}

void ReferenceSimulator::keepLockedAxlesTogether() {
    // docs/physics.md 3: a locked differential's wheels turn together, also after the clamp.
    for (const Axle axle : {Axle::Front, Axle::Rear}) {
        if (!isAxleLocked(m_setup.driveline, axle))
            continue;
        const std::size_t a = axle == Axle::Front ? FL : RL;
        WheelArray& spin = m_state.body.wheelSpin;
        spin[a] = spin[a + 1] = 0.5 * (spin[a] + spin[a + 1]);
    }
}

void ReferenceSimulator::recordSampleStart(const Context& ctx) {
    StepSample& s = m_sample;
    s.time = m_state.time;
    s.body = m_state.body;
    s.gear = m_state.gearbox.gear;
    s.steerAngle = m_state.steerAngle;
    s.frontWheels = {std::sin(ctx.steerAngle[FL]), std::cos(ctx.steerAngle[FL]),
                     std::sin(ctx.steerAngle[FR]), std::cos(ctx.steerAngle[FR])};
    s.distance = m_distance;
    s.load = WheelLanes{ctx.load};
    if (m_setup.suspension.model == SuspensionModel::Dynamic)
        s.suspension = m_suspension.sample(m_state.suspension);
    s.aids = m_state.aids; // zero without aids: nothing updates it
}

void ReferenceSimulator::recordSampleForces(const Evaluation& e) {
    ForceEvaluation& f = m_sample.forces;
    f.rates = e.rates;
    for (std::size_t w = 0; w < WheelCount; ++w) {
        f.slipRatio.set(w, e.wheels[w].slipRatio);
        f.slipAngle.set(w, e.wheels[w].slipAngle);
        f.slipDenominator.set(w, e.wheels[w].slipDenominator);
        f.inverseSlipDenominator.set(w, 1.0 / e.wheels[w].slipDenominator);
    }
    f.fx = WheelLanes{e.fx};
    f.fy = WheelLanes{e.fy};
    f.longitudinalAccel = e.longitudinalAccel;
    f.lateralAccel = e.lateralAccel;
    f.engineRpm = e.engineRpm;
    f.engineTorque = e.engineTorque;
    f.dragForce = e.dragForce;
    f.rollingResistanceForce = e.rollingResistanceForce;
}

bool ReferenceSimulator::substep(const DriverInputs& inputs, double dt) {
    VehicleState& st = m_state;
    // Discrete updates at the step boundary (docs/physics.md 3 and 8): the steer moves
    // toward the driver's target at its rate limit, the gearbox finishes a shift or
    // decides on one from the engine speed the driven wheels impose.
    const double target = std::clamp(inputs.steer, -1.0, 1.0) * m_setup.steering.maxSteerAngle;
    st.steerAngle = rateLimitedSteer(st.steerAngle, target, m_setup.steering.steerRate, dt);
    updateGearbox(m_setup.gearbox, st.gearbox, inputs.gear,
                  drivenWheelRpm(st.body.wheelSpin, gearRatio(m_setup.gearbox, st.gearbox.gear)), dt);

    // The driver aids act on the last step's slips (docs/physics.md 4.1).
    if (m_setup.aids.abs == AidSwitch::On || m_setup.aids.tractionControl == AidSwitch::On) {
        DriverAidInputs aidInputs;
        for (std::size_t w = 0; w < WheelCount; ++w) {
            aidInputs.slipRatio[w] = m_sample.forces.slipRatio[w];
            aidInputs.driven[w] = isDriven(static_cast<int>(w));
        }
        aidInputs.speed = std::hypot(m_sample.body.vx, m_sample.body.vy);
        aidInputs.braking = inputs.brake > 0.0;
        updateDriverAids(m_setup.aids, aidInputs, dt, st.aids);
    }

    // What every stage of the integrator sees: loads, steer, brakes, gear.
    const Context ctx = makeContext(inputs);
    recordSampleStart(ctx);

    switch (m_setup.simulation.integrator) {
    case Integrator::ExplicitEuler: integrateExplicitEuler(ctx, dt); break;
    case Integrator::SemiImplicitEuler: integrateSemiImplicitEuler(ctx, dt); break;
    case Integrator::RungeKutta4: integrateRungeKutta4(ctx, dt); break;
    }
    applyBrakeZeroCrossingClamp(ctx);
    keepLockedAxlesTogether();

    // What the next step needs from this one: the accelerations for its load transfer
    // (docs/physics.md 2) and the tire forces (Calspan).
    st.longitudinalAccel = m_sample.forces.longitudinalAccel;
    st.lateralAccel = m_sample.forces.lateralAccel;
    st.previousFx = m_sample.forces.fx;
    if (m_setup.suspension.model == SuspensionModel::Dynamic) // docs/physics.md 16
        m_suspension.advance(st.suspension, suspensionDrive(st), dt);
    m_distance += dt * std::hypot(st.body.vx, st.body.vy); // the step's move at the new speed
    st.time += dt;
    m_sample.inputs = inputs;
    return checkDivergence();
}

bool ReferenceSimulator::step(const DriverInputs& inputs) {
    if (diverged())
        return false;
    const SimulationParams& sim = m_setup.simulation;
    const int substeps = std::max(1, sim.substeps);
    const double dt = sim.timeStep / substeps;
    for (int k = 0; k < substeps; ++k) {
        if (!substep(inputs, dt))
            return false;
    }
    return true;
}

bool ReferenceSimulator::checkDivergence() {
    // docs/physics.md 7: NaN, infinity, absurd speed, spin or yaw rate end the run with a
    // message; the bounds are the optimised step's (bodyStateFields), so both stop at the
    // same state.
    std::string culprit = implausibleField(m_state.body);
    if (culprit.empty() && m_setup.suspension.model == SuspensionModel::Dynamic)
        culprit = implausibleSuspension(m_state.suspension); // docs/physics.md 16.4
    if (culprit.empty())
        return true;
    char buffer[200];
    std::snprintf(buffer, sizeof buffer, "reference step diverged at t = %.3f s: %s", m_state.time,
                  culprit.c_str());
    m_error = buffer;
    return false;
}

} // namespace vtw::reference
