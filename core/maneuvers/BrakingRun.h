#pragma once

#include "core/maneuvers/Maneuver.h"
#include "core/maneuvers/WheelLock.h"

namespace vtw {

/// Straight-line stop from 100 km/h with the brake pedal at `pedal`
/// (throttle closed): stopping distance and time, and how long each axle's
/// wheels were locked (WheelLockTimer).
class BrakingRun : public Maneuver {
public:
    explicit BrakingRun(double pedal = 1.0, double startSpeedKmh = 100.0)
        : m_pedal(pedal), m_startSpeedKmh(startSpeedKmh) {}
    std::string id() const override { return "braking"; }
    std::string title() const override { return "Braking from 100 km/h"; }
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_stopTime >= 0.0; }
    double timeLimit() const override { return 30.0; }
    MetricList metrics() const override;

    /// Below this speed the car counts as stopped (m/s).
    static constexpr double stoppedSpeed = 0.05;

private:
    double m_pedal;
    double m_startSpeedKmh;
    bool m_hasPrevious = false;
    StepSample m_previous;
    double m_stopTime = -1.0, m_stopDistance = 0.0, m_peakDecel = 0.0;
    WheelLockTimer m_lock;
};

} // namespace vtw
