#include "core/powertrain/GearSpeeds.h"

#include "core/powertrain/Engine.h"
#include "core/base/Units.h"

#include <cmath>

namespace vtw {

namespace {

double netForce(const Setup& setup, double ratio, double speed) {
    return fullThrottleDriveForce(setup, ratio, speed) - roadResistance(setup, speed);
}

} // namespace

double drivenWheelRadius(const Setup& setup) {
    switch (setup.driveline.layout) {
    case DrivelineLayout::RearWheelDrive:
        return setup.rearTires.radius;
    case DrivelineLayout::FrontWheelDrive:
        return setup.frontTires.radius;
    case DrivelineLayout::AllWheelDrive:
        return 0.5 * (setup.frontTires.radius + setup.rearTires.radius);
    }
    return setup.rearTires.radius;
}

double fullThrottleDriveForce(const Setup& setup, double gearRatio, double speed) {
    const double radius = drivenWheelRadius(setup);
    const double rpm = engineRpmFromWheelSpeed(speed / radius, gearRatio, setup.gearbox.finalDrive);
    // The relative tolerance keeps the redline itself (reached through a
    // speed -> rpm round trip) on the driving side of the rev limiter.
    if (rpm > setup.engine.redlineRpm * (1.0 + 1e-9))
        return 0.0;
    const double torque = maxEngineTorque(setup.engine, std::max(rpm, setup.engine.idleRpm));
    return driveForce(torque, gearRatio, setup.gearbox.finalDrive, setup.gearbox.efficiency,
                      radius);
}

double roadResistance(const Setup& setup, double speed) {
    const AeroParams& aero = setup.aero;
    const double drag = aero.dragConstant() * speed * speed;
    if (aero.rollingResistanceModel == RollingResistanceModel::SpeedLinear)
        return drag + aero.rollingResistanceLinear * speed;
    const double downforce = 0.5 * aero.airDensity * aero.downforceCoefficientArea * speed * speed;
    const double load = std::max(0.0, setup.chassis.mass * units::gravity + downforce);
    return drag + aero.rollingResistanceCoefficient * load;
}

std::vector<GearTopSpeed> gearTopSpeeds(const Setup& setup) {
    std::vector<GearTopSpeed> out;
    const double radius = drivenWheelRadius(setup);
    for (int i = 0; i < setup.gearbox.gearCount(); ++i) {
        GearTopSpeed g;
        g.gear = i + 1;
        g.ratio = setup.gearbox.forwardRatios[static_cast<std::size_t>(i)];
        g.redlineSpeed =
            roadSpeedAtRpm(setup.engine.redlineRpm, g.ratio, setup.gearbox.finalDrive, radius);
        if (netForce(setup, g.ratio, g.redlineSpeed) >= 0.0) {
            g.topSpeed = g.redlineSpeed;
            g.limit = GearSpeedLimit::Redline;
            out.push_back(g);
            continue;
        }
        // Walk down from the redline to the highest speed the car can still
        // hold (net force >= 0), then bisect the crossing. Walking down rather
        // than up finds the stable equilibrium even when a tall gear bogs down
        // at low speed. A balance only at standstill counts as unreachable.
        constexpr int scanSteps = 400;
        double above = g.redlineSpeed; // net < 0 here
        double below = -1.0;           // net >= 0 here, once found
        for (int k = scanSteps - 1; k >= 1; --k) {
            const double v = g.redlineSpeed * k / scanSteps;
            if (netForce(setup, g.ratio, v) >= 0.0) {
                below = v;
                break;
            }
            above = v;
        }
        if (below < 0.0) {
            g.topSpeed = 0.0;
            g.limit = GearSpeedLimit::Unreachable;
            out.push_back(g);
            continue;
        }
        for (int iter = 0; iter < 60; ++iter) {
            const double mid = 0.5 * (below + above);
            (netForce(setup, g.ratio, mid) >= 0.0 ? below : above) = mid;
        }
        g.topSpeed = below;
        g.limit = GearSpeedLimit::Drag;
        out.push_back(g);
    }
    return out;
}

} // namespace vtw
