#include "core/chassis/Suspension.h"

#include "core/vehicle/Setup.h"
#include "core/base/Units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw {

namespace {

constexpr std::size_t axleOf(std::size_t wheel) { return wheel < 2 ? 0 : 1; }
/// +1 for a left wheel (body y > 0), -1 for a right one.
constexpr double sideOf(std::size_t wheel) { return wheel % 2 == 0 ? 1.0 : -1.0; }

/// A damper's force (N, bump positive) at its own speed v (m/s, bump positive): linear
/// below the knee, the high-speed rate above it; a knee of 0 is a one-stage damper.
double damperForce(double v, double low, double high, double knee) {
    const double speed = std::abs(v);
    const double force = (knee <= 0.0 || speed <= knee) ? low * speed : low * knee + high * (speed - knee);
    return std::copysign(force, v);
}

} // namespace

SuspensionDynamics::SuspensionDynamics(const Setup& setup) {
    const ChassisParams& ch = setup.chassis;
    const SuspensionParams& sp = setup.suspension;
    const AxleSuspensionParams* axle[2] = {&sp.front, &sp.rear};
    const double tyreRadius[2] = {setup.frontTires.radius, setup.rearTires.radius};
    const double L = ch.wheelbase();
    const double unsprungFront = 2.0 * sp.front.unsprungMass, unsprungRear = 2.0 * sp.rear.unsprungMass;

    // docs/physics.md 16: the unsprung masses sit at the axles at their wheel centres'
    // height; the sprung mass is the rest, and its CG is where the car's CG and theirs
    // put it.
    m_sprungMass = ch.mass - unsprungFront - unsprungRear;
    const double sprungX = (unsprungRear * ch.cgToRearAxle - unsprungFront * ch.cgToFrontAxle) / m_sprungMass;
    const double toFront = ch.cgToFrontAxle - sprungX, toRear = ch.cgToRearAxle + sprungX;
    m_sprungCgHeight = (ch.mass * ch.cgHeight - unsprungFront * tyreRadius[0] - unsprungRear * tyreRadius[1]) /
                       m_sprungMass;
    m_rollAxisHeight = sp.front.rollCentreHeight + (sp.rear.rollCentreHeight - sp.front.rollCentreHeight) * toFront / L;
    m_pitchCentreHeight = sp.pitchCentreHeight;
    m_rollInertia = sp.rollInertia;
    m_pitchInertia = sp.pitchInertia;
    m_wheelbase = L;
    m_track[0] = ch.trackFront;
    m_track[1] = ch.trackRear;
    const double sprungShare[2] = {toRear / L, toFront / L}; // of the sprung weight per axle

    for (std::size_t w = 0; w < WheelCount; ++w) {
        const std::size_t a = axleOf(w);
        const AxleSuspensionParams& p = *axle[a];
        m_x[w] = a == 0 ? toFront : -toRear;
        m_y[w] = 0.5 * sideOf(w) * m_track[a];
        m_staticSpringLoad[w] = 0.5 * sprungShare[a] * m_sprungMass * units::gravity;
        m_motionRatio[w] = p.motionRatio;
        m_wheelRate[w] = p.springRate * p.motionRatio * p.motionRatio;
        m_bump[w] = p.bumpDamping;
        m_rebound[w] = p.reboundDamping;
        m_bumpHigh[w] = p.bumpDampingHigh;
        m_reboundHigh[w] = p.reboundDampingHigh;
        m_knee[w] = p.kneeSpeed;
        m_stopGap[w] = p.bumpStopGap;
        m_stopRate[w] = p.bumpStopRate;
        m_barRate[w] = p.antiRollBarRate;
        m_rideHeight[w] = p.rideHeight;
        m_unsprungMass[w] = p.unsprungMass;
        m_unsprungHeight[w] = tyreRadius[a];
    }
    for (std::size_t a = 0; a < 2; ++a) {
        const AxleSuspensionParams& p = *axle[a];
        const double t = m_track[a];
        m_rollStiffness[a] = (0.5 * p.springRate * p.motionRatio * p.motionRatio + p.antiRollBarRate) * t * t;
        m_geometricRollPerAccel[a] = sprungShare[a] * m_sprungMass * p.rollCentreHeight / t;
        m_unsprungRollPerAccel[a] = 2.0 * p.unsprungMass * tyreRadius[a] / t;
    }
    // Bounds of the body's fastest mode and strongest damping, each corner at its
    // stiffest (spring, bar both ways, bump stop) and its hardest damper rate, in the
    // mode (heave, roll, pitch) where they weigh most.
    double stiff = 0.0, damp = 0.0, stiffRoll = 0.0, dampRoll = 0.0, stiffPitch = 0.0, dampPitch = 0.0;
    for (std::size_t w = 0; w < WheelCount; ++w) {
        const double k = m_wheelRate[w] + 2.0 * m_barRate[w] + m_stopRate[w];
        const double c = std::max({m_bump[w], m_rebound[w], m_bumpHigh[w], m_reboundHigh[w]}) * m_motionRatio[w] *
                         m_motionRatio[w];
        stiff += k;
        damp += c;
        stiffRoll += k * m_y[w] * m_y[w];
        dampRoll += c * m_y[w] * m_y[w];
        stiffPitch += k * m_x[w] * m_x[w];
        dampPitch += c * m_x[w] * m_x[w];
    }
    m_fastestMode = std::sqrt(std::max({stiff / m_sprungMass, stiffRoll / m_rollInertia, stiffPitch / m_pitchInertia}));
    m_fastestDamping = std::max({damp / m_sprungMass, dampRoll / m_rollInertia, dampPitch / m_pitchInertia});
    m_setupStep = setup.simulation.timeStep / std::max(1, setup.simulation.substeps);
    m_setupStepParts = substeps(m_setupStep);
    m_pitchLinkPerAccel = m_sprungMass * m_pitchCentreHeight / L;
    m_unsprungPitchPerAccel = (unsprungFront * tyreRadius[0] + unsprungRear * tyreRadius[1]) / L;
}

