#include "TractionControl.h"

#include "../step/VehicleModel.h"

#include <algorithm>

namespace vtw {

double TractionControl::throttle(const Simulator& sim, double requested) const {
    const VehicleModel& model = sim.model();
    const StepSample& last = sim.lastSample();
    double worstExcess = 0.0;
    for (int i = 0; i < WheelCount; ++i) {
        if (!model.isDriven(i))
            continue;
        const double target = model.tire(i).peakSlipRatio();
        if (target <= 0.0)
            continue;
        const double slip = last.forces.slipRatio[static_cast<std::size_t>(i)];
        worstExcess = std::max(worstExcess, (slip - target) / target);
    }
    return std::clamp(requested * (1.0 - gain * worstExcess), 0.0, requested);
}

} // namespace vtw
