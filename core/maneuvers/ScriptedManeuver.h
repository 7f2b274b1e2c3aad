#pragma once

#include "../ScriptRows.h"
#include "Maneuver.h"

#include <vector>

namespace vtw {

/// An open-loop maneuver from a table of (time, throttle, brake, steer, gear)
/// rows: pedals and steer are interpolated linearly between rows, the gear
/// changes at a row's time. Ends at the last row's time.
class ScriptedManeuver : public Maneuver {
public:
    explicit ScriptedManeuver(std::vector<ScriptRow> rows);
    std::string id() const override { return "scripted"; }
    std::string title() const override { return "Scripted inputs"; }
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_lastTime >= endTime() - 1e-9; }
    double timeLimit() const override { return endTime() + 1.0; }
    MetricList metrics() const override;

    /// The inputs the script asks for at time t.
    DriverInputs inputsAt(double t) const;

private:
    double endTime() const { return m_rows.empty() ? 0.0 : m_rows.back().time; }
    std::vector<ScriptRow> m_rows;
    double m_timeStep = 0.001;
    double m_lastTime = 0.0, m_distance = 0.0, m_maxAy = 0.0, m_maxSideslip = 0.0, m_finalSpeed = 0.0;
};

} // namespace vtw
