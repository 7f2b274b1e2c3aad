#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/step/WheelTires.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/lanes/CombinedSlip.h"
#include "core/lanes/LinearTire.h"
#include "core/lanes/MagicFormulaTire.h"
#include "core/step/TirLanes.h"
#include "core/tires/TireModel.h"

#include <vector>

// The car's four tires, front on FL and FR, rear on RL and RR: the step's one
// call for all tire forces.
//
// When both axles use the magic formula, or both the linear tire, with the same
// combined-slip rule, the four wheels go through the model as the four lanes of
// a Quad (Lanes.h), with each axle's coefficients in its lanes. The model and
// rule are the same templates Tire::evaluate() runs on one double, so every lane
// has exactly the force Tire::evaluate() gives that wheel. With the .tir model on
// both axles the four wheels are the lanes of TirLanes.h, the MF over the fast
// functions, within tirLaneForceTolerance of Tire::evaluate() (which runs TirModel
// itself). Other pairings evaluate axle by axle.

namespace vtw {

/// What the tires need to know about the four wheels, a lane each (see TireInput).
struct WheelTireInputs {
    Quad slipRatio, slipAngle, normalLoad, surfaceMu, contactSpeed, previousFx;
};

/// The four wheels' forces and friction envelopes, a lane each.
struct WheelTireForces {
    Quad fx, fy;       ///< N, wheel frame (TireForce)
    Quad fxMax, fyMax; ///< N, pure-slip peaks at the wheel's load and grip (Tire::limits)
};

class WheelTires {
public:
    /// `surfaceMu` and `largestLoad` (N) size the table of Calspan peaks (see
    /// m_calspanPeaks): the surface the car runs on and the largest wheel load it is
    /// expected to see. Other grips and loads are searched exactly.
    WheelTires(const TireParams& front, const TireParams& rear, double surfaceMu = 1.0,
               double largestLoad = 20000.0);

    const Tire& front() const { return m_front; }
    const Tire& rear() const { return m_rear; }
    const Tire& tire(int wheel) const { return wheel < 2 ? m_front : m_rear; }

    /// Wheel-frame forces of the four wheels (N) and their friction envelopes.
    VTW_LANE void evaluate(const WheelTireInputs& in, WheelTireForces& out) const;

private:
    enum class Path { MagicFormula, Linear, Tir, AxleByAxle };

    void evaluateAxleByAxle(const WheelTireInputs& in, WheelTireForces& out) const;
    /// The .tir lanes (TirLanes.h): out of line, so that the other paths' code stays as
    /// it was; built for AVX2 and the baseline as the step is (VTW_WHEEL_LANES_CLONES).
    void evaluateTir(const WheelTireInputs& in, WheelTireForces& out) const;
    /// One wheel's envelope: Tire::limits, but for a Calspan tire on the table's surface
    /// read from the table (its exact peaks are a search of a few hundred evaluations).
    FrictionLimits limits(int wheel, double load, double grip) const;

    Tire m_front, m_rear;
    Path m_path = Path::AxleByAxle;
    CombinedSlipMethod m_method = CombinedSlipMethod::FrictionEllipse;
    // Per-wheel constants of the lane paths, laid out FL, FR, RL, RR.
    Quad m_peakSlipRatio{}, m_peakSlipAngle{};
    MagicFormulaLanes<2, Quad> m_magicFormula{}; ///< [0] longitudinal, [1] lateral
    Quad m_absPeakFactor[2]{};                   ///< |D|
    Quad m_peakShape[2]{};                       ///< largest value of the normalised curve
    Quad m_frictionCoefficient{}, m_longitudinalStiffness{}, m_corneringStiffness{}; ///< linear
    /// Calspan peaks against load, per axle, at m_tableGrip: linear interpolation between
    /// points m_tableStep apart. The peak grows more slowly than the load, so the
    /// interpolation lies at or below the searched peak: an envelope that errs on the
    /// side of less force.
    std::vector<FrictionLimits> m_calspanPeaks[2];
    TirLanes m_tir{}; ///< the .tir lanes' constants (Path::Tir)
    double m_tableGrip = 1.0, m_tableStep = 0.0;
};

VTW_LANE void WheelTires::evaluate(const WheelTireInputs& in, WheelTireForces& out) const {
    if (m_path == Path::AxleByAxle) {
        evaluateAxleByAxle(in, out);
        return;
    }
    if (m_path == Path::Tir) {
        evaluateTir(in, out);
        return;
    }
    // As Tire::evaluate(): a wheel without load or grip runs through as an unloaded
    // wheel on grip 1 and is zeroed at the end.
    const QuadMask loaded = (in.normalLoad > 0.0) & (in.surfaceMu > 0.0);
    const Quad fz[1] = {laneSelect(loaded, in.normalLoad, Quad{})};
    const Quad grip[1] = {laneSelect(loaded, in.surfaceMu, quad(1.0))};
    const Quad kappa[1] = {in.slipRatio}, alpha[1] = {in.slipAngle};
    const Quad kappaPeak[1] = {m_peakSlipRatio * grip[0]};
    const Quad alphaPeak[1] = {m_peakSlipAngle * grip[0]};
    Quad fxMax[1], fyMax[1], slipFx[1], slipFy[1];
    if (m_path == Path::MagicFormula) {
        fxMax[0] = magicFormulaPeakForce(grip[0], fz[0], m_absPeakFactor[0], m_peakShape[0]);
        fyMax[0] = magicFormulaPeakForce(grip[0], fz[0], m_absPeakFactor[1], m_peakShape[1]);
        combineSlips(m_method, kappa, alpha, fxMax, fyMax, kappaPeak, alphaPeak,
                     [&](const Quad (&x)[2], Quad (&force)[2]) VTW_LANE_LAMBDA {
                         magicFormulaPureForces<1, Quad>(m_magicFormula, fz, grip, x, force);
                     },
                     slipFx, slipFy);
    } else {
        fxMax[0] = fyMax[0] = m_frictionCoefficient * grip[0] * fz[0];
        combineSlips(m_method, kappa, alpha, fxMax, fyMax, kappaPeak, alphaPeak,
                     [&](const Quad (&x)[2], Quad (&force)[2]) VTW_LANE_LAMBDA {
                         force[0] = linearCappedForce(m_longitudinalStiffness, x[0], fxMax[0]);
                         force[1] = linearCappedForce(m_corneringStiffness, x[1], fyMax[0]);
                     },
                     slipFx, slipFy);
    }
    out.fx = laneSelect(loaded, slipFx[0], Quad{});
    out.fy = laneSelect(loaded, -slipFy[0], Quad{});
    out.fxMax = fxMax[0]; // zero on an unloaded wheel (fz = 0)
    out.fyMax = fyMax[0];
}

} // namespace vtw
