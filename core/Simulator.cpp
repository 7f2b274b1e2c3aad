#include "Simulator.h"

#include "Integrators.h"
#include "Steering.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw {

namespace {

// Beyond these the run is not a car any more: stop with a message rather than
// carry garbage forward (PHYSICS.md 7).
constexpr double maxPlausibleSpeed = 300.0;     // m/s
constexpr double maxPlausibleWheelSpin = 3000.0; // rad/s
constexpr double maxPlausibleYawRate = 60.0;    // rad/s

const char* wheelName(int i) {
    static const char* names[WheelCount] = {"FL", "FR", "RL", "RR"};
    return names[i];
}

} // namespace

Simulator::Simulator(const Setup& setup) : m_model(setup) { reset(); }

void Simulator::reset(const InitialConditions& initial) {
    m_state = VehicleState{};
    m_state.body.heading = initial.heading;
    m_state.body.vx = initial.speed;
    for (int i = 0; i < WheelCount; ++i)
        m_state.body.wheelSpin[static_cast<std::size_t>(i)] = initial.speed / m_model.wheelRadius(i);
    m_state.gearbox.gear = initial.gear;
    m_state.body.yawRate = initial.yawRate;
    m_state.steerAngle = initial.steerAngle;
    m_state.lateralAccel = initial.speed * initial.yawRate; // start with the steady-state load transfer
    m_sample = StepSample{};
    m_distance = 0.0;
    m_error.clear();
}

void Simulator::setSetup(const Setup& setup) { m_model = VehicleModel(setup); }

bool Simulator::step(const DriverInputs& inputs) {
    if (diverged())
        return false;
    const SimulationParams& sim = m_model.setup().simulation;
    const int substeps = std::max(1, sim.substeps);
    const double dt = sim.timeStep / substeps;
    for (int k = 0; k < substeps && !diverged(); ++k)
        substep(inputs, dt, k == 0);
    return !diverged();
}

void Simulator::substep(const DriverInputs& inputs, double dt, bool record) {
    const Setup& setup = m_model.setup();
    VehicleState& st = m_state;

    // Discrete updates at the step boundary: gearbox, then steering.
    const double currentRatio = gearRatio(setup.gearbox, st.gearbox.gear);
    updateGearbox(setup.gearbox, st.gearbox, inputs.gear,
                  m_model.drivenWheelRpm(st.body.wheelSpin, currentRatio), dt);
    const double target = std::clamp(inputs.steer, -1.0, 1.0) * setup.steering.maxSteerAngle;
    st.steerAngle = rateLimitedSteer(st.steerAngle, target, setup.steering.steerRate, dt);

    const StepContext ctx = m_model.makeContext(st, inputs);
    const BodyState before = st.body;
    switch (setup.simulation.integrator) {
    case Integrator::ExplicitEuler: integrateExplicitEuler(m_model, ctx, st.body, m_eval, dt); break;
    case Integrator::SemiImplicitEuler:
        integrateSemiImplicitEuler(m_model, ctx, st.body, m_eval, dt);
        break;
    case Integrator::RungeKutta4: integrateRungeKutta4(m_model, ctx, st.body, m_eval, dt); break;
    }

    // A brake may stop a wheel but never spin it backwards: a crossing through
    // zero while braked ends at zero.
    for (std::size_t i = 0; i < WheelCount; ++i) {
        if (ctx.brakeTorque[i] > 0.0 && ctx.spinSign[i] != 0.0 &&
            st.body.wheelSpin[i] * ctx.spinSign[i] < 0.0)
            st.body.wheelSpin[i] = 0.0;
    }
    // Keep a locked axle's wheels exactly together after the clamp above.
    if (setup.driveline.differential == DifferentialType::Locked) {
        for (int axle = 0; axle < 2; ++axle) {
            const auto a = static_cast<std::size_t>(2 * axle), b = a + 1;
            if (m_model.isDriven(static_cast<int>(a))) {
                const double mean = 0.5 * (st.body.wheelSpin[a] + st.body.wheelSpin[b]);
                st.body.wheelSpin[a] = st.body.wheelSpin[b] = mean;
            }
        }
    }

    if (record) {
        StepSample& s = m_sample;
        s.time = st.time;
        s.body = before;
        s.inputs = inputs;
        s.gear = st.gearbox.gear;
        s.steerAngle = st.steerAngle;
        s.steerLeft = std::atan2(ctx.sinSteer[FL], ctx.cosSteer[FL]);
        s.steerRight = std::atan2(ctx.sinSteer[FR], ctx.cosSteer[FR]);
        s.distance = m_distance;
        s.load = ctx.load;
        s.surfaceMu.fill(setup.simulation.surfaceMu);
        s.forces = m_eval;
    }

    st.longitudinalAccel = m_eval.longitudinalAccel;
    st.lateralAccel = m_eval.lateralAccel;
    st.previousFx = m_eval.fx;
    m_distance += std::hypot(st.body.x - before.x, st.body.y - before.y);
    st.time += dt;
    checkFinite();
}

bool Simulator::checkFinite() {
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
        const double w = b.wheelSpin[static_cast<std::size_t>(i)];
        if (!std::isfinite(w) || std::abs(w) > maxPlausibleWheelSpin) {
            char what[48];
            std::snprintf(what, sizeof what, "wheel %s spin (rad/s)", wheelName(i));
            return fail(what, w);
        }
    }
    const double speed = std::hypot(b.vx, b.vy);
    if (speed > maxPlausibleSpeed)
        return fail("speed (m/s)", speed);
    if (std::abs(b.yawRate) > maxPlausibleYawRate)
        return fail("yaw rate (rad/s)", b.yawRate);
    return true;
}

} // namespace vtw
