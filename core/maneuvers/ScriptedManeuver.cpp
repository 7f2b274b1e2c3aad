#include "core/maneuvers/ScriptedManeuver.h"

#include "core/base/Units.h"

#include <algorithm>
#include <cmath>

namespace vtw {

ScriptedManeuver::ScriptedManeuver(std::vector<ScriptRow> rows) : m_rows(std::move(rows)) {}

InitialConditions ScriptedManeuver::initialConditions(const Setup&) const {
    InitialConditions ic;
    ic.gear = m_rows.empty() ? 1 : m_rows.front().gear;
    return ic;
}

std::size_t ScriptedManeuver::rowAfter(double t) const {
    // Rows are validated strictly increasing in time.
    const auto next = std::upper_bound(m_rows.begin(), m_rows.end(), t,
                                       [](double value, const ScriptRow& r) { return value < r.time; });
    return static_cast<std::size_t>(next - m_rows.begin());
}

DriverInputs ScriptedManeuver::interpolate(std::size_t next, double t) const {
    DriverInputs in;
    if (m_rows.empty())
        return in;
    if (next == 0) {
        const ScriptRow& r = m_rows.front();
        in.throttle = r.throttle, in.brake = r.brake, in.steer = r.steer, in.gear.gear = r.gear;
        return in;
    }
    const ScriptRow& a = m_rows[next - 1];
    in.gear.gear = a.gear;
    if (next == m_rows.size()) {
        in.throttle = a.throttle, in.brake = a.brake, in.steer = a.steer;
        return in;
    }
    const ScriptRow& b = m_rows[next];
    const double f = (t - a.time) / (b.time - a.time);
    in.throttle = a.throttle + f * (b.throttle - a.throttle);
    in.brake = a.brake + f * (b.brake - a.brake);
    in.steer = a.steer + f * (b.steer - a.steer);
    return in;
}

DriverInputs ScriptedManeuver::inputsAt(double t) const { return interpolate(rowAfter(t), t); }

DriverInputs ScriptedManeuver::control(const Simulator& sim) {
    m_timeStep = sim.setup().simulation.timeStep;
    const double t = sim.time();
    // Time only moves forward within a run, usually within one row: step the
    // remembered row along rather than bisecting a long script every step.
    const bool behind = m_next > 0 && t < m_rows[m_next - 1].time;
    if (behind || m_next > m_rows.size())
        m_next = rowAfter(t);
    while (m_next < m_rows.size() && !(t < m_rows[m_next].time))
        ++m_next;
    return interpolate(m_next, t);
}

void ScriptedManeuver::observe(const StepSample& s) {
    m_lastTime = s.time + m_timeStep; // the sample is taken at the start of its step
    m_distance = s.distance;
    m_maxAy = std::max(m_maxAy, std::abs(s.forces.lateralAccel));
    // The sideslip's atan2 only when it can beat the maximum: |beta| = atan(|vy| / |vx|)
    // exceeds it only when |vy| >= |vx| tan(max).
    if (std::abs(s.body.vy) >= std::abs(s.body.vx) * m_maxSideslipTan) {
        m_maxSideslip = std::max(m_maxSideslip, std::abs(s.sideslip()));
        m_maxSideslipTan = m_maxSideslip < units::pi / 2.0 ? std::tan(m_maxSideslip) : 1e300;
    }
    m_finalVx = s.body.vx;
    m_finalVy = s.body.vy;
}

MetricList ScriptedManeuver::metrics() const {
    using S = MetricSense;
    return {
        makeMetric("script_duration_s", "Duration", "s", S::Neutral, true, m_lastTime),
        makeMetric("script_distance_m", "Distance", "m", S::Neutral, true, m_distance),
        makeMetric("script_final_speed_kmh", "Final speed", "km/h", S::Neutral, true,
                   units::mpsToKmh(std::sqrt(m_finalVx * m_finalVx + m_finalVy * m_finalVy))),
        makeMetric("script_max_lateral_g", "Maximum lateral acceleration", "g", S::Neutral, true,
                   m_maxAy / units::gravity),
        makeMetric("script_max_sideslip_deg", "Maximum sideslip", "deg", S::LowerIsBetter, true,
                   units::radToDeg(m_maxSideslip)),
    };
}

} // namespace vtw
