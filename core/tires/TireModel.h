#pragma once

#include "TireParams.h"

namespace vtw {

/// What a tire model needs to know about one wheel at one instant.
/// Sign conventions (PHYSICS.md 0): slip ratio kappa = (omega R - vx_w) / |vx_w|,
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

/// One axle's tire, prepared from its parameters. Built once per setup (it may
/// precompute peaks); evaluate() is the hot path: no allocation, a switch on
/// the model kind rather than a virtual call.
class Tire {
public:
    Tire() : Tire(TireParams{}) {}
    explicit Tire(const TireParams& params);

    TireForce evaluate(const TireInput& in) const;

    /// Peak pure-slip forces at a load (and surface grip).
    FrictionLimits limits(double normalLoad, double surfaceMu) const;

    /// Slip ratio and slip angle (rad) at which the pure-slip forces peak, at
    /// the reference load. Used by the normalised-slip combination.
    double peakSlipRatio() const { return m_peakSlipRatio; }
    double peakSlipAngle() const { return m_peakSlipAngle; }

    const TireParams& params() const { return m_params; }

private:
    TireParams m_params;
    double m_peakSlipRatio = 0.1;
    double m_peakSlipAngle = 0.1;
};

} // namespace vtw
