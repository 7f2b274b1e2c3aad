#include "core/maneuvers/TractionControl.h"

#include "core/tires/TireModel.h"

#include <algorithm>

namespace vtw {

namespace {

// The largest slip ratio past a tire's peak, relative to the peak, among the wheels
// (the driven ones only when asked), with the slip taken in the direction `sign`
// (+1 spinning, -1 locking); 0 when none is past its peak.
double worstExcessSlip(const Simulator& sim, bool drivenOnly, double sign) {
    const StepSample& last = sim.lastSample();
    double worst = 0.0;
    for (int i = 0; i < WheelCount; ++i) {
        if (drivenOnly && !sim.isDriven(i))
            continue;
        const double target = sim.tire(i).peakSlipRatio();
        if (target <= 0.0)
            continue;
        const double slip = sign * last.forces.slipRatio[static_cast<std::size_t>(i)];
        worst = std::max(worst, (slip - target) / target);
    }
    return worst;
}

} // namespace

double TractionControl::throttle(const Simulator& sim, double requested) const {
    const double worstExcess = worstExcessSlip(sim, true, 1.0);
    return std::clamp(requested * (1.0 - gain * worstExcess), 0.0, requested);
}

double TractionControl::brake(const Simulator& sim, double requested) const {
    if (requested <= 0.0)
        return 0.0;
    const double worstExcess = worstExcessSlip(sim, false, -1.0);
    return std::clamp(requested * (1.0 - gain * worstExcess), 0.0, requested);
}

} // namespace vtw
