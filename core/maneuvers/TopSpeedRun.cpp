#include "TopSpeedRun.h"

#include "../Gearbox.h"
#include "../Units.h"

#include <algorithm>
#include <cmath>

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
    m_shiftTime = sim.model().setup().gearbox.shiftTime;
    DriverInputs in;
    in.throttle = 1.0;
    // Automatic: "drive". Manual: stay in the gear the run started in.
    in.gear.gear = m_fixedGear > 0 ? m_fixedGear : std::max(1, sim.state().gearbox.gear);
    return in;
}

void TopSpeedRun::observe(const StepSample& s) {
    m_time = s.time;
    m_topSpeed = std::max(m_topSpeed, s.speed());
    if (s.gear != m_gear) {
        // A shift: the windows so far approached another gear's equilibrium,
        // and the next ones would see the torque cut. Start over once it is through.
        if (m_gear != 0)
            m_quietFrom = s.time + m_shiftTime + shiftSettleSeconds;
        m_gear = s.gear;
        m_windows.clear();
        m_windowStart = -1.0;
        m_sumSpeed = m_sumAccel = 0.0;
        m_count = 0;
    }
    if (s.time < m_quietFrom)
        return;
    if (m_windowStart < 0.0)
        m_windowStart = s.time;
    m_sumSpeed += s.speed();
    m_sumAccel += s.forces.longitudinalAccel;
    ++m_count;
    if (s.time - m_windowStart < windowSeconds)
        return;

    const Window w{m_sumSpeed / m_count, m_sumAccel / m_count};
    m_windows.push_back(w);
    m_windowStart = s.time;
    m_sumSpeed = m_sumAccel = 0.0;
    m_count = 0;
    // |a|: a car slowing in a tall top gear has not settled either.
    if (m_windows.size() < 2 || std::abs(w.accel) > settledAccel)
        return;

    const Window& prev = m_windows[m_windows.size() - 2];
    double top = w.speed;
    const double dv = w.speed - prev.speed;
    const double slope = dv != 0.0 ? (w.accel - prev.accel) / dv : 0.0;
    // A falling acceleration with speed is the stable approach to equilibrium
    // (from below or above); anything else (rev limiter chatter) gives no
    // trustworthy slope.
    if (slope < 0.0)
        top = w.speed + std::clamp(-w.accel / slope, -5.0, 5.0);
    m_topSpeed = top;
    m_done = true;
}

MetricList TopSpeedRun::metrics() const {
    using S = MetricSense;
    return {
        makeMetric("top_speed_kmh", "Top speed (drive force = resistance in the final gear)", "km/h",
                   S::HigherIsBetter, m_done,
                   units::mpsToKmh(m_topSpeed)),
        makeMetric("top_speed_time_s", "Time to settle at top speed", "s", S::Neutral, m_done, m_time),
    };
}

} // namespace vtw
