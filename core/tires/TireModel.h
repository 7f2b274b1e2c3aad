#pragma once

#include "core/tires/TireParams.h"
#include "core/tires/MagicFormulaTir.h"

#include <memory>

namespace vtw {

/// What a tire model needs to know about one wheel at one instant.
/// Sign conventions (docs/physics.md 0): slip ratio kappa = (omega R - vx_w) / |vx_w|,
/// slip angle alpha = atan2(vy_w, |vx_w|).
struct TireInput {
    double slipRatio = 0.0;    ///< kappa, dimensionless
    double slipAngle = 0.0;    ///< alpha, rad
    double normalLoad = 0.0;   ///< Fz, N (>= 0)
    double surfaceMu = 1.0;    ///< grip scale of the surface (1 = dry asphalt)
    double contactSpeed = 0.0; ///< |vx_w|, m/s, with the low-speed floor applied (slip-speed model)
    double previousFx = 0.0;   ///< last step's Fx of this wheel, N (Calspan contact length)
};

/// Force of the road on the tire, in the wheel frame (x along the wheel's heading, y left).
/// Fx has the sign of the slip ratio; Fy opposes the slip angle (Fy = -F(alpha)).
struct TireForce {
    double fx = 0.0; ///< N
    double fy = 0.0; ///< N
};

/// The friction envelope of a tire at one load: the largest pure longitudinal
/// and pure lateral force it can make. The UI draws the ellipse from these.
struct FrictionLimits {
    double fxMax = 0.0; ///< N
    double fyMax = 0.0; ///< N
};

/// The ISO inclination of an axle's wheel (docs/physics.md 12.2: positive with the top of
/// the wheel leaning to the right, seen from behind) from the axle's camber (negative with
/// the tops leaning in); side 0 left, 1 right.
double tirInclination(double axleCamber, int side);

/// The pressure the .tir model is evaluated at: the axle's, or the file's nominal one.
double tirPressure(const TireParams& p);

/// One axle's tire, prepared from its parameters. Built once per setup (it may
/// precompute peaks); evaluate() is the hot path: no allocation, a switch on
/// the model kind rather than a virtual call.
class Tire {
public:
    /// Load (N) at which the constructor finds the peak slips of models without a closed form.
    static constexpr double referenceLoad = 4000.0;

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
    double peakSlipRatio() const { return m_peakSlipRatio; }
    double peakSlipAngle() const { return m_peakSlipAngle; }

    const TireParams& params() const { return m_params; }

    /// The .tir model as mounted on the left (0) or the right (1) wheel; only for a tire
    /// whose model is TireModelKind::Tir.
    const TirModel& tirModel(int side) const { return *m_tir[side]; }

private:
    template <int n> void evaluateBatch(const TireInput (&in)[n], TireForce (&out)[n]) const;
    /// The .tir model's force on a wheel of the given side (0 left, 1 right).
    TireForce tirForce(const TireInput& in, int side) const;

    TireParams m_params;
    /// The .tir model as mounted on the left and the right wheel (a tyre measured on one
    /// side is mirrored on the other); empty for the other models.
    std::shared_ptr<const TirModel> m_tir[2];
    double m_peakSlipRatio = 0.1;
    double m_peakSlipAngle = 0.1;
    // Load-independent normalised peaks (magic formula shape, table maximum).
    double m_peakShapeLongitudinal = 1.0;
    double m_peakShapeLateral = 1.0;
};

} // namespace vtw
