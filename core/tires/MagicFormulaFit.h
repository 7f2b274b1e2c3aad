#pragma once

#include "core/base/Curve.h"
#include "core/tires/TireParams.h"

namespace vtw {

// Least-squares fit of the simplified magic formula y = D sin(C atan(B x -
// E (B x - atan(B x)))) (docs/physics.md 6.3) to a normalised tire table, so a user
// who shaped a table by hand can carry it over to the smooth model.
//
// Rationale: the problem has four parameters and a few dozen points at most,
// so a damped Gauss-Newton (Levenberg-Marquardt) with a finite-difference
// Jacobian is plenty. The error surface has local minima (C and E trade off
// against each other beyond the peak), so the fit starts from a small grid of
// shapes seeded from the table's peak and initial slope and keeps the best.
// Parameters are kept inside the metadata's limits (B, D > 0, 0 < C <= 2,
// E <= 1) by clamping every step.

struct MagicFormulaFitResult {
    bool ok = false;        ///< false: too few usable points (see error)
    const char* error = ""; ///< why the fit could not run
    MagicFormulaCoefficients coefficients;
    double rmsResidual = 0.0;    ///< sqrt(mean((y - f(x))^2)), same unit as y
    double maxAbsResidual = 0.0; ///< largest |y - f(x)| over the points
    int iterations = 0;          ///< of the winning start
};

/// The normalised curve value D * sin(C atan(...)) at x, the same formula the
/// magic-formula tire evaluates (so a fitted table and the model agree).
double magicFormulaCurveValue(const MagicFormulaCoefficients& k, double x);

/// Fits B, C, D, E to the points (x >= 0 half; points with x < 0 are ignored).
/// Needs at least four points with x > 0 and a positive peak.
MagicFormulaFitResult fitMagicFormula(const Curve& table);

} // namespace vtw
