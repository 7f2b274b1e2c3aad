#pragma once

#include "core/base/ScriptRows.h"
#include "core/maneuvers/Maneuver.h"

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
    /// Index of the first row later than t (m_rows.size() past the end), by bisection.
    std::size_t rowAfter(double t) const;
    /// The inputs at t given rowAfter(t).
    DriverInputs interpolate(std::size_t next, double t) const;

    std::vector<ScriptRow> m_rows;
    std::size_t m_next = 0; ///< rowAfter() of the last control() call: a run moves forward
    double m_timeStep = 0.001;
    double m_lastTime = 0.0, m_distance = 0.0, m_maxAy = 0.0, m_maxSideslip = 0.0;
    double m_maxSideslipTan = 0.0; ///< tan(m_maxSideslip), while below 90 deg
    double m_finalVx = 0.0, m_finalVy = 0.0;
};

} // namespace vtw
