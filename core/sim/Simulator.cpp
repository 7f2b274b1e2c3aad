#include "core/sim/Simulator.h"

#include "core/chassis/Steering.h"
#include "core/vehicle/WheelLayout.h"
#include "core/step/Integrators.h"
#include "core/step/StatePlausibility.h"
#include "core/step/VehicleModelStep.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw {

namespace {

// How far a step's velocity change may go past what the forces allow before the run is
// called unstable: room for the stages of RK4 and the semi-implicit force correction.
constexpr double accelerationMargin = 0.25;
// m/s: a velocity change no step is refused for (rounding at rest).
constexpr double velocityChangeFloor = 1e-9;

// What the driver aids read: the last step's slips (its sample) and the car's speed.
DriverAidInputs driverAidInputs(const VehicleModel& model, const StepSample& last, const DriverInputs& inputs) {
    DriverAidInputs in;
    for (std::size_t i = 0; i < WheelCount; ++i) {
        in.slipRatio[i] = last.forces.slipRatio[i];
        in.driven[i] = model.isDriven(static_cast<int>(i));
    }
    in.speed = std::hypot(last.body.vx, last.body.vy);
    in.braking = inputs.brake > 0.0;
    return in;
}

// The largest change of the body-frame velocity one step can make (docs/physics.md 7):
// the tires give at most the sum of their envelopes' larger peaks, the resistances can
// at most bring the car to rest, and the body frame turns the velocity by up to
// |r| |v| dt. An integrator that goes further has become unstable (a resistance
// overshooting through zero, a wheel update past its tire's grip), whatever the state's
// magnitudes say. Inline (VTW_LANE), so that the step's vector build computes it in
// place rather than calling the baseline build's copy on every step.
VTW_LANE double largestVelocityChange(const VehicleModel& model, const ForceEvaluation& f,
                                      const BodyState& before, const BodyState& after, double speedAfter,
                                      double dt) {
    const double tireForce = laneSum(laneMax(loadQuad(f.fxMax), loadQuad(f.fyMax)));
    // At least the larger of the speeds before and after, without a square root: the
    // step's distance already took the one after's, |vx| + |vy| bounds the one before.
    const double speed = std::max(speedAfter, std::abs(before.vx) + std::abs(before.vy));
    const double yawRate = std::max(std::abs(before.yawRate), std::abs(after.yawRate));
    const double resistance = (f.dragForce + f.rollingResistanceForce) * model.inverseMass();
    return (1.0 + accelerationMargin) * dt * (tireForce * model.inverseMass() + yawRate * speed) +
           std::min((1.0 + accelerationMargin) * dt * resistance, speed) + velocityChangeFloor;
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
const Tire& Simulator::tire(int wheel) const { return m_model->tire(wheel); }
bool Simulator::isDriven(int wheel) const { return m_model->isDriven(wheel); }
double Simulator::wheelInertia(int wheel) const { return m_model->wheelInertia(wheel); }
double Simulator::drivenWheelRpm(double gearRatio) const {
    return m_model->drivenWheelRpm(m_state.body.wheelSpin, gearRatio);
}

void Simulator::reset(const InitialConditions& initial) {
    m_state = VehicleState{};
    m_state.body.heading = initial.heading;
    m_state.body.x = initial.x;
    m_state.body.y = initial.y;
    m_state.body.vx = initial.speed;
    for (int i = 0; i < WheelCount; ++i)
        m_state.body.wheelSpin.set(static_cast<std::size_t>(i), initial.speed / m_model->wheelRadius(i));
    m_state.gearbox.gear = initial.gear;
    m_state.body.yawRate = initial.yawRate;
    m_state.steerAngle = initial.steerAngle;
    m_state.lateralAccel = initial.speed * initial.yawRate; // start with the steady-state load transfer
    if (m_model->dynamicSuspension()) // and the body rolled as far as that holds it
        m_state.suspension = m_model->suspension().steadyState(m_model->suspensionDrive(m_state));
    m_sample = StepSample{};
    m_sample.surfaceMu = wheelSurfaceGrip(m_model->setup().simulation);
    m_distance = 0.0;
    m_error.clear();
}

void Simulator::setSetup(const Setup& setup) {
    *m_model = VehicleModel(setup);
    m_model->steerGeometry(m_state.steerAngle, m_steer); // the geometry may have changed
    m_sample.surfaceMu = wheelSurfaceGrip(setup.simulation);
    if (!m_model->dynamicSuspension())
        m_sample.suspension = SuspensionSample{}; // a rigid car shows no suspension
    if (!m_model->hasDriverAids())
        m_sample.aids = DriverAidState{}; // nor does a car without aids show them at work
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

// The step itself, built for AVX2 and the baseline (VTW_WHEEL_LANES_CLONES): the context,
// the model's evaluation and the semi-implicit integrator are inlined into it
// (VehicleModelStep.h), so its copies of per-wheel arrays (the sample's, the last Fx)
// are vector stores the next stage's vector loads can take their data from, and the
// stages pass their results on without calls between them.
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
    if (model.hasDriverAids()) [[unlikely]] {
        updateDriverAids(setup.aids, driverAidInputs(model, m_sample, inputs), dt, st.aids);
        m_sample.aids = st.aids;
    }
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
    if (model.dynamicSuspension()) [[unlikely]]
        s.suspension = model.suspension().sample(st.suspension);

    switch (setup.simulation.integrator) {
    case Integrator::ExplicitEuler: integrateExplicitEuler(model, ctx, st.body, m_sample.forces, dt); break;
    case Integrator::SemiImplicitEuler: // the default: inline, so the step is one function
        semiImplicitEulerStep(model, ctx, st.body, m_sample.forces, dt);
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
    for (const Axle axle : {Axle::Front, Axle::Rear}) {
        if (model.isAxleLocked(axle)) [[unlikely]] {
            const std::size_t a = axle == Axle::Front ? FL : RL, b = a + 1;
            const double mean = 0.5 * (st.body.wheelSpin[a] + st.body.wheelSpin[b]);
            st.body.wheelSpin.set(a, mean);
            st.body.wheelSpin.set(b, mean);
        }
    }

    st.longitudinalAccel = s.forces.longitudinalAccel;
    st.lateralAccel = s.forces.lateralAccel;
    storeQuad(loadQuad(s.forces.fx), st.previousFx);
    // docs/physics.md 16: the sprung body moves under this step's accelerations; its
    // springs give the next step's loads.
    if (model.dynamicSuspension()) [[unlikely]] {
        model.suspension().advance(st.suspension, model.suspensionDrive(st), dt);
        if (const std::string culprit = implausibleSuspension(st.suspension); !culprit.empty())
            return reportSuspensionDivergence(culprit);
    }
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

    // The divergence check (StatePlausibility.h): the state's fields within their bounds
    // and the velocity's change within what the forces can give (see
    // largestVelocityChange), as lane compares and one branch.
    return plausibleState(st.body, s.body, [&]() VTW_LANE_LAMBDA {
        return largestVelocityChange(model, s.forces, s.body, st.body, m_speedAfter, dt);
    }) ||
           reportDivergence();
}

double Simulator::plausibleVelocityChange(double dt) const {
    return largestVelocityChange(*m_model, m_sample.forces, m_sample.body, m_state.body, m_speedAfter, dt);
}

bool Simulator::reportSuspensionDivergence(const std::string& culprit) {
    char buffer[320];
    std::snprintf(buffer, sizeof buffer,
                  "simulation stopped at t = %.3f s: %s (the car is rolling over or airborne). Check "
                  "the suspension's springs, bars and roll and pitch centres.",
                  m_state.time, culprit.c_str());
    m_error = buffer;
    return false;
}

bool Simulator::reportDivergence() {
    const BodyState& b = m_state.body;
    char buffer[320];
    auto diverged = [&](const std::string& culprit) {
        std::snprintf(buffer, sizeof buffer,
                      "simulation diverged at t = %.3f s: %s. Try a smaller time step, more "
                      "substeps or the semi-implicit integrator, and check the setup's values.",
                      m_state.time, culprit.c_str());
        m_error = buffer;
        return false;
    };
    if (const std::string culprit = implausibleField(b); !culprit.empty())
        return diverged(culprit);
    // The velocity components' change, and the sum of the fields that need only be finite.
    double changeSquared = 0.0, sum = 0.0;
    std::string terms;
    forEachStateField([&]<std::size_t I>() {
        constexpr auto& field = stateField<I>;
        if constexpr (!isWheelStateField<I>) {
            if (field.plausible.kind == Plausibility::SpeedComponent) {
                const double change = b.*field.member - m_sample.body.*field.member;
                changeSquared += change * change;
            } else if (field.plausible.kind == Plausibility::Finite) {
                terms += (terms.empty() ? "" : " + ") + std::string(field.channel.name);
                sum += b.*field.member;
            }
        }
    });
    const double dt = m_state.time - m_sample.time;
    const double change = std::sqrt(changeSquared);
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
    // Reached only if that sum overflowed with each of its terms finite.
    char value[32];
    std::snprintf(value, sizeof value, " = %g", sum);
    return diverged(terms + value);
}

} // namespace vtw
