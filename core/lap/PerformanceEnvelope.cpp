#include "core/lap/PerformanceEnvelope.h"

#include "core/powertrain/Differentials.h"
#include "core/powertrain/Engine.h"
#include "core/powertrain/GearSpeeds.h"
#include "core/powertrain/Gearbox.h"
#include "core/chassis/LoadTransfer.h"
#include "core/base/Units.h"
#include "core/tires/TireModel.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vtw {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();
// Loads at which each axle's tire peaks are tabulated, from zero to the car's whole
// weight and downforce at its top speed (one wheel never carries more).
constexpr int gripTableIntervals = 64;
// The lateral limit is tabulated every half metre a second: between two speeds it
// changes with the downforce, as v^2, and a straight line between them is within
// 1e-5 of it for any car here (docs/physics.md 13.2).
constexpr double lateralTableStep = 0.5;
// The highest speed the tables cover, m/s (900 km/h): a setup geared beyond it is
// held to it.
constexpr double highestSpeed = 250.0;
// The fixed point of the load transfer (the loads follow the acceleration they
// allow) is solved to this, m/s^2.
constexpr double loadTolerance = 1e-7;
constexpr int maxLoadIterations = 16;

// The share of an axle's longitudinal grip left by its lateral force: both wheels
// of the axle use the same fraction u of their lateral peak (the lateral force is
// shared in proportion to each wheel's grip), and the ellipse leaves sqrt(1 - u^2).
double ellipseReserve(double need, double capacity) {
    if (need <= 0.0)
        return 1.0;
    if (!(capacity > need))
        return 0.0;
    const double u = need / capacity;
    return std::sqrt(1.0 - u * u);
}

// The longitudinal acceleration ax at which the loads that ax causes allow ax:
// ax = g(ax). Away from the lateral limit g is a contraction (the transfer moves a
// fraction h/L of the weight per g) and close to a straight line: the first step
// follows the slope the last solve found, which lands on the answer where g is
// straight, and the secant through the last two iterates takes it from there. Right
// at the lateral limit g can have two fixed points (accelerating moves load onto the
// rear and frees grip that makes the acceleration possible); the search always
// starts from the loads of steady cornering (ax = 0), so that which one it finds
// depends on the point asked about, not on the points asked before.
template <class Map> double solveLoadTransfer(Map g, TransferGuess& guess) {
    double x0 = 0.0, g0 = g(x0);
    if (!(std::abs(g0 - x0) > loadTolerance))
        return g0;
    double x1 = x0 + (g0 - x0) / (1.0 - std::clamp(guess.slope, -0.9, 0.9)), g1 = g(x1);
    for (int i = 0; i < maxLoadIterations && std::abs(g1 - x1) > loadTolerance; ++i) {
        const double r0 = g0 - x0, r1 = g1 - x1;
        double x2 = r1 != r0 ? x1 - r1 * (x1 - x0) / (r1 - r0) : g1;
        if (!std::isfinite(x2))
            x2 = g1;
        x0 = x1;
        g0 = g1;
        x1 = x2;
        g1 = g(x1);
    }
    if (x1 != x0 && std::isfinite(g1 - g0))
        guess.slope = (g1 - g0) / (x1 - x0);
    return g1;
}

} // namespace

const char* lapLimitKey(LapLimit limit) {
    switch (limit) {
    case LapLimit::Grip:
        return "grip";
    case LapLimit::Power:
        return "power";
    case LapLimit::TopSpeed:
        return "top_speed";
    case LapLimit::Brakes:
        return "brakes";
    }
    return "grip";
}

void PerformanceEnvelope::GripTable::at(double load, double& fxMax, double& fyMax) const {
    // Linear between the tabulated loads, and on along the last interval above them.
    const double position = std::max(0.0, load) / loadStep;
    const auto last = std::ptrdiff_t(fx.size()) - 2;
    const std::ptrdiff_t i = std::min(std::ptrdiff_t(position), last);
    const double t = position - double(i);
    fxMax = fx[std::size_t(i)] + t * (fx[std::size_t(i) + 1] - fx[std::size_t(i)]);
    fyMax = fy[std::size_t(i)] + t * (fy[std::size_t(i) + 1] - fy[std::size_t(i)]);
}

