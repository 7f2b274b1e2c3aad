#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/step/VehicleModel.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/powertrain/Differentials.h"
#include "core/powertrain/Engine.h"
#include "core/vehicle/ForceEvaluation.h"
#include "core/vehicle/Setup.h"
#include "core/chassis/Steering.h"
#include "core/chassis/Suspension.h"
#include "core/sim/VehicleState.h"
#include "core/lanes/FullAckermann.h"
#include "core/lanes/Lanes.h"
#include "core/lanes/LoadTransferLanes.h"
#include "core/step/WheelTires.h"

namespace vtw {

/// What is held constant through one step (every integrator stage sees the
/// same): loads from the last step's accelerations, the wheels' steer, the brake
/// torques and the direction each wheel turned at the start of the step, the
/// gear. makeContext() writes every field; there are no initialisers because
/// zeroing the struct first was a `rep stos` on every step (measured: removing it
/// took the linear-tire bench step from about 178 to 171 ns).
struct StepContext {
    WheelLanes load;        ///< N
    WheelLanes cosSteer;    ///< per wheel (rear wheels: 1)
    WheelLanes sinSteer;    ///< per wheel (rear wheels: 0)
    WheelLanes brakeTorque; ///< N m, magnitude
    bool braking;           ///< any brake torque at all (most steps have none)
    WheelLanes spinSign;    ///< sign of omega at step start; 0 = wheel at rest
    WheelLanes previousFx;  ///< N
    double gearRatio;       ///< signed; 0 in neutral or while shifting
    double throttle;
    double timeStep;        ///< s, the (sub)step: a limited-slip coupling locks within it
};

/// A Setup prepared for stepping: geometry, constants and tires computed once.
/// evaluate() is the hot path of the whole program; it and makeContext() are defined,
/// forced inline, in VehicleModelStep.h, which the step's callers include.
class VehicleModel {
public:
    explicit VehicleModel(const Setup& setup);

    /// Not for several threads at once on one model: it moves the torque curve's search
    /// hint (each simulator owns its model). Defined in VehicleModelStep.h.
    VTW_LANE void evaluate(const BodyState& s, const StepContext& ctx, ForceEvaluation& out) const;

    /// World-frame position rates (dx, dy, dpsi) of a body state; the integrators add
    /// them where they need them (the semi-implicit one uses the new velocities).
    static void addPositionRates(const BodyState& s, BodyRates& rates);

    /// Build the step context from the state at the start of a step. Defined in
    /// VehicleModelStep.h.
    VTW_LANE StepContext makeContext(const VehicleState& state, const DriverInputs& inputs,
                                     const SteerGeometry& steer) const;

    /// The wheels' steer trigonometry for a reference steer angle (wheelSteer()), written
    /// in place (the step loads it straight after: see WheelSteer). Full Ackermann, the
    /// usual case, is worked out inline (FullAckermann.h).
    VTW_LANE void steerGeometry(double referenceAngle, SteerGeometry& out) const {
        const double wheelbase = m_setup.chassis.wheelbase(), track = m_setup.chassis.trackFront;
        if (!(m_fullAckermann && fullAckermannSteer(referenceAngle, wheelbase, track, out.wheels)))
            wheelSteer(referenceAngle, wheelbase, track, m_setup.steering.ackermannPercent, out.wheels);
        if (m_hasToe) [[unlikely]]
            addToe(out.wheels);
        out.referenceAngle = referenceAngle;
    }

    /// d(Fx * R)/d(omega) of the four wheels at their loads, from the tires' slopes at
    /// the origin: the bound the semi-implicit wheel update uses (N m s/rad).
    /// dkappa/domega = R / denominator (passed as its reciprocal); the slip-speed model's
    /// slope grows in proportion to the contact speed, so for it the denominator cancels.
    VTW_LANE Quad wheelTorqueStiffnesses(Quad load, Quad inverseSlipDenominator) const {
        return loadQuad(m_torqueStiffnessPerNewton) * load *
               laneSelect(loadQuad(m_speedProportionalSlope) != 0.0, quad(1.0),
                          inverseSlipDenominator);
    }

    /// Engine speed the driven wheels impose in a gear (signed rpm).
    double drivenWheelRpm(const WheelArray& spin, double gearRatio) const {
        const double omega = m_drivenSpinWeight[0] * spin[0] + m_drivenSpinWeight[1] * spin[1] +
                             m_drivenSpinWeight[2] * spin[2] + m_drivenSpinWeight[3] * spin[3];
        return engineRpmFromWheelSpeed(omega, gearRatio, m_setup.gearbox.finalDrive);
    }

