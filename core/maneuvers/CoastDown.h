#pragma once

#include "core/maneuvers/Maneuver.h"

namespace vtw {

/// From 120 km/h in neutral with no input: the car slows under drag and
/// rolling resistance alone. Measures the time and distance from 100 to
/// 50 km/h and the deceleration as it passes 100, 80 and 60 km/h.
class CoastDown : public Maneuver {
public:
    std::string id() const override { return "coast-down"; }
    std::string title() const override { return "Coast-down"; }
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_t50 >= 0.0; }
    double timeLimit() const override { return 300.0; }
    MetricList metrics() const override;

private:
    bool m_hasPrevious = false;
    StepSample m_previous;
    double m_t100 = -1.0, m_t50 = -1.0, m_d100 = 0.0, m_d50 = 0.0;
    double m_decel[3] = {-1.0, -1.0, -1.0};
};

} // namespace vtw
