#pragma once

#include "core/tires/TireParameterProblem.h"
#include "core/tires/TireParams.h"
#include "core/tires/TireSlip.h"

// Calspan composite-slip tire model [Szostak, Allen, Rosenthal, DOT HS-807-271,
// 1988; docs/physics.md 6.6, a reconstruction three implementations agree on].
//
// A brush-like model fitted to measured tires: the composite slip sigma combines
// the lateral and longitudinal stiffness demands relative to friction, a rational
// saturation function f(sigma) (slope 4/pi at zero, tending to C1/C1 = 1) turns it
// into the used fraction of the friction, and friction itself drops with the
// slip (K_mu). The contact length grows or shrinks with the previous step's Fx.
// The equations run in the report's native units (lb, in, psi, rad); this file
// converts N <-> lb at its boundary.
//
// Implied stiffnesses at zero slip (previous Fx = 0): cornering stiffness
// A0 + A1 Fz - (A1/A2) Fz^2 (lb/rad, Fz in lb), longitudinal stiffness
// (CS/FZ) Fz per unit slip.

namespace vtw {

/// Combined Calspan force (N, in the slips' signs). kappa: slip ratio (converted to the
/// report's slip S by practicalSlipFromRatio); alpha: slip angle (rad, |alpha| < pi/2);
/// grip scales mu0; previousFx: this wheel's Fx of the last step (N).
SlipForce calspanForce(const CalspanParams& p, double kappa, double alpha, double normalLoad,
                       double grip, double previousFx);

/// The saturation function f(sigma) with sigma = num/den (num, den >= 0), evaluated in
/// 1/sigma when sigma > 1 so that a locked wheel (den = 0, sigma infinite) gives the
/// finite limit instead of inf/inf.
double calspanSaturation(const CalspanParams& p, double num, double den);

/// The rule on a Calspan set that its fields' limits cannot state (the model's entry in
/// TireModels.h): the lateral stiffness Ks = (2/a_p0^2)(A0 + A1 Fz - (A1/A2) Fz^2) must
/// be positive at the rated load, or the lateral force flips sign.
void calspanParameterRules(const TireParams& params, std::vector<TireParameterProblem>& out);

} // namespace vtw
