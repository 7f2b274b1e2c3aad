#pragma once

// A driver that follows a line round a track (docs/physics.md 14): it steers from a
// preview of the line ahead, aims for a speed given along the line, works the pedals
// from the speed error and leaves the gears to the car's own box.

#include "core/maneuvers/DriverControllers.h"
#include "core/lap/PerformanceEnvelope.h"
#include "core/track/LineProjection.h"

#include "core/maneuvers/SlideLift.h"

#include <memory>
#include <vector>

namespace vtw {

struct LineDriverSettings {
    /// Of the quasi-steady lap's speed at every point (docs/physics.md 13): below 1, the
    /// driver leaves grip in hand for its own errors.
    double pace = 0.9;
    /// s: the preview point lies this far ahead in time (so further at speed)...
    double previewTime = 0.8;
    /// m: ...but never nearer than this.
    double minPreview = 6.0;
};

class LineDriver {
public:
    /// `path` must outlive the driver.
    LineDriver(const TrackPath& path, const LineDriverSettings& settings);

    /// The speeds to aim for (m/s at each station of the path) and the forward
    /// accelerations that go with them (m/s^2, over the step to the next station),
    /// with the envelope of the car driven, for its drive and brake forces.
    void setTargets(std::vector<double> speed, std::vector<double> accel, const PerformanceEnvelope* envelope);

    /// The inputs for the next step.
    DriverInputs control(const Simulator& sim);

    /// Where a point is against the line (the same point as the last control()'s
    /// costs nothing more).
    LineFoot locate(double x, double y);
    /// Where the car was on the line at the last control(), and what was aimed for there.
    const LineFoot& foot() const { return m_foot; }
    double targetSpeed() const { return m_targetSpeed; }
    double previewDistance() const { return m_preview; }

    /// s: the time the steering reads the line's curvature ahead, for the steer to
    /// build up as the car reaches it (about the yaw response's lag).
    static constexpr double curvatureLead = 0.1;
    /// s: the time the speed target is read ahead, so that the brakes come on as the
    /// quasi-steady lap's do rather than a pedal's lag later.
    static constexpr double speedLead = 0.1;
    /// The inner loop's gains (CurvatureHold), in wheelbases: far quicker than the
    /// skidpad's, so that the curvature asked for is the one driven within about a
    /// tenth of a second (P over I), corner after corner.
    static constexpr double curvatureProportional = 1.0, curvatureIntegral = 16.0;
    /// Pedal per m/s of speed error, and per m of its integral.
    static constexpr double speedProportional = 0.3, speedIntegral = 0.3;

private:
    /// The pedal (throttle positive, brake negative) that gives a forward acceleration.
    double feedforwardPedal(const Simulator& sim, double accel, double speed) const;

    const TrackPath& m_path;
    LineDriverSettings m_settings;
    LineProjector m_projector;
    CurvatureHold m_curvature{curvatureProportional, curvatureIntegral};
    std::vector<double> m_speed, m_accel;
    std::unique_ptr<SlideLift> m_slideLift; ///< the rear tyres', built at the first control()
    const PerformanceEnvelope* m_envelope = nullptr;
    std::size_t m_curvatureHint = 0, m_speedHint = 0, m_accelHint = 0;
    double m_speedIntegral = 0.0;
    LineFoot m_foot;
    double m_targetSpeed = 0.0, m_preview = 0.0;
};

} // namespace vtw
