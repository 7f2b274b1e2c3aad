#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/lanes/Lanes.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/vehicle/Wheels.h"

#include <cmath>
#include <cstring>
#include <type_traits>

// Four doubles handled as one value: the step's four wheels (FL, FR, RL, RR) side
// by side, so that one vector instruction does the same work for all of them.
//
// Quad is a GCC/Clang vector type. Its arithmetic is plain IEEE double arithmetic
// lane by lane, so a lane gives exactly the bits the same expression gives on a
// double. The helpers below are overloaded for double too, which lets one
// template (fastAtan, the magic formula, the friction ellipse) serve a single
// wheel and four wheels at once.
//
// The rules the vector code keeps, each checked rather than trusted:
// - Everything that takes or returns a Quad (or a struct holding one) by value is
//   forced inline (VTW_LANE): the step is compiled once for AVX2 and once for the
//   baseline instruction set (VTW_WHEEL_LANES_CLONES), and an out-of-line call between
//   the two would disagree on how a 32-byte vector is passed. ctest
//   quad_functions_inline lists any function that breaks this.
// - A per-wheel array the lanes load is a WheelLanes (Wheels.h): 32-byte aligned, read
//   and written whole by loadQuad() and storeQuad(), which take nothing else, and
//   written one wheel at a time only through its set() (see there why).

#define VTW_LANE inline __attribute__((always_inline))
#define VTW_LANE_LAMBDA __attribute__((always_inline)) ///< after a lambda's parameter list

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(VTW_NO_TARGET_CLONES)
/// On x86-64 with GCC, a function with this attribute is built twice, for AVX2 (four
/// lanes in one instruction) and for the baseline (two instructions of two lanes); the
/// loader picks the one the processor runs. No FMA: contraction would change the
/// results' last bits from one machine to another. (Clang refuses to inline the
/// baseline helpers into the AVX2 clone, so its builds, the fuzzing one, use the
/// baseline only.) The core builds without the SLP vectoriser (core/CMakeLists.txt);
/// these functions turn it back on, because it is what makes laneSqrt's four square
/// roots one vector instruction.
#define VTW_WHEEL_LANES_CLONES \
    __attribute__((target_clones("avx2", "default"), optimize("tree-slp-vectorize")))
#else
#define VTW_WHEEL_LANES_CLONES
#endif

