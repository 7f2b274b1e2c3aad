#pragma once

#include "core/powertrain/Differentials.h"
#include "core/sim/Simulator.h"
#include "core/reference/ReferenceTire.h"

#include <array>
#include <string>

// The reference step: the physics of docs/physics.md written out plainly, one wheel
// at a time, with the standard library's trigonometry, to define what the optimised
// step (Simulator, VehicleModel, Integrators, WheelTires) must compute. It is slow
// on purpose and shares no code with the optimised step's hot path: no lanes, no
// polynomial sine or atan, no cached steer geometry, no torque-curve search hint.
//
// It reuses only the plain scalar definitions of the drivetrain (Engine.h: engine
// torque, axle torque, rpm from wheel speed; Gearbox.h: the gearbox's discrete
// update; Steering.h: the steering rate limit) and the setup-time constants of the
// tires (peak slips, Pacejka '94 load factors), which have no fast paths.
//
// Each stage of a step is a named function below, in the order docs/physics.md
// describes them. tests/core/reference/tst_reference_step.cpp holds the optimised step to this one.

namespace vtw::reference {

/// What is held fixed through one (sub)step, as the optimised step's StepContext.
struct Context {
    WheelArray load{};        ///< N, docs/physics.md 2
    WheelArray steerAngle{};  ///< rad, each wheel's road-wheel angle (rear: 0), docs/physics.md 8
    WheelArray brakeTorque{}; ///< N m, magnitude, docs/physics.md 1
    WheelArray spinSign{};    ///< sign of omega at the step's start; 0 = wheel at rest
    WheelArray previousFx{};  ///< N, last step's tire Fx (Calspan's contact length)
    double gearRatio = 0.0;   ///< signed; 0 in neutral or while shifting
    double throttle = 0.0;
    double timeStep = 0.0;    ///< s, the (sub)step: a limited-slip coupling locks within it
};

/// Contact-patch kinematics of one wheel (docs/physics.md 0).
struct WheelKinematics {
    double vxWheel = 0.0, vyWheel = 0.0; ///< m/s, wheel frame
    double slipDenominator = 0.0;        ///< m/s, |vx_w| with the low-speed floor (docs/physics.md 7)
    double slipRatio = 0.0, slipAngle = 0.0;
};

/// One evaluation of the model at a state.
struct Evaluation {
    BodyRates rates;
    std::array<WheelKinematics, WheelCount> wheels{};
    WheelArray fx{}, fy{};     ///< N, wheel frame
    WheelArray netTorque{};    ///< N m on each wheel (drive - Fx R -+ brake)
    double longitudinalAccel = 0.0, lateralAccel = 0.0; ///< m/s^2, force / mass
    double engineRpm = 0.0, engineTorque = 0.0;
    double dragForce = 0.0, rollingResistanceForce = 0.0;
};

/// Choices of the model that the optimised step takes up one at a time.
struct ReferenceOptions {
    /// docs/physics.md 7, "Friction limit of the wheel update": the semi-implicit wheel
    /// update bounds the linearised tire force Fx + (k / R) domega by the longitudinal
    /// force the tire has left beside its lateral force, and recomputes the spin change
    /// from the bounded force. On: that is the physics. Off only for a test to show what
    /// the bound prevents.
    bool frictionLimitedWheelUpdate = true;
};

class ReferenceSimulator {
public:
    explicit ReferenceSimulator(const Setup& setup, const ReferenceOptions& options = {});

    void reset(const InitialConditions& initial = {});
    /// One fixed step of setup.simulation.timeStep in its substeps; false once diverged.
    bool step(const DriverInputs& inputs);

    /// The same sample type the optimised step records (state, forces, inputs at the
    /// start of the step's last substep), so maneuvers can observe either.
    const StepSample& lastSample() const { return m_sample; }
    const VehicleState& state() const { return m_state; }
    const Setup& setup() const { return m_setup; }
    double time() const { return m_state.time; }
    double distance() const { return m_distance; }
    bool diverged() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }

