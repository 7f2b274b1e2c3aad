#include "LoadTransfer.h"

#include "Setup.h"
#include "Units.h"

#include <algorithm>

namespace vtw {

namespace {

// The front axle's load after a longitudinal transfer, clamped so that neither axle
// goes negative; the rear carries the rest.
AxleLoads splitAxles(double total, double staticFront, double transfer) {
    const double front = std::clamp(staticFront - transfer, 0.0, total);
    return {front, total - front};
}

// Split an axle's load between its left and right wheel; `transfer` moves load
// from left to right (a left turn, ay > 0, loads the right side).
void splitAxle(double axleLoad, double transfer, double& left, double& right) {
    const double half = 0.5 * axleLoad;
    const double moved = std::clamp(transfer, -half, half);
    left = half - moved;
    right = half + moved;
}

} // namespace

AxleLoads axleLoads(const ChassisParams& chassis, double totalVerticalLoad, double longitudinalAccel) {
    const double L = chassis.wheelbase();
    return splitAxles(totalVerticalLoad, chassis.cgToRearAxle / L * totalVerticalLoad,
                      chassis.cgHeight / L * chassis.mass * longitudinalAccel);
}

LoadTransfer::LoadTransfer(const ChassisParams& chassis) {
    const double L = chassis.wheelbase();
    m_weight = chassis.mass * units::gravity;
    m_staticFront = chassis.cgToRearAxle / L * m_weight;
    m_pitchTransferPerAccel = chassis.cgHeight / L * chassis.mass;
    const double rollMomentPerAccel = chassis.mass * chassis.cgHeight; // N m per m/s^2
    m_frontRollTransferPerAccel = chassis.rollStiffnessFront * rollMomentPerAccel / chassis.trackFront;
    m_rearRollTransferPerAccel =
        (1.0 - chassis.rollStiffnessFront) * rollMomentPerAccel / chassis.trackRear;
}

WheelArray LoadTransfer::wheelLoads(double longitudinalAccel, double lateralAccel,
                                    double downforceFront, double downforceRear) const {
    AxleLoads axles =
        splitAxles(m_weight, m_staticFront, m_pitchTransferPerAccel * longitudinalAccel);
    axles.front += downforceFront;
    axles.rear += downforceRear;
    WheelArray loads{};
    splitAxle(axles.front, m_frontRollTransferPerAccel * lateralAccel, loads[FL], loads[FR]);
    splitAxle(axles.rear, m_rearRollTransferPerAccel * lateralAccel, loads[RL], loads[RR]);
    return loads;
}

WheelArray wheelLoads(const ChassisParams& chassis, double longitudinalAccel, double lateralAccel,
                      double downforceFront, double downforceRear) {
    return LoadTransfer(chassis).wheelLoads(longitudinalAccel, lateralAccel, downforceFront,
                                            downforceRear);
}

} // namespace vtw
