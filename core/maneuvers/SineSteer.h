#pragma once

#include "core/maneuvers/DriverControllers.h"
#include "core/maneuvers/Maneuver.h"
#include "core/maneuvers/SpinWatch.h"
#include "core/maneuvers/StepSteer.h"

namespace vtw {

/// Sinusoidal steer at constant speed: delta = A sin(2 pi f t) for a number of
/// cycles. Metrics from the last cycle (transients gone): yaw-rate gain
/// (peak yaw rate / peak steer), the yaw rate's lag behind the steer, and the
/// peak lateral acceleration. A car that spins (sideslip beyond the step
/// steer's limit) does not follow the steer: its figures are marked invalid.
class SineSteer : public Maneuver {
public:
    SineSteer(double speedKmh = 80.0, double amplitudeDeg = 2.0, double frequencyHz = 0.5,
              double cycles = 4.0)
        : m_speedKmh(speedKmh), m_amplitudeDeg(amplitudeDeg), m_frequency(frequencyHz),
          m_cycles(cycles) {}
    std::string id() const override { return "sine-steer"; }
    std::string title() const override { return "Sine steer"; }
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_lastTime >= duration(); }
    double timeLimit() const override { return duration() + 1.0; }
    MetricList metrics() const override;

private:
    double duration() const { return m_cycles / m_frequency; }
    double m_speedKmh, m_amplitudeDeg, m_frequency, m_cycles;
    SpeedHold m_speed;
    double m_lastTime = 0.0;
    double m_peakSteer = 0.0, m_peakSteerTime = 0.0, m_peakYaw = 0.0, m_peakYawTime = 0.0;
    double m_peakAy = 0.0;
    SpinWatch m_spin{StepSteer::spinSideslipDeg};
};

} // namespace vtw
