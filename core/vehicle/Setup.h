#pragma once

#include "core/base/Curve.h"
#include "core/base/Units.h"
#include "core/tires/TireParams.h"

#include <string>
#include <vector>

namespace vtw {

// A Setup is every parameter of one car: a plain value, SI units and radians,
// defaults in code. The defaults are the Corvette C5 of docs/physics.md section 3;
// values that are guesses (Monster's, in Car Physics for Games, or this project's) say so.

enum class RollingResistanceModel {
    SpeedLinear, ///< Monster: F_rr = -C_rr * v (body force)
    LoadBased    ///< per wheel |F_rr| = c_rr * Fz, opposing the rolling direction
};

enum class DrivelineLayout { RearWheelDrive, FrontWheelDrive, AllWheelDrive };
/// docs/physics.md 3: how a differential shares torque between its two outputs.
enum class DifferentialType {
    Open,              ///< equal torque to both outputs
    Locked,            ///< equal spin: the outputs turn as one
    ClutchLimitedSlip, ///< clutches transfer up to preload + locking x input torque
    Viscous            ///< transfers torque in proportion to the outputs' speed difference
};
/// A driver aid switched on or off in the setup.
enum class AidSwitch { Off, On };
enum class ShiftMode { Automatic, Manual };
enum class Integrator { ExplicitEuler, SemiImplicitEuler, RungeKutta4 };
/// How the wheels' loads are found (docs/physics.md 16): rigid is the quasi-static load
/// transfer of section 2 (loads follow the accelerations at once); dynamic is a sprung
/// mass in heave, roll and pitch on four springs and dampers, whose forces are the loads.
enum class SuspensionModel { Rigid, Dynamic };

struct ChassisParams {
    double mass = 1500.0;         ///< kg, with driver (Monster: 1439 kg kerb + driver)
    double cgToFrontAxle = 1.25;  ///< b, m (tutorial example; the real C5 wheelbase is 2.655 m)
    double cgToRearAxle = 1.25;   ///< c, m
    double cgHeight = 0.5;        ///< h, m (guess: the tutorial's 1.0 m is exaggerated for a sports car)
    double trackFront = 1.575;    ///< m (C5 public specification)
    double trackRear = 1.575;     ///< m
    double yawInertia = 2350.0;   ///< Iz, kg m^2 (guess: M*b*c, dynamic index 1)
    double rollStiffnessFront = 0.55; ///< front share of roll stiffness, 0..1 (guess)
    double wheelbase() const { return cgToFrontAxle + cgToRearAxle; }
    friend bool operator==(const ChassisParams&, const ChassisParams&) = default;
};

struct AeroParams {
    double dragCoefficient = 0.30;  ///< Cd, dimensionless
    double frontalArea = 2.2;       ///< A, m^2
    double airDensity = 1.29;       ///< rho, kg/m^3 (Monster's value)
    double downforceCoefficientArea = 0.0; ///< C_L*A, m^2; downforce = 0.5 rho C_L A v^2
    double downforceFrontShare = 0.5;      ///< share of downforce on the front axle, 0..1
    RollingResistanceModel rollingResistanceModel = RollingResistanceModel::LoadBased;
    double rollingResistanceLinear = 12.8;      ///< C_rr, N s/m (Monster's 30 * C_drag; the author doubts it)
    double rollingResistanceCoefficient = 0.015; ///< c_rr, dimensionless (asphalt 0.01-0.015)
    /// C_drag = 0.5 Cd A rho, N s^2/m^2.
    double dragConstant() const { return 0.5 * dragCoefficient * frontalArea * airDensity; }
    friend bool operator==(const AeroParams&, const AeroParams&) = default;
};

struct EngineParams {
    /// Full-throttle torque, N m, against engine speed, rpm. LS1 anchors from the
    /// Monster: 448 N m at 2500 rpm, 475 N m at 4400 rpm, 257 kW at 5600 rpm
    /// (438 N m); the other points are guesses shaped to those anchors.
    Curve torqueCurve{{1000.0, 390.0}, {2000.0, 435.0}, {2500.0, 448.0}, {3000.0, 458.0},
                      {4000.0, 472.0}, {4400.0, 475.0}, {5000.0, 463.0}, {5600.0, 438.0},
                      {6000.0, 395.0}};
    /// rpm; engine speed never falls below it while driving (idle floor): the speed a
    /// launch slips the clutch at, which the library cars set above the real idle.
    double idleRpm = 1000.0;
    /// rpm; the engine's own idle, for game files (Assetto Corsa's MINIMUM); 0 = not
    /// given. No part of the simulation reads it.
    double realIdleRpm = 0.0;
    double redlineRpm = 6000.0; ///< rpm; the rev limiter cuts torque above it
    double engineBrakingCoefficient = 0.01; ///< mu_eb, N m per rpm, with the throttle released (guess)
    friend bool operator==(const EngineParams&, const EngineParams&) = default;
};

struct GearboxParams {
    std::vector<double> forwardRatios{2.66, 1.78, 1.30, 1.00, 0.74, 0.50}; ///< x_g, gears 1..N
    double reverseRatio = 2.90; ///< x_g in reverse (positive; the direction is applied by the gearbox)
    double finalDrive = 3.42;   ///< x_d
    double efficiency = 0.7;    ///< eta, 0..1 (Monster's guess)
    ShiftMode shiftMode = ShiftMode::Automatic; ///< automatic: shifts on the rpm lines below; manual: the driver's gear
    double upshiftRpm = 5800.0;   ///< rpm, automatic upshift threshold
    double downshiftRpm = 2500.0; ///< rpm, automatic downshift threshold
    double shiftTime = 0.2;       ///< s, drive torque is cut while a shift completes (guess)
    int gearCount() const { return static_cast<int>(forwardRatios.size()); }
    friend bool operator==(const GearboxParams&, const GearboxParams&) = default;
};

/// The coupling of a limited-slip differential (docs/physics.md 3). The locking
/// coefficients are the share of the differential's input torque its clutches can pass
/// from the faster output to the slower one, as the ramps' angle sets it (the
/// coefficients Assetto Corsa's POWER and COAST name).
struct LimitedSlipParams {
    double preload = 50.0;          ///< N m, clutch type: locking torque with no input torque (typical 20-150)
    double powerLocking = 0.3;      ///< clutch type: locking torque per N m of input under power, 0..1
    double coastLocking = 0.15;     ///< the same on the overrun (engine braking), 0..1
    double viscousCoefficient = 20.0; ///< N m per rad/s of speed difference, viscous type
    friend bool operator==(const LimitedSlipParams&, const LimitedSlipParams&) = default;
};

struct DrivelineParams {
    DrivelineLayout layout = DrivelineLayout::RearWheelDrive; ///< which axles the engine drives
    double frontTorqueShare = 0.4; ///< AWD only: share of drive torque to the front axle, 0..1
    /// The driven axle's differential: the rear axle's on an AWD car, whose front axle
    /// has frontDifferential.
    DifferentialType differential = DifferentialType::Open;
    LimitedSlipParams axleLimitedSlip; ///< used by the limited-slip and viscous types
    /// AWD only: the front axle's differential. A setup file from before the axles had
    /// their own types gives it the type and coupling of `differential`.
    DifferentialType frontDifferential = DifferentialType::Open;
    LimitedSlipParams frontLimitedSlip;
    /// AWD only: open shares the torque by frontTorqueShare; the others couple the axles.
    DifferentialType centreDifferential = DifferentialType::Open;
    LimitedSlipParams centreLimitedSlip;
    friend bool operator==(const DrivelineParams&, const DrivelineParams&) = default;
};

/// Driver aids (docs/physics.md 4): controllers at the step boundary that modulate each
/// wheel's brake and the engine's torque from the last step's slip ratios.
struct DriverAidParams {
    AidSwitch abs = AidSwitch::Off;
    double absSlipTarget = 0.12;   ///< |slip ratio| above which ABS releases a wheel's brake
    double absCycleRate = 15.0;    ///< Hz, release-and-reapply cycles per second at most
    AidSwitch tractionControl = AidSwitch::Off;
    double tractionSlipTarget = 0.10; ///< driven wheels' slip ratio above which the engine's torque is cut
    friend bool operator==(const DriverAidParams&, const DriverAidParams&) = default;
};

struct BrakeParams {
    double maxTorque = 4800.0;  ///< C_bt, N m, all four wheels together at full pedal (guess)
    double frontBias = 0.7;     ///< share of brake torque on the front axle, 0..1 (guess)
    double handbrakeTorque = 1500.0; ///< N m per rear wheel at full handbrake (guess)
    friend bool operator==(const BrakeParams&, const BrakeParams&) = default;
};

struct SteeringParams {
    double maxSteerAngle = units::degToRad(35.0); ///< rad at the road wheels, full lock
    double steerRate = 1.0;        ///< rad/s, fastest change of the road-wheel angle
    double ackermannPercent = 100.0; ///< %, 0 = parallel steer, 100 = full Ackermann
    double frontToe = 0.0; ///< rad per wheel, positive = toe-in (the wheels' fronts point inwards)
    double rearToe = 0.0;  ///< rad per wheel, positive = toe-in
    friend bool operator==(const SteeringParams&, const SteeringParams&) = default;
};

struct SimulationParams {
    double timeStep = 0.001;     ///< s, fixed step
    int substeps = 1;            ///< integration substeps per step
    Integrator integrator = Integrator::SemiImplicitEuler; ///< docs/physics.md 7; semi-implicit is the stable default
    double surfaceMu = 1.0;      ///< grip scale of the surface, 1 = dry asphalt (presets: tires/SurfacePresets.h)
    double lowSpeedFloor = 1.0;  ///< m/s, denominator floor of slip ratio and slip angle (docs/physics.md 7)
    /// Grip under the right-hand wheels as a share of surfaceMu: 1 = a uniform surface,
    /// less = a split-mu surface (ice on one side, the classic differential and ABS test).
    double rightSideGripShare = 1.0;
    friend bool operator==(const SimulationParams&, const SimulationParams&) = default;
};

/// A figure published for the real car (a magazine road test, the maker's
/// data) to hold the simulation against. It is not a parameter of the physics:
/// nothing in the simulation reads it. Keys and units: core/vehicle/Targets.h.
/// One axle's suspension, read by the dynamic suspension model only (docs/physics.md 16).
/// Spring and damper are given where they act; the motion ratio (spring or damper travel
/// per unit of wheel travel) turns them into rates at the wheel: k_wheel = k MR^2.
/// Defaults are guesses for a road sports car of the C5's class (about 1.5 Hz ride).
struct AxleSuspensionParams {
    double springRate = 60000.0;       ///< N/m, at the spring
    double motionRatio = 0.7;          ///< spring (and damper) travel per wheel travel
    double bumpDamping = 5000.0;       ///< N s/m at the damper, compression, below the knee
    double reboundDamping = 8000.0;    ///< N s/m at the damper, extension, below the knee
    double kneeSpeed = 0.0;            ///< m/s damper speed of the two-stage knee; 0 = linear damper
    double bumpDampingHigh = 2500.0;   ///< N s/m, compression above the knee
    double reboundDampingHigh = 4000.0; ///< N s/m, extension above the knee
    double bumpStopGap = 0.05;         ///< m of wheel travel in bump from static before the stop
    double bumpStopRate = 200000.0;    ///< N/m at the wheel once on the stop
    double antiRollBarRate = 15000.0;  ///< N/m at each wheel per m of left-right travel difference
    double rideHeight = 0.12;          ///< m, static, body above the ground at the axle
    double rollCentreHeight = 0.05;    ///< m above the ground
    double unsprungMass = 40.0;        ///< kg per corner (wheel, tyre, upright, brake)
    friend bool operator==(const AxleSuspensionParams&, const AxleSuspensionParams&) = default;
};

/// The suspension: the model level and, for the dynamic level, the sprung body's
/// inertias, its pitch centre and the two axles (docs/physics.md 16).
struct SuspensionParams {
    SuspensionModel model = SuspensionModel::Rigid;
    double rollInertia = 450.0;       ///< kg m^2, sprung mass about its roll axis (guess)
    double pitchInertia = 2000.0;     ///< kg m^2, sprung mass about its pitch axis (guess)
    double pitchCentreHeight = 0.10;  ///< m above the ground; h_pc / h_s is the anti-pitch share
    AxleSuspensionParams front;
    AxleSuspensionParams rear{52000.0, 0.7, 4500.0, 7000.0, 0.0, 2250.0, 3500.0, 0.05, 200000.0,
                              8000.0, 0.13, 0.08, 45.0};
    friend bool operator==(const SuspensionParams&, const SuspensionParams&) = default;
};

struct PublishedFigure {
    std::string metricKey; ///< a maneuver metric key, e.g. "t_0_100_kmh_s"
    double value = 0.0;    ///< in the unit the key names (s, km/h, m, g)
    std::string source;    ///< who measured or published it, and when
    friend bool operator==(const PublishedFigure&, const PublishedFigure&) = default;
};

/// Default front tire: Monster's 0.33 m radius (P245/45ZR17 front).
TireParams defaultFrontTire();
/// Default rear tire: Monster's 0.34 m radius (P275/40ZR18 rear).
TireParams defaultRearTire();

struct Setup {
    std::string name = "Corvette C5"; ///< shown in tabs, tables and legends
    std::string notes;                ///< free text: sources, what was changed and why
    ChassisParams chassis;
    AeroParams aero;
    EngineParams engine;
    GearboxParams gearbox;
    DrivelineParams driveline;
    BrakeParams brakes;
    DriverAidParams aids;
    SteeringParams steering;
    TireParams frontTires = defaultFrontTire();
    TireParams rearTires = defaultRearTire();
    SimulationParams simulation;
    SuspensionParams suspension; ///< rigid by default: the quasi-static loads of section 2
    std::vector<PublishedFigure> targets; ///< published figures, at most one per metric key
    friend bool operator==(const Setup&, const Setup&) = default;
};

/// The built-in default car (Corvette C5, docs/physics.md section 3).
Setup defaultSetup();

} // namespace vtw
