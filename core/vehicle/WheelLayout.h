#pragma once

#include "core/vehicle/Wheels.h"

namespace vtw {

struct Setup;
struct SimulationParams;

/// Where the four wheels sit and how large they are: body frame, from the centre of
/// gravity (docs/physics.md 0). The step's model and the live view's drawing of the
/// car both take them from here.
struct WheelLayout {
    WheelArray x{};      ///< m, forward
    WheelArray y{};      ///< m, left
    WheelArray radius{}; ///< m
};
WheelLayout wheelLayout(const Setup& setup);

/// The surface's grip scale under each wheel: surfaceMu, times rightSideGripShare under
/// the right-hand wheels (a split-mu surface).
WheelArray wheelSurfaceGrip(const SimulationParams& simulation);

} // namespace vtw
