#include "Integrators.h"

namespace vtw {

void integrateExplicitEuler(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                            ForceEvaluation& first, double dt) {
    explicitEulerStep(model, ctx, s, first, dt);
}

VTW_WHEEL_LANES_CLONES
void integrateSemiImplicitEuler(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                                ForceEvaluation& first, double dt) {
    semiImplicitEulerStep(model, ctx, s, first, dt);
}

void integrateRungeKutta4(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                          ForceEvaluation& first, double dt) {
    rungeKutta4Step(model, ctx, s, first, dt);
}

} // namespace vtw