    const Setup& setup() const { return m_setup; }
    const Tire& tire(int wheel) const { return m_tires.tire(wheel); }
    double wheelRadius(int wheel) const { return m_radius[static_cast<std::size_t>(wheel)]; }
    double wheelInertia(int wheel) const { return m_inertia[static_cast<std::size_t>(wheel)]; }
    double inverseWheelRadius(int wheel) const { return m_invRadius[static_cast<std::size_t>(wheel)]; }
    double inverseWheelInertia(int wheel) const { return m_invInertia[static_cast<std::size_t>(wheel)]; }
    double inverseMass() const { return m_invMass; }
    double inverseYawInertia() const { return m_invYawInertia; }
    double wheelX(int wheel) const { return m_posX[static_cast<std::size_t>(wheel)]; }
    double wheelY(int wheel) const { return m_posY[static_cast<std::size_t>(wheel)]; }
    // The same per-wheel constants as lanes (FL, FR, RL, RR).
    VTW_LANE Quad wheelXs() const { return loadQuad(m_posX); }
    VTW_LANE Quad wheelYs() const { return loadQuad(m_posY); }
    VTW_LANE Quad wheelRadii() const { return loadQuad(m_radius); }
    VTW_LANE Quad inverseWheelRadii() const { return loadQuad(m_invRadius); }
    VTW_LANE Quad inverseWheelInertias() const { return loadQuad(m_invInertia); }
    bool hasDriverAids() const { return m_hasAids; }
    /// docs/physics.md 16: whether the loads come from the dynamic suspension, and the model.
    bool dynamicSuspension() const { return m_dynamicSuspension; }
    const SuspensionDynamics& suspension() const { return m_suspension; }
    /// What drives the suspension from a state: its last accelerations, the downforce now.
    SuspensionDrive suspensionDrive(const VehicleState& state) const;
    bool isDriven(int wheel) const { return m_driveShare[static_cast<std::size_t>(wheel)] > 0.0; }
    /// A driven axle whose differential is locked (its wheels turn as one).
    bool isAxleLocked(Axle axle) const { return axle == Axle::Front ? m_frontLocked : m_rearLocked; }
    double downforce(double speed) const { return m_downforceConstant * speed * speed; }

private:
    // The stages of evaluate() (VehicleModel.cpp), each one section of docs/physics.md.
    /// The wheels' geometry for one evaluation, as lanes: positions from the CG (body
    /// frame, m), steer, radii.
    struct WheelGeometry {
        Quad x, y, cosSteer, sinSteer, radius;
    };
    /// What each tire sees, and the reciprocal of the slips' denominator.
    struct ContactPatches {
        WheelTireInputs tires;
        Quad inverseSlipDenominator;
    };
    /// The tire forces' sum on the body (N, body frame) and their yaw moment (N m).
    struct BodyForce {
        double fx, fy, yawMoment;
    };
    VTW_LANE Quad wheelLoads(const VehicleState& state) const;
    VTW_LANE double axleInputTorque(const WheelLanes& spin, const StepContext& ctx, ForceEvaluation& out) const;
    VTW_LANE ContactPatches contactPatches(const BodyState& s, const StepContext& ctx,
                                           const WheelGeometry& wheels) const;
    VTW_LANE WheelTireForces tireForces(const ContactPatches& patches, ForceEvaluation& out) const;
    VTW_LANE BodyForce tireForcesOnBody(const WheelTireForces& tires, const WheelGeometry& wheels) const;
    VTW_LANE void wheelSpinRates(double axleInputTorque, Quad fx, const WheelLanes& spin,
                                 const StepContext& ctx, const WheelGeometry& wheels,
                                 ForceEvaluation& out) const;
    /// Turns each wheel's steer by its toe (docs/physics.md 8): FL and RL by minus their
    /// axle's toe-in, FR and RR by plus.
    void addToe(WheelSteer& wheels) const;
    VTW_LANE void bodyRates(const BodyState& s, const StepContext& ctx, BodyForce tires,
                            ForceEvaluation& out) const;

    Setup m_setup;
    WheelTires m_tires;
    WheelLanes m_posX{};
    WheelLanes m_posY{}; ///< wheel positions from the CG, body frame, m
    LoadTransferLanes m_loadTransfer;
    WheelLanes m_radius{};
    WheelArray m_inertia{};
    WheelLanes m_invRadius{};
    WheelLanes m_invInertia{}; ///< the step multiplies rather than divides
    WheelLanes m_driveShare{};         ///< share of axle-input torque per wheel (open differential)
    WheelLanes m_brakeShare{};         ///< share of the pedal's brake torque per wheel
    double m_drivenSpinWeight[WheelCount]{}; ///< weights averaging driven-wheel spin into engine speed
    double m_mass = 0.0, m_invMass = 0.0, m_invYawInertia = 0.0;
    double m_dragConstant = 0.0;
    double m_downforceConstant = 0.0;
    double m_lowSpeedFloor = 1.0;
    WheelLanes m_torqueStiffnessPerNewton{}; ///< R^2 dFx/dkappa per N of load (per m/s for slip-speed)
    WheelLanes m_speedProportionalSlope{}; ///< 1 where the tire's slope grows with contact speed (slip-speed)
    bool m_frontLocked = false, m_rearLocked = false; ///< locked differential on a driven axle
    DriveCouplings m_couplings;  ///< limited-slip differentials (Differentials.h)
    bool m_hasCouplings = false; ///< any limited-slip coupling (most setups have none)
    bool m_hasAids = false;      ///< ABS or traction control switched on
    double m_substepTime = 0.0;  ///< s, what Simulator::step() advances each substep by
    bool m_hasToe = false;       ///< any axle with toe
    bool m_fullAckermann = false; ///< steering.ackermannPercent gives full Ackermann (share 1)
    WheelArray m_toeCos{}, m_toeSin{}; ///< each wheel's toe rotation
    WheelLanes m_surfaceMu{};    ///< each wheel's surface grip (split-mu: the right side's differs)
    /// Where the torque curve's search starts (Curve::evaluate): a hint, not state, as
    /// any value gives the same torque on a curve sorted by rpm. An unsorted curve (the
    /// validator refuses one) is searched without it, so a run never depends on the
    /// hint. Each simulator owns its model, so no other thread evaluates it.
    mutable std::size_t m_torqueSegment = 0;
    bool m_torqueCurveSorted = false;
    bool m_dynamicSuspension = false;
    SuspensionDynamics m_suspension; ///< set-up always; read only when m_dynamicSuspension
};

} // namespace vtw
