#include "RampSteer.h"

#include "../Units.h"

#include <algorithm>
#include <cmath>

namespace vtw {

InitialConditions RampSteer::initialConditions(const Setup& setup) const {
    InitialConditions ic = cruisingStart(setup, units::kmhToMps(m_speedKmh));
    return ic;
}

DriverInputs RampSteer::control(const Simulator& sim) {
    const Setup& setup = sim.model().setup();
    m_wheelbase = setup.chassis.wheelbase();
    DriverInputs in;
    m_speed.control(sim, units::kmhToMps(m_speedKmh), in);
    const double angle = units::degToRad(m_rampRate) * sim.time();
    in.steer = std::min(1.0, angle / setup.steering.maxSteerAngle);
    return in;
}

void RampSteer::observe(const StepSample& s) {
    const double u = std::max(1.0, s.body.vx);
    const double ayG = u * s.body.yawRate / units::gravity;
    m_maxAy = std::max(m_maxAy, std::abs(s.forces.lateralAccel));
    if (ayG > 0.02 && ayG <= linearRangeG) {
        m_fit.add(ayG, s.steerAngle - m_wheelbase * s.body.yawRate / u);
    }
    if (std::abs(s.sideslip()) > units::degToRad(15.0) || s.inputs.steer >= 1.0)
        m_done = true;
}

MetricList RampSteer::metrics() const {
    using S = MetricSense;
    const bool fitted = m_fit.valid();
    const double slope = m_fit.slope(); // rad per g
    return {
        makeMetric("ramp_understeer_gradient_deg_per_g", "Understeer gradient (ramp steer)", "deg/g",
                   S::Neutral, fitted, units::radToDeg(slope)),
        makeMetric("ramp_max_lateral_g", "Maximum lateral acceleration (ramp steer)", "g",
                   S::HigherIsBetter, true, m_maxAy / units::gravity),
    };
}

} // namespace vtw
