#pragma once

#include <string>
#include <vector>

namespace vtw {

struct TireParams;

/// A problem a model's parameter rules find in its parameters: the field (its path under
/// the model's section of tires.<axle>, e.g. "A1" for tires.front.calspan.A1) and what is
/// wrong with it.
struct TireParameterProblem {
    std::string field;
    std::string message;
};

/// Rules on one model's parameters that each field's own limits cannot state (a
/// combination of fields). Run on every model's set, chosen or not: all are kept.
using TireParameterRules = void (*)(const TireParams& params, std::vector<TireParameterProblem>& out);

} // namespace vtw
