#include "core/powertrain/DriverAids.h"

#include <algorithm>
#include <cmath>

namespace vtw {

void updateDriverAids(const DriverAidParams& params, const DriverAidInputs& in, double dt,
                      DriverAidState& state) {
    if (params.abs == AidSwitch::On) {
        // Half a cycle to release fully, half to reapply.
        const double step = 2.0 * params.absCycleRate * dt;
        const bool active = in.braking && in.speed > absCutOffSpeed;
        for (std::size_t i = 0; i < std::size_t(WheelCount); ++i) {
            const bool locking = active && -in.slipRatio[i] > params.absSlipTarget;
            state.brakeRelease.set(i, std::clamp(state.brakeRelease[i] + (locking ? step : -step), 0.0, 1.0));
        }
    } else {
        state.brakeRelease = WheelLanes{};
    }

    if (params.tractionControl == AidSwitch::On) {
        double worstExcess = 0.0;
        for (std::size_t i = 0; i < std::size_t(WheelCount); ++i) {
            if (in.driven[i])
                worstExcess = std::max(worstExcess, (in.slipRatio[i] - params.tractionSlipTarget) /
                                                        params.tractionSlipTarget);
        }
        const double demand = std::clamp(tractionCutGain * worstExcess, 0.0, 1.0);
        // First-order lag, exact for a demand held through the step.
        const double follow = 1.0 - std::exp(-dt / tractionCutTimeConstant);
        state.torqueCut += (demand - state.torqueCut) * follow;
    } else {
        state.torqueCut = 0.0;
    }
}

} // namespace vtw
