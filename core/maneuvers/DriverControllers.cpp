#include "core/maneuvers/DriverControllers.h"

#include "core/powertrain/Engine.h"
#include "core/powertrain/GearSpeeds.h"
#include "core/powertrain/Gearbox.h"
#include "core/base/Units.h"

#include <algorithm>
#include <cmath>

namespace vtw {

double steadyStateThrottle(const Setup& setup, int gear, double speed) {
    const double ratio = gearRatio(setup.gearbox, gear);
    if (ratio <= 0.0 || speed <= 0.0)
        return 0.0;
    const double radius = drivenWheelRadius(setup);
    const double rpm = engineRpmFromWheelSpeed(speed / radius, ratio, setup.gearbox.finalDrive);
    if (rpm >= setup.engine.redlineRpm)
        return 1.0; // the limiter cuts the throttle: nothing lower holds the speed either
    const double gearing = ratio * setup.gearbox.finalDrive * setup.gearbox.efficiency;
    const double neededTorque = roadResistance(setup, speed) * radius / gearing;
    const double maxTorque = maxEngineTorque(setup.engine, std::max(rpm, setup.engine.idleRpm));
    const double braking = setup.engine.engineBrakingCoefficient * rpm;
    // throttle T_max - (1 - throttle) c_eb rpm = T_needed, solved for the throttle.
    const double denominator = maxTorque + braking;
    if (denominator <= 0.0)
        return 1.0;
    return std::clamp((neededTorque + braking) / denominator, 0.0, 1.0);
}

void SpeedHold::control(const Simulator& sim, double targetSpeed, DriverInputs& inputs) {
    const Setup& setup = sim.setup();
    const double dt = setup.simulation.timeStep;
    const double speed = std::hypot(sim.state().body.vx, sim.state().body.vy);
    const double error = targetSpeed - speed;
    const double feedforward = steadyStateThrottle(setup, sim.state().gearbox.gear, targetSpeed);
    // Anti-windup: stop integrating while the pedal is already saturated the same way.
    const double command = feedforward + proportionalGain * error + integralGain * m_integral;
    if (!((command >= 1.0 && error > 0.0) || (command <= -1.0 && error < 0.0)))
        m_integral += error * dt;
    const double pedal =
        std::clamp(feedforward + proportionalGain * error + integralGain * m_integral, -1.0, 1.0);
    inputs.throttle = std::max(0.0, pedal);
    inputs.brake = std::max(0.0, -pedal);
}

double CurvatureHold::controlCurvature(const Simulator& sim, double target) {
    const Setup& setup = sim.setup();
    const double dt = setup.simulation.timeStep;
    const double speed = std::max(1.0, std::hypot(sim.state().body.vx, sim.state().body.vy));
    m_error = target - sim.state().body.yawRate / speed;
    const double L = setup.chassis.wheelbase();
    // Gains scale with the wheelbase because d(curvature)/d(steer) ~ 1/L at low speed.
    const double kp = m_proportional * L, ki = m_integralGain * L;
    const double maxSteer = setup.steering.maxSteerAngle;
    const double unclamped = L * target + kp * m_error + ki * m_integral;
    if (std::abs(unclamped) < maxSteer || unclamped * m_error < 0.0)
        m_integral += m_error * dt;
    const double angle = L * target + kp * m_error + ki * m_integral;
    return std::clamp(angle / maxSteer, -1.0, 1.0);
}

} // namespace vtw
