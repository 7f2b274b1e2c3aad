#pragma once

#include <algorithm>
#include <cmath>

// Shared vocabulary of the model files: forces in the slip's own signs, and the
// bounded "practical slip" that the brush and Calspan models are written in.

namespace vtw {

/// A tire force in the signs of the slips that made it: `longitudinal` has the
/// sign of the slip ratio, `lateral` the sign of the slip angle. The models are
/// written this way (docs/physics.md 6: "a model written for positive slip");
/// Tire::evaluate() turns it into the wheel-frame force with Fy = -lateral.
struct SlipForce {
    double longitudinal = 0.0; ///< N
    double lateral = 0.0;      ///< N
};

/// Signed longitudinal slip S in [-1, 1] from the slip ratio kappa (docs/physics.md 6.6):
/// braking S = (u - omega R)/u = -kappa as a magnitude, so S = kappa (a wheel spinning
/// backwards is clamped to a locked one, S = -1); driving S = (omega R - u)/(omega R)
/// = kappa/(1 + kappa). Both have slope 1 at zero, and S is odd in the sense that the
/// braking and driving definitions mirror each other.
inline double practicalSlipFromRatio(double kappa) {
    if (kappa < 0.0)
        return std::max(kappa, -1.0);
    return kappa / (1.0 + kappa);
}

/// Inverse of practicalSlipFromRatio() for |S| < 1 (S = -1 gives kappa = -1; S = 1 has no
/// finite slip ratio). Used by sweeps and tests to reach a given practical slip.
inline double slipRatioFromPracticalSlip(double S) {
    if (S < 0.0)
        return std::max(S, -1.0);
    return S / (1.0 - S);
}

} // namespace vtw
