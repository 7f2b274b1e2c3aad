#pragma once

#include "core/maneuvers/DriverControllers.h"
#include "core/maneuvers/Maneuver.h"
#include "core/maneuvers/SpinWatch.h"

#include <vector>

namespace vtw {

/// Step steer at constant speed (after ISO 7401): the steer jumps (at the
/// steering's rate limit) to `steerDeg` and is held. Metrics from the yaw rate:
/// response time (50 % steer to 90 % of the steady yaw rate), rise time
/// (10 % to 90 %), peak overshoot, settling time (last entry into +-5 %).
/// These describe a car that settles on a circle. A run in which the car
/// spins (|sideslip| beyond `spinSideslipDeg`, or the yaw rate turning
/// against the steer) has no steady yaw rate to measure against: its metrics
/// keep their numbers but are marked invalid with the reason.
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
    /// deg; far beyond the few degrees of sideslip of a car on a circle in the
    /// linear range this test is for, and where the ramp steer also stops.
    static constexpr double spinSideslipDeg = 15.0;
    /// rad/s; a yaw rate against the steer by more than this is a reversal, not noise.
    static constexpr double reversalYawRate = 0.01;

private:
    double m_speedKmh, m_steerDeg;
    SpeedHold m_speed;
    std::vector<double> m_time, m_yawRate, m_steer;
    double m_lastTime = 0.0;
    SpinWatch m_spin{spinSideslipDeg}; ///< after the step
    bool m_reversed = false;    ///< the yaw rate turned against the steer after the step
};

} // namespace vtw
