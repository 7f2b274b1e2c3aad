#include "core/maneuvers/LineDriver.h"

#include "core/maneuvers/TractionControl.h"
#include "core/base/Units.h"
#include "core/chassis/LoadTransfer.h"

#include <algorithm>
#include <cmath>

namespace vtw {

LineDriver::LineDriver(const TrackPath& path, const LineDriverSettings& settings)
    : m_path(path), m_settings(settings), m_projector(closedLine(path)) {}

void LineDriver::setTargets(std::vector<double> speed, std::vector<double> accel,
                            const PerformanceEnvelope* envelope) {
    m_speed = std::move(speed);
    m_accel = std::move(accel);
    m_envelope = envelope;
}

double LineDriver::feedforwardPedal(const Simulator& sim, double accel, double speed) const {
    const double force = m_envelope->torqueMass() * accel + m_envelope->resistance(speed);
    if (force >= 0.0) {
        const double drive = m_envelope->engineForce(speed, std::max(1, sim.state().gearbox.gear));
        return drive > 0.0 ? force / drive : 1.0;
    }
    const double brake = m_envelope->brakeTorqueForce();
    return brake > 0.0 ? force / brake : -1.0;
}

LineFoot LineDriver::locate(double x, double y) { return m_projector.locate(x, y); }

DriverInputs LineDriver::control(const Simulator& sim) {
    DriverInputs in;
    const BodyState& b = sim.state().body;
    const Setup& setup = sim.setup();
    const double dt = setup.simulation.timeStep;
    const double speed = std::sqrt(b.vx * b.vx + b.vy * b.vy);
    m_foot = m_projector.locate(b.x, b.y);

    // Steering (docs/physics.md 14.2): the curvature just ahead, corrected by where a
    // point the preview distance ahead along the car's course would stand off the
    // line, then held by steer with yaw-rate feedback (CurvatureHold). The sine of the
    // course's angle to the line is the cross product of the line's direction and the
    // course's (the velocity's in the world; the heading's at a crawl).
    const double cosHeading = std::cos(b.heading), sinHeading = std::sin(b.heading);
    double courseX = cosHeading, courseY = sinHeading;
    if (speed > 0.5) {
        courseX = (b.vx * cosHeading - b.vy * sinHeading) / speed;
        courseY = (b.vx * sinHeading + b.vy * cosHeading) / speed;
    }
    const double sinHeadingError = m_foot.tangentX * courseY - m_foot.tangentY * courseX;
    m_preview = std::max(m_settings.minPreview, m_settings.previewTime * speed);
    const double previewError = m_foot.lateral + m_preview * sinHeadingError;
    const double ahead = valueAlong(m_path.distance.data(), m_path.curvature.data(), m_path.stations(), m_path.length,
                                    m_foot.along + curvatureLead * speed, m_curvatureHint);
    const double curvature = ahead - 2.0 * previewError / (m_preview * m_preview);
    in.steer = m_curvature.controlCurvature(sim, curvature);

    if (m_speed.empty() || !m_envelope)
        return in;
    // Speed (docs/physics.md 14.3): the target ahead and its acceleration as a
    // feedforward, a PI on the error.
    const double at = m_foot.along + speedLead * speed;
    m_targetSpeed = valueAlong(m_path.distance.data(), m_speed.data(), m_speed.size(), m_path.length, at, m_speedHint);
    const double accel = valueAlong(m_path.distance.data(), m_accel.data(), m_accel.size(), m_path.length, at, m_accelHint);
    const double error = m_targetSpeed - speed;

    // The driver keeps the wheels near their peak slip (throttle off a spinning wheel,
    // brake off a locking one), and lifts as the rear slides (SlideLift): its axle's slip
    // angle past the onset of its tyres' saturation is the rear giving way, which more
    // drive would only feed. The car's sideslip itself is no guide: a tyre with a broad
    // peak corners at several degrees of it.
    if (!m_slideLift) {
        // Loads up to twice the car's weight: beyond any one wheel's.
        const double weight = setup.chassis.mass * units::gravity;
        m_slideLift = std::make_unique<SlideLift>(sim.tire(2), 2.0 * weight, staticWheelLoad(setup.chassis, false));
    }
    const double lift = m_slideLift->lift(sim);

    const double feedforward = feedforwardPedal(sim, accel, speed);
    const double command = feedforward + speedProportional * error + speedIntegral * m_speedIntegral;
    // Anti-windup: no integration while the pedal is saturated the same way, nor while a
    // lift holds back the throttle the error asks for (the speed lost to it is the
    // slide's, not the pedal's to make up afterwards).
    const bool held = (command >= 1.0 && error > 0.0) || (command <= -1.0 && error < 0.0) || (lift > 0.0 && error > 0.0);
    if (!held)
        m_speedIntegral += error * dt;
    const double pedal = std::clamp(feedforward + speedProportional * error + speedIntegral * m_speedIntegral, -1.0, 1.0);
    const TractionControl wheels;
    in.throttle = wheels.throttle(sim, std::max(0.0, pedal)) * (1.0 - lift);
    in.brake = wheels.brake(sim, std::max(0.0, -pedal));
    in.gear.gear = setup.gearbox.shiftMode == ShiftMode::Manual ? m_envelope->accelerationGear(speed) : 1;
    return in;
}

} // namespace vtw
