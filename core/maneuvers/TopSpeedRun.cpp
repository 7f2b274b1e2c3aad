#include "core/maneuvers/TopSpeedRun.h"

#include "core/powertrain/GearSpeeds.h"
#include "core/powertrain/Gearbox.h"
#include "core/base/Units.h"

#include <algorithm>
#include <cmath>

namespace vtw {

// The driver shifts (a manual box) so that the run ends in the fastest reachable gear:
// an automatic box upshifts on rpm alone, and in a tall overdrive the car then slows
// to that gear's lower equilibrium (docs/physics.md 1).
Setup TopSpeedRun::adaptSetup(const Setup& setup) const {
    Setup adapted = setup;
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
    const Setup& setup = sim.setup();
    m_shiftTime = setup.gearbox.shiftTime;
    DriverInputs in;
    in.throttle = 1.0;
    if (m_fixedGear > 0) {
        in.gear.gear = m_fixedGear;
        return in;
    }
    // The fastest driver: at the start the gear with the most drive force, then up
    // into the next gear as soon as it gives more force and still beats the
    // resistance. A gear that cannot pull is never taken: the car then stays on the
    // limiter of the fastest reachable gear, and never shifts back down (that would
    // hunt around the limiter).
    const double rpmPerRatio = sim.drivenWheelRpm(1.0);
    // The road speed the driven wheels turn at (slip included), so that the force of
    // the current gear is zero on the limiter, as the engine makes it.
    const double wheelSpeed = std::abs(rpmPerRatio) /
                              (setup.gearbox.finalDrive * units::radPerSecToRpm(1.0)) *
                              drivenWheelRadius(setup);
    auto force = [&](int g) { return fullThrottleDriveForce(setup, gearRatio(setup.gearbox, g), wheelSpeed); };
    if (!m_startGearChosen) {
        m_startGearChosen = true;
        int best = std::max(1, sim.state().gearbox.gear);
        for (int g = 1; g <= setup.gearbox.gearCount(); ++g)
            if (force(g) > force(best))
                best = g;
        in.gear.gear = best;
        return in;
    }
    const int gear = std::max(1, sim.state().gearbox.gear);
    in.gear.gear = gear;
    if (sim.state().gearbox.shifting() || gear >= setup.gearbox.gearCount())
        return in;
    const double next = force(gear + 1);
    if (next > force(gear) && next > roadResistance(setup, sim.lastSample().speed()))
        in.gear.gear = gear + 1;
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
