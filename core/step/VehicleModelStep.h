#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/step/VehicleModelStep.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/step/VehicleModel.h"

#include "core/powertrain/Engine.h"
#include "core/lanes/FastMath.h"

#include <algorithm>
#include <cmath>

// The parts of VehicleModel that run on every step: makeContext() and evaluate() with
// its stages. They are forced inline (VTW_LANE) into the code that steps, which is built
// for AVX2 and the baseline (VTW_WHEEL_LANES_CLONES): Simulator::substep() and the
// integrators (Integrators.cpp). The step is then one function from the context to the
// new state, with no calls between its parts, no prologues and epilogues, and the
// context's and the evaluation's fields passed on in registers where they fit. Include
// this header only where the step runs.

namespace vtw {

// docs/physics.md 2: each wheel's normal load, from the last step's accelerations and
// the downforce at the step's start, held through the step.
VTW_LANE Quad VehicleModel::wheelLoads(const VehicleState& state) const {
    double downforce = 0.0; // most cars have none: skip the square root
    if (m_downforceConstant != 0.0) {
        const double speed = std::sqrt(state.body.vx * state.body.vx + state.body.vy * state.body.vy);
        downforce = m_downforceConstant * speed * speed;
    }
    const double share = m_setup.aero.downforceFrontShare;
    return m_loadTransfer.wheelLoadLanes(state.longitudinalAccel, state.lateralAccel, share * downforce,
                                         (1.0 - share) * downforce);
}

// Each per-wheel array is written with the one vector store the step then loads it with:
// a load that spans several smaller stores still in flight waits for them to reach the
// cache.
VTW_LANE StepContext VehicleModel::makeContext(const VehicleState& state, const DriverInputs& inputs,
                                      const SteerGeometry& steer) const {
    StepContext ctx;
    if (m_dynamicSuspension) [[unlikely]] // docs/physics.md 16: the loads are the suspension's
        storeQuad(loadQuad(WheelLanes{m_suspension.tyreLoads(state.suspension, suspensionDrive(state))}), ctx.load);
    else
        storeQuad(wheelLoads(state), ctx.load);

    storeQuad(loadQuad(steer.wheels.cos), ctx.cosSteer);
    storeQuad(loadQuad(steer.wheels.sin), ctx.sinSteer);

    // docs/physics.md 4: the brake torques, and the direction each wheel turned at the
    // step's start, which its brake opposes.
    const double pedal = std::clamp(inputs.brake, 0.0, 1.0) * m_setup.brakes.maxTorque;
    const double handbrake = std::clamp(inputs.handbrake, 0.0, 1.0) * m_setup.brakes.handbrakeTorque;
    ctx.braking = pedal > 0.0 || handbrake > 0.0;
    Quad pedalTorque = pedal * loadQuad(m_brakeShare);
    ctx.throttle = std::clamp(inputs.throttle, 0.0, 1.0);
    if (m_hasAids) [[unlikely]] {
        // docs/physics.md 4.1: ABS releases each wheel's share of the pedal, traction
        // control cuts the engine's torque (as the throttle, which scales it).
        pedalTorque = pedalTorque * (1.0 - loadQuad(state.aids.brakeRelease));
        ctx.throttle *= 1.0 - state.aids.torqueCut;
    }
    storeQuad(pedalTorque + Quad{0.0, 0.0, handbrake, handbrake}, ctx.brakeTorque);
    storeQuad(laneSign(loadQuad(state.body.wheelSpin)), ctx.spinSign);
    storeQuad(loadQuad(state.previousFx), ctx.previousFx);
    ctx.gearRatio = state.gearbox.shifting() ? 0.0 : gearRatio(m_setup.gearbox, state.gearbox.gear);
    ctx.timeStep = m_substepTime;
    return ctx;
}

// The stages of evaluate(), in its order. Each works on the four wheels side by side, a
// lane each (Lanes.h), and is forced inline: evaluate() is the code they make together.

// docs/physics.md 3: engine speed from the driven wheels, its torque through the gearing
// to the axles (signed; zero in neutral and while shifting). Records the engine's speed
// and torque.
VTW_LANE double VehicleModel::axleInputTorque(const WheelLanes& spin, const StepContext& ctx,
                                              ForceEvaluation& out) const {
    if (ctx.gearRatio == 0.0) {
        out.engineRpm = m_setup.engine.idleRpm;
        out.engineTorque = 0.0;
        return 0.0;
    }
    const double wheelRpm = drivenWheelRpm(spin, ctx.gearRatio);
    out.engineRpm = std::max(std::abs(wheelRpm), m_setup.engine.idleRpm);
    out.engineTorque = engineTorque(m_setup.engine, wheelRpm, ctx.throttle,
                                    m_torqueCurveSorted ? &m_torqueSegment : nullptr);
    return axleTorque(out.engineTorque, ctx.gearRatio, m_setup.gearbox.finalDrive, m_setup.gearbox.efficiency);
}

// docs/physics.md 0 (contact-point velocity, slip ratio and slip angle) and 7 (the
// low-speed floor of the denominator): what each tire sees, with its load (section 2)
// and grip from the step's context.
VTW_LANE VehicleModel::ContactPatches VehicleModel::contactPatches(const BodyState& s, const StepContext& ctx,
                                                                 const WheelGeometry& wheels) const {
    const Quad vcx = s.vx - s.yawRate * wheels.y;
    const Quad vcy = s.vy + s.yawRate * wheels.x;
    const Quad vxw = vcx * wheels.cosSteer + vcy * wheels.sinSteer;
    const Quad vyw = -vcx * wheels.sinSteer + vcy * wheels.cosSteer;
    ContactPatches patches;
    const Quad denominator = laneMax(laneAbs(vxw), quad(m_lowSpeedFloor));
    patches.inverseSlipDenominator = 1.0 / denominator;
    WheelTireInputs& in = patches.tires;
    in.slipRatio = (loadQuad(s.wheelSpin) * wheels.radius - vxw) * patches.inverseSlipDenominator;
    // = atan2(vyw, denominator), denominator > 0
    in.slipAngle = fastAtanMostlyWithinOne(vyw * patches.inverseSlipDenominator);
    in.normalLoad = loadQuad(ctx.load);
    in.surfaceMu = loadQuad(m_surfaceMu);
    in.contactSpeed = denominator;
    in.previousFx = loadQuad(ctx.previousFx);
    return patches;
}

// docs/physics.md 6: the tires' wheel-frame forces and friction envelopes. Records them
// with the slips they came from.
VTW_LANE WheelTireForces VehicleModel::tireForces(const ContactPatches& patches, ForceEvaluation& out) const {
    WheelTireForces tires;
    m_tires.evaluate(patches.tires, tires);
    storeQuad(patches.tires.slipRatio, out.slipRatio);
    storeQuad(patches.tires.slipAngle, out.slipAngle);
    storeQuad(tires.fx, out.fx);
    storeQuad(tires.fy, out.fy);
    storeQuad(tires.fxMax, out.fxMax);
    storeQuad(tires.fyMax, out.fyMax);
    storeQuad(patches.tires.contactSpeed, out.slipDenominator);
    storeQuad(patches.inverseSlipDenominator, out.inverseSlipDenominator);
    return tires;
}

// docs/physics.md 0: the tire forces turned back into the body frame by each wheel's
// steer, summed, and their yaw moment about the CG with both arms (section 5).
VTW_LANE VehicleModel::BodyForce VehicleModel::tireForcesOnBody(const WheelTireForces& tires,
                                                                const WheelGeometry& wheels) const {
    const Quad bodyFx = tires.fx * wheels.cosSteer - tires.fy * wheels.sinSteer;
    const Quad bodyFy = tires.fx * wheels.sinSteer + tires.fy * wheels.cosSteer;
    const Quad sums = laneSums(bodyFx, bodyFy, wheels.x * bodyFy - wheels.y * bodyFx);
    return {sums[0], sums[1], sums[2]};
}

// docs/physics.md 4: each wheel's spin rate from its net torque, drive minus tire
// reaction, then the brake. A brake only opposes motion: on a turning wheel it acts
// against the spin it had at the start of the step (the step clamps a crossing to zero);
// on a wheel at rest it holds as long as it can, like static friction. Section 3: a
// locked differential makes the axle's two wheels one rigid body.
VTW_LANE void VehicleModel::wheelSpinRates(double axleInputTorque, Quad fx, const WheelLanes& spin,
                                           const StepContext& ctx, const WheelGeometry& wheels,
                                           ForceEvaluation& out) const {
    const Quad other = loadQuad(m_driveShare) * axleInputTorque - fx * wheels.radius;
    Quad torque = other;
    if (ctx.braking) {
        const Quad brake = loadQuad(ctx.brakeTorque);
        const Quad spinSign = loadQuad(ctx.spinSign);
        const Quad atRest = laneSelect(laneAbs(other) <= brake, Quad{}, other - brake * laneSign(other));
        torque = laneSelect(spinSign != 0.0, other - brake * spinSign, atRest);
    }
    WheelLanes netTorque;
    storeQuad(torque, netTorque);
    if (m_hasCouplings) [[unlikely]] {
        // Section 3.1: limited-slip differentials pass torque between their outputs.
        addCouplingTorques(m_couplings, spin, m_inertia, axleInputTorque, ctx.timeStep, netTorque);
        torque = loadQuad(netTorque);
    }
    storeQuad(torque * inverseWheelInertias(), out.rates.wheelSpin);
    auto lockAxle = [&](std::size_t a, std::size_t b) {
        const double rate = (netTorque[a] + netTorque[b]) / (m_inertia[a] + m_inertia[b]);
        out.rates.wheelSpin.set(a, rate);
        out.rates.wheelSpin.set(b, rate);
    };
    if (m_frontLocked)
        lockAxle(FL, FR);
    if (m_rearLocked)
        lockAxle(RL, RR);
}

// docs/physics.md 1 (aerodynamic drag along the velocity, rolling resistance along the
// body's x) and 5 (the rigid body in the plane): the accelerations an accelerometer
// reads, and the body's rates in its rotating frame.
VTW_LANE void VehicleModel::bodyRates(const BodyState& s, const StepContext& ctx, BodyForce tires,
                                      ForceEvaluation& out) const {
    const double speed = std::sqrt(s.vx * s.vx + s.vy * s.vy);
    tires.fx -= m_dragConstant * s.vx * speed;
    tires.fy -= m_dragConstant * s.vy * speed;
    out.dragForce = m_dragConstant * speed * speed;
    double rolling = 0.0;
    if (m_setup.aero.rollingResistanceModel == RollingResistanceModel::SpeedLinear) {
        rolling = m_setup.aero.rollingResistanceLinear * s.vx;
    } else {
        // c_rr * N, faded in below a walking pace so a car at rest is not pushed.
        constexpr double inverseFadeSpeed = 1.0 / 0.1; // s/m: full resistance from 0.1 m/s
        const double totalLoad = ctx.load[0] + ctx.load[1] + ctx.load[2] + ctx.load[3];
        rolling = m_setup.aero.rollingResistanceCoefficient * totalLoad *
                  std::clamp(s.vx * inverseFadeSpeed, -1.0, 1.0);
    }
    tires.fx -= rolling;
    out.rollingResistanceForce = std::abs(rolling);

    out.longitudinalAccel = tires.fx * m_invMass;
    out.lateralAccel = tires.fy * m_invMass;
    out.rates.vx = out.longitudinalAccel + s.yawRate * s.vy;
    out.rates.vy = out.lateralAccel - s.yawRate * s.vx;
    out.rates.yawRate = tires.yawMoment * m_invYawInertia;
}

// The model's rates at one state under the step's context: the engine first (its torque
// curve is the one call out of line), then what each tire sees, the tires' forces, and
// the wheels' and the body's equations of motion.
VTW_LANE void VehicleModel::evaluate(const BodyState& s, const StepContext& ctx, ForceEvaluation& out) const {
    const double driveTorque = axleInputTorque(s.wheelSpin, ctx, out);
    const WheelGeometry wheels{wheelXs(), wheelYs(), loadQuad(ctx.cosSteer), loadQuad(ctx.sinSteer),
                               wheelRadii()};
    const WheelTireForces tires = tireForces(contactPatches(s, ctx, wheels), out);
    const BodyForce onBody = tireForcesOnBody(tires, wheels);
    wheelSpinRates(driveTorque, tires.fx, s.wheelSpin, ctx, wheels, out);
    bodyRates(s, ctx, onBody, out);
}

} // namespace vtw
