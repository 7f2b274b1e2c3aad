#include "core/tires/TirOptions.h"

#include "core/tires/TirLoad.h"
#include "core/tires/TireParams.h"

namespace vtw {

void tirParameterRules(const TireParams& params, std::vector<TireParameterProblem>& out) {
    if (params.model != TireModelKind::Tir)
        return;
    const TirCoefficients& c = params.tir.coefficients;
    if (!(c.FNOMIN > 0.0 && c.UNLOADED_RADIUS > 0.0 && c.LFZO > 0.0))
        return; // each field's own limits say which (the probe needs all three)
    const std::string problem = probeTirModel(c, TirFile{});
    if (problem.empty())
        return;
    // The probe names the coefficient whose neutral value mends the model, when one does.
    std::string field = "source";
    for (const TirCoefficientInfo& info : tirCoefficientTable())
        if (problem.rfind(std::string(info.name) + " makes", 0) == 0)
            field = info.name;
    out.push_back({field, problem});
}

} // namespace vtw
