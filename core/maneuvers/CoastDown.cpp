#include "core/maneuvers/CoastDown.h"

#include "core/powertrain/Gearbox.h"
#include "core/base/Units.h"

namespace vtw {

namespace {
constexpr double decelSpeedsKmh[3] = {100.0, 80.0, 60.0};
}

InitialConditions CoastDown::initialConditions(const Setup&) const {
    InitialConditions ic;
    ic.speed = units::kmhToMps(120.0);
    ic.gear = NeutralGear;
    return ic;
}

DriverInputs CoastDown::control(const Simulator&) {
    DriverInputs in;
    in.gear.gear = NeutralGear;
    return in;
}

void CoastDown::observe(const StepSample& s) {
    if (m_hasPrevious) {
        const StepSample& p = m_previous;
        auto passed = [&](double kmh) {
            const double v = units::kmhToMps(kmh);
            return p.speed() > v && s.speed() <= v;
        };
        auto distanceAt = [&](double t) {
            return p.distance + (t - p.time) / (s.time - p.time) * (s.distance - p.distance);
        };
        if (passed(100.0)) {
            m_t100 = crossingTime(p.time, p.speed(), s.time, s.speed(), units::kmhToMps(100.0));
            m_d100 = distanceAt(m_t100);
        }
        if (passed(50.0)) {
            m_t50 = crossingTime(p.time, p.speed(), s.time, s.speed(), units::kmhToMps(50.0));
            m_d50 = distanceAt(m_t50);
        }
        for (int i = 0; i < 3; ++i) {
            if (passed(decelSpeedsKmh[i]))
                m_decel[i] = -s.forces.longitudinalAccel;
        }
    }
    m_previous = s;
    m_hasPrevious = true;
}

MetricList CoastDown::metrics() const {
    using S = MetricSense;
    const bool done = m_t50 >= 0.0 && m_t100 >= 0.0;
    return {
        makeMetric("coastdown_100_50_kmh_s", "Coast-down 100-50 km/h time", "s", S::HigherIsBetter,
                   done, m_t50 - m_t100),
        makeMetric("coastdown_100_50_kmh_m", "Coast-down 100-50 km/h distance", "m",
                   S::HigherIsBetter, done, m_d50 - m_d100),
        makeMetric("coastdown_decel_100_kmh_mps2", "Coast-down deceleration at 100 km/h", "m/s^2",
                   S::LowerIsBetter, m_decel[0] >= 0.0, m_decel[0]),
        makeMetric("coastdown_decel_80_kmh_mps2", "Coast-down deceleration at 80 km/h", "m/s^2",
                   S::LowerIsBetter, m_decel[1] >= 0.0, m_decel[1]),
        makeMetric("coastdown_decel_60_kmh_mps2", "Coast-down deceleration at 60 km/h", "m/s^2",
                   S::LowerIsBetter, m_decel[2] >= 0.0, m_decel[2]),
    };
}

} // namespace vtw
