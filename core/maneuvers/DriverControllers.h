#pragma once

#include "core/sim/Simulator.h"

namespace vtw {

// Closed-loop "drivers" shared by the cornering maneuvers. They only turn the
// state into pedal and steer inputs; the physics stays in the simulator.

/// The throttle (0..1) whose drive force balances drag plus rolling
/// resistance at a steady road speed in a gear (docs/physics.md 1 and 3): the
/// engine torque throttle x T_max(rpm) less the engine braking
/// (1 - throttle) x c_eb x rpm, through the gearing, equals the resistance
/// times the driven wheels' radius. 0 in neutral or reverse, 1 if even full
/// throttle cannot hold the speed.
double steadyStateThrottle(const Setup& setup, int gear, double speed);

/// Holds a road speed with throttle and brake: a PI controller on the speed
/// error on top of a feedforward, the steady-state throttle at the target
/// speed in the current gear. Without the feedforward a run that starts at its
/// speed starts at zero throttle and sags until the integral has wound up.
class SpeedHold {
public:
    /// Throttle and brake (0..1) for the next step.
    void control(const Simulator& sim, double targetSpeed, DriverInputs& inputs);
    void reset() { m_integral = 0.0; }

    static constexpr double proportionalGain = 0.5; ///< pedal per m/s of error
    static constexpr double integralGain = 0.5;     ///< pedal per m of accumulated error

private:
    double m_integral = 0.0;
};

/// Steers along a circle of a given radius: kinematic feedforward L/R plus a
/// PI correction on the path-curvature error (1/R - r/v). The integral term
/// supplies the understeer (or oversteer) steer that the feedforward lacks,
/// which is exactly what a skidpad measures.
class CurvatureHold {
public:
    /// The gains in wheelbases: steer (rad) per 1/m of curvature error, and per
    /// 1/m s of its integral. The skidpad's defaults suit a curvature that changes
    /// slowly; a driver on a track asks for quicker ones.
    explicit CurvatureHold(double proportional = 0.5, double integral = 2.0)
        : m_proportional(proportional), m_integralGain(integral) {}
    /// Steer input (-1..1 of full lock) for the next step; positive radius turns left.
    double control(const Simulator& sim, double radius) { return controlCurvature(sim, 1.0 / radius); }
    /// The same for a curvature (1/m, left positive).
    double controlCurvature(const Simulator& sim, double curvature);
    void reset() { m_integral = 0.0; }
    /// Last curvature error, 1/m.
    double error() const { return m_error; }

private:
    double m_proportional, m_integralGain;
    double m_integral = 0.0;
    double m_error = 0.0;
};

} // namespace vtw
