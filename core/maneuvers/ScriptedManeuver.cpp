#include "ScriptedManeuver.h"

#include "../Units.h"

#include <algorithm>
#include <cmath>

namespace vtw {

ScriptedManeuver::ScriptedManeuver(std::vector<ScriptRow> rows) : m_rows(std::move(rows)) {}

InitialConditions ScriptedManeuver::initialConditions(const Setup&) const {
    InitialConditions ic;
    ic.gear = m_rows.empty() ? 1 : m_rows.front().gear;
    return ic;
}

DriverInputs ScriptedManeuver::inputsAt(double t) const {
    DriverInputs in;
    if (m_rows.empty())
        return in;
    // Rows are validated strictly increasing in time: find the segment holding t.
    auto next = std::upper_bound(m_rows.begin(), m_rows.end(), t,
                                 [](double value, const ScriptRow& r) { return value < r.time; });
    if (next == m_rows.begin()) {
        const ScriptRow& r = m_rows.front();
        in.throttle = r.throttle, in.brake = r.brake, in.steer = r.steer, in.gear.gear = r.gear;
        return in;
    }
    const ScriptRow& a = *(next - 1);
    in.gear.gear = a.gear;
    if (next == m_rows.end()) {
        in.throttle = a.throttle, in.brake = a.brake, in.steer = a.steer;
        return in;
    }
    const ScriptRow& b = *next;
    const double f = (t - a.time) / (b.time - a.time);
    in.throttle = a.throttle + f * (b.throttle - a.throttle);
    in.brake = a.brake + f * (b.brake - a.brake);
    in.steer = a.steer + f * (b.steer - a.steer);
    return in;
}

DriverInputs ScriptedManeuver::control(const Simulator& sim) {
    m_timeStep = sim.model().setup().simulation.timeStep;
    return inputsAt(sim.time());
}

void ScriptedManeuver::observe(const StepSample& s) {
    m_lastTime = s.time + m_timeStep; // the sample is taken at the start of its step
    m_distance = s.distance;
    m_maxAy = std::max(m_maxAy, std::abs(s.forces.lateralAccel));
    m_maxSideslip = std::max(m_maxSideslip, std::abs(s.sideslip()));
    m_finalSpeed = s.speed();
}

MetricList ScriptedManeuver::metrics() const {
    using S = MetricSense;
    return {
        makeMetric("script_duration_s", "Duration", "s", S::Neutral, true, m_lastTime),
        makeMetric("script_distance_m", "Distance", "m", S::Neutral, true, m_distance),
        makeMetric("script_final_speed_kmh", "Final speed", "km/h", S::Neutral, true,
                   units::mpsToKmh(m_finalSpeed)),
        makeMetric("script_max_lateral_g", "Maximum lateral acceleration", "g", S::Neutral, true,
                   m_maxAy / units::gravity),
        makeMetric("script_max_sideslip_deg", "Maximum sideslip", "deg", S::LowerIsBetter, true,
                   units::radToDeg(m_maxSideslip)),
    };
}

} // namespace vtw
