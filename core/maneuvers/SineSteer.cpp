#include "core/maneuvers/SineSteer.h"

#include "core/base/Units.h"

#include <algorithm>
#include <cmath>

namespace vtw {

InitialConditions SineSteer::initialConditions(const Setup& setup) const {
    InitialConditions ic = cruisingStart(setup, units::kmhToMps(m_speedKmh));
    return ic;
}

DriverInputs SineSteer::control(const Simulator& sim) {
    DriverInputs in;
    m_speed.control(sim, units::kmhToMps(m_speedKmh), in);
    const double angle = units::degToRad(m_amplitudeDeg) * std::sin(2.0 * units::pi * m_frequency * sim.time());
    in.steer = std::clamp(angle / sim.setup().steering.maxSteerAngle, -1.0, 1.0);
    return in;
}

void SineSteer::observe(const StepSample& s) {
    m_lastTime = s.time;
    m_spin.observe(s);
    const double lastCycleStart = duration() - 1.0 / m_frequency;
    if (s.time < lastCycleStart)
        return;
    if (s.steerAngle > m_peakSteer) {
        m_peakSteer = s.steerAngle;
        m_peakSteerTime = s.time;
    }
    if (s.body.yawRate > m_peakYaw) {
        m_peakYaw = s.body.yawRate;
        m_peakYawTime = s.time;
    }
    m_peakAy = std::max(m_peakAy, std::abs(s.forces.lateralAccel));
}

MetricList SineSteer::metrics() const {
    using S = MetricSense;
    const bool ok = m_lastTime >= duration() && m_peakSteer > 0.0;
    MetricList out{
        makeMetric("sine_yaw_rate_gain_per_s", "Yaw-rate gain (peak r / peak steer)", "1/s", S::Neutral,
                   ok, m_peakYaw / m_peakSteer),
        makeMetric("sine_yaw_lag_ms", "Yaw-rate lag behind steer", "ms", S::LowerIsBetter, ok,
                   1000.0 * (m_peakYawTime - m_peakSteerTime)),
        makeMetric("sine_peak_lateral_g", "Peak lateral acceleration", "g", S::Neutral, ok,
                   m_peakAy / units::gravity),
    };
    if (m_spin.spun()) {
        for (Metric& m : out)
            invalidate(m, m_spin.reason());
    }
    return out;
}

} // namespace vtw
