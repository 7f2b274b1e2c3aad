#pragma once

#include "DriverControllers.h"
#include "LinearFit.h"
#include "Maneuver.h"

namespace vtw {

/// Ramp steer at constant speed: the road-wheel angle rises slowly and the
/// speed is held. In quasi-steady state delta = L r/u + K (u r / g), so the
/// understeer gradient K is the slope of (delta - L r/u) against ay/g over
/// the linear range (Gillespie ch. 6).
class RampSteer : public Maneuver {
public:
    explicit RampSteer(double speedKmh = 80.0, double rampDegPerSecond = 0.5)
        : m_speedKmh(speedKmh), m_rampRate(rampDegPerSecond) {}
    std::string id() const override { return "ramp-steer"; }
    std::string title() const override { return "Ramp steer"; }
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_done; }
    double timeLimit() const override { return 120.0; }
    MetricList metrics() const override;

    static constexpr double linearRangeG = 0.3;

private:
    double m_speedKmh, m_rampRate;
    SpeedHold m_speed;
    double m_wheelbase = 2.5;
    bool m_done = false;
    double m_maxAy = 0.0;
    LinearFit m_fit; ///< steer against ay/g over the linear range
};

} // namespace vtw
