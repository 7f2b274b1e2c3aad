#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/step/Integrators.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/lanes/FastMath.h"
#include "core/step/VehicleModel.h"

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

// Explicit Euler and RK4 are functions of their own (Integrators.cpp); the semi-implicit
// scheme, the default, is semiImplicitEulerStep() below, which Simulator::substep() runs
// inline.
void integrateExplicitEuler(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                            ForceEvaluation& first, double dt);

void integrateRungeKutta4(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                          ForceEvaluation& first, double dt);

// The schemes themselves, written for any model that answers as VehicleModel does
// (evaluate, addPositionRates and the wheel and body constants the semi-implicit wheel
// update reads), so that a test can drive them with rates of its choosing. They walk the
// state's fields through bodyStateFields (BodyState.h): a field is never left out.

/// target += h * rate for one field (a per-wheel field as one vector).
template <class T>
VTW_LANE void advanceField(BodyState& target, const BodyState& rate, double h, T BodyState::*member) {
    if constexpr (std::is_same_v<T, WheelLanes>)
        storeQuad(loadQuad(target.*member) + h * loadQuad(rate.*member), target.*member);
    else
        target.*member += h * rate.*member;
}

/// s + h r, every field.
VTW_LANE BodyState advanced(const BodyState& s, const BodyRates& r, double h) {
    BodyState out = s;
    forEachStateField([&]<std::size_t I>() VTW_LANE_LAMBDA { advanceField(out, r, h, stateField<I>.member); });
    return out;
}

template <class Model>
VTW_LANE void explicitEulerStep(const Model& model, const StepContext& ctx, BodyState& s,
                                ForceEvaluation& first, double dt) {
    model.evaluate(s, ctx, first);
    model.addPositionRates(s, first.rates);
    s = advanced(s, first.rates, dt);
}

