#pragma once

// The simplified magic formula (docs/physics.md 6.3) as the PAC2002 (MF 5.2)
// coefficients it corresponds to, so that a curve tuned here, or fitted to a
// table, can be taken to tools that read .tir files (docs/physics.md 12.7).
//
// At zero camber and no shifts the MF 5.2 pure-slip curves are the simplified
// formula with load-dependent factors:
//   Fx0 = mu_x Fz sin(Cx atan(Bx k - Ex (Bx k - atan(Bx k)))),  Bx = Kx / (Cx mu_x Fz)
//   Fy0 = mu_y Fz sin(Cy atan(By a - Ey (By a - atan(By a)))),  By = Ky / (Cy mu_y Fz)
// with a = tan(alpha). So C, D (= mu) and E map one to one (PCX1, PDX1, PEX1 and
// PCY1, PDY1, PEY1), and B through the slip stiffness: Kx = PKX1 Fz equals the
// simplified model's B C D Fz at every load. The lateral stiffness of MF 5.2 is
// Ky = PKY1 Fz0 sin(2 atan(Fz / (PKY2 Fz0))), which cannot be proportional to the
// load; it is made equal at the nominal load and PKY2 is chosen large, which keeps
// it within lateralStiffnessLoadError of proportional up to twice the nominal load.
// Its sign is negative: in the file's convention the side force opposes the slip
// angle. Every other coefficient is neutral; without weighting coefficients the
// file is combined by the friction ellipse.

#include "core/tires/TirCoefficients.h"
#include "core/tires/TireParams.h"

namespace vtw {

/// PKY2 of the exported files: the load (in nominal loads) at which the lateral stiffness
/// would peak, far beyond any load a tyre sees, so that Ky stays near proportional to Fz.
inline constexpr double exportedLateralStiffnessPeakLoad = 20.0;

/// How far the exported Ky strays from proportional to the load, over loads up to twice
/// the nominal one. Its ratio to proportional is (1 + 1/P^2) / (1 + f^2/P^2) at f nominal
/// loads (P the constant above): above 1 below the nominal load (at most 1 + 1/P^2), below
/// it above; at f = 2 the shortfall 3 / (P^2 + 4) is the larger (0.74 %).
inline constexpr double lateralStiffnessLoadError =
    3.0 / (exportedLateralStiffnessPeakLoad * exportedLateralStiffnessPeakLoad + 4.0);

/// The exported Ky over the proportional one at `loadRatio` nominal loads (see above).
inline constexpr double exportedLateralStiffnessRatio(double loadRatio) {
    constexpr double p2 = exportedLateralStiffnessPeakLoad * exportedLateralStiffnessPeakLoad;
    return (1.0 + 1.0 / p2) / (1.0 + loadRatio * loadRatio / p2);
}

/// PAC2002 coefficients reproducing `params` (at surface grip 1) for a tyre of nominal load
/// `nominalLoad` (N, > 0) and unloaded radius `unloadedRadius` (m, > 0).
TirCoefficients tirFromMagicFormula(const MagicFormulaParams& params, double nominalLoad,
                                    double unloadedRadius);

} // namespace vtw
