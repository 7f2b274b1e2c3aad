#include "core/maneuvers/AccelerationRun.h"

#include "core/base/Units.h"

namespace vtw {

DriverInputs AccelerationRun::control(const Simulator& sim) {
    DriverInputs in;
    in.throttle = m_tractionControl.throttle(sim);
    return in;
}

void AccelerationRun::observe(const StepSample& s) {
    if (m_hasPrevious) {
        const StepSample& p = m_previous;
        const double v60 = units::mphToMps(60.0), v100 = units::kmhToMps(100.0);
        if (m_t60mph < 0.0 && s.speed() >= v60)
            m_t60mph = crossingTime(p.time, p.speed(), s.time, s.speed(), v60);
        if (m_t100kmh < 0.0 && s.speed() >= v100)
            m_t100kmh = crossingTime(p.time, p.speed(), s.time, s.speed(), v100);
        if (m_tQuarter < 0.0 && s.distance >= units::quarterMileMetres) {
            m_tQuarter = crossingTime(p.time, p.distance, s.time, s.distance, units::quarterMileMetres);
            const double f = (m_tQuarter - p.time) / (s.time - p.time);
            m_trapSpeed = p.speed() + f * (s.speed() - p.speed());
        }
    }
    m_previous = s;
    m_hasPrevious = true;
}

bool AccelerationRun::finished() const {
    return m_t60mph >= 0.0 && m_t100kmh >= 0.0 && (m_tQuarter >= 0.0 || !m_toQuarterMile);
}

MetricList AccelerationRun::metrics() const {
    using S = MetricSense;
    return {
        makeMetric("t_0_60_mph_s", "0-60 mph", "s", S::LowerIsBetter, m_t60mph >= 0.0, m_t60mph),
        makeMetric("t_0_100_kmh_s", "0-100 km/h", "s", S::LowerIsBetter, m_t100kmh >= 0.0, m_t100kmh),
        makeMetric("quarter_mile_s", "Quarter mile", "s", S::LowerIsBetter, m_tQuarter >= 0.0, m_tQuarter),
        makeMetric("quarter_mile_trap_kmh", "Quarter-mile trap speed", "km/h", S::HigherIsBetter,
                   m_tQuarter >= 0.0, units::mpsToKmh(m_trapSpeed)),
    };
}

} // namespace vtw