// Wheel travel from static (bump positive): the corner of the body moves by
// z + phi y - theta x (small angles), the wheel stays on the road.
double SuspensionDynamics::cornerTravel(const SuspensionState& s, std::size_t w) const {
    return -s.heave + s.pitch * m_x[w] - s.roll * m_y[w];
}

double SuspensionDynamics::cornerTravelRate(const SuspensionState& s, std::size_t w) const {
    return -s.heaveRate + s.pitchRate * m_x[w] - s.rollRate * m_y[w];
}

// The damper sits on the spring's motion ratio: its speed is MR times the wheel's, and
// its force reaches the wheel times MR.
double SuspensionDynamics::damperForceAtWheel(std::size_t w, double wheelSpeed) const {
    const double mr = m_motionRatio[w];
    const double v = mr * wheelSpeed;
    const double force = v >= 0.0 ? damperForce(v, m_bump[w], m_bumpHigh[w], m_knee[w])
                                  : damperForce(v, m_rebound[w], m_reboundHigh[w], m_knee[w]);
    return mr * force;
}

SuspensionDynamics::CornerForces SuspensionDynamics::cornerForces(const SuspensionState& s,
                                                                  const SuspensionDrive& d) const {
    CornerForces out;
    WheelArray travel{};
    for (std::size_t w = 0; w < WheelCount; ++w)
        travel[w] = cornerTravel(s, w);
    for (std::size_t w = 0; w < WheelCount; ++w) {
        const std::size_t a = axleOf(w);
        const std::size_t partner = w ^ 1u;
        double force = m_staticSpringLoad[w] + m_wheelRate[w] * travel[w] +
                       damperForceAtWheel(w, cornerTravelRate(s, w)) +
                       m_barRate[w] * (travel[w] - travel[partner]);
        if (travel[w] > m_stopGap[w])
            force += m_stopRate[w] * (travel[w] - m_stopGap[w]);
        // Around the springs: the unsprung weight, and the loads the links (through the
        // roll and pitch centres) and the unsprung masses move across and along the car.
        // A left turn (ay > 0) loads the right wheels; acceleration (ax > 0) the rear.
        const double across = (m_geometricRollPerAccel[a] + m_unsprungRollPerAccel[a]) * d.lateralAccel;
        const double along = 0.5 * (m_pitchLinkPerAccel + m_unsprungPitchPerAccel) * d.longitudinalAccel;
        out.direct[w] = m_unsprungMass[w] * units::gravity - sideOf(w) * across + (a == 0 ? -along : along);
        // A wheel whose load would go negative lifts: its spring can pull the body down no
        // further than the rest of the corner's load holds it on the road.
        out.body[w] = std::max(force, -out.direct[w]);
    }
    return out;
}

WheelArray SuspensionDynamics::tyreLoads(const SuspensionState& s, const SuspensionDrive& d) const {
    const CornerForces f = cornerForces(s, d);
    WheelArray load{};
    for (std::size_t w = 0; w < WheelCount; ++w)
        load[w] = f.body[w] + f.direct[w];
    return load;
}

std::string implausibleSuspension(const SuspensionState& s) {
    char buffer[160];
    const auto says = [&](const char* what, double value, const char* unit, double limit) {
        std::snprintf(buffer, sizeof buffer, "suspension %s %.4g %s, beyond the %.4g %s the body model covers", what,
                      value, unit, limit, unit);
        return std::string(buffer);
    };
    if (!std::isfinite(s.heave + s.roll + s.pitch + s.heaveRate + s.rollRate + s.pitchRate))
        return "suspension state is not a finite number";
    if (std::abs(s.roll) > maxSuspensionAngle)
        return says("roll angle", s.roll, "rad", maxSuspensionAngle);
    if (std::abs(s.pitch) > maxSuspensionAngle)
        return says("pitch angle", s.pitch, "rad", maxSuspensionAngle);
    if (std::abs(s.heave) > maxSuspensionHeave)
        return says("heave", s.heave, "m", maxSuspensionHeave);
    return {};
}

