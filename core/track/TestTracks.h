#pragma once

// Simple tracks made from their geometry, for checks a real track cannot give:
// a circle (constant curvature: the lap time has a closed form), the skidpad (the
// circle of the skidpad maneuver), an oval (straights ending in half circles:
// constant-acceleration kinematics on the straights).

#include "core/track/Track.h"

namespace vtw {

/// A circle of `radius` m driven anticlockwise, points about `spacing` m apart,
/// start/finish at its lowest point.
Track circleTrack(double radius, double spacing = 1.0);

/// Two straights of `straight` m joined by half circles of `radius` m, driven
/// anticlockwise, points about `spacing` m apart, start/finish in the middle of
/// the lower straight.
Track ovalTrack(double straight, double radius, double spacing = 1.0);

} // namespace vtw
