#include "core/sim/StepSample.h"

#include <cmath>

namespace vtw {

double StepSample::speed() const { return std::sqrt(body.vx * body.vx + body.vy * body.vy); }

double StepSample::sideslip() const {
    if (speed() < 1e-6)
        return 0.0;
    return std::atan2(body.vy, std::abs(body.vx));
}

} // namespace vtw
