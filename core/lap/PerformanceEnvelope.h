#pragma once

// The car's performance envelope for the lap simulation (docs/physics.md 13.2): at a
// speed and a lateral acceleration, the largest forward acceleration and the hardest
// braking the whole car can give, from its setup: aero drag and downforce, the
// longitudinal and lateral load transfer, each axle's tire model (its pure-slip
// peaks at each wheel's load, combined by an ellipse), the engine through a gear,
// the differentials and the brakes with their torque and bias. Built once per
// setup; the queries are const and allocate nothing, so threads may share one.

#include "core/vehicle/Setup.h"

#include <vector>

namespace vtw {

/// What held the car back at a point of the lap.
enum class LapLimit : unsigned char {
    Grip,     ///< the tires: cornering at their limit, or traction or braking at it
    Power,    ///< the engine's drive force (or a gear shift's torque cut)
    TopSpeed, ///< the car is at its top speed (within 1 %)
    Brakes    ///< the brakes' torque, short of what the tires could take
};
/// "grip", "power", "top_speed", "brakes".
const char* lapLimitKey(LapLimit limit);

/// What one solve of the load transfer hands the next: how the acceleration the loads
/// allow moved with the one assumed. Neighbouring stations see nearly the same, so it
/// makes a good first step.
struct TransferGuess {
    double slope = 0.0; ///< d(allowed) / d(assumed)
};

struct AccelerationLimit {
    double accel = 0.0; ///< m/s^2, forward positive (negative when braking)
    LapLimit limit = LapLimit::Grip;
};

class PerformanceEnvelope {
public:
    explicit PerformanceEnvelope(const Setup& setup);

    /// The largest lateral acceleration (m/s^2) the car holds at a steady speed (m/s):
    /// the tires carry the lateral force, and the driven wheels the force that balances
    /// drag and rolling resistance with the grip they have left. Interpolated from a
    /// table over speed; 0 where the tires cannot balance the resistance at all.
    double maxLateral(double speed) const;
    /// The same, computed rather than read from the table.
    double maxLateralAt(double speed) const;
    /// The highest speed (m/s) at which the car holds a curvature (1/m, either sign):
    /// the lowest speed where v^2 |curvature| reaches maxLateral(v); speedCap() on a straight.
    double apexSpeed(double curvature) const;

    /// The largest forward acceleration at a speed and lateral acceleration (either
    /// sign), with `driveForce` (N) at the driven wheels from the engine (the most
    /// the powertrain gives there: engineForce(), or 0 during a shift).
    /// `guess` carries the solve of the load transfer from one call to the next.
    AccelerationLimit maxAcceleration(double speed, double lateral, double driveForce,
                                      TransferGuess& guess) const;
    /// The hardest braking (a negative acceleration) at a speed and lateral acceleration.
    AccelerationLimit maxDeceleration(double speed, double lateral, TransferGuess& guess) const;

    /// Full-throttle drive force (N) at the driven wheels in a gear at a speed.
    double engineForce(double speed, int gear) const;
    /// The gear that gives the most drive force at a speed.
    int strongestGear(double speed) const;
    /// The gear the car accelerates in at a speed: for an automatic box the lowest
    /// whose engine speed stays below the upshift line, for a manual one the strongest.
    int accelerationGear(double speed) const;
    /// Drag and rolling resistance (N) at a speed.
    double resistance(double speed) const;
    /// The brake force (N) the brakes' full torque gives, the tires aside.
    double brakeTorqueForce() const { return m_brakeTorqueForce; }
    /// kg: the mass the engine or the brakes' torque accelerates: the car's, and its
    /// wheels' spin inertia as a mass (sum of I / R^2).
    double torqueMass() const { return m_mass + m_spinMassAll; }

    /// The top speed on a straight (m/s): the fastest gear's balance of drive and resistance.
    double topSpeed() const { return m_topSpeed; }
    /// The highest speed the simulation considers (m/s): a little above topSpeed().
    double speedCap() const { return m_speedCap; }
    const Setup& setup() const { return m_setup; }

private:
    struct GripTable {
        double loadStep = 1.0;
        std::vector<double> fx, fy; ///< N, peak pure-slip forces at loads 0, loadStep, ...
        void at(double load, double& fxMax, double& fyMax) const;
    };
    GripTable gripTable(const TireParams& tire, double maxLoad) const;
    /// Each wheel's longitudinal force left beside the lateral force the turn asks
    /// of its axle, at the loads of a longitudinal and lateral acceleration.
    void longitudinalReserve(double speed, double ax, double lateral, double (&reserve)[4]) const;
    double driveCapacity(const double (&reserve)[4]) const;
    /// N: the brake force the tyres take before the weaker wheel of an axle runs out.
    double brakeGripCapacity(const double (&reserve)[4]) const;
    /// The acceleration accel(reserve, limit) (m/s^2, from the wheels' reserves) gives,
    /// at the loads of that same acceleration.
    template <class Accel>
    AccelerationLimit solveAt(double speed, double lateral, TransferGuess& guess, Accel accel) const;

    Setup m_setup;
    double m_mass = 0.0;
    /// kg: the wheels' spin inertia as a mass, I / R^2 summed over all four wheels, and
    /// over the undriven ones only (docs/physics.md 13.2).
    double m_spinMassAll = 0.0, m_spinMassUndriven = 0.0;
    double m_frontLateralShare = 0.5; ///< c/L: the front axle's share of the lateral force
    double m_downforcePerSpeed2 = 0.0; ///< N per (m/s)^2
    double m_frontBrakeShare = 0.5;    ///< of the brake force, from the bias and radii
    double m_brakeTorqueForce = 0.0;   ///< N
    GripTable m_front, m_rear;
    double m_topSpeed = 0.0, m_speedCap = 0.0;
    double m_lateralStep = 0.5;            ///< m/s between the lateral table's speeds
    std::vector<double> m_lateral;         ///< maxLateral at 0, step, 2 step, ...
    std::vector<double> m_apexCurvature;   ///< the smallest curvature held up to each table speed
};

/// One point of the envelope for drawing: at a speed and lateral acceleration, the
/// forward and braking limits (m/s^2) in the gear the car accelerates in there.
struct EnvelopePoint {
    double speed = 0.0;
    double lateral = 0.0;
    double accelMax = 0.0;
    double accelMin = 0.0;
};

/// The envelope on a grid: `speeds` speeds from a tenth of the top speed to the top
/// speed, each with `laterals` lateral accelerations across -maxLateral..maxLateral.
std::vector<EnvelopePoint> sampleEnvelope(const PerformanceEnvelope& envelope, int speeds, int laterals);

} // namespace vtw
