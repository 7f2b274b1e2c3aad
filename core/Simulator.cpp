#include "Simulator.h"

#include "Steering.h"
#include "step/Integrators.h"
#include "step/VehicleModel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace vtw {

namespace {

// Beyond these the run is not a car any more: stop with a message rather than
// carry garbage forward (docs/physics.md 7).
constexpr double maxPlausibleSpeed = 300.0;     // m/s
constexpr double maxPlausibleWheelSpin = 3000.0; // rad/s
constexpr double maxPlausibleYawRate = 60.0;    // rad/s
// How far a step's velocity change may go past what the forces allow before the run is
// called unstable: room for the stages of RK4 and the semi-implicit force correction.
constexpr double accelerationMargin = 0.25;
// m/s: a velocity change no step is refused for (rounding at rest).
constexpr double velocityChangeFloor = 1e-9;

const char* wheelName(int i) {
    static const char* names[WheelCount] = {"FL", "FR", "RL", "RR"};
    return names[i];
}

} // namespace

Simulator::Simulator(const Setup& setup) : m_model(std::make_unique<VehicleModel>(setup)) {
    m_model->steerGeometry(0.0, m_steer);
    reset();
}

Simulator::~Simulator() = default;
Simulator::Simulator(Simulator&&) noexcept = default;
Simulator& Simulator::operator=(Simulator&&) noexcept = default;

const Setup& Simulator::setup() const { return m_model->setup(); }

void Simulator::reset(const InitialConditions& initial) {
    m_state = VehicleState{};
    m_state.body.heading = initial.heading;
    m_state.body.vx = initial.speed;
    for (int i = 0; i < WheelCount; ++i)
        m_state.body.wheelSpin.set(static_cast<std::size_t>(i), initial.speed / m_model->wheelRadius(i));
    m_state.gearbox.gear = initial.gear;
    m_state.body.yawRate = initial.yawRate;
    m_state.steerAngle = initial.steerAngle;
    m_state.lateralAccel = initial.speed * initial.yawRate; // start with the steady-state load transfer
    m_sample = StepSample{};
    m_sample.surfaceMu.fill(m_model->setup().simulation.surfaceMu);
    m_distance = 0.0;
    m_error.clear();
}

void Simulator::setSetup(const Setup& setup) {
    *m_model = VehicleModel(setup);
    m_model->steerGeometry(m_state.steerAngle, m_steer); // the geometry may have changed
    m_sample.surfaceMu.fill(setup.simulation.surfaceMu);
}

bool Simulator::step(const DriverInputs& inputs) {
    if (diverged())
        return false;
    const SimulationParams& sim = m_model->setup().simulation;
    if (sim.substeps <= 1) // the usual case: no division, no loop
        return substep(inputs, sim.timeStep);
    const double dt = sim.timeStep / sim.substeps;
    for (int k = 0; k < sim.substeps; ++k) {
        if (!substep(inputs, dt))
            return false;
    }
    return true;
}