PerformanceEnvelope::GripTable PerformanceEnvelope::gripTable(const TireParams& params, double maxLoad) const {
    const Tire tire(params);
    GripTable table;
    table.loadStep = maxLoad / gripTableIntervals;
    for (int i = 0; i <= gripTableIntervals; ++i) {
        const FrictionLimits limits = tire.limits(i * table.loadStep, m_setup.simulation.surfaceMu);
        table.fx.push_back(limits.fxMax);
        table.fy.push_back(limits.fyMax);
    }
    return table;
}

PerformanceEnvelope::PerformanceEnvelope(const Setup& setup) : m_setup(setup) {
    const ChassisParams& chassis = m_setup.chassis;
    m_mass = chassis.mass;
    // The wheels spin up with the car: a torque that drives (or brakes) them turns part
    // of itself into their spin, I dw/dt = I a / R, which the road sees as a mass I / R^2
    // per wheel. A wheel at its grip limit gets that torque on top from its engine or
    // brake, so only the wheels the road spins up weigh on a grip-limited car.
    const double frontSpin = 2.0 * m_setup.frontTires.wheelInertia /
                             (m_setup.frontTires.radius * m_setup.frontTires.radius);
    const double rearSpin =
        2.0 * m_setup.rearTires.wheelInertia / (m_setup.rearTires.radius * m_setup.rearTires.radius);
    m_spinMassAll = frontSpin + rearSpin;
    switch (m_setup.driveline.layout) {
    case DrivelineLayout::RearWheelDrive: m_spinMassUndriven = frontSpin; break;
    case DrivelineLayout::FrontWheelDrive: m_spinMassUndriven = rearSpin; break;
    case DrivelineLayout::AllWheelDrive: m_spinMassUndriven = 0.0; break;
    }
    m_frontLateralShare = chassis.cgToRearAxle / chassis.wheelbase();
    m_downforcePerSpeed2 = 0.5 * m_setup.aero.airDensity * m_setup.aero.downforceCoefficientArea;

    // Brake torque splits by the bias; each axle's force is its torque over its radius.
    const BrakeParams& brakes = m_setup.brakes;
    const double front = brakes.frontBias / m_setup.frontTires.radius;
    const double rear = (1.0 - brakes.frontBias) / m_setup.rearTires.radius;
    m_brakeTorqueForce = brakes.maxTorque * (front + rear);
    m_frontBrakeShare = front + rear > 0.0 ? front / (front + rear) : 0.5;

    for (const GearTopSpeed& gear : gearTopSpeeds(m_setup))
        m_topSpeed = std::max(m_topSpeed, gear.topSpeed);
    m_topSpeed = std::min(m_topSpeed, highestSpeed);
    // Room above the top speed for a flying start or a step past the rev limiter.
    m_speedCap = std::min(1.02 * m_topSpeed + 1.0, highestSpeed);

    const double maxLoad =
        std::max(1.0, m_mass * units::gravity + m_downforcePerSpeed2 * m_speedCap * m_speedCap);
    m_front = gripTable(m_setup.frontTires, maxLoad);
    m_rear = gripTable(m_setup.rearTires, maxLoad);

    // The lateral limit over speed, and the curvature each speed can hold. A speed
    // holds a curvature when no lower speed fails it: the smallest curvature held up
    // to each speed (a running minimum) makes apexSpeed() a search.
    m_lateralStep = lateralTableStep;
    const auto nodes = std::size_t(std::ceil(m_speedCap / m_lateralStep)) + 1;
    double held = infinity;
    for (std::size_t j = 0; j < nodes; ++j) {
        const double v = double(j) * m_lateralStep;
        m_lateral.push_back(maxLateralAt(v));
        if (j > 0)
            held = std::min(held, m_lateral.back() / (v * v));
        m_apexCurvature.push_back(held);
    }
}

