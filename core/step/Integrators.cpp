#include "Integrators.h"

#include "FastMath.h"

#include <cmath>

namespace vtw {

namespace {

BodyState advanced(const BodyState& s, const BodyRates& r, double h) {
    BodyState out = s;
    out.x += h * r.x;
    out.y += h * r.y;
    out.heading += h * r.heading;
    out.vx += h * r.vx;
    out.vy += h * r.vy;
    out.yawRate += h * r.yawRate;
    for (std::size_t i = 0; i < WheelCount; ++i)
        out.wheelSpin.set(i, out.wheelSpin[i] + h * r.wheelSpin[i]);
    return out;
}

} // namespace

void integrateExplicitEuler(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                            ForceEvaluation& first, double dt) {
    model.evaluate(s, ctx, first);
    addPositionRates(s, first.rates);
    s = advanced(s, first.rates, dt);
}

VTW_WHEEL_LANES_CLONES
void integrateSemiImplicitEuler(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                                ForceEvaluation& first, double dt) {
    model.evaluate(s, ctx, first);
    const BodyRates& r = first.rates;
    // Wheels first, linearly implicit (a lane each). The tire force that slowed the
    // wheel's change, Fx + k domega / R, is the force the body must feel too, or wheel
    // and body would disagree about momentum (a coast-down would show it).
    const Quad k = model.wheelTorqueStiffnesses(loadQuad(ctx.load),
                                                loadQuad(first.inverseSlipDenominator));
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
        change = laneSelect(beyond,
                            dt * (rate - dFx * model.wheelRadii() * model.inverseWheelInertias()),
                            change);
    }
    storeQuad(loadQuad(s.wheelSpin) + change, s.wheelSpin);
    storeQuad(applied, first.fx); // telemetry shows the force applied
    const Quad bodyFx = dFx * loadQuad(ctx.cosSteer);
    const Quad bodyFy = dFx * loadQuad(ctx.sinSteer);
    const double extraFx = laneSum(bodyFx);
    const double extraFy = laneSum(bodyFy);
    const double extraYawMoment = laneSum(model.wheelXs() * bodyFy - model.wheelYs() * bodyFx);
    const double invMass = model.inverseMass();
    first.longitudinalAccel += extraFx * invMass;
    first.lateralAccel += extraFy * invMass;
    s.vx += dt * (r.vx + extraFx * invMass);
    s.vy += dt * (r.vy + extraFy * invMass);
    s.yawRate += dt * (r.yawRate + extraYawMoment * model.inverseYawInertia());
    // Then positions from the new velocities (symplectic Euler).
    s.heading += dt * s.yawRate;
    double sinH, cosH;
    fastSinCos(s.heading, sinH, cosH);
    s.x += dt * (s.vx * cosH - s.vy * sinH);
    s.y += dt * (s.vx * sinH + s.vy * cosH);
}

void integrateRungeKutta4(const VehicleModel& model, const StepContext& ctx, BodyState& s,
                          ForceEvaluation& first, double dt) {
    ForceEvaluation k2, k3, k4;
    auto stage = [&](const BodyState& at, ForceEvaluation& out) {
        model.evaluate(at, ctx, out);
        addPositionRates(at, out.rates);
    };
    stage(s, first);
    stage(advanced(s, first.rates, 0.5 * dt), k2);
    stage(advanced(s, k2.rates, 0.5 * dt), k3);
    stage(advanced(s, k3.rates, dt), k4);
    BodyRates sum;
    const BodyRates* k[4] = {&first.rates, &k2.rates, &k3.rates, &k4.rates};
    const double weight[4] = {1.0, 2.0, 2.0, 1.0};
    for (int j = 0; j < 4; ++j) {
        const BodyRates& r = *k[j];
        sum.x += weight[j] * r.x;
        sum.y += weight[j] * r.y;
        sum.heading += weight[j] * r.heading;
        sum.vx += weight[j] * r.vx;
        sum.vy += weight[j] * r.vy;
        sum.yawRate += weight[j] * r.yawRate;
        for (std::size_t i = 0; i < WheelCount; ++i)
            sum.wheelSpin.set(i, sum.wheelSpin[i] + weight[j] * r.wheelSpin[i]);
    }
    s = advanced(s, sum, dt / 6.0);
}

} // namespace vtw
