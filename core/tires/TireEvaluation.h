#pragma once

// What a tire model is given and gives back: the inputs and forces of one wheel, the
// friction envelope, what Tire prepares once from an axle's parameters, and a batch
// of wheels evaluated together. Every model's physics (core/tires/models/) speaks
// these; Tire (TireModel.h) dispatches to them.

#include "core/tires/MagicFormulaTir.h"
#include "core/tires/TireModelKind.h"

#include <memory>

namespace vtw {

/// Load (N) at which Tire finds the peak slips of a model (TirePrepared::peakSlipRatio).
inline constexpr double referenceTireLoad = 4000.0;

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

/// What Tire's constructor prepares from an axle's parameters, once per setup. A model's
/// prepare() sets what it has in closed form, or asks for the search of its pure curves.
struct TirePrepared {
    /// Slip ratio and slip angle (rad) of the pure peaks at the reference load on grip 1
    /// (Tire::peakSlipRatio()).
    double peakSlipRatio = 0.1;
    double peakSlipAngle = 0.1;
    /// The peaks have no closed form: Tire finds them by a search on the pure curves,
    /// after prepare().
    bool searchPeakSlips = false;
    // Load-independent normalised peaks (magic formula shape, table maximum).
    double peakShapeLongitudinal = 1.0;
    double peakShapeLateral = 1.0;
    double camber = 0.0;      ///< rad, the axle's static camber (TireParams::camber)
    double tirPressure = 0.0; ///< Pa, what the .tir model is evaluated at (tirPressure())
    /// The .tir model as mounted on the left and the right wheel (a tyre measured on one
    /// side is mirrored on the other); empty for the other models.
    std::shared_ptr<const TirModel> tir[2];
};

/// n wheels evaluated together (Tire::evaluateBatch). A wheel without load or on a
/// surface without grip runs as an unloaded wheel on grip 1 and is zeroed afterwards.
/// A pair is an axle's left and right wheel; a single wheel is taken as a left one.
template <int n> struct TireBatch {
    /// The arrays are left for Tire::evaluateBatch to fill, wheel by wheel: zeroing them
    /// first costs the hot path more than the models' own work on some of them.
    TireBatch(const TireInput (&inputs)[n], CombinedSlipMethod combination) : in(inputs), method(combination) {}

    const TireInput (&in)[n];
    bool loaded[n];
    double kappa[n], alpha[n], fz[n], grip[n];
    /// The peak slips at each wheel's grip (the normalised-slip combination's units).
    double kappaPeak[n], alphaPeak[n];
    CombinedSlipMethod method;
};

} // namespace vtw
