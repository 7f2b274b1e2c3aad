#include "core/powertrain/Differentials.h"

#include <algorithm>
#include <cmath>

namespace vtw {

bool isLimitedSlip(DifferentialType type) {
    return type == DifferentialType::ClutchLimitedSlip || type == DifferentialType::Viscous;
}

double clutchLockingTorque(const LimitedSlipParams& params, double inputTorque) {
    const double locking = inputTorque >= 0.0 ? params.powerLocking : params.coastLocking;
    return params.preload + locking * std::abs(inputTorque);
}

double couplingTorque(const CouplingLaw& law, double inputTorque, double speedDifference,
                      double freeAccelerationDifference, double compliance, double dt) {
    const double sticking = (freeAccelerationDifference + speedDifference / dt) / compliance;
    switch (law.type) {
    case DifferentialType::Open: return 0.0;
    case DifferentialType::Locked: return sticking;
    case DifferentialType::ClutchLimitedSlip: {
        const double limit = clutchLockingTorque(law.params, inputTorque);
        return std::clamp(sticking, -limit, limit);
    }
    case DifferentialType::Viscous: {
        // Along the speed difference, at most what makes the outputs meet.
        const double viscous = law.params.viscousCoefficient * speedDifference;
        if (viscous > 0.0)
            return std::clamp(sticking, 0.0, viscous);
        return std::clamp(sticking, viscous, 0.0);
    }
    }
    return 0.0;
}

CouplingLaw axleDifferential(const DrivelineParams& d, Axle axle) {
    if (axle == Axle::Front && d.layout == DrivelineLayout::AllWheelDrive)
        return {d.frontDifferential, d.frontLimitedSlip};
    return {d.differential, d.axleLimitedSlip};
}

bool isAxleLocked(const DrivelineParams& d, Axle axle) {
    const bool driven = axle == Axle::Front ? d.layout != DrivelineLayout::RearWheelDrive
                                            : d.layout != DrivelineLayout::FrontWheelDrive;
    return driven && axleDifferential(d, axle).type == DifferentialType::Locked;
}

DriveCouplings driveCouplings(const Setup& setup) {
    const DrivelineParams& d = setup.driveline;
    DriveCouplings c;
    c.front = axleDifferential(d, Axle::Front);
    c.rear = axleDifferential(d, Axle::Rear);
    switch (d.layout) {
    case DrivelineLayout::RearWheelDrive: c.frontShare = 0.0; break;
    case DrivelineLayout::FrontWheelDrive: c.frontShare = 1.0; break;
    case DrivelineLayout::AllWheelDrive: c.frontShare = d.frontTorqueShare; break;
    }
    c.frontAxle = isLimitedSlip(c.front.type) && c.frontShare > 0.0;
    c.rearAxle = isLimitedSlip(c.rear.type) && c.frontShare < 1.0;
    if (d.layout == DrivelineLayout::AllWheelDrive && d.centreDifferential != DifferentialType::Open) {
        c.centre = {d.centreDifferential, d.centreLimitedSlip};
        c.centreCoupled = true;
    }
    return c;
}

void addCouplingTorques(const DriveCouplings& couplings, const WheelArray& spin, const WheelArray& inertia,
                        double inputTorque, double dt, WheelArray& netTorque) {
    auto acceleration = [&](std::size_t w) { return netTorque[w] / inertia[w]; };
    if (couplings.centreCoupled) {
        // Between the axles' mean spins; the torque passed is shared equally by the
        // front wheels (minus) and the rear wheels (plus).
        const double speedDifference = 0.5 * (spin[FL] + spin[FR]) - 0.5 * (spin[RL] + spin[RR]);
        const double accelerationDifference =
            0.5 * (acceleration(FL) + acceleration(FR)) - 0.5 * (acceleration(RL) + acceleration(RR));
        const double compliance =
            0.25 * (1.0 / inertia[FL] + 1.0 / inertia[FR] + 1.0 / inertia[RL] + 1.0 / inertia[RR]);
        const double t = couplingTorque(couplings.centre, inputTorque, speedDifference, accelerationDifference,
                                        compliance, dt);
        netTorque[FL] -= 0.5 * t;
        netTorque[FR] -= 0.5 * t;
        netTorque[RL] += 0.5 * t;
        netTorque[RR] += 0.5 * t;
    }
    auto axle = [&](const CouplingLaw& law, std::size_t left, std::size_t right, double axleInput) {
        const double t = couplingTorque(law, axleInput, spin[left] - spin[right],
                                        acceleration(left) - acceleration(right),
                                        1.0 / inertia[left] + 1.0 / inertia[right], dt);
        netTorque[left] -= t;
        netTorque[right] += t;
    };
    if (couplings.frontAxle)
        axle(couplings.front, FL, FR, couplings.frontShare * inputTorque);
    if (couplings.rearAxle)
        axle(couplings.rear, RL, RR, (1.0 - couplings.frontShare) * inputTorque);
}

} // namespace vtw
