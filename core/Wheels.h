#pragma once

#include <array>
#include <cstddef>

namespace vtw {

/// Wheel indices, docs/physics.md 0.
enum WheelIndex { FL = 0, FR = 1, RL = 2, RR = 3 };
inline constexpr int WheelCount = 4;
using WheelArray = std::array<double, WheelCount>;
/// Where the step loads a WheelArray as one vector of four lanes (step/Lanes.h), the array
/// starts on a 32-byte boundary: then no load straddles two cache lines, which costs
/// the step several nanoseconds when it happens (alignas(wheelLanesAlignment)).
inline constexpr std::size_t wheelLanesAlignment = 32;

} // namespace vtw