// Built like the step's other stages (VTW_WHEEL_LANES_CLONES), so that its copies of
// per-wheel arrays (the sample's, the last Fx) are the vector stores the next stage's
// vector loads can take their data from.
VTW_WHEEL_LANES_CLONES
bool Simulator::substep(const DriverInputs& inputs, double dt) {
    const VehicleModel& model = *m_model;
    const Setup& setup = model.setup();
    VehicleState& st = m_state;

    // Discrete updates at the step boundary: steering, then the gearbox (the two are
    // independent; the steer geometry is the longer work, so it goes first).
    const double target = std::clamp(inputs.steer, -1.0, 1.0) * setup.steering.maxSteerAngle;
    st.steerAngle = rateLimitedSteer(st.steerAngle, target, setup.steering.steerRate, dt);
    if (st.steerAngle != m_steer.referenceAngle)
        model.steerGeometry(st.steerAngle, m_steer);

    const double currentRatio = gearRatio(setup.gearbox, st.gearbox.gear);
    updateGearbox(setup.gearbox, st.gearbox, inputs.gear,
                  model.drivenWheelRpm(st.body.wheelSpin, currentRatio), dt);
    const StepContext ctx = model.makeContext(st, inputs, m_steer);

    // The sample of this substep's start; with several substeps the last one
    // stays. The evaluation lands in m_sample.forces.
    StepSample& s = m_sample;
    s.time = st.time;
    s.body = st.body;
    s.gear = st.gearbox.gear;
    s.steerAngle = st.steerAngle;
    s.frontWheels = m_steer.wheels.front();
    s.distance = m_distance;
    storeQuad(loadQuad(ctx.load), s.load); // surfaceMu only changes with the setup: reset() and setSetup() set it

    switch (setup.simulation.integrator) {
    case Integrator::ExplicitEuler: integrateExplicitEuler(model, ctx, st.body, m_sample.forces, dt); break;
    case Integrator::SemiImplicitEuler:
        integrateSemiImplicitEuler(model, ctx, st.body, m_sample.forces, dt);
        break;
    case Integrator::RungeKutta4: integrateRungeKutta4(model, ctx, st.body, m_sample.forces, dt); break;
    }

    // A brake may stop a wheel but never spin it backwards: a crossing through
    // zero while braked ends at zero.
    if (ctx.braking) {
        for (std::size_t i = 0; i < WheelCount; ++i) {
            if (ctx.brakeTorque[i] > 0.0 && ctx.spinSign[i] != 0.0 &&
                st.body.wheelSpin[i] * ctx.spinSign[i] < 0.0)
                st.body.wheelSpin.set(i, 0.0);
        }
    }
    // Keep a locked axle's wheels exactly together after the clamp above.
    if (setup.driveline.differential == DifferentialType::Locked) {
        for (int axle = 0; axle < 2; ++axle) {
            const auto a = static_cast<std::size_t>(2 * axle), b = a + 1;
            if (model.isDriven(static_cast<int>(a))) {
                const double mean = 0.5 * (st.body.wheelSpin[a] + st.body.wheelSpin[b]);
                st.body.wheelSpin.set(a, mean);
                st.body.wheelSpin.set(b, mean);
            }
        }
    }

    st.longitudinalAccel = s.forces.longitudinalAccel;
    st.lateralAccel = s.forces.lateralAccel;
    storeQuad(loadQuad(s.forces.fx), st.previousFx);
    // The path length of this step: the position moved by dt times the new velocity
    // turned to the new heading, and a turn keeps a length. From the velocity it is ready
    // before the heading's sine and cosine, the step's last link, instead of after them.
    m_speedAfter = std::sqrt(st.body.vx * st.body.vx + st.body.vy * st.body.vy);
    m_distance += dt * m_speedAfter;
    st.time += dt;
    // The inputs go into the sample last: a caller (a maneuver's controller) has often
    // just written them field by field, and a wider load of fields still on their way
    // to the cache would wait for them.
    s.inputs = inputs;

    // The divergence check, as two lane compares and one branch: NaN and infinity fail
    // every compare, and a sum carries them from the position; only a failing step
    // pays for finding the culprit.
    // The fourth lane holds the velocity change to what the forces can give (see
    // plausibleVelocityChange); NaN fails it as well.
    const BodyState& b = st.body;
    const double dvx = b.vx - s.body.vx, dvy = b.vy - s.body.vy;
    const Quad magnitudes = laneAbs(Quad{b.x + b.y + b.heading, b.yawRate, b.vx * b.vx + b.vy * b.vy,
                                         dvx * dvx + dvy * dvy});
    const double allowed = plausibleVelocityChange(dt);
    const Quad limits{std::numeric_limits<double>::max(), maxPlausibleYawRate,
                      maxPlausibleSpeed * maxPlausibleSpeed, allowed * allowed};
    const bool plausible = allLanes((laneAbs(loadQuad(b.wheelSpin)) <= maxPlausibleWheelSpin) &
                                    (magnitudes <= limits));
    return plausible || reportDivergence();
}

