// Breaks the rule quad_functions_inline checks, on purpose, so that its own test
// (quad_functions_inline_detects) can show that the check finds each kind of breach.
// Not compiled into anything.
#include "core/lanes/Lanes.h"

namespace vtw::fixture {

// A Quad parameter on a function that is only `inline`.
inline double firstLaneNotForced(Quad q) { return q[0]; }

// A QuadMask returned by a plain function.
QuadMask positiveLanesNotForced(double v) { return quad(v) > 0.0; }

// A struct holding a Quad, returned by value from a plain function.
struct OneQuad {
    Quad lanes;
};
OneQuad wrappedNotForced(double v) { return {quad(v)}; }

// A template that is fine for doubles but takes a Quad once instantiated with one.
template <class T> T twiceNotForced(T x) { return x + x; }

// Forced inline, and a Quad only by reference: neither is reported.
VTW_LANE double firstLane(Quad q) { return q[0]; }
inline double secondLane(const Quad& q) { return q[1]; }

double use(const Quad& q) {
    return firstLaneNotForced(q) + firstLane(q) + secondLane(q) + twiceNotForced(q)[2] +
           twiceNotForced(1.0) + static_cast<double>(positiveLanesNotForced(1.0)[3]) +
           wrappedNotForced(2.0).lanes[0];
}

} // namespace vtw::fixture
