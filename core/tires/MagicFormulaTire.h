#pragma once

#include "FastMath.h"
#include "TireParams.h"

#include <cmath>

// Simplified magic formula [Pacejka; Rays Go Round; PHYSICS.md 6.3]:
//   F = Fz * D * sin(C * atan(B x - E (B x - atan(B x))))
// B sets the slope (BCD is the normalised stiffness at zero slip), C the shape
// (whether and how far the curve falls after its peak), D the peak, E the
// curvature near the peak. Separate sets for slip ratio and slip angle (rad).
//
// Surface grip uses the similarity method [Pacejka, Tyre and Vehicle Dynamics]:
// F_mu(x) = mu * F_1(x / mu), i.e. D scales with mu and B with 1/mu, so the
// stiffness BCD*Fz is a property of the tire and the peak is mu*D*Fz.

namespace vtw {

/// sin(C atan(B x - E (B x - atan(B x)))): the normalised curve, peak 1 when C >= 1.
inline double magicFormulaShape(double B, double C, double E, double x) {
    const double bx = B * x;
    // E = 0 is the common case: skip the inner atan.
    const double y = E == 0.0 ? bx : bx - E * (bx - fastAtan(bx));
    return fastSin(C * fastAtan(y));
}

/// Largest value of magicFormulaShape() over x >= 0 (its supremum when the curve only
/// approaches it). With u = B x, the inner argument y = (1 - E) u + E atan(u) grows
/// without bound for E < 1, tends to pi/2 for E = 1, and for E > 1 peaks at
/// u = 1/sqrt(E - 1); the outer sine reaches 1 if C atan(y) can reach pi/2.
double magicFormulaPeakShape(double C, double E);

/// Force (N, sign of x) of one coefficient set at a load and surface grip.
inline double magicFormulaForce(const MagicFormulaCoefficients& k, double x, double normalLoad,
                                double grip) {
    if (!(grip > 0.0))
        return 0.0;
    return grip * normalLoad * k.D * magicFormulaShape(k.B / grip, k.C, k.E, x);
}

/// Pure longitudinal force (N, sign of kappa).
inline double magicFormulaLongitudinal(const MagicFormulaParams& p, double kappa, double normalLoad,
                                       double grip) {
    return magicFormulaForce(p.longitudinal, kappa, normalLoad, grip);
}

/// Pure lateral force (N, sign of alpha).
inline double magicFormulaLateral(const MagicFormulaParams& p, double alpha, double normalLoad,
                                  double grip) {
    return magicFormulaForce(p.lateral, alpha, normalLoad, grip);
}

/// Peak of one coefficient set's pure force (N) at a load and surface grip.
inline double magicFormulaPeakForce(const MagicFormulaCoefficients& k, double normalLoad,
                                    double grip) {
    return grip * normalLoad * std::fabs(k.D) * magicFormulaPeakShape(k.C, k.E);
}

} // namespace vtw