// docs/physics.md 16.4: semi-implicit Euler keeps a mode of frequency omega stable for
// omega h < 2 and a damping rate gamma for gamma h < 2; a part of the step keeps both
// products at most a quarter of that.
int SuspensionDynamics::substeps(double dt) const {
    constexpr double stableProduct = 0.5;
    constexpr int mostParts = 10000; // a car of 1e9 N/m bump stops at 10 ms needs about 50
    const double needed = std::max(m_fastestMode, m_fastestDamping) * dt / stableProduct;
    return needed <= 1.0 ? 1 : static_cast<int>(std::min(std::ceil(needed), double(mostParts)));
}

void SuspensionDynamics::advance(SuspensionState& s, const SuspensionDrive& d, double dt) const {
    const int parts = dt == m_setupStep ? m_setupStepParts : substeps(dt);
    for (int i = 0; i < parts; ++i)
        advanceOnce(s, d, dt / parts);
}

void SuspensionDynamics::advanceOnce(SuspensionState& s, const SuspensionDrive& d, double dt) const {
    // docs/physics.md 16: Newton for the sprung mass about its roll and pitch axes.
    const CornerForces f = cornerForces(s, d);
    double force = 0.0, rollMoment = 0.0, pitchMoment = 0.0;
    for (std::size_t w = 0; w < WheelCount; ++w) {
        force += f.body[w];
        rollMoment += f.body[w] * m_y[w];
        pitchMoment -= f.body[w] * m_x[w];
    }
    const double m = m_sprungMass, g = units::gravity;
    const double rollArm = m_sprungCgHeight - m_rollAxisHeight;
    const double pitchArm = m_sprungCgHeight - m_pitchCentreHeight;
    const double frontArm = m_x[FL], rearArm = m_x[RL];
    const double heaveAccel = (force - m * g - d.downforceFront - d.downforceRear) / m;
    const double rollAccel = (m * d.lateralAccel * rollArm + m * g * rollArm * s.roll + rollMoment) / m_rollInertia;
    const double pitchAccel = (-m * d.longitudinalAccel * pitchArm + m * g * pitchArm * s.pitch + pitchMoment +
                               d.downforceFront * frontArm + d.downforceRear * rearArm) /
                              m_pitchInertia;
    s.heaveRate += dt * heaveAccel;
    s.rollRate += dt * rollAccel;
    s.pitchRate += dt * pitchAccel;
    s.heave += dt * s.heaveRate;
    s.roll += dt * s.rollRate;
    s.pitch += dt * s.pitchRate;
}

SuspensionState SuspensionDynamics::steadyState(const SuspensionDrive& d) const {
    const double m = m_sprungMass, g = units::gravity;
    SuspensionState s;
    // Roll: K_phi phi = m ay e + m g e phi (e = h_s - h_rc).
    const double rollArm = m_sprungCgHeight - m_rollAxisHeight;
    s.roll = m * d.lateralAccel * rollArm / (m_rollStiffness[0] + m_rollStiffness[1] - m * g * rollArm);
    // Heave and pitch: the springs' force balances the downforce, their moment the
    // inertial, gravity and downforce moments about the pitch axis.
    double k = 0.0, kx = 0.0, kxx = 0.0;
    for (std::size_t w = 0; w < WheelCount; ++w) {
        k += m_wheelRate[w];
        kx += m_wheelRate[w] * m_x[w];
        kxx += m_wheelRate[w] * m_x[w] * m_x[w];
    }
    const double pitchArm = m_sprungCgHeight - m_pitchCentreHeight;
    const double a11 = -k, a12 = kx, a21 = kx, a22 = m * g * pitchArm - kxx;
    const double b1 = d.downforceFront + d.downforceRear;
    const double b2 = m * d.longitudinalAccel * pitchArm - d.downforceFront * m_x[FL] - d.downforceRear * m_x[RL];
    const double det = a11 * a22 - a12 * a21;
    s.heave = (b1 * a22 - a12 * b2) / det;
    s.pitch = (a11 * b2 - a21 * b1) / det;
    return s;
}

SuspensionSample SuspensionDynamics::sample(const SuspensionState& s) const {
    SuspensionSample out;
    out.active = true;
    out.heave = s.heave;
    out.roll = s.roll;
    out.pitch = s.pitch;
    for (std::size_t w = 0; w < WheelCount; ++w) {
        out.travel[w] = cornerTravel(s, w);
        out.rideHeight[w] = m_rideHeight[w] - out.travel[w];
        out.damperVelocity[w] = m_motionRatio[w] * cornerTravelRate(s, w);
    }
    return out;
}

} // namespace vtw
