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

/// sin(C atan(B x - E (B x - atan(B x)))), the normalised curve (peak 1 when C >= 1), for
/// n independent lanes at once. Stage by stage, so that the lanes' long dependency
/// chains (two polynomial atans and a sine each) overlap in the processor.
template <int n>
void magicFormulaShapes(const double (&B)[n], const double (&C)[n], const double (&E)[n],
                        const double (&x)[n], double (&out)[n]) {
    double y[n];
    for (int j = 0; j < n; ++j) {
        const double bx = B[j] * x[j];
        // E = 0 is the common case: skip the inner atan.
        y[j] = E[j] == 0.0 ? bx : bx - E[j] * (bx - fastAtan(bx));
    }
    for (int j = 0; j < n; ++j)
        y[j] = C[j] * fastAtan(y[j]);
    for (int j = 0; j < n; ++j)
        out[j] = fastSin(y[j]);
}

/// One lane of magicFormulaShapes().
inline double magicFormulaShape(double B, double C, double E, double x) {
    double shape[1];
    magicFormulaShapes<1>({B}, {C}, {E}, {x}, shape);
    return shape[0];
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

/// Pure forces of n wheels (N, in the slips' signs) in the lane layout of CombinedSlip.h:
/// lanes [0, n) longitudinal at slip ratio x, lanes [n, 2n) lateral at slip angle x (rad).
/// Each wheel's grip must be positive.
template <int n>
void magicFormulaPureForces(const MagicFormulaParams& p, const double (&normalLoad)[n],
                            const double (&grip)[n], const double (&x)[2 * n],
                            double (&force)[2 * n]) {
    double B[2 * n], C[2 * n], E[2 * n], shape[2 * n];
    for (int j = 0; j < 2 * n; ++j) {
        const MagicFormulaCoefficients& k = j < n ? p.longitudinal : p.lateral;
        B[j] = k.B / grip[j % n];
        C[j] = k.C;
        E[j] = k.E;
    }
    magicFormulaShapes<2 * n>(B, C, E, x, shape);
    for (int j = 0; j < 2 * n; ++j) {
        const MagicFormulaCoefficients& k = j < n ? p.longitudinal : p.lateral;
        force[j] = grip[j % n] * normalLoad[j % n] * k.D * shape[j];
    }
}

/// Peak of one coefficient set's pure force (N) at a load and surface grip.
inline double magicFormulaPeakForce(const MagicFormulaCoefficients& k, double normalLoad,
                                    double grip) {
    return grip * normalLoad * std::fabs(k.D) * magicFormulaPeakShape(k.C, k.E);
}

} // namespace vtw
