#pragma once

#include "core/maneuvers/DriverControllers.h"
#include "core/maneuvers/Maneuver.h"

namespace vtw {

/// Braking in a turn (combined slip): the car circles at a steady speed on a
/// radius, then brakes at `pedal` with the steering held where it was. It
/// either stops on a widening arc (stable) or spins (sideslip beyond 20 deg),
/// which the metrics report.
class BrakeInTurn : public Maneuver {
public:
    BrakeInTurn(double speedKmh = 80.0, double radius = 100.0, double pedal = 0.3)
        : m_speedKmh(speedKmh), m_radius(radius), m_pedal(pedal) {}
    std::string id() const override { return "brake-in-turn"; }
    std::string title() const override { return "Braking in a turn"; }
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_stopped || m_spun; }
    double timeLimit() const override { return brakeTime + 20.0; }
    MetricList metrics() const override;

    static constexpr double brakeTime = 4.0;   ///< s on the circle before braking
    static constexpr double spinSideslipDeg = 20.0;

private:
    double m_speedKmh, m_radius, m_pedal;
    SpeedHold m_speed;
    CurvatureHold m_path;
    double m_heldSteer = 0.0;
    bool m_braking = false, m_stopped = false, m_spun = false;
    double m_maxSideslip = 0.0, m_brakeDistanceStart = -1.0, m_stopDistance = 0.0;
    double m_headingAtBrake = 0.0, m_headingChange = 0.0;
};

} // namespace vtw
