#include "BrakingRun.h"

#include "../Units.h"

#include <algorithm>

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
    return {
        makeMetric("braking_100_0_kmh_m", "Braking 100-0 km/h distance", "m", S::LowerIsBetter,
                   stopped, m_stopDistance),
        makeMetric("braking_100_0_kmh_s", "Braking 100-0 km/h time", "s", S::LowerIsBetter, stopped,
                   m_stopTime),
        makeMetric("braking_peak_decel_g", "Peak deceleration", "g", S::HigherIsBetter, true,
                   m_peakDecel / units::gravity),
    };
}

} // namespace vtw
