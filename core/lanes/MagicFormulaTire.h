#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/lanes/MagicFormulaTire.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/lanes/FastMath.h"
#include "core/tires/models/MagicFormula.h"

#include <cmath>

// Simplified magic formula [Pacejka; Rays Go Round; docs/physics.md 6.3]:
//   F = Fz * D * sin(C * atan(B x - E (B x - atan(B x))))
// B sets the slope (BCD is the normalised stiffness at zero slip), C the shape
// (whether and how far the curve falls after its peak), D the peak, E the
// curvature near the peak. Separate sets for slip ratio and slip angle (rad).
//
// Surface grip uses the similarity method [Pacejka, Tyre and Vehicle Dynamics]:
// F_mu(x) = mu * F_1(x / mu), i.e. D scales with mu and B with 1/mu, so the
// stiffness BCD*Fz is a property of the tire and the peak is mu*D*Fz.
//
// Its parameters and fields: core/tires/models/MagicFormula.h; here the formula over
// lanes and the model's physics in Tire.

namespace vtw {

/// sin(C atan(B x - E (B x - atan(B x)))), the normalised curve (peak 1 when C >= 1), for
/// n independent lanes at once, each a double or a Quad of four. Stage by stage, so that
/// the lanes' long dependency chains (two polynomial atans and a sine each) overlap in
/// the processor. straight[j] says that E[j] is zero in every lane (E = 0 is the common
/// case, and the inner atan is then skipped), known with the coefficients rather than
/// tested on every call.
template <int n, class T>
VTW_LANE void magicFormulaShapes(const T (&B)[n], const T (&C)[n], const T (&E)[n], const bool (&straight)[n],
                                 const T (&x)[n], T (&out)[n]) {
    T y[n];
    for (int j = 0; j < n; ++j) {
        const T bx = B[j] * x[j];
        y[j] = straight[j] ? bx : laneSelect(E[j] == 0.0, bx, bx - E[j] * (bx - fastAtan(bx)));
    }
    for (int j = 0; j < n; ++j)
        y[j] = C[j] * fastAtan(y[j]);
    fastSins(y, out);
}

/// One lane of magicFormulaShapes().
inline double magicFormulaShape(double B, double C, double E, double x) {
    double shape[1];
    magicFormulaShapes<1, double>({B}, {C}, {E}, {E == 0.0}, {x}, shape);
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

/// Coefficients for n lanes: doubles, or Quads of four wheels whose axles may have
/// different sets. straight[j]: E[j] is zero in every lane (magicFormulaShapes()); set it
/// with E, by straightLanes().
template <int n, class T> struct MagicFormulaLanes {
    T B[n], C[n], D[n], E[n];
    bool straight[n];
};

/// Whether a curvature factor is zero in every lane (MagicFormulaLanes::straight).
template <class T> VTW_LANE bool straightLanes(T E) { return allLanes(E == 0.0); }

/// Pure forces of n wheels in the lane layout of CombinedSlip.h: lanes [0, n) longitudinal
/// at slip ratio x with coefficients k[0, n), lanes [n, 2n) lateral at slip angle x (rad)
/// with k[n, 2n). N, in the slips' signs. Each wheel's grip must be positive.
template <int n, class T>
VTW_LANE void magicFormulaPureForces(const MagicFormulaLanes<2 * n, T>& k, const T (&normalLoad)[n],
                                     const T (&grip)[n], const T (&x)[2 * n], T (&force)[2 * n]) {
    T B[2 * n], shape[2 * n];
    for (int j = 0; j < 2 * n; ++j)
        B[j] = k.B[j] / grip[j % n]; // similarity: F_mu(x) = mu F_1(x / mu)
    magicFormulaShapes<2 * n, T>(B, k.C, k.E, k.straight, x, shape);
    for (int j = 0; j < 2 * n; ++j)
        force[j] = grip[j % n] * normalLoad[j % n] * k.D[j] * shape[j];
}

/// Peak pure force (N) from a set's |D| and magicFormulaPeakShape(C, E), lane by lane: the
/// one expression the step, the friction limits and the plots share.
template <class T> VTW_LANE T magicFormulaPeakForce(T grip, T normalLoad, T absD, T peakShape) {
    return grip * normalLoad * absD * peakShape;
}

/// Peak of one coefficient set's pure force (N) at a load and surface grip.
inline double magicFormulaPeakForce(const MagicFormulaCoefficients& k, double normalLoad,
                                    double grip) {
    return magicFormulaPeakForce(grip, normalLoad, std::fabs(k.D), magicFormulaPeakShape(k.C, k.E));
}

inline void MagicFormulaTireModel::prepare(const Params& p, TirePrepared& out) {
    out.peakShapeLongitudinal = magicFormulaPeakShape(p.longitudinal.C, p.longitudinal.E);
    out.peakShapeLateral = magicFormulaPeakShape(p.lateral.C, p.lateral.E);
    out.searchPeakSlips = true;
}

template <int n>
inline auto MagicFormulaTireModel::pureCurves(const Params& p, const TirePrepared& prepared, const TireBatch<n>& b,
                                              double (&fxMax)[n], double (&fyMax)[n]) {
    MagicFormulaLanes<2 * n, double> k;
    for (int j = 0; j < 2 * n; ++j) {
        const MagicFormulaCoefficients& c = j < n ? p.longitudinal : p.lateral;
        k.B[j] = c.B;
        k.C[j] = c.C;
        k.D[j] = c.D;
        k.E[j] = c.E;
        k.straight[j] = straightLanes(c.E);
    }
    for (int w = 0; w < n; ++w) {
        fxMax[w] = magicFormulaPeakForce(b.grip[w], b.fz[w], std::fabs(p.longitudinal.D),
                                         prepared.peakShapeLongitudinal);
        fyMax[w] = magicFormulaPeakForce(b.grip[w], b.fz[w], std::fabs(p.lateral.D), prepared.peakShapeLateral);
    }
    return [k, &b](const double (&x)[2 * n], double (&force)[2 * n]) {
        magicFormulaPureForces<n, double>(k, b.fz, b.grip, x, force);
    };
}

inline FrictionLimits MagicFormulaTireModel::limits(const Params& p, const TirePrepared& prepared, double fz,
                                                    double grip) {
    return {magicFormulaPeakForce(grip, fz, std::fabs(p.longitudinal.D), prepared.peakShapeLongitudinal),
            magicFormulaPeakForce(grip, fz, std::fabs(p.lateral.D), prepared.peakShapeLateral)};
}

} // namespace vtw
