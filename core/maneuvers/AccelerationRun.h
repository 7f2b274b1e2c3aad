#pragma once

#include "core/maneuvers/Maneuver.h"
#include "core/maneuvers/TractionControl.h"

namespace vtw {

/// Standing start at full throttle (automatic shifting, throttle held back
/// only to keep the driven wheels near their peak slip): times to 60 mph and
/// 100 km/h, and the quarter mile's time and trap speed. Without the quarter
/// mile the run ends at 100 km/h (and 60 mph): less than half the simulated
/// time, for sweeps of the 0-100 figure.
class AccelerationRun : public Maneuver {
public:
    explicit AccelerationRun(bool toQuarterMile = true) : m_toQuarterMile(toQuarterMile) {}
    std::string id() const override { return "acceleration"; }
    std::string title() const override { return "Standing start and quarter mile"; }
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override;
    double timeLimit() const override { return 60.0; }
    MetricList metrics() const override;

private:
    bool m_toQuarterMile;
    TractionControl m_tractionControl;
    bool m_hasPrevious = false;
    StepSample m_previous;
    double m_t60mph = -1.0, m_t100kmh = -1.0, m_tQuarter = -1.0, m_trapSpeed = 0.0;
};

} // namespace vtw
