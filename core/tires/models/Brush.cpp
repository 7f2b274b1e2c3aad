#include "core/tires/models/Brush.h"

#include <cmath>

namespace vtw {

double fialaLateral(const BrushParams& p, double alpha, double normalLoad, double grip) {
    const double friction = p.frictionCoefficient * grip * normalLoad;
    if (!(friction > 0.0))
        return 0.0;
    const double t = std::fabs(std::tan(alpha));
    const double H = 1.0 - p.corneringStiffness * t / (3.0 * friction);
    const double magnitude = H <= 0.0 ? friction : friction * (1.0 - H * H * H);
    return alpha < 0.0 ? -magnitude : magnitude;
}

double fialaSlidingSlipAngle(const BrushParams& p, double normalLoad, double grip) {
    return std::atan(3.0 * p.frictionCoefficient * grip * normalLoad / p.corneringStiffness);
}

} // namespace vtw
