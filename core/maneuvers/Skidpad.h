#pragma once

#include "core/maneuvers/DriverControllers.h"
#include "core/maneuvers/LinearFit.h"
#include "core/maneuvers/Maneuver.h"

#include <vector>

namespace vtw {

/// Constant-radius skidpad: the driver holds a circle of `radius` while the
/// speed rises slowly (quasi-steady state), until the car can no longer hold
/// the circle (steer at full lock, curvature lost, or a spin).
/// Metrics: the highest steady lateral acceleration, and the understeer
/// gradient K from the steer needed against lateral acceleration,
/// delta = L/R + K ay/g (Gillespie ch. 6), fitted over the linear range, with
/// R the radius actually driven (speed over yaw rate), since the driver
/// holds the circle only to within its controller's lag.
class Skidpad : public Maneuver {
public:
    explicit Skidpad(double radius = 40.0, double speedRampRate = 0.15)
        : m_radius(radius), m_rampRate(speedRampRate) {}
    std::string id() const override { return "skidpad"; }
    std::string title() const override { return "Constant-radius skidpad"; }
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_done; }
    std::string endReason() const override { return m_endReason; }
    double timeLimit() const override { return 400.0; }
    MetricList metrics() const override;

    /// Lateral accelerations (in g) up to which the steer is taken as linear in ay.
    static constexpr double linearRangeG = 0.3;
    static constexpr double startSpeed = 8.0;        ///< m/s
    static constexpr double holdTolerance = 0.03;    ///< relative curvature error still "on the circle"
    static constexpr double lostSeconds = 1.0;       ///< off the circle this long ends the run

private:
    double m_radius, m_rampRate;
    SpeedHold m_speed;
    CurvatureHold m_path;
    double m_wheelbase = 2.5, m_maxSteer = 0.6;
    bool m_done = false;
    std::string m_endReason;
    double m_offCircleSince = -1.0;
    double m_windowStart = 0.0, m_sumAy = 0.0;
    long m_count = 0;
    double m_maxSteadyAy = 0.0;
    LinearFit m_fit; ///< steer against ay/g over the linear range
    bool m_onCircle = false;
};

} // namespace vtw