double PerformanceEnvelope::resistance(double speed) const { return roadResistance(m_setup, speed); }

double PerformanceEnvelope::engineForce(double speed, int gear) const {
    return fullThrottleDriveForce(m_setup, gearRatio(m_setup.gearbox, gear), speed);
}

int PerformanceEnvelope::strongestGear(double speed) const {
    int best = 1;
    double most = -1.0;
    for (int g = 1; g <= m_setup.gearbox.gearCount(); ++g) {
        const double force = engineForce(speed, g);
        if (force > most) {
            most = force;
            best = g;
        }
    }
    return best;
}

int PerformanceEnvelope::accelerationGear(double speed) const {
    const GearboxParams& box = m_setup.gearbox;
    if (box.shiftMode == ShiftMode::Manual)
        return strongestGear(speed);
    const double radius = drivenWheelRadius(m_setup);
    for (int g = 1; g <= box.gearCount(); ++g) {
        if (engineRpmFromWheelSpeed(speed / radius, gearRatio(box, g), box.finalDrive) <= box.upshiftRpm)
            return g;
    }
    return std::max(1, box.gearCount());
}

void PerformanceEnvelope::longitudinalReserve(double speed, double ax, double lateral,
                                              double (&reserve)[4]) const {
    const double downforce = m_downforcePerSpeed2 * speed * speed;
    const double frontDown = downforce * m_setup.aero.downforceFrontShare;
    const WheelArray load = wheelLoads(m_setup.chassis, ax, lateral, frontDown, downforce - frontDown);
    double fx[4], fy[4];
    m_front.at(load[FL], fx[FL], fy[FL]);
    m_front.at(load[FR], fx[FR], fy[FR]);
    m_rear.at(load[RL], fx[RL], fy[RL]);
    m_rear.at(load[RR], fx[RR], fy[RR]);
    // Steady cornering: the axles' lateral forces balance in yaw, the front taking c/L.
    const double need = m_mass * std::abs(lateral);
    const double front = ellipseReserve(need * m_frontLateralShare, fy[FL] + fy[FR]);
    const double rear = ellipseReserve(need * (1.0 - m_frontLateralShare), fy[RL] + fy[RR]);
    reserve[FL] = fx[FL] * front;
    reserve[FR] = fx[FR] * front;
    reserve[RL] = fx[RL] * rear;
    reserve[RR] = fx[RR] * rear;
}

double PerformanceEnvelope::driveCapacity(const double (&reserve)[4]) const {
    // An open differential gives both wheels the same torque, so the wheel with less
    // grip limits the axle; a locked one lets each wheel use its own. A clutch
    // limited-slip one (docs/physics.md 3.1) lets the wheels' torques differ by twice its
    // locking torque P + k F R, F the axle's force: F <= 2 min + 2 (P + k F R) / R, so
    // F <= (2 min + 2 P / R) / (1 - 2 k) while k < 1/2, and each wheel's own grip beyond.
    // A viscous one passes torque only with a speed difference the steady state does
    // not know: counted as open.
    auto axle = [](const CouplingLaw& law, double left, double right, double radius) {
        const double both = left + right, weaker = 2.0 * std::min(left, right);
        switch (law.type) {
        case DifferentialType::Locked: return both;
        case DifferentialType::ClutchLimitedSlip: {
            const double k = law.params.powerLocking;
            if (k >= 0.5)
                return both;
            return std::min(both, (weaker + 2.0 * law.params.preload / radius) / (1.0 - 2.0 * k));
        }
        case DifferentialType::Open:
        case DifferentialType::Viscous: return weaker;
        }
        return weaker;
    };
    const DrivelineParams& d = m_setup.driveline;
    const double front = axle(axleDifferential(d, Axle::Front), reserve[FL], reserve[FR], m_setup.frontTires.radius);
    const double rear = axle(axleDifferential(d, Axle::Rear), reserve[RL], reserve[RR], m_setup.rearTires.radius);
    switch (m_setup.driveline.layout) {
    case DrivelineLayout::RearWheelDrive:
        return rear;
    case DrivelineLayout::FrontWheelDrive:
        return front;
    case DrivelineLayout::AllWheelDrive: {
        // The fixed torque split: the axle that runs out of grip first limits both.
        const double share = m_setup.driveline.frontTorqueShare;
        return std::min(share > 0.0 ? front / share : infinity, share < 1.0 ? rear / (1.0 - share) : infinity);
    }
    }
    return rear;
}

