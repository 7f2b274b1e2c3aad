#pragma once

#include "core/sim/StepSample.h"
#include "core/tires/TireModel.h"

#include <array>

namespace vtw {

class Simulator;

/// The friction envelope of every wheel at the load and grip of one sample:
/// what the friction-ellipse view draws (docs/physics.md 6.8, mu_x Fz by mu_y Fz).
/// Calspan tires search their peaks here, so call this per displayed frame,
/// not per step.
std::array<FrictionLimits, WheelCount> frictionEnvelopes(const Simulator& sim, const StepSample& sample);

/// How far (Fx, Fy) lies towards the ellipse of `limits`: sqrt((Fx/Fx_max)^2 +
/// (Fy/Fy_max)^2), 1 on the ellipse. 0 when the envelope is empty (wheel in the air).
double envelopeUsage(double fx, double fy, const FrictionLimits& limits);

} // namespace vtw
