#include "core/lanes/MagicFormulaTire.h"

#include "core/base/Units.h"

namespace vtw {

double magicFormulaPeakShape(double C, double E) {
    constexpr double halfPi = units::pi / 2.0;
    double thetaSup = halfPi; // sup of atan(y): y unbounded when E < 1
    if (E == 1.0) {
        thetaSup = std::atan(halfPi);
    } else if (E > 1.0) {
        const double u = 1.0 / std::sqrt(E - 1.0);
        thetaSup = std::atan((1.0 - E) * u + E * std::atan(u));
    }
    if (C * thetaSup >= halfPi)
        return 1.0;
    return std::sin(C * thetaSup);
}

} // namespace vtw
