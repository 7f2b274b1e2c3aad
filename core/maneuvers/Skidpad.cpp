#include "core/maneuvers/Skidpad.h"

#include "core/base/Units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw {

InitialConditions Skidpad::initialConditions(const Setup& setup) const {
    InitialConditions ic;
    ic.speed = startSpeed;
    ic.gear = 1;
    ic.yawRate = startSpeed / m_radius;
    ic.steerAngle = setup.chassis.wheelbase() / m_radius;
    return ic;
}

DriverInputs Skidpad::control(const Simulator& sim) {
    m_wheelbase = sim.setup().chassis.wheelbase();
    m_maxSteer = sim.setup().steering.maxSteerAngle;
    DriverInputs in;
    const double target = startSpeed + m_rampRate * sim.time();
    m_speed.control(sim, target, in);
    in.steer = m_path.control(sim, m_radius);
    m_onCircle = std::abs(m_path.error()) * m_radius < holdTolerance;
    return in;
}

void Skidpad::observe(const StepSample& s) {
    const double ayG = s.speed() * s.body.yawRate / units::gravity; // steady state: ay = v r
    const bool spinning = std::abs(s.sideslip()) > units::degToRad(20.0);
    const bool fullLock = std::abs(s.steerAngle) >= 0.98 * m_maxSteer;
    if (m_onCircle && !fullLock) {
        m_offCircleSince = -1.0;
        // The steady lateral acceleration: a 0.5 s mean, so a transient peak does not count.
        m_sumAy += std::abs(s.forces.lateralAccel);
        ++m_count;
        if (s.time - m_windowStart >= 0.5) {
            m_maxSteadyAy = std::max(m_maxSteadyAy, m_sumAy / m_count);
            m_windowStart = s.time;
            m_sumAy = 0.0;
            m_count = 0;
        }
        if (std::abs(ayG) <= linearRangeG && s.time > 2.0) {
            // delta = L/R + K ay/g with R the radius actually driven, v / r, not
            // the one asked for: while the speed ramps the curvature controller
            // lags a little, and a steer fitted against the nominal L/R reads
            // that drift as understeer or oversteer (docs/physics.md 9).
            const double drivenCurvature = s.body.yawRate / std::max(1.0, s.speed());
            m_fit.add(ayG, s.steerAngle - m_wheelbase * drivenCurvature);
        }
    } else {
        m_windowStart = s.time;
        m_sumAy = 0.0;
        m_count = 0;
        if (m_offCircleSince < 0.0)
            m_offCircleSince = s.time;
    }
    const bool lost = m_offCircleSince >= 0.0 && s.time - m_offCircleSince > lostSeconds;
    if ((spinning || lost) && !m_done) {
        m_done = true;
        char why[200];
        if (spinning)
            std::snprintf(why, sizeof why, "the car spun (sideslip %.0f deg, over 20)",
                          units::radToDeg(std::abs(s.sideslip())));
        else
            std::snprintf(why, sizeof why,
                          "the car was off the %g m circle for over %g s (from %.2f s%s)",
                          m_radius, lostSeconds, m_offCircleSince,
                          fullLock ? ", the steering at full lock" : "");
        m_endReason = why;
    }
}

MetricList Skidpad::metrics() const {
    using S = MetricSense;
    const bool fitted = m_fit.valid();
    const double slope = m_fit.slope(); // rad per g
    return {
        makeMetric("skidpad_max_lateral_g", "Maximum lateral acceleration", "g", S::HigherIsBetter,
                   m_maxSteadyAy > 0.0, m_maxSteadyAy / units::gravity),
        makeMetric("understeer_gradient_deg_per_g", "Understeer gradient", "deg/g", S::Neutral,
                   fitted, units::radToDeg(slope)),
    };
}

} // namespace vtw
