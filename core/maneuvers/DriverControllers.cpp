#include "DriverControllers.h"

#include <algorithm>
#include <cmath>

namespace vtw {

void SpeedHold::control(const Simulator& sim, double targetSpeed, DriverInputs& inputs) {
    const double dt = sim.model().setup().simulation.timeStep;
    const double speed = std::hypot(sim.state().body.vx, sim.state().body.vy);
    const double error = targetSpeed - speed;
    // Anti-windup: stop integrating while the pedal is already saturated the same way.
    const double command = proportionalGain * error + integralGain * m_integral;
    if (!((command >= 1.0 && error > 0.0) || (command <= -1.0 && error < 0.0)))
        m_integral += error * dt;
    const double pedal = std::clamp(proportionalGain * error + integralGain * m_integral, -1.0, 1.0);
    inputs.throttle = std::max(0.0, pedal);
    inputs.brake = std::max(0.0, -pedal);
}

double CurvatureHold::control(const Simulator& sim, double radius) {
    const Setup& setup = sim.model().setup();
    const double dt = setup.simulation.timeStep;
    const double speed = std::max(1.0, std::hypot(sim.state().body.vx, sim.state().body.vy));
    const double target = 1.0 / radius;
    m_error = target - sim.state().body.yawRate / speed;
    const double L = setup.chassis.wheelbase();
    // Gains scale with the wheelbase because d(curvature)/d(steer) ~ 1/L at low speed.
    const double kp = 0.5 * L, ki = 2.0 * L;
    const double maxSteer = setup.steering.maxSteerAngle;
    const double unclamped = L * target + kp * m_error + ki * m_integral;
    if (std::abs(unclamped) < maxSteer || unclamped * m_error < 0.0)
        m_integral += m_error * dt;
    const double angle = L * target + kp * m_error + ki * m_integral;
    return std::clamp(angle / maxSteer, -1.0, 1.0);
}

} // namespace vtw
