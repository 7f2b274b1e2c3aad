#include "core/maneuvers/StepSteer.h"

#include "core/base/Units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw {

InitialConditions StepSteer::initialConditions(const Setup& setup) const {
    InitialConditions ic = cruisingStart(setup, units::kmhToMps(m_speedKmh));
    return ic;
}

DriverInputs StepSteer::control(const Simulator& sim) {
    DriverInputs in;
    m_speed.control(sim, units::kmhToMps(m_speedKmh), in);
    if (sim.time() >= stepTime)
        in.steer = std::clamp(units::degToRad(m_steerDeg) / sim.setup().steering.maxSteerAngle,
                              -1.0, 1.0);
    return in;
}

void StepSteer::observe(const StepSample& s) {
    m_lastTime = s.time;
    if (s.time < stepTime - 0.1)
        return;
    m_time.push_back(s.time);
    m_yawRate.push_back(s.body.yawRate);
    m_steer.push_back(s.steerAngle);
    if (s.time >= stepTime) {
        m_spin.observe(s);
        // The steer's sign is the step's: once the road wheels have turned, a
        // yaw rate the other way means the car has swapped ends.
        const double sign = m_steerDeg >= 0.0 ? 1.0 : -1.0;
        if (std::abs(s.steerAngle) > 0.0 && sign * s.body.yawRate < -reversalYawRate)
            m_reversed = true;
    }
}

MetricList StepSteer::metrics() const {
    using S = MetricSense;
    const std::size_t n = m_time.size();
    bool ok = n > 2000 && m_lastTime >= stepTime + holdSeconds;
    double steady = 0.0, finalSteer = 0.0;
    if (ok) {
        // Steady state: the mean over the last second.
        std::size_t count = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (m_time[i] >= m_lastTime - 1.0) {
                steady += m_yawRate[i];
                ++count;
            }
        }
        steady /= static_cast<double>(count);
        finalSteer = m_steer.back();
        ok = std::abs(steady) > 1e-4;
    }
    double tSteer50 = -1.0, t10 = -1.0, t90 = -1.0, peak = 0.0, settled = -1.0;
    if (ok) {
        for (std::size_t i = 0; i < n; ++i) {
            const double frac = m_yawRate[i] / steady;
            if (tSteer50 < 0.0 && m_steer[i] / finalSteer >= 0.5)
                tSteer50 = m_time[i];
            if (t10 < 0.0 && frac >= 0.1)
                t10 = m_time[i];
            if (t90 < 0.0 && frac >= 0.9)
                t90 = m_time[i];
            peak = std::max(peak, frac);
            if (std::abs(frac - 1.0) > settleBand)
                settled = -1.0;
            else if (settled < 0.0)
                settled = m_time[i];
        }
    }
    const bool timed = ok && tSteer50 >= 0.0 && t10 >= 0.0 && t90 >= 0.0;
    MetricList out{
        makeMetric("step_yaw_response_time_s", "Yaw-rate response time (50 % steer to 90 %)", "s",
                   S::LowerIsBetter, timed, t90 - tSteer50),
        makeMetric("step_yaw_rise_time_s", "Yaw-rate rise time (10-90 %)", "s", S::LowerIsBetter,
                   timed, t90 - t10),
        makeMetric("step_yaw_overshoot_pct", "Yaw-rate peak overshoot", "%", S::LowerIsBetter, ok,
                   100.0 * std::max(0.0, peak - 1.0)),
        makeMetric("step_yaw_settling_time_s", "Yaw-rate settling time (+-5 %)", "s", S::LowerIsBetter,
                   ok && settled >= 0.0 && tSteer50 >= 0.0, settled - tSteer50),
        makeMetric("step_steady_yaw_rate_deg_s", "Steady yaw rate", "deg/s", S::Neutral, ok,
                   units::radToDeg(steady)),
    };
    std::string reason = m_spin.reason();
    if (reason.empty() && m_reversed) {
        reason = "the car spun: the yaw rate turned against the steer";
    } else if (reason.empty() && timed && t90 < tSteer50) {
        // A yaw rate at 90 % before the steer is half applied is no response to the step.
        reason = "the yaw rate reached 90 % before the steer was half applied";
    }
    if (!reason.empty()) {
        for (Metric& m : out)
            invalidate(m, reason);
    }
    return out;
}

} // namespace vtw
