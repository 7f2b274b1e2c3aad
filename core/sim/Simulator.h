#pragma once

#include "core/vehicle/Setup.h"
#include "core/sim/StepSample.h"
#include "core/chassis/Steering.h"

#include <memory>
#include <string>

namespace vtw {

class Tire;
class VehicleModel;

/// Where a run starts.
struct InitialConditions {
    double speed = 0.0;   ///< m/s, along the car's heading, wheels rolling freely
    double heading = 0.0; ///< rad
    int gear = 1;         ///< the gear engaged at the start (automatic boxes may re-pick)
    double yawRate = 0.0;    ///< rad/s (a run that starts on a circle)
    double steerAngle = 0.0; ///< rad, reference road-wheel angle at the start
    double x = 0.0, y = 0.0; ///< m, world: where the car starts (a lap starts on its track's line)
};

/// Advances one car in fixed steps (docs/physics.md 7): per step, the steering and
/// gearbox update, the context (loads, brakes) is fixed, the chosen
/// integrator advances the body and wheels, and the result is checked for
/// divergence. Deterministic: the same setup and inputs give bit-identical
/// states.
///
/// The step itself (VehicleModel, the integrators, the tires' vector lanes) is
/// private to vtw_physics, in step/ and lanes/: this header names VehicleModel without
/// including it, and the queries below answer what its users ask of the step.
class Simulator {
public:
    explicit Simulator(const Setup& setup);
    ~Simulator();
    Simulator(Simulator&&) noexcept;
    Simulator& operator=(Simulator&&) noexcept;

    void reset(const InitialConditions& initial = {});

    /// Replace the setup (a live edit) keeping the motion state; takes effect
    /// at the next step boundary.
    void setSetup(const Setup& setup);

    /// One fixed step of setup.simulation.timeStep (split into its substeps).
    /// Returns false if the run diverged; error() then says why.
    bool step(const DriverInputs& inputs);

    /// The sample at the start of the last step taken (state, forces, inputs;
    /// with substeps, at the start of the step's last substep).
    const StepSample& lastSample() const { return m_sample; }
    const VehicleState& state() const { return m_state; }
    VehicleState& mutableState() { return m_state; }
    const Setup& setup() const; ///< the setup being simulated (after setSetup(), the new one)
    /// The tire of a wheel (0 FL, 1 FR, 2 RL, 3 RR) as the step evaluates it.
    const Tire& tire(int wheel) const;
    /// Whether the drivetrain drives a wheel.
    bool isDriven(int wheel) const;
    /// kg m^2, the rotational inertia the step gives a wheel.
    double wheelInertia(int wheel) const;
    /// The engine speed (signed rpm) the driven wheels' present spin imposes through a
    /// gear of this ratio (and the final drive).
    double drivenWheelRpm(double gearRatio) const;
    double time() const { return m_state.time; }
    double distance() const { return m_distance; }
    bool diverged() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }

private:
    bool substep(const DriverInputs& inputs, double dt); ///< false if the run diverged
    [[gnu::cold, gnu::noinline]] bool reportDivergence(); ///< names what went wrong; always false
    /// The dynamic suspension left its range (docs/physics.md 16.4); always false.
    [[gnu::cold, gnu::noinline]] bool reportSuspensionDivergence(const std::string& culprit);
    /// The largest velocity change (m/s) the last step's forces could make in dt.
    double plausibleVelocityChange(double dt) const;

    std::unique_ptr<VehicleModel> m_model; ///< never null (but in a moved-from simulator)
    SteerGeometry m_steer; ///< cached for m_steer.referenceAngle
    VehicleState m_state;
    StepSample m_sample; ///< its `forces` are where each step's first evaluation lands
    double m_distance = 0.0;
    double m_speedAfter = 0.0; ///< m/s, the speed at the end of the last step (the distance's)
    std::string m_error;
};

} // namespace vtw
