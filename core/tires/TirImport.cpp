#include "core/tires/TirImport.h"

namespace vtw {

TireParams tiresWithTir(const TireParams& current, const TirCoefficients& coefficients, const std::string& source,
                        bool useUnloadedRadius) {
    TireParams t = current;
    t.model = TireModelKind::Tir;
    t.tir.coefficients = coefficients;
    t.tir.source = source;
    t.pressure = 0.0; // the new file's NOMPRES
    if (useUnloadedRadius)
        t.radius = coefficients.UNLOADED_RADIUS;
    return t;
}

} // namespace vtw
