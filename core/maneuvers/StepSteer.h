#pragma once

#include "DriverControllers.h"
#include "Maneuver.h"

#include <vector>

namespace vtw {

/// Step steer at constant speed (after ISO 7401): the steer jumps (at the
/// steering's rate limit) to `steerDeg` and is held. Metrics from the yaw rate:
/// response time (50 % steer to 90 % of the steady yaw rate), rise time
/// (10 % to 90 %), peak overshoot, settling time (last entry into +-5 %).
class StepSteer : public Maneuver {
public:
    explicit StepSteer(double speedKmh = 80.0, double steerDeg = 2.0)
        : m_speedKmh(speedKmh), m_steerDeg(steerDeg) {}
    std::string id() const override { return "step-steer"; }
    std::string title() const override { return "Step steer"; }
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_lastTime >= stepTime + holdSeconds; }
    double timeLimit() const override { return stepTime + holdSeconds + 1.0; }
    MetricList metrics() const override;

    static constexpr double stepTime = 1.0;    ///< s of straight running first
    static constexpr double holdSeconds = 6.0; ///< s the steer is held
    static constexpr double settleBand = 0.05; ///< +-5 % of the steady value

private:
    double m_speedKmh, m_steerDeg;
    SpeedHold m_speed;
    std::vector<double> m_time, m_yawRate, m_steer;
    double m_lastTime = 0.0;
};

} // namespace vtw
