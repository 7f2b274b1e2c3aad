#include "Maneuver.h"

#include "../Gearbox.h"

namespace vtw {

InitialConditions Maneuver::initialConditions(const Setup&) const { return {}; }

InitialConditions cruisingStart(const Setup& setup, double speed) {
    const double drivenRadius = setup.driveline.layout == DrivelineLayout::FrontWheelDrive
                                    ? setup.frontTires.radius
                                    : setup.rearTires.radius;
    InitialConditions ic;
    ic.speed = speed;
    ic.gear = gearForSpeed(setup.gearbox, speed, drivenRadius);
    return ic;
}

} // namespace vtw
