#pragma once

#include "core/vehicle/Wheels.h"

#include <string>

namespace vtw {

struct Setup;

/// The sprung body's motion away from its static rest (docs/physics.md 16): heave up,
/// roll positive with the right side down (as in a left turn), pitch positive nose down
/// (as under braking). At zero every spring carries its corner's static load.
struct SuspensionState {
    double heave = 0.0;     ///< z, m
    double roll = 0.0;      ///< phi, rad
    double pitch = 0.0;     ///< theta, rad
    double heaveRate = 0.0; ///< m/s
    double rollRate = 0.0;  ///< rad/s
    double pitchRate = 0.0; ///< rad/s
};

/// The largest roll or pitch (rad) and heave (m) the small-angle body model covers: past
/// them the car is rolling over or launched, and the run stops (docs/physics.md 16.4).
inline constexpr double maxSuspensionAngle = 0.5;
inline constexpr double maxSuspensionHeave = 1.0;
/// What is wrong with a suspension state ("roll angle 0.62 rad ..."), empty if nothing.
std::string implausibleSuspension(const SuspensionState& state);

/// What the telemetry shows of the suspension at one instant; inactive (all zero) on the
/// rigid model, which has no suspension to show.
struct SuspensionSample {
    bool active = false;
    double heave = 0.0, roll = 0.0, pitch = 0.0; ///< m, rad, rad (SuspensionState's signs)
    WheelArray rideHeight{};     ///< m, body above the ground at each corner
    WheelArray travel{};         ///< m of wheel travel from static, bump positive
    WheelArray damperVelocity{}; ///< m/s at the damper, bump positive
};

/// What drives the sprung body in one step: the car's accelerations (body frame, from
/// the tire forces) and the downforce on each axle.
struct SuspensionDrive {
    double longitudinalAccel = 0.0; ///< m/s^2
    double lateralAccel = 0.0;      ///< m/s^2
    double downforceFront = 0.0;    ///< N
    double downforceRear = 0.0;     ///< N
};

/// The dynamic suspension model (docs/physics.md 16), prepared from a setup: a sprung
/// mass in heave, roll and pitch on four corners (spring at the wheel rate, one- or
/// two-stage damper, bump stop, anti-roll bar), its roll and pitch axes through the roll
/// and pitch centres, and the unsprung masses carried straight to the ground by rigid
/// tyres. The tyre loads are the suspension's forces plus the paths around the springs
/// (unsprung weight and inertia, the links' share through the roll and pitch centres).
///
/// Plain scalar code, shared by the fast step and the reference step: the suspension
/// advances once per (sub)step at the step's boundary, not inside the integrators.
class SuspensionDynamics {
public:
    explicit SuspensionDynamics(const Setup& setup);

    /// Each tyre's normal load (N, never negative) at a state under a drive.
    WheelArray tyreLoads(const SuspensionState& state, const SuspensionDrive& drive) const;
    /// Advances the body by dt (semi-implicit Euler: rates from the forces at the
    /// state, then the positions from the new rates), in as many equal parts as the
    /// stiffest and most damped mode need to stay stable (substeps()).
    void advance(SuspensionState& state, const SuspensionDrive& drive, double dt) const;
    /// The steady state under a constant drive: the linear springs and bars balancing the
    /// inertial, gravity and downforce moments (bump stops left out).
    SuspensionState steadyState(const SuspensionDrive& drive) const;
    /// Ride heights, travels and damper speeds at a state.
    SuspensionSample sample(const SuspensionState& state) const;

    /// Parts a step of dt is advanced in (1 for any ordinary car at 1 ms).
    int substeps(double dt) const;

    // Constants of the model, for its documentation and its tests.
    double sprungMass() const { return m_sprungMass; }           ///< kg
    double sprungCgHeight() const { return m_sprungCgHeight; }   ///< h_s, m
    double rollAxisHeight() const { return m_rollAxisHeight; }   ///< h_rc at the sprung CG, m
    double pitchCentreHeight() const { return m_pitchCentreHeight; } ///< m
    /// Roll stiffness of one axle (0 front, 1 rear), springs and bar: (k_w / 2 + k_arb) t^2, N m/rad.
    double rollStiffness(int axle) const { return m_rollStiffness[axle]; }
    /// Wheel rate of a corner's spring, k MR^2, N/m.
    double wheelRate(int wheel) const { return m_wheelRate[static_cast<std::size_t>(wheel)]; }
    /// Corner position from the sprung CG, body frame, m.
    double cornerX(int wheel) const { return m_x[static_cast<std::size_t>(wheel)]; }
    double cornerY(int wheel) const { return m_y[static_cast<std::size_t>(wheel)]; }

private:
    /// The forces of one state: on the body from each corner (N, up), and each corner's
    /// load that bypasses the springs (N).
    struct CornerForces {
        WheelArray body{};
        WheelArray direct{};
    };
    CornerForces cornerForces(const SuspensionState& state, const SuspensionDrive& drive) const;
    double cornerTravel(const SuspensionState& state, std::size_t wheel) const;
    double cornerTravelRate(const SuspensionState& state, std::size_t wheel) const;
    double damperForceAtWheel(std::size_t wheel, double wheelSpeed) const;
    void advanceOnce(SuspensionState& state, const SuspensionDrive& drive, double dt) const;

    double m_sprungMass = 0.0, m_rollInertia = 0.0, m_pitchInertia = 0.0;
    double m_sprungCgHeight = 0.0, m_rollAxisHeight = 0.0, m_pitchCentreHeight = 0.0;
    double m_wheelbase = 0.0;
    double m_fastestMode = 0.0;   ///< rad/s, an upper bound of the body's natural frequencies
    double m_fastestDamping = 0.0; ///< 1/s, an upper bound of its damping rates C / m
    double m_setupStep = 0.0;      ///< s, the setup's (sub)step, and the parts it takes:
    int m_setupStepParts = 1;      ///< worked out once, as every step asks for them
    double m_rollStiffness[2]{};
    WheelArray m_x{}, m_y{};
    WheelArray m_staticSpringLoad{}; ///< N, the sprung weight each spring carries at rest
    WheelArray m_wheelRate{}, m_motionRatio{};
    WheelArray m_bump{}, m_rebound{}, m_bumpHigh{}, m_reboundHigh{}, m_knee{}; ///< at the damper
    WheelArray m_stopGap{}, m_stopRate{}, m_barRate{}, m_rideHeight{};
    WheelArray m_unsprungMass{}, m_unsprungHeight{}; ///< kg; m, the wheel centre
    double m_track[2]{};
    double m_geometricRollPerAccel[2]{}; ///< N per m/s^2 moved across each axle by its links
    double m_pitchLinkPerAccel = 0.0;    ///< N per m/s^2 moved front to rear by the links
    double m_unsprungRollPerAccel[2]{};  ///< N per m/s^2 moved across each axle by its unsprung mass
    double m_unsprungPitchPerAccel = 0.0; ///< N per m/s^2 moved front to rear by the unsprung masses
};

} // namespace vtw