double PerformanceEnvelope::brakeGripCapacity(const double (&reserve)[4]) const {
    // The same torque on both wheels of an axle, and the bias fixes the axles' shares:
    // the axle whose weaker wheel runs out of grip first limits the whole car.
    const double front = 2.0 * std::min(reserve[FL], reserve[FR]);
    const double rear = 2.0 * std::min(reserve[RL], reserve[RR]);
    const double share = m_frontBrakeShare;
    return std::min(share > 0.0 ? front / share : infinity, share < 1.0 ? rear / (1.0 - share) : infinity);
}

template <class Accel>
AccelerationLimit PerformanceEnvelope::solveAt(double speed, double lateral, TransferGuess& guess,
                                               Accel accel) const {
    LapLimit limit = LapLimit::Grip;
    const double ax = solveLoadTransfer(
        [&](double assumed) {
            double reserve[4];
            longitudinalReserve(speed, assumed, lateral, reserve);
            return accel(reserve, limit);
        },
        guess);
    return {ax, limit};
}

AccelerationLimit PerformanceEnvelope::maxAcceleration(double speed, double lateral, double driveForce,
                                                       TransferGuess& guess) const {
    const double resist = resistance(speed);
    // The engine spins up every wheel; the driven wheels at their grip limit leave only
    // the undriven ones for the road to spin up.
    const double byEngine = (driveForce - resist) / (m_mass + m_spinMassAll);
    return solveAt(speed, lateral, guess, [&](const double (&reserve)[4], LapLimit& limit) {
        const double byGrip = (driveCapacity(reserve) - resist) / (m_mass + m_spinMassUndriven);
        limit = byGrip < byEngine ? LapLimit::Grip : LapLimit::Power;
        return std::min(byGrip, byEngine);
    });
}

AccelerationLimit PerformanceEnvelope::maxDeceleration(double speed, double lateral, TransferGuess& guess) const {
    const double resist = resistance(speed);
    // The brakes' torque stops the wheels' spin as well as the car; at the tyres' limit
    // the brakes give the wheels that on top.
    const double byTorque = (m_brakeTorqueForce + resist) / (m_mass + m_spinMassAll);
    return solveAt(speed, lateral, guess, [&](const double (&reserve)[4], LapLimit& limit) {
        const double byGrip = (brakeGripCapacity(reserve) + resist) / m_mass;
        limit = byTorque < byGrip ? LapLimit::Brakes : LapLimit::Grip;
        return -std::min(byGrip, byTorque);
    });
}

