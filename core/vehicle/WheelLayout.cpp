#include "core/vehicle/WheelLayout.h"

#include "core/vehicle/Setup.h"

namespace vtw {

WheelLayout wheelLayout(const Setup& setup) {
    const ChassisParams& ch = setup.chassis;
    WheelLayout layout;
    layout.x = {ch.cgToFrontAxle, ch.cgToFrontAxle, -ch.cgToRearAxle, -ch.cgToRearAxle};
    layout.y = {0.5 * ch.trackFront, -0.5 * ch.trackFront, 0.5 * ch.trackRear, -0.5 * ch.trackRear};
    layout.radius = {setup.frontTires.radius, setup.frontTires.radius, setup.rearTires.radius,
                     setup.rearTires.radius};
    return layout;
}

WheelArray wheelSurfaceGrip(const SimulationParams& simulation) {
    const double left = simulation.surfaceMu, right = left * simulation.rightSideGripShare;
    return {left, right, left, right};
}

} // namespace vtw
