#pragma once

#include "core/tires/TireModel.h"

// The reference step's tire (docs/physics.md 6): one wheel at a time, standard-library
// trigonometry only.
//
// The step's own tire path (Tire::evaluate, WheelTires) evaluates the magic formula and
// Pacejka '94 with the polynomial atan and sin of lanes/FastMath.h. Here those two
// models are written out again with std::atan and std::sin, and the combination of
// their pure curves (docs/physics.md 6.8) is written once, per wheel, as the doc
// states it. The linear and table models have no trigonometry; the brush, Calspan and
// slip-speed models already use the standard functions and combine slip themselves,
// so for those three the reference asks Tire::evaluate.

namespace vtw::reference {

class ReferenceTire {
public:
    explicit ReferenceTire(const TireParams& params);

    /// Wheel-frame force (N) for one wheel: Fx in the sign of the slip ratio, Fy opposing
    /// the slip angle (docs/physics.md 0).
    TireForce evaluate(const TireInput& in) const;

    /// The largest pure longitudinal force (N) at a load and grip: the friction limit the
    /// friction ellipse uses (docs/physics.md 6.8).
    double longitudinalLimit(double normalLoad, double surfaceMu) const;
    double lateralLimit(double normalLoad, double surfaceMu) const;

    const TireParams& params() const { return m_params; }

private:
    /// Pure-slip forces (N, in the slips' signs) of the pure-slip models (6.1 to 6.4).
    double pureLongitudinal(double kappa, double load, double grip) const;
    double pureLateral(double alpha, double load, double grip) const;
    bool hasPureCurves() const;

    TireParams m_params;
    Tire m_tire;                        ///< the brush, Calspan and slip-speed models; the peak slips
    double m_peakShapeLongitudinal = 1.0; ///< magic formula / table: largest value of the normalised curve
    double m_peakShapeLateral = 1.0;
};

/// The magic formula's normalised curve sin(C atan(B x - E (B x - atan(B x)))) with
/// std::atan and std::sin (docs/physics.md 6.3).
double exactMagicFormulaShape(double B, double C, double E, double x);

} // namespace vtw::reference
