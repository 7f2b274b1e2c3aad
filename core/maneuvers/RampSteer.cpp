#include "core/maneuvers/RampSteer.h"

#include "core/base/Units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw {

InitialConditions RampSteer::initialConditions(const Setup& setup) const {
    InitialConditions ic = cruisingStart(setup, units::kmhToMps(m_speedKmh));
    return ic;
}

DriverInputs RampSteer::control(const Simulator& sim) {
    const Setup& setup = sim.setup();
    m_wheelbase = setup.chassis.wheelbase();
    DriverInputs in;
    m_speed.control(sim, units::kmhToMps(m_speedKmh), in);
    const double rate = units::degToRad(m_rampRate);
    const double elapsed = sim.time() - m_phaseStart;
    double angle = m_phaseSteer + rate * elapsed;
    if (m_phase == Phase::Down)
        angle = std::max(0.0, m_phaseSteer - rate * elapsed);
    else if (m_phase == Phase::Limit) // the gradient is measured: on to the grip limit
        angle = m_phaseSteer + units::degToRad(std::max(m_rampRate, limitRampRate)) * elapsed;
    in.steer = std::min(1.0, angle / setup.steering.maxSteerAngle);
    return in;
}

void RampSteer::observe(const StepSample& s) {
    const double u = std::max(1.0, s.body.vx);
    const double ayG = u * s.body.yawRate / units::gravity;
    m_maxAy = std::max(m_maxAy, std::abs(s.forces.lateralAccel));
    const bool settled = s.time - m_phaseStart >= settleSeconds;
    const bool inRange = ayG > fitStartG && ayG <= linearRangeG;
    const double y = s.steerAngle - m_wheelbase * s.body.yawRate / u;
    const double rate = units::degToRad(m_rampRate);
    switch (m_phase) {
    case Phase::Up:
        if (settled && m_upAyAtSettle < 0.0)
            m_upAyAtSettle = std::abs(ayG);
        if (inRange) {
            m_fit.add(ayG, y);
            if (settled)
                m_upFit.add(ayG, y);
        }
        if (ayG > linearRangeG) {
            if (m_upAyAtSettle < 0.0) // through the range before the transient settled
                m_upAyAtSettle = ayG;
            m_phaseSteer = m_phaseSteer + rate * (s.time - m_phaseStart);
            m_phaseStart = s.time;
            m_phase = Phase::Down;
        }
        break;
    case Phase::Down:
        if (settled && m_downAyAtSettle < 0.0)
            m_downAyAtSettle = std::abs(ayG);
        if (inRange && settled)
            m_downFit.add(ayG, y);
        if (ayG <= fitStartG || s.steerAngle <= 0.0) {
            if (m_downAyAtSettle < 0.0) // back through the range before the transient settled
                m_downAyAtSettle = std::max(0.0, ayG);
            m_phaseSteer = std::max(0.0, m_phaseSteer - rate * (s.time - m_phaseStart));
            m_phaseStart = s.time;
            m_phase = Phase::Limit;
        }
        break;
    case Phase::Limit:
        break;
    }
    if (std::abs(s.sideslip()) > units::degToRad(15.0) || s.inputs.steer >= 1.0)
        m_done = true;
}

MetricList RampSteer::metrics() const {
    using S = MetricSense;
    // Each leg must fit at least minFittedShare of the range after its transient:
    // the rising leg must start below, the falling leg above, these marks.
    const double upLimitG = (1.0 - minFittedShare) * linearRangeG;
    const double downLimitG = minFittedShare * linearRangeG;
    const bool upTooFast = m_upAyAtSettle > upLimitG;
    const bool downTooFast = m_downAyAtSettle >= 0.0 && m_downAyAtSettle < downLimitG;
    const bool legsFitted = m_upFit.valid() && m_downFit.valid();
    const bool tooFast = upTooFast || downTooFast;
    const bool reached = tooFast ? m_fit.valid() : legsFitted;
    const double slope = tooFast ? m_fit.slope() : 0.5 * (m_upFit.slope() + m_downFit.slope()); // rad/g
    Metric gradient = makeMetric(
        "ramp_understeer_gradient_deg_per_g",
        "Understeer gradient (ramp steer, quasi-steady: mean of the rising and falling ramps)", "deg/g",
        S::Neutral, reached, units::radToDeg(slope));
    if (tooFast && gradient.reached) {
        char reason[220];
        std::snprintf(reason, sizeof reason,
                      "steer ramp too fast for quasi-steady state: the %s leg was at %.2f g when its "
                      "start transient had settled (%.0f s), leaving less than half of the 0-%.1f g "
                      "range to fit; use a slower ramp",
                      upTooFast ? "rising" : "falling", upTooFast ? m_upAyAtSettle : m_downAyAtSettle,
                      settleSeconds, linearRangeG);
        invalidate(gradient, reason);
    }
    return {
        gradient,
        makeMetric("ramp_max_lateral_g", "Maximum lateral acceleration (ramp steer)", "g",
                   S::HigherIsBetter, true, m_maxAy / units::gravity),
    };
}

} // namespace vtw
