#include "TopSpeedRun.h"

#include "../Gearbox.h"
#include "../Units.h"

#include <algorithm>

namespace vtw {

Setup TopSpeedRun::adaptSetup(const Setup& setup) const {
    Setup adapted = setup;
    if (m_fixedGear > 0)
        adapted.gearbox.shiftMode = ShiftMode::Manual;
    return adapted;
}

InitialConditions TopSpeedRun::initialConditions(const Setup& setup) const {
    InitialConditions ic = cruisingStart(setup, units::kmhToMps(m_startSpeedKmh));
    if (m_fixedGear > 0)
        ic.gear = m_fixedGear;
    return ic;
}

DriverInputs TopSpeedRun::control(const Simulator& sim) {
    DriverInputs in;
    in.throttle = 1.0;
    // Automatic: "drive". Manual: stay in the gear the run started in.
    in.gear.gear = m_fixedGear > 0 ? m_fixedGear : std::max(1, sim.state().gearbox.gear);
    return in;
}

void TopSpeedRun::observe(const StepSample& s) {
    if (m_windowStart < 0.0)
        m_windowStart = s.time;
    m_sumSpeed += s.speed();
    m_sumAccel += s.forces.longitudinalAccel;
    ++m_count;
    m_time = s.time;
    m_topSpeed = std::max(m_topSpeed, s.speed());
    if (s.time - m_windowStart < windowSeconds)
        return;

    const Window w{m_sumSpeed / m_count, m_sumAccel / m_count};
    m_windows.push_back(w);
    m_windowStart = s.time;
    m_sumSpeed = m_sumAccel = 0.0;
    m_count = 0;
    if (m_windows.size() < 2 || w.accel > settledAccel)
        return;

    const Window& prev = m_windows[m_windows.size() - 2];
    double top = w.speed;
    const double dv = w.speed - prev.speed;
    const double slope = dv != 0.0 ? (w.accel - prev.accel) / dv : 0.0;
    // A falling acceleration with speed is the stable approach to equilibrium;
    // anything else (rev limiter chatter, a shift) gives no trustworthy slope.
    if (slope < 0.0 && w.accel > 0.0)
        top = w.speed + std::min(-w.accel / slope, 5.0);
    m_topSpeed = top;
    m_done = true;
}

MetricList TopSpeedRun::metrics() const {
    using S = MetricSense;
    return {
        makeMetric("top_speed_kmh", "Top speed", "km/h", S::HigherIsBetter, m_done,
                   units::mpsToKmh(m_topSpeed)),
        makeMetric("top_speed_time_s", "Time to settle at top speed", "s", S::Neutral, m_done, m_time),
    };
}

} // namespace vtw
