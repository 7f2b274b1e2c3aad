#pragma once

#include "Wheels.h"

namespace vtw {

struct Setup;

/// Where the four wheels sit and how large they are: body frame, from the centre of
/// gravity (docs/physics.md 0). The step's model and the live view's drawing of the
/// car both take them from here.
struct WheelLayout {
    WheelArray x{};      ///< m, forward
    WheelArray y{};      ///< m, left
    WheelArray radius{}; ///< m
};
WheelLayout wheelLayout(const Setup& setup);

} // namespace vtw
