#include "core/maneuvers/BrakingRun.h"

#include "core/base/Units.h"

#include <algorithm>
#include <cstdio>

namespace vtw {

InitialConditions BrakingRun::initialConditions(const Setup& setup) const {
    InitialConditions ic = cruisingStart(setup, units::kmhToMps(m_startSpeedKmh));
    return ic;
}

DriverInputs BrakingRun::control(const Simulator&) {
    DriverInputs in;
    in.brake = m_pedal;
    return in;
}

void BrakingRun::observe(const StepSample& s) {
    m_peakDecel = std::max(m_peakDecel, -s.forces.longitudinalAccel);
    m_lock.observe(s);
    if (m_hasPrevious && m_stopTime < 0.0 && s.speed() <= stoppedSpeed) {
        const StepSample& p = m_previous;
        m_stopTime = crossingTime(p.time, p.speed(), s.time, s.speed(), stoppedSpeed);
        const double f = (m_stopTime - p.time) / (s.time - p.time);
        m_stopDistance = p.distance + f * (s.distance - p.distance);
    }
    m_previous = s;
    m_hasPrevious = true;
}

MetricList BrakingRun::metrics() const {
    using S = MetricSense;
    const bool stopped = m_stopTime >= 0.0;
    // The keys stay those of the standard 100-0 km/h run so scripts and tables
    // line up; the label says the speed the run really started from.
    char speed[32];
    std::snprintf(speed, sizeof speed, "%g", m_startSpeedKmh);
    const std::string from = std::string("Braking ") + speed + "-0 km/h ";
    MetricList out{
        makeMetric("braking_100_0_kmh_m", from + "distance", "m", S::LowerIsBetter, stopped,
                   m_stopDistance),
        makeMetric("braking_100_0_kmh_s", from + "time", "s", S::LowerIsBetter, stopped, m_stopTime),
        makeMetric("braking_peak_decel_g", "Peak deceleration", "g", S::HigherIsBetter, true,
                   m_peakDecel / units::gravity),
    };
    for (Metric& m : m_lock.metrics())
        out.push_back(std::move(m));
    return out;
}

} // namespace vtw
