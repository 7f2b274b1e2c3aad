#include "core/step/VehicleModel.h"

#include "core/powertrain/Engine.h"
#include "core/chassis/Steering.h"
#include "core/base/Units.h"
#include "core/vehicle/WheelLayout.h"
#include "core/lanes/FastMath.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

constexpr double probeSlipRatio = 1e-4;
constexpr double probeContactSpeed = 10.0; // m/s, the slip-speed model's slope grows with it

// dFx/dkappa per newton of load at the origin, probed numerically so that every
// tire model (including ones without a closed-form slope) is covered.
double slipStiffnessPerNewton(const Tire& tire, double referenceLoad) {
    TireInput in;
    in.slipRatio = probeSlipRatio;
    in.normalLoad = referenceLoad;
    in.contactSpeed = probeContactSpeed;
    const double fx = tire.evaluate(in).fx;
    return std::max(0.0, fx / (probeSlipRatio * referenceLoad));
}

// A wheel load above which the tires' envelope tables need not reach (beyond it they
// are searched exactly): twice the car's weight plus its downforce at 100 m/s.
double largestWheelLoad(const Setup& setup) {
    constexpr double speed = 100.0; // m/s
    return 2.0 * setup.chassis.mass * units::gravity +
           0.5 * setup.aero.airDensity * std::max(0.0, setup.aero.downforceCoefficientArea) * speed * speed;
}

} // namespace

