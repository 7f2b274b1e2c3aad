#pragma once

#include "core/tires/TireEvaluation.h"
#include "core/tires/TireParams.h"

namespace vtw {

/// The pressure the .tir model is evaluated at: the axle's, or the file's nominal one.
double tirPressure(const TireParams& p);

/// One axle's tire, prepared from its parameters. Built once per setup (it may
/// precompute peaks); evaluate() is the hot path: no allocation, the model chosen
/// from the compile-time list of models (TireModels.h) rather than by a virtual call.
class Tire {
public:
    /// Load (N) at which the constructor finds the peak slips of models without a closed form.
    static constexpr double referenceLoad = referenceTireLoad;

    Tire() : Tire(TireParams{}) {}
    explicit Tire(const TireParams& params);

    TireForce evaluate(const TireInput& in) const;

    /// Both wheels of an axle at once: the same forces as evaluate() on each, computed
    /// side by side so the two wheels' work overlaps. The step's path for the models
    /// WheelTires does not run as four lanes.
    void evaluateAxle(const TireInput (&in)[2], TireForce (&out)[2]) const;

    /// Peak pure-slip forces at a load (and surface grip): the pure peaks of the magic
    /// formulas and tables, mu*Fz for the linear, brush and slip-speed tires (the brush
    /// and slip-speed forces approach it as the slip grows). Closed form, cheap, except
    /// for Calspan, whose peaks are searched on its curves (a few hundred evaluations):
    /// call that one per load, not per step.
    FrictionLimits limits(double normalLoad, double surfaceMu) const;

    /// Slip ratio (magnitude, braking side) and slip angle (rad) at which the pure-slip
    /// forces peak, at the reference load on a dry surface (grip 1). Used by the
    /// normalised-slip combination (which scales them with the surface grip). For the
    /// brush and slip-speed tires, whose forces only approach their limit, it is the slip
    /// where the force first reaches 95 % of its value at full slip (slip-speed: at a
    /// contact speed of 10 m/s).
    double peakSlipRatio() const { return m_prepared.peakSlipRatio; }
    double peakSlipAngle() const { return m_prepared.peakSlipAngle; }

    const TireParams& params() const { return m_params; }

    /// The .tir model as mounted on the left (0) or the right (1) wheel; only for a tire
    /// whose model is TireModelKind::Tir.
    const TirModel& tirModel(int side) const { return *m_prepared.tir[side]; }

private:
    template <int n> void evaluateBatch(const TireInput (&in)[n], TireForce (&out)[n]) const;

    TireParams m_params;
    TirePrepared m_prepared;
};

} // namespace vtw