// The largest change of the body-frame velocity one step can make (docs/physics.md 7):
// the tires give at most the sum of their envelopes' larger peaks, the resistances can
// at most bring the car to rest, and the body frame turns the velocity by up to
// |r| |v| dt. An integrator that goes further has become unstable (a resistance
// overshooting through zero, a wheel update past its tire's grip), whatever the state's
// magnitudes say.
double Simulator::plausibleVelocityChange(double dt) const {
    const ForceEvaluation& f = m_sample.forces;
    const BodyState& before = m_sample.body;
    const BodyState& after = m_state.body;
    const double tireForce = laneSum(laneMax(loadQuad(f.fxMax), loadQuad(f.fyMax)));
    // At least the larger of the speeds before and after, without a square root: the
    // step's distance already took the one after's, |vx| + |vy| bounds the one before.
    const double speed = std::max(m_speedAfter, std::abs(before.vx) + std::abs(before.vy));
    const double yawRate = std::max(std::abs(before.yawRate), std::abs(after.yawRate));
    const double resistance = (f.dragForce + f.rollingResistanceForce) * m_model->inverseMass();
    return (1.0 + accelerationMargin) * dt * (tireForce * m_model->inverseMass() + yawRate * speed) +
           std::min((1.0 + accelerationMargin) * dt * resistance, speed) + velocityChangeFloor;
}

bool Simulator::reportDivergence() {
    const BodyState& b = m_state.body;
    char buffer[256];
    auto fail = [&](const char* what, double value) {
        std::snprintf(buffer, sizeof buffer,
                      "simulation diverged at t = %.3f s: %s = %g. Try a smaller time step, more "
                      "substeps or the semi-implicit integrator, and check the setup's values.",
                      m_state.time, what, value);
        m_error = buffer;
        return false;
    };
    const double values[] = {b.x, b.y, b.heading, b.vx, b.vy, b.yawRate};
    const char* names[] = {"x", "y", "heading", "vx", "vy", "yaw rate"};
    for (int i = 0; i < 6; ++i) {
        if (!std::isfinite(values[i]))
            return fail(names[i], values[i]);
    }
    for (int i = 0; i < WheelCount; ++i) {
        const double spin = b.wheelSpin[static_cast<std::size_t>(i)];
        if (!std::isfinite(spin) || std::abs(spin) > maxPlausibleWheelSpin) {
            char what[48];
            std::snprintf(what, sizeof what, "wheel %s spin (rad/s)", wheelName(i));
            return fail(what, spin);
        }
    }
    const double speedSquared = b.vx * b.vx + b.vy * b.vy;
    if (speedSquared > maxPlausibleSpeed * maxPlausibleSpeed)
        return fail("speed (m/s)", std::sqrt(speedSquared));
    if (std::abs(b.yawRate) > maxPlausibleYawRate)
        return fail("yaw rate (rad/s)", b.yawRate);
    const double dt = m_state.time - m_sample.time;
    const double dvx = b.vx - m_sample.body.vx, dvy = b.vy - m_sample.body.vy;
    const double change = std::sqrt(dvx * dvx + dvy * dvy);
    const double allowed = plausibleVelocityChange(dt);
    if (!(change <= allowed)) {
        std::snprintf(buffer, sizeof buffer,
                      "numerically unstable at t = %.3f s: the car's velocity changed at %.4g m/s^2, "
                      "more than its tires and aero can give (%.4g m/s^2). Reduce the time step or "
                      "the substeps' size.",
                      m_sample.time, change / dt, allowed / dt);
        m_error = buffer;
        return false;
    }
    // Reached only if x + y + heading overflowed with each of them finite.
    return fail("x + y + heading", b.x + b.y + b.heading);
}

} // namespace vtw
