#include "core/tires/TirFromMagicFormula.h"

#include <cmath>

namespace vtw {

TirCoefficients tirFromMagicFormula(const MagicFormulaParams& params, double nominalLoad,
                                    double unloadedRadius) {
    TirCoefficients c; // scaling factors 1, every other coefficient 0
    c.version = TirVersion::Mf5;
    c.fittyp = 6;
    c.propertyFileFormat = "PAC2002";
    c.FNOMIN = nominalLoad;
    c.UNLOADED_RADIUS = unloadedRadius;
    c.frictionEllipse = true; // no weighting coefficients (what a reader of the file concludes too)

    const MagicFormulaCoefficients& x = params.longitudinal;
    c.PCX1 = x.C;
    c.PDX1 = x.D;
    c.PEX1 = x.E;
    c.PKX1 = x.B * x.C * x.D; // Kx / Fz

    const MagicFormulaCoefficients& y = params.lateral;
    c.PCY1 = y.C;
    c.PDY1 = y.D;
    c.PEY1 = y.E;
    c.PKY2 = exportedLateralStiffnessPeakLoad;
    // Ky(Fz0) = PKY1 Fz0 sin(2 atan(1 / PKY2)) = -B C D Fz0.
    c.PKY1 = -y.B * y.C * y.D / std::sin(2.0 * std::atan(1.0 / c.PKY2));
    return c;
}

TirCoefficients defaultTirCoefficients() {
    // The default simplified set at the load its peaks are searched at, on the default
    // rolling radius: the curves the model gives before anything is edited.
    constexpr double nominalLoad = 4000.0;
    static const TirCoefficients defaults = tirFromMagicFormula(MagicFormulaParams{}, nominalLoad, defaultTireRadius);
    return defaults;
}

} // namespace vtw