double PerformanceEnvelope::maxLateralAt(double speed) const {
    const double downforce = m_downforcePerSpeed2 * speed * speed;
    const double frontDown = downforce * m_setup.aero.downforceFrontShare;
    const double resist = resistance(speed);
    // Steady cornering: both axles hold their share of the lateral force at the loads
    // it causes, and the driven wheels have the grip left to balance the resistance.
    auto holds = [&](double lateral) {
        const WheelArray load = wheelLoads(m_setup.chassis, 0.0, lateral, frontDown, downforce - frontDown);
        double fx[4], fy[4];
        m_front.at(load[FL], fx[FL], fy[FL]);
        m_front.at(load[FR], fx[FR], fy[FR]);
        m_rear.at(load[RL], fx[RL], fy[RL]);
        m_rear.at(load[RR], fx[RR], fy[RR]);
        const double need = m_mass * lateral;
        if (need * m_frontLateralShare > fy[FL] + fy[FR] || need * (1.0 - m_frontLateralShare) > fy[RL] + fy[RR])
            return false;
        double reserve[4];
        longitudinalReserve(speed, 0.0, lateral, reserve);
        return driveCapacity(reserve) >= resist;
    };
    if (!holds(0.0))
        return 0.0; // the tires cannot push the car through the air at this speed
    // Bracket the limit, then bisect.
    double low = 0.0, high = 1.0;
    for (int i = 0; i < 60 && holds(high); ++i) {
        low = high;
        high *= 2.0;
    }
    if (holds(high))
        return high;
    for (int i = 0; i < 60 && high - low > 1e-12 * high; ++i) {
        const double mid = 0.5 * (low + high);
        (holds(mid) ? low : high) = mid;
    }
    return low;
}

double PerformanceEnvelope::maxLateral(double speed) const {
    const double position = std::clamp(speed, 0.0, m_speedCap) / m_lateralStep;
    const auto last = std::ptrdiff_t(m_lateral.size()) - 2;
    const std::ptrdiff_t i = std::clamp(std::ptrdiff_t(position), std::ptrdiff_t(0), std::max<std::ptrdiff_t>(last, 0));
    if (m_lateral.size() < 2)
        return m_lateral.empty() ? 0.0 : m_lateral[0];
    const double t = position - double(i);
    return m_lateral[std::size_t(i)] + t * (m_lateral[std::size_t(i) + 1] - m_lateral[std::size_t(i)]);
}

double PerformanceEnvelope::apexSpeed(double curvature) const {
    const double k = std::abs(curvature);
    // Straight, or a curve the car holds at every speed it reaches.
    if (!(k > 0.0) || m_apexCurvature.size() < 2 || k <= m_apexCurvature.back())
        return m_speedCap;
    // The first table speed that no longer holds k, then within the interval below
    // it the speed where v^2 k meets the lateral limit (a straight line there): the
    // root of k v^2 - slope v - (a0 - slope v0) = 0.
    const auto first = std::partition_point(m_apexCurvature.begin() + 1, m_apexCurvature.end(),
                                            [k](double held) { return held >= k; });
    const auto j = std::size_t(first - m_apexCurvature.begin());
    const double v0 = double(j - 1) * m_lateralStep;
    const double a0 = m_lateral[j - 1];
    const double slope = (m_lateral[j] - a0) / m_lateralStep;
    const double c = a0 - slope * v0;
    const double disc = slope * slope + 4.0 * k * c;
    const double v = disc > 0.0 ? (slope + std::sqrt(disc)) / (2.0 * k) : v0;
    return std::clamp(v, v0, v0 + m_lateralStep);
}

std::vector<EnvelopePoint> sampleEnvelope(const PerformanceEnvelope& envelope, int speeds, int laterals) {
    std::vector<EnvelopePoint> out;
    const double top = envelope.topSpeed();
    if (speeds < 1 || laterals < 2 || !(top > 0.0))
        return out;
    for (int i = 0; i < speeds; ++i) {
        const double v = speeds > 1 ? top * (0.1 + 0.9 * i / (speeds - 1)) : top;
        const double reach = envelope.maxLateral(v);
        const double force = envelope.engineForce(v, envelope.accelerationGear(v));
        TransferGuess drive, brake;
        for (int j = 0; j < laterals; ++j) {
            const double ay = reach * (-1.0 + 2.0 * j / (laterals - 1));
            EnvelopePoint p;
            p.speed = v;
            p.lateral = ay;
            p.accelMax = envelope.maxAcceleration(v, ay, force, drive).accel;
            p.accelMin = envelope.maxDeceleration(v, ay, brake).accel;
            out.push_back(p);
        }
    }
    return out;
}

} // namespace vtw
