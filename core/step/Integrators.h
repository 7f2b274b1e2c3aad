#pragma once

#include "VehicleModel.h"

namespace vtw {

// The three integrators of docs/physics.md 7. Each advances the body and wheel
// state by dt under a fixed step context and leaves in `first` the forces
// evaluated at the start of the step (what telemetry records).
//
// Why a semi-implicit wheel: the wheel spin is the stiff part of the model.
// Near rest the slip ratio's denominator is small, so dFx/domega is large and
// an explicit update of a light wheel overshoots. The semi-implicit integrator
// divides the wheel's rate by (1 + dt k / I), k = d(Fx R)/domega at the origin,
// which is the linearly implicit Euler update: unconditionally stable for the
// wheel and identical at equilibrium. Body velocities are then updated before
// positions (symplectic Euler).

void integrateExplicitEuler(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                            ForceEvaluation& first, double dt);

void integrateSemiImplicitEuler(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                                ForceEvaluation& first, double dt);

void integrateRungeKutta4(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                          ForceEvaluation& first, double dt);

} // namespace vtw
