#pragma once

#include <array>
#include <cstddef>

namespace vtw {

/// Wheel indices, docs/physics.md 0.
enum WheelIndex { FL = 0, FR = 1, RL = 2, RR = 3 };
inline constexpr int WheelCount = 4;
using WheelArray = std::array<double, WheelCount>;
/// Where the step loads per-wheel values as one vector of four lanes (lanes/Lanes.h), the
/// array starts on a 32-byte boundary: then no load straddles two cache lines, which costs
/// the step several nanoseconds when it happens.
inline constexpr std::size_t wheelLanesAlignment = 32;

/// Four per-wheel values (FL, FR, RL, RR) the step handles as one vector: a WheelArray
/// aligned for the vector loads, and the only type the step's loadQuad() and storeQuad()
/// take, so the compiler refuses an unaligned or partial vector access.
///
/// Its elements are read with [] but written with set(). The step writes each array
/// with the one vector store the next stage loads it with: a vector load of data still
/// on its way from narrower stores waits until they reach the cache (store forwarding
/// fails). A scalar write is therefore spelled out, where it is worth its cost (a rare
/// path, or outside the step).
struct alignas(wheelLanesAlignment) WheelLanes : WheelArray {
    constexpr double operator[](std::size_t wheel) const { return WheelArray::operator[](wheel); }
    constexpr const double* data() const { return WheelArray::data(); }
    constexpr auto begin() const { return WheelArray::begin(); }
    constexpr auto end() const { return WheelArray::end(); }
    /// One wheel's value, written alone (see above).
    constexpr void set(std::size_t wheel, double value) { WheelArray::operator[](wheel) = value; }
};
static_assert(sizeof(WheelLanes) == sizeof(WheelArray), "one vector of four lanes, no padding");

} // namespace vtw