namespace vtw {

using Quad = double __attribute__((vector_size(32)));
/// A comparison's result: all ones or all zeros per lane (a vector of 64-bit integers).
using QuadMask = decltype(Quad{} < Quad{});
using QuadMaskLane = std::remove_cvref_t<decltype(QuadMask{}[0])>;

VTW_LANE Quad quad(double v) { return Quad{v, v, v, v}; }
VTW_LANE Quad quad(double a, double b, double c, double d) { return Quad{a, b, c, d}; }

/// The four wheels of an aligned per-wheel array (Wheels.h), in and out, each as one
/// whole vector: nothing else loads or stores a Quad, so every vector access is aligned
/// and covers the whole array (see WheelLanes).
/// (The copies go through the arrays' doubles: a copy onto the WheelLanes object itself
/// lets GCC split the store by the struct's fields, through the stack.)
VTW_LANE Quad loadQuad(const WheelLanes& lanes) {
    Quad q;
    std::memcpy(&q, lanes.data(), sizeof q);
    return q;
}
VTW_LANE void storeQuad(const Quad& q, WheelLanes& lanes) {
    std::memcpy(static_cast<WheelArray&>(lanes).data(), &q, sizeof q);
}

// Lane-wise helpers, each with a double overload that does the same to one value.

VTW_LANE double laneSelect(bool condition, double a, double b) { return condition ? a : b; }
VTW_LANE Quad laneSelect(QuadMask condition, Quad a, Quad b) {
    return (Quad)((condition & (QuadMask)a) | (~condition & (QuadMask)b));
}

VTW_LANE double laneAbs(double x) { return std::fabs(x); }
VTW_LANE Quad laneAbs(Quad x) {
    constexpr auto magnitudeBits = static_cast<QuadMaskLane>(0x7fffffffffffffffLL);
    return (Quad)((QuadMask)x & magnitudeBits);
}

/// The magnitude of `magnitude` with the sign of `sign` (std::copysign).
VTW_LANE double laneCopySign(double magnitude, double sign) { return std::copysign(magnitude, sign); }
VTW_LANE Quad laneCopySign(Quad magnitude, Quad sign) {
    constexpr auto signBit = static_cast<QuadMaskLane>(0x8000000000000000ULL);
    return (Quad)(((QuadMask)magnitude & ~signBit) | ((QuadMask)sign & signBit));
}

/// std::max and std::min lane by lane (same NaN rule: the first argument wins a tie or an unordered compare).
VTW_LANE double laneMax(double a, double b) { return a < b ? b : a; }
VTW_LANE Quad laneMax(Quad a, Quad b) { return laneSelect(a < b, b, a); }
VTW_LANE double laneMin(double a, double b) { return b < a ? b : a; }
VTW_LANE Quad laneMin(Quad a, Quad b) { return laneSelect(b < a, b, a); }

/// std::clamp(v, lo, hi) lane by lane.
template <class T> VTW_LANE T laneClamp(T v, T lo, T hi) { return laneMin(laneMax(v, lo), hi); }

/// Whether any lane, or every lane, of a comparison holds. The two halves are combined as
/// one vector first, then the two lanes left: two instructions fewer than taking all four
/// lanes out of the vector.
VTW_LANE bool anyLane(bool condition) { return condition; }
VTW_LANE bool anyLane(QuadMask condition) {
    const auto half = __builtin_shufflevector(condition, condition, 0, 1) |
                      __builtin_shufflevector(condition, condition, 2, 3);
    return (half[0] | half[1]) != 0;
}
VTW_LANE bool allLanes(bool condition) { return condition; }
VTW_LANE bool allLanes(QuadMask condition) {
    const auto half = __builtin_shufflevector(condition, condition, 0, 1) &
                      __builtin_shufflevector(condition, condition, 2, 3);
    return (half[0] & half[1]) != 0;
}

/// +1, -1 or 0 (for 0 and NaN), lane by lane.
VTW_LANE double laneSign(double v) { return static_cast<double>(v > 0.0) - static_cast<double>(v < 0.0); }
VTW_LANE Quad laneSign(Quad v) {
    return laneSelect(v > 0.0, quad(1.0), Quad{}) - laneSelect(v < 0.0, quad(1.0), Quad{});
}

/// Square root lane by lane.
VTW_LANE double laneSqrt(double x) { return std::sqrt(x); }
VTW_LANE Quad laneSqrt(Quad x) {
    return Quad{std::sqrt(x[0]), std::sqrt(x[1]), std::sqrt(x[2]), std::sqrt(x[3])};
}

/// Sum of the four lanes in wheel order, ((FL + FR) + RL) + RR: the bits a loop over
/// the wheels gives.
VTW_LANE double laneSum(Quad x) { return ((x[0] + x[1]) + x[2]) + x[3]; }

/// laneSum() of three vectors at once, {laneSum(a), laneSum(b), laneSum(c), 0} with the
/// same bits: the three turned into columns (a transpose), then three vector additions
/// in wheel order instead of nine scalar ones.
VTW_LANE Quad laneSums(Quad a, Quad b, Quad c) {
    const Quad zero{};
    const Quad evenAB = __builtin_shufflevector(a, b, 0, 4, 2, 6); // a0 b0 a2 b2
    const Quad oddAB = __builtin_shufflevector(a, b, 1, 5, 3, 7);  // a1 b1 a3 b3
    const Quad evenC = __builtin_shufflevector(c, zero, 0, 4, 2, 6); // c0 0 c2 0
    const Quad oddC = __builtin_shufflevector(c, zero, 1, 5, 3, 7);  // c1 0 c3 0
    const Quad fl = __builtin_shufflevector(evenAB, evenC, 0, 1, 4, 5); // a0 b0 c0 0
    const Quad fr = __builtin_shufflevector(oddAB, oddC, 0, 1, 4, 5);   // a1 b1 c1 0
    const Quad rl = __builtin_shufflevector(evenAB, evenC, 2, 3, 6, 7); // a2 b2 c2 0
    const Quad rr = __builtin_shufflevector(oddAB, oddC, 2, 3, 6, 7);   // a3 b3 c3 0
    return ((fl + fr) + rl) + rr;
}

} // namespace vtw