template <class Model>
VTW_LANE void semiImplicitEulerStep(const Model& model, const StepContext& ctx, BodyState& s,
                                    ForceEvaluation& first, double dt) {
    // The fields each special case below handles; any other field is advanced by explicit
    // Euler at the end.
    static_assert(fieldsWithRuleAre(SemiImplicitRule::LinearlyImplicitWheel, &BodyState::wheelSpin));
    static_assert(fieldsWithRuleAre(SemiImplicitRule::Velocity, &BodyState::vx, &BodyState::vy,
                                    &BodyState::yawRate));
    static_assert(fieldsWithRuleAre(SemiImplicitRule::FromNewVelocity, &BodyState::x, &BodyState::y,
                                    &BodyState::heading));
    model.evaluate(s, ctx, first);
    const BodyRates& r = first.rates;
    // Wheels first, linearly implicit (a lane each). The tire force that slowed the
    // wheel's change, Fx + k domega / R, is the force the body must feel too, or wheel
    // and body would disagree about momentum (a coast-down would show it).
    const Quad k = model.wheelTorqueStiffnesses(loadQuad(ctx.load), loadQuad(first.inverseSlipDenominator));
    const Quad rate = loadQuad(r.wheelSpin);
    const Quad damping = dt / (1.0 + dt * k * model.inverseWheelInertias());
    Quad change = rate * damping;
    // Linearised tire force at the end of the step: Fx + (dFx/domega) domega, dFx/domega = k / R.
    const Quad fx = loadQuad(first.fx);
    Quad dFx = k * model.inverseWheelRadii() * change;
    Quad applied = fx + dFx;
    // k is the slope at zero slip. Past the peak the real slope is smaller, so the
    // linearised force can leave the tire's envelope (a locking wheel braked the car at
    // 1.1 g on mu 0.8 tires). Bound it by the longitudinal force the tire has left beside
    // its lateral force, fxMax sqrt(1 - (Fy/fyMax)^2) (docs/physics.md 7), or by Fx itself
    // where Fx already lies further out, and take the wheel's change from the bounded
    // force. The test is on squares scaled by fyMax^2: no division on the usual path.
    const Quad fy = loadQuad(first.fy);
    const Quad fxMax = loadQuad(first.fxMax), fyMaxRaw = loadQuad(first.fyMax);
    const QuadMask lateralEnvelope = fyMaxRaw > 0.0;
    const Quad fyMax = laneSelect(lateralEnvelope, fyMaxRaw, quad(1.0));
    const Quad fyUsed = laneSelect(lateralEnvelope, fy, Quad{});
    const Quad fyMax2 = fyMax * fyMax;
    const Quad left2 = fxMax * fxMax * laneMax(fyMax2 - fyUsed * fyUsed, Quad{});
    const QuadMask beyond = applied * applied * fyMax2 > laneMax(left2, fx * fx * fyMax2);
    if (anyLane(beyond)) [[unlikely]] {
        // fxMax^2 (1 - (Fy/fyMax)^2) with the reciprocal taken from the peak alone: the
        // peak is known from the load, early in the step, so only a product and the root
        // wait for Fy.
        const Quad lateralShare = fyUsed * fyUsed * (1.0 / fyMax2);
        const Quad left = fxMax * laneSqrt(laneMax(1.0 - lateralShare, Quad{}));
        const Quad bound = laneMax(laneAbs(fx), left);
        const Quad bounded = laneCopySign(bound, applied);
        applied = laneSelect(beyond, bounded, applied);
        dFx = applied - fx;
        // I domega/dt = (drive and brake torque) - R Fx_applied, written from the rate at Fx.
        change = laneSelect(beyond, dt * (rate - dFx * model.wheelRadii() * model.inverseWheelInertias()),
                            change);
    }
    storeQuad(loadQuad(s.wheelSpin) + change, s.wheelSpin);
    storeQuad(applied, first.fx); // telemetry shows the force applied
    const Quad bodyFx = dFx * loadQuad(ctx.cosSteer);
    const Quad bodyFy = dFx * loadQuad(ctx.sinSteer);
    const Quad extras = laneSums(bodyFx, bodyFy, model.wheelXs() * bodyFy - model.wheelYs() * bodyFx);
    const double extraFx = extras[0];
    const double extraFy = extras[1];
    const double extraYawMoment = extras[2];
    const double invMass = model.inverseMass();
    first.longitudinalAccel += extraFx * invMass;
    first.lateralAccel += extraFy * invMass;
    s.vx += dt * (r.vx + extraFx * invMass);
    s.vy += dt * (r.vy + extraFy * invMass);
    s.yawRate += dt * (r.yawRate + extraYawMoment * model.inverseYawInertia());
    // Then every field without a rule of its own, from its rate at the start.
    forEachStateField([&]<std::size_t I>() VTW_LANE_LAMBDA {
        if constexpr (stateField<I>.semiImplicit == SemiImplicitRule::ExplicitEuler)
            advanceField(s, r, dt, stateField<I>.member);
    });
    // Then positions from the new velocities (symplectic Euler).
    s.heading += dt * s.yawRate;
    double sinH, cosH;
    fastSinCos(s.heading, sinH, cosH);
    s.x += dt * (s.vx * cosH - s.vy * sinH);
    s.y += dt * (s.vx * sinH + s.vy * cosH);
}

template <class Model>
VTW_LANE void rungeKutta4Step(const Model& model, const StepContext& ctx, BodyState& s,
                              ForceEvaluation& first, double dt) {
    ForceEvaluation k2, k3, k4;
    auto stage = [&](const BodyState& at, ForceEvaluation& out) VTW_LANE_LAMBDA {
        model.evaluate(at, ctx, out);
        model.addPositionRates(at, out.rates);
    };
    stage(s, first);
    stage(advanced(s, first.rates, 0.5 * dt), k2);
    stage(advanced(s, k2.rates, 0.5 * dt), k3);
    stage(advanced(s, k3.rates, dt), k4);
    BodyRates sum;
    const BodyRates* k[4] = {&first.rates, &k2.rates, &k3.rates, &k4.rates};
    const double weight[4] = {1.0, 2.0, 2.0, 1.0};
    for (int j = 0; j < 4; ++j)
        forEachStateField([&]<std::size_t I>() VTW_LANE_LAMBDA { advanceField(sum, *k[j], weight[j], stateField<I>.member); });
    s = advanced(s, sum, dt / 6.0);
}

} // namespace vtw
