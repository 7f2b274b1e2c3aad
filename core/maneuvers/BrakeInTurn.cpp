#include "core/maneuvers/BrakeInTurn.h"

#include "core/base/Units.h"

#include <algorithm>
#include <cmath>

namespace vtw {

InitialConditions BrakeInTurn::initialConditions(const Setup& setup) const {
    InitialConditions ic = cruisingStart(setup, units::kmhToMps(m_speedKmh));
    ic.yawRate = ic.speed / m_radius;
    ic.steerAngle = setup.chassis.wheelbase() / m_radius;
    return ic;
}

DriverInputs BrakeInTurn::control(const Simulator& sim) {
    DriverInputs in;
    if (sim.time() < brakeTime) {
        m_speed.control(sim, units::kmhToMps(m_speedKmh), in);
        in.steer = m_path.control(sim, m_radius);
        m_heldSteer = in.steer;
    } else {
        m_braking = true;
        in.brake = m_pedal;
        in.steer = m_heldSteer;
    }
    return in;
}

void BrakeInTurn::observe(const StepSample& s) {
    if (!m_braking)
        return;
    if (m_brakeDistanceStart < 0.0) {
        m_brakeDistanceStart = s.distance;
        m_headingAtBrake = s.body.heading;
    }
    m_maxSideslip = std::max(m_maxSideslip, std::abs(s.sideslip()));
    m_headingChange = s.body.heading - m_headingAtBrake;
    m_stopDistance = s.distance - m_brakeDistanceStart;
    if (std::abs(s.sideslip()) > units::degToRad(spinSideslipDeg) && s.speed() > 2.0)
        m_spun = true;
    if (s.speed() < 0.05)
        m_stopped = true;
}

MetricList BrakeInTurn::metrics() const {
    using S = MetricSense;
    return {
        makeMetric("brake_turn_stable", "Stable under braking in the turn", yesNoUnit,
                   S::HigherIsBetter, m_stopped || m_spun, m_spun ? 0.0 : 1.0),
        makeMetric("brake_turn_max_sideslip_deg", "Maximum sideslip while braking", "deg",
                   S::LowerIsBetter, m_braking, units::radToDeg(m_maxSideslip)),
        makeMetric("brake_turn_stop_distance_m", "Braking distance in the turn", "m", S::LowerIsBetter,
                   m_stopped, m_stopDistance),
        makeMetric("brake_turn_heading_change_deg", "Heading change while braking", "deg", S::Neutral,
                   m_braking, units::radToDeg(m_headingChange)),
    };
}

} // namespace vtw