VehicleModel::VehicleModel(const Setup& setup)
    : m_setup(setup),
      m_tires(setup.frontTires, setup.rearTires, setup.simulation.surfaceMu, largestWheelLoad(setup)),
      m_loadTransfer(setup.chassis), m_dynamicSuspension(setup.suspension.model == SuspensionModel::Dynamic),
      m_suspension(setup) {
    const ChassisParams& ch = setup.chassis;
    const WheelLayout layout = wheelLayout(setup);
    m_posX = WheelLanes{layout.x};
    m_posY = WheelLanes{layout.y};
    m_radius = WheelLanes{layout.radius};
    m_inertia = {setup.frontTires.wheelInertia, setup.frontTires.wheelInertia,
                 setup.rearTires.wheelInertia, setup.rearTires.wheelInertia};
    for (std::size_t i = 0; i < WheelCount; ++i) {
        m_invRadius.set(i, 1.0 / m_radius[i]);
        m_invInertia.set(i, 1.0 / m_inertia[i]);
    }

    double frontShare = 0.0;
    switch (setup.driveline.layout) {
    case DrivelineLayout::RearWheelDrive: frontShare = 0.0; break;
    case DrivelineLayout::FrontWheelDrive: frontShare = 1.0; break;
    case DrivelineLayout::AllWheelDrive: frontShare = setup.driveline.frontTorqueShare; break;
    }
    m_driveShare = {0.5 * frontShare, 0.5 * frontShare, 0.5 * (1.0 - frontShare),
                    0.5 * (1.0 - frontShare)};
    // Engine speed follows the mean spin of the driven wheels (an open centre
    // and axle differential average their outputs' speeds).
    const bool frontDriven = frontShare > 0.0;
    const bool rearDriven = frontShare < 1.0;
    const double drivenWheels = (frontDriven ? 2.0 : 0.0) + (rearDriven ? 2.0 : 0.0);
    for (int i = 0; i < WheelCount; ++i) {
        const bool driven = i < 2 ? frontDriven : rearDriven;
        m_drivenSpinWeight[i] = driven ? 1.0 / drivenWheels : 0.0;
    }
    m_frontLocked = vtw::isAxleLocked(setup.driveline, Axle::Front);
    m_rearLocked = vtw::isAxleLocked(setup.driveline, Axle::Rear);

    const double bias = setup.brakes.frontBias;
    m_brakeShare = {0.5 * bias, 0.5 * bias, 0.5 * (1.0 - bias), 0.5 * (1.0 - bias)};
    const int substeps = setup.simulation.substeps;
    m_substepTime = substeps <= 1 ? setup.simulation.timeStep : setup.simulation.timeStep / substeps;
    m_couplings = driveCouplings(setup);
    m_hasCouplings = m_couplings.any();
    m_hasAids = setup.aids.abs == AidSwitch::On || setup.aids.tractionControl == AidSwitch::On;
    // docs/physics.md 8: toe-in turns a left wheel clockwise (negative) and a right one
    // anticlockwise, seen from above.
    const double toe[WheelCount] = {-setup.steering.frontToe, setup.steering.frontToe,
                                    -setup.steering.rearToe, setup.steering.rearToe};
    m_hasToe = setup.steering.frontToe != 0.0 || setup.steering.rearToe != 0.0;
    m_fullAckermann = ackermannShare(setup.steering.ackermannPercent) == 1.0;
    for (std::size_t i = 0; i < WheelCount; ++i) {
        m_toeCos[i] = std::cos(toe[i]);
        m_toeSin[i] = std::sin(toe[i]);
    }
    m_surfaceMu = WheelLanes{wheelSurfaceGrip(setup.simulation)};

    m_mass = ch.mass;
    m_invMass = 1.0 / ch.mass;
    m_invYawInertia = 1.0 / ch.yawInertia;
    m_dragConstant = setup.aero.dragConstant();
    m_downforceConstant = 0.5 * setup.aero.airDensity * setup.aero.downforceCoefficientArea;
    m_lowSpeedFloor = setup.simulation.lowSpeedFloor;
    const auto& torquePoints = setup.engine.torqueCurve.points();
    m_torqueCurveSorted = std::is_sorted(torquePoints.begin(), torquePoints.end(),
                                         [](const CurvePoint& a, const CurvePoint& b) { return a.x < b.x; });

    const double weight = ch.mass * units::gravity;
    const AxleLoads staticLoads = axleLoads(ch, weight, 0.0);
    const double perNewton[2] = {
        slipStiffnessPerNewton(m_tires.front(), std::max(1.0, 0.5 * staticLoads.front)),
        slipStiffnessPerNewton(m_tires.rear(), std::max(1.0, 0.5 * staticLoads.rear))};
    for (std::size_t i = 0; i < WheelCount; ++i) {
        const bool slipSpeed = tire(static_cast<int>(i)).params().model == TireModelKind::SlipSpeed;
        m_speedProportionalSlope.set(i, slipSpeed ? 1.0 : 0.0);
        m_torqueStiffnessPerNewton.set(i, m_radius[i] * m_radius[i] * perNewton[i < 2 ? 0 : 1] /
                                              (slipSpeed ? probeContactSpeed : 1.0));
    }
}

void VehicleModel::addToe(WheelSteer& wheels) const {
    for (std::size_t i = 0; i < WheelCount; ++i) {
        const double c = wheels.cos[i], s = wheels.sin[i];
        wheels.cos.set(i, c * m_toeCos[i] - s * m_toeSin[i]);
        wheels.sin.set(i, s * m_toeCos[i] + c * m_toeSin[i]);
    }
}

void VehicleModel::addPositionRates(const BodyState& s, BodyRates& rates) {
    double sinH, cosH;
    fastSinCos(s.heading, sinH, cosH);
    rates.x = s.vx * cosH - s.vy * sinH;
    rates.y = s.vx * sinH + s.vy * cosH;
    rates.heading = s.yawRate;
}

SuspensionDrive VehicleModel::suspensionDrive(const VehicleState& state) const {
    const double speed = std::sqrt(state.body.vx * state.body.vx + state.body.vy * state.body.vy);
    const double downforce = m_downforceConstant * speed * speed;
    const double share = m_setup.aero.downforceFrontShare;
    return {state.longitudinalAccel, state.lateralAccel, share * downforce, (1.0 - share) * downforce};
}

} // namespace vtw
