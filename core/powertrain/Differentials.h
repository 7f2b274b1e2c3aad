#pragma once

#include "core/vehicle/Setup.h"
#include "core/vehicle/Wheels.h"

namespace vtw {

// docs/physics.md 3.1: limited-slip couplings. An open differential gives each output
// its share of the input torque; a limited-slip one also passes a torque T from its
// faster output to its slower one, which a clutch type limits to preload + locking x
// |input torque| (the ramps), and a viscous type sets to its coefficient times the
// outputs' speed difference. The optimised and the reference step share these scalar
// definitions; they run only for a setup with such a differential.

/// Whether a differential of this type has a limited-slip coupling (clutch or viscous).
bool isLimitedSlip(DifferentialType type);

/// How much torque a coupling may pass, for one differential.
struct CouplingLaw {
    DifferentialType type = DifferentialType::Open;
    LimitedSlipParams params;
};

/// The clutch type's locking torque (N m) at an input torque (N m, signed: positive
/// drives the car, negative is the engine braking it).
double clutchLockingTorque(const LimitedSlipParams& params, double inputTorque);

/// The torque (N m) a coupling passes from output a to output b within one step of dt.
/// speedDifference = omega_a - omega_b (rad/s); freeAccelerationDifference the same
/// difference of the outputs' accelerations without the coupling (rad/s^2);
/// compliance = d(alpha_a - alpha_b)/dT, how fast one newton metre passed separates
/// them (1/I_a + 1/I_b for two wheels). The torque that makes the outputs turn together
/// by the step's end, (freeAccelerationDifference + speedDifference / dt) / compliance,
/// is what a stuck coupling passes; a clutch passes it up to its locking torque, a
/// viscous coupling its coefficient times the speed difference but never more than
/// that (it cannot reverse the outputs' difference).
double couplingTorque(const CouplingLaw& law, double inputTorque, double speedDifference,
                      double freeAccelerationDifference, double compliance, double dt);

/// The axles, as the differentials name them.
enum class Axle { Front, Rear };

/// The differential of one axle of a setup: an AWD car's front axle has its own
/// (frontDifferential); every other axle has `differential`. Whether the axle is
/// driven at all is the layout's business.
CouplingLaw axleDifferential(const DrivelineParams& driveline, Axle axle);

/// Whether a driven axle of this setup has a locked differential.
bool isAxleLocked(const DrivelineParams& driveline, Axle axle);

/// The couplings of a setup's differentials, ready for the step.
struct DriveCouplings {
    CouplingLaw front;  ///< the front axle's differential (limited-slip types only)
    CouplingLaw rear;   ///< the rear axle's
    CouplingLaw centre; ///< AWD's centre differential (Open: none)
    bool frontAxle = false, rearAxle = false; ///< which axles have a limited-slip coupling
    bool centreCoupled = false;
    double frontShare = 0.0; ///< share of the input torque the front axle's differential gets
    bool any() const { return frontAxle || rearAxle || centreCoupled; }
};
DriveCouplings driveCouplings(const Setup& setup);

/// Adds the couplings' torques to each wheel's net torque (N m; FL, FR, RL, RR), given
/// the wheels' spins (rad/s), inertias (kg m^2), the torque entering the driveline
/// after the gearbox (N m) and the step dt: first the centre (between the axles' mean
/// spins), then each axle.
void addCouplingTorques(const DriveCouplings& couplings, const WheelArray& spin, const WheelArray& inertia,
                        double inputTorque, double dt, WheelArray& netTorque);

} // namespace vtw
