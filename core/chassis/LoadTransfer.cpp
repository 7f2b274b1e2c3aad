#include "core/chassis/LoadTransfer.h"

#include "core/vehicle/Setup.h"
#include "core/base/Units.h"
#include "core/lanes/LoadTransferLanes.h"

#include <algorithm>

namespace vtw {

AxleLoads axleLoads(const ChassisParams& chassis, double totalVerticalLoad, double longitudinalAccel) {
    const double L = chassis.wheelbase();
    return loadsplit::splitAxles(totalVerticalLoad, chassis.cgToRearAxle / L * totalVerticalLoad,
                                 chassis.cgHeight / L * chassis.mass * longitudinalAccel);
}

double staticWheelLoad(const ChassisParams& chassis, bool front) {
    const double share = (front ? chassis.cgToRearAxle : chassis.cgToFrontAxle) /
                         (chassis.cgToFrontAxle + chassis.cgToRearAxle);
    return 0.5 * chassis.mass * units::gravity * share;
}

LoadTransferLanes::LoadTransferLanes(const ChassisParams& chassis) {
    const double L = chassis.wheelbase();
    m_weight = chassis.mass * units::gravity;
    m_staticFront = chassis.cgToRearAxle / L * m_weight;
    m_pitchTransferPerAccel = chassis.cgHeight / L * chassis.mass;
    const double rollMomentPerAccel = chassis.mass * chassis.cgHeight; // N m per m/s^2
    m_frontRollTransferPerAccel = chassis.rollStiffnessFront * rollMomentPerAccel / chassis.trackFront;
    m_rearRollTransferPerAccel =
        (1.0 - chassis.rollStiffnessFront) * rollMomentPerAccel / chassis.trackRear;
}

WheelArray wheelLoads(const ChassisParams& chassis, double longitudinalAccel, double lateralAccel,
                      double downforceFront, double downforceRear) {
    return LoadTransferLanes(chassis).wheelLoads(longitudinalAccel, lateralAccel, downforceFront,
                                                 downforceRear);
}

} // namespace vtw
