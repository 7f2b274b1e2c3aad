#include "core/sim/FrictionEnvelope.h"

#include "core/sim/Simulator.h"

#include <cmath>

namespace vtw {

std::array<FrictionLimits, WheelCount> frictionEnvelopes(const Simulator& sim, const StepSample& sample) {
    std::array<FrictionLimits, WheelCount> out{};
    for (int i = 0; i < WheelCount; ++i) {
        const auto w = static_cast<std::size_t>(i);
        out[w] = sim.tire(i).limits(sample.load[w], sample.surfaceMu[w]);
    }
    return out;
}

double envelopeUsage(double fx, double fy, const FrictionLimits& limits) {
    if (limits.fxMax <= 0.0 || limits.fyMax <= 0.0)
        return 0.0;
    const double nx = fx / limits.fxMax;
    const double ny = fy / limits.fyMax;
    return std::sqrt(nx * nx + ny * ny);
}

} // namespace vtw
