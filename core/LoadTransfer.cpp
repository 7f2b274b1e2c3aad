#include "LoadTransfer.h"

#include "Setup.h"
#include "Units.h"

#include <algorithm>

namespace vtw {

AxleLoads axleLoads(const ChassisParams& chassis, double totalVerticalLoad, double longitudinalAccel) {
    const double L = chassis.wheelbase();
    const double staticFront = chassis.cgToRearAxle / L * totalVerticalLoad;
    const double transfer = chassis.cgHeight / L * chassis.mass * longitudinalAccel;
    const double front = std::clamp(staticFront - transfer, 0.0, totalVerticalLoad);
    return {front, totalVerticalLoad - front};
}

namespace {

// Split an axle's load between its left and right wheel; `transfer` moves load
// from left to right (a left turn, ay > 0, loads the right side).
void splitAxle(double axleLoad, double transfer, double& left, double& right) {
    const double half = 0.5 * axleLoad;
    const double moved = std::clamp(transfer, -half, half);
    left = half - moved;
    right = half + moved;
}

} // namespace

WheelArray wheelLoads(const ChassisParams& chassis, double longitudinalAccel, double lateralAccel,
                      double downforceFront, double downforceRear) {
    const double weight = chassis.mass * units::gravity;
    AxleLoads axles = axleLoads(chassis, weight, longitudinalAccel);
    axles.front += downforceFront;
    axles.rear += downforceRear;

    const double rollMoment = chassis.mass * lateralAccel * chassis.cgHeight; // N m
    const double frontTransfer = chassis.rollStiffnessFront * rollMoment / chassis.trackFront;
    const double rearTransfer = (1.0 - chassis.rollStiffnessFront) * rollMoment / chassis.trackRear;

    WheelArray loads{};
    splitAxle(axles.front, frontTransfer, loads[FL], loads[FR]);
    splitAxle(axles.rear, rearTransfer, loads[RL], loads[RR]);
    return loads;
}

} // namespace vtw
