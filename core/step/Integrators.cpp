#include "core/step/Integrators.h"

#include "core/step/VehicleModelStep.h"

namespace vtw {

VTW_WHEEL_LANES_CLONES
void integrateExplicitEuler(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                            ForceEvaluation& first, double dt) {
    explicitEulerStep(model, ctx, s, first, dt);
}

VTW_WHEEL_LANES_CLONES
void integrateRungeKutta4(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                          ForceEvaluation& first, double dt) {
    rungeKutta4Step(model, ctx, s, first, dt);
}

} // namespace vtw
