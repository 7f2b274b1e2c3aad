#pragma once

#include "../Simulator.h"

namespace vtw {

// Closed-loop "drivers" shared by the cornering maneuvers. They only turn the
// state into pedal and steer inputs; the physics stays in the simulator.

/// Holds a road speed with throttle and brake: a PI controller on the speed
/// error with a feedforward that covers drag and rolling resistance.
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
    /// Steer input (-1..1 of full lock) for the next step; positive radius turns left.
    double control(const Simulator& sim, double radius);
    void reset() { m_integral = 0.0; }
    /// Last curvature error, 1/m.
    double error() const { return m_error; }

private:
    double m_integral = 0.0;
    double m_error = 0.0;
};

} // namespace vtw