    // The model's stages, public so tests can check each against docs/physics.md.
    /// docs/physics.md 2: per-wheel normal loads from last step's accelerations.
    WheelArray wheelLoads(const VehicleState& state) const;
    /// docs/physics.md 8: road-wheel angles (FL, FR, RL, RR) for a reference steer angle.
    WheelArray wheelSteerAngles(double referenceAngle) const;
    /// docs/physics.md 3: engine speed (signed rpm) the driven wheels impose in a gear.
    double drivenWheelRpm(const WheelArray& spin, double gearRatio) const;
    /// docs/physics.md 3: torque at the driven axle (N m) and the engine's speed and torque.
    double axleInputTorque(const WheelArray& spin, const Context& ctx, Evaluation& out) const;
    /// docs/physics.md 0: slips of one wheel.
    WheelKinematics wheelKinematics(const BodyState& s, const Context& ctx, int wheel) const;
    /// docs/physics.md 4: net torque on one wheel, brake included.
    double wheelTorque(int wheel, double axleTorque, double fx, const Context& ctx) const;
    /// The whole model: rates and forces at a state (docs/physics.md 1 to 6).
    void evaluate(const BodyState& s, const Context& ctx, Evaluation& out) const;
    /// docs/physics.md 7: d(Fx R)/d(omega) of a wheel at its load, the semi-implicit bound.
    double wheelTorqueStiffness(int wheel, double load, double slipDenominator) const;
    /// docs/physics.md 7: the semi-implicit update of one wheel under the step's forces e:
    /// its spin change over dt and the tire force applied at the step's end (N).
    struct WheelUpdate {
        double spinChange = 0.0;
        double appliedFx = 0.0;
    };
    WheelUpdate linearlyImplicitWheelUpdate(int wheel, const Evaluation& e, const Context& ctx, double dt) const;
    bool isDriven(int wheel) const { return m_driveShare[static_cast<std::size_t>(wheel)] > 0.0; }
    const ReferenceTire& tire(int wheel) const { return wheel < 2 ? m_front : m_rear; }
    double wheelRadius(int wheel) const { return m_radius[static_cast<std::size_t>(wheel)]; }

private:
    Context makeContext(const DriverInputs& inputs) const;
    void integrateExplicitEuler(const Context& ctx, double dt);
    void integrateSemiImplicitEuler(const Context& ctx, double dt);
    void integrateRungeKutta4(const Context& ctx, double dt);
    void applyBrakeZeroCrossingClamp(const Context& ctx);
    void keepLockedAxlesTogether();
    bool substep(const DriverInputs& inputs, double dt);
    bool checkDivergence();
    void recordSampleStart(const Context& ctx);
    void recordSampleForces(const Evaluation& e);

    Setup m_setup;
    ReferenceOptions m_options;
    ReferenceTire m_front, m_rear;
    WheelArray m_posX{}, m_posY{};   ///< wheel positions from the CG, body frame, m
    WheelArray m_radius{}, m_inertia{};
    WheelArray m_driveShare{}, m_brakeShare{};
    WheelArray m_torqueStiffnessPerNewton{}; ///< R^2 dFx/dkappa per N of load at the origin
    WheelArray m_surfaceGrip{};  ///< each wheel's surface grip (docs/physics.md 6: split-mu)
    DriveCouplings m_couplings;  ///< limited-slip differentials (docs/physics.md 3.1)
    /// docs/physics.md 16. The dynamic suspension is the one model both steps share: its
    /// plain scalar code (Suspension.h) is the reference, and the fast step calls it too.
    SuspensionDynamics m_suspension;
    SuspensionDrive suspensionDrive(const VehicleState& state) const;
    VehicleState m_state;
    StepSample m_sample;
    double m_distance = 0.0;
    std::string m_error;
};

} // namespace vtw::reference
