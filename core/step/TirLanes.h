#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/step/TirLanes.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/lanes/FastMath.h"
#include "core/lanes/MagicFormulaTire.h"

// The .tir model (tires/MagicFormulaTir.h, TirModel::forces without the aligning moment)
// for the step's four wheels as the lanes of a Quad: the same equations (docs/physics.md
// 14.3) over FastMath's polynomial atan, sin, cos and exp, with everything that depends
// only on a wheel's coefficients, inclination and pressure worked out once (TirLanes,
// built by prepareTirLanes). TirModel stays the reference: tst_tir_model holds these
// forces to it within tirLaneForceTolerance (docs/physics.md 12.8 derives the bound).
//
// The friction envelope (Tire::limits: the left wheel's pure-slip peaks at the
// characteristic point, scaled by the grip) comes out of the same pass: the MF's peak
// |D| shape + SV has no search in it. Its shape factor is sup sin(C atan(y)), which for a
// curvature E < 1 depends on C alone and for E = 1 (E is held to at most 1) takes one
// other value: both are constants of the lane, so the peaks are the reference's
// arithmetic on the same load-dependent D, SV and E (equal to rounding), without a
// transcendental call.

namespace vtw {

class Tire;

/// Deviation of the lanes' forces from TirModel::forces allowed in the tests, relative to
/// the wheel's peak force (docs/physics.md 12.8: each fast call errs by at most 1e-9 of
/// its value, and the chains of calls through the curves and the weighting functions
/// amplify that by less than a hundred for the bundled files' shapes).
inline constexpr double tirLaneForceTolerance = 1e-7;

/// A wheel's constants (T = double), or the four wheels' as lanes (T = Quad: FL, FR, RL,
/// RR). Names follow TirModel's sources (MagicFormulaTir.cpp): a trailing 0 or 1 is the
/// constant or the dfz factor of a term linear in dfz; gamma is the wheel's inclination
/// as TirModel applies it (mirrored on the side the tyre was not measured on). Nothing
/// but T members: prepareTirLanes() turns four wheels into lanes member by member.
template <class T> struct TirLaneConstants {
    // The operating point.
    T fz0{}, inverseFz0{};  ///< Fz0' = FNOMIN LFZO, N, and its inverse
    T mirror{};             ///< -1 on a wheel that mirrors the tyre, else 1
    T vxLow{};              ///< VXLOW, m/s (0: no fade)
    T lmuvPerSpeed{};       ///< LMUV / LONGVL (MF 6.x), s/m; 0 without it
    T lmux{}, lmuy{};       ///< LMUX, LMUY
    // Pure longitudinal slip.
    T cx{}, mux0{}, mux1{}, kx0{}, kx1{}, pkx3{}, shx0{}, shx1{}, svx0{}, svx1{};
    T ex0{}, ex1{}, ex2{}, pex4{};
    T peakShapeX[2]{}; ///< magicFormulaPeakShape(|Cx|, E): [0] for E < 1, [1] for E = 1
    // Pure lateral slip.
    T cy{}, muy0{}, muy1{};
    T kyScale{}, kyShape{}, kyInverseLoad{}; ///< Kya = kyScale sin(kyShape atan(Fz / Fz0' kyInverseLoad))
    T kyGamma0{}, kyGamma1{};                ///< MF 6.x: Ky_gamma0 gamma / Fz (0 for MF 5.x)
    T svyGamma0{}, svyGamma1{};              ///< SVy_gamma / (Fz lambda*_muy)
    T shy0{}, shy1{}, shyCamber{};           ///< shyCamber: MF 5.x's PHY3 gamma
    T mf6{};                                 ///< 1 for MF 6.x (SHy from Ky_gamma0), 0 for MF 5.x
    T svy0{}, svy1{}, ey0{}, ey1{};
    T eyCamber{}, eySign{}; ///< Ey = e0 (eyCamber - eySign sgn(alpha_y))
    T peakShapeY[2]{};
    // The envelope's lateral terms at the left wheel's inclination (Tire::limits); the
    // rest of the peaks depends on the inclination's square only.
    T svyGammaEnvelope0{}, svyGammaEnvelope1{}, eySignEnvelope{};
    // Combined slip: weighting functions, or the friction ellipse (ellipse 1).
    T ellipse{};
    T bxa0{}, rbx2{}, rcx1{}, rex1{}, rex2{}, rhx1{};
    T byk0{}, rby2{}, rby3{}, rcy1{}, rey1{}, rey2{}, rhy1{}, rhy2{};
    T rvy0{}, rvy2{}, rvy4{}, rvy5{}, rvy6{}, lvyka{};
};

struct TirLanes : TirLaneConstants<Quad> {
    // Work no lane needs is skipped.
    bool anyWeighting = false, anyEllipse = false, anyMf6 = false, anySpeedFriction = false;
    bool anyWeightShift = false, anyInducedSideForce = false, allKyShapeTwo = false;
};

/// The lanes of a car with the .tir model on both axles (front: FL, FR; rear: RL, RR),
/// each wheel at its axle's camber (tirInclination) and pressure (tirPressure).
void prepareTirLanes(const Tire& front, const Tire& rear, TirLanes& out);

/// The four wheels' inputs: as TireInput, with the slip angle as its tangent.
struct TirLaneInputs {
    Quad slipRatio, tanSlipAngle, normalLoad, surfaceMu, contactSpeed;
};

/// Forces in the project's sign convention (TireForce: Fy opposes the slip angle) and
/// the envelope, N. Zero on a wheel without load or grip.
struct TirLaneForces {
    Quad fx, fy, fxMax, fyMax;
};

namespace tirlanes {

constexpr double epsilon = 1e-6; // TirModel's: keeps B = K / (C D) finite

VTW_LANE Quad awayFromZero(Quad x) { return x + laneSelect(x < 0.0, quad(-epsilon), quad(epsilon)); }

VTW_LANE Quad cosAtan(Quad x) { return 1.0 / laneSqrt(1.0 + x * x); }

/// atan(B x - E (B x - atan(B x))) of n curves, stage by stage (as magicFormulaShapes):
/// the curves' chains of two atans overlap in the processor (measured: the step 15 %
/// faster than curve after curve). No branch: which lanes pass 1 changes from step to step.
template <int n> VTW_LANE void curves(const Quad (&B)[n], const Quad (&E)[n], const Quad (&x)[n], Quad (&out)[n]) {
    Quad bx[n], inner[n];
    for (int j = 0; j < n; ++j)
        bx[j] = B[j] * x[j];
    for (int j = 0; j < n; ++j)
        inner[j] = fastAtan(bx[j]);
    for (int j = 0; j < n; ++j)
        out[j] = fastAtan(bx[j] - E[j] * (bx[j] - inner[j]));
}

/// The largest |D shape + SV| of a curve (TirModel's peakOf): on each side of the centre
/// the shape tends to sign(B C) times its peak for that side's curvature.
VTW_LANE Quad peak(Quad d, Quad bc, const Quad (&shape)[2], Quad ePositive, Quad eNegative, Quad sv) {
    const Quad direction = laneSign(bc);
    const Quad up = d * direction * laneSelect(ePositive < 1.0, shape[0], shape[1]) + sv;
    const Quad down = -d * direction * laneSelect(eNegative < 1.0, shape[0], shape[1]) + sv;
    return laneMax(laneAbs(up), laneAbs(down));
}

} // namespace tirlanes

VTW_LANE void tirLaneForces(const TirLanes& k, const TirLaneInputs& in, TirLaneForces& out) {
    using namespace tirlanes;
    // A wheel without load or grip runs through at the nominal load on grip 1 and is
    // zeroed at the end (TirModel makes no force at Fz <= 0).
    const QuadMask loaded = (in.normalLoad > 0.0) & (in.surfaceMu > 0.0);
    const Quad fz = laneSelect(loaded, in.normalLoad, k.fz0);
    const Quad grip = laneSelect(loaded, in.surfaceMu, quad(1.0));
    // Grip by similarity (TirTireModel::force): the slips read 1/mu as large, the forces mu times.
    const Quad inverseGrip = 1.0 / grip;
    const Quad kappa = in.slipRatio * inverseGrip;
    const Quad alphaStar = k.mirror * in.tanSlipAngle * inverseGrip;
    const Quad dfz = (fz - k.fz0) * k.inverseFz0;

    // Low-speed fade of the shifts, friction falling with the slip speed (MF 6.x's LMUV).
    const Quad speed = laneAbs(in.contactSpeed);
    Quad fade = quad(1.0);
    const QuadMask slow = speed < k.vxLow;
    if (anyLane(slow)) {
        constexpr double pi = 3.14159265358979323846;
        fade = laneSelect(slow, 0.5 * (1.0 - fastCos(pi * speed / k.vxLow)), fade);
    }
    Quad lmuxStar = k.lmux, lmuyStar = k.lmuy;
    if (k.anySpeedFriction) {
        const Quad speedFactor = 1.0 + k.lmuvPerSpeed * speed * laneSqrt(kappa * kappa + alphaStar * alphaStar);
        lmuxStar = k.lmux / speedFactor;
        lmuyStar = k.lmuy / speedFactor;
    }

    // Pure longitudinal slip.
    const Quad muxBase = k.mux0 + k.mux1 * dfz;
    const Quad dx = muxBase * lmuxStar * fz;
    const Quad kxk = fz * (k.kx0 + k.kx1 * dfz) * fastExp(k.pkx3 * dfz);
    const Quad bx = kxk / awayFromZero(k.cx * dx);
    const Quad shx = (k.shx0 + k.shx1 * dfz) * fade;
    const Quad svxBase = fz * (k.svx0 + k.svx1 * dfz);
    const Quad svx = svxBase * lmuxStar * fade;
    const Quad e = k.ex0 + k.ex1 * dfz + k.ex2 * dfz * dfz;
    const Quad exPositive = laneMin(quad(1.0), e * (1.0 - k.pex4));
    const Quad exNegative = laneMin(quad(1.0), e * (1.0 + k.pex4));
    const Quad kappaX = kappa + shx;
    const Quad ex = laneMin(quad(1.0), e * (1.0 - k.pex4 * laneSign(kappaX)));

    // Pure lateral slip.
    const Quad muyBase = k.muy0 + k.muy1 * dfz;
    const Quad muy = muyBase * lmuyStar;
    const Quad dy = muy * fz;
    const Quad kyLoad = fz * k.inverseFz0 * k.kyInverseLoad;
    Quad kya;
    if (k.allKyShapeTwo) {
        // MF 5.x (and PKY4 = 2): sin(2 atan(t)) = 2 t / (1 + t^2), one division for two
        // calls; t held within 1e150 so that t^2 stays finite (PKY2 = 0 makes t infinite).
        const Quad t = laneClamp(kyLoad, quad(-1e150), quad(1e150));
        kya = k.kyScale * (2.0 * t / (1.0 + t * t));
    } else {
        kya = k.kyScale * fastSinReduced(k.kyShape * fastAtan(kyLoad));
    }
    const Quad svyGamma = fz * (k.svyGamma0 + k.svyGamma1 * dfz) * lmuyStar;
    Quad shy = k.shy0 + k.shy1 * dfz + k.shyCamber;
    if (k.anyMf6)
        shy += k.mf6 * ((fz * (k.kyGamma0 + k.kyGamma1 * dfz) - svyGamma) / awayFromZero(kya));
    shy *= fade;
    const Quad svyBase = fz * (k.svy0 + k.svy1 * dfz);
    const Quad svy = (svyBase * lmuyStar + svyGamma) * fade;
    const Quad alphaY = alphaStar + shy;
    const Quad e0 = k.ey0 + k.ey1 * dfz;
    const Quad eyPositive = laneMin(quad(1.0), e0 * (k.eyCamber - k.eySign));
    const Quad eyNegative = laneMin(quad(1.0), e0 * (k.eyCamber + k.eySign));
    const Quad ey = laneMin(quad(1.0), e0 * (k.eyCamber - k.eySign * laneSign(alphaY)));
    const Quad by = kya / awayFromZero(k.cy * dy);

    // The curves: pure Fx and Fy; with the weighting functions, their numerators
    // cos(C curve(B, E, x)) and, for shifted ones, their denominators (the same at the shift).
    Quad B[6] = {bx, by}, E[6] = {ex, ey}, x[6] = {kappaX, alphaY}, theta[6];
    Quad exa{}, eyk{}, shyk{};
    if (k.anyWeighting) {
        exa = laneMin(quad(1.0), k.rex1 + k.rex2 * dfz);
        eyk = laneMin(quad(1.0), k.rey1 + k.rey2 * dfz);
        shyk = k.rhy1 + k.rhy2 * dfz;
        B[2] = B[4] = k.bxa0 * cosAtan(k.rbx2 * kappa);
        B[3] = B[5] = k.byk0 * cosAtan(k.rby2 * (alphaStar - k.rby3));
        E[2] = E[4] = exa;
        E[3] = E[5] = eyk;
        x[2] = alphaStar + k.rhx1;
        x[3] = kappa + shyk;
        x[4] = k.rhx1;
        x[5] = shyk;
    }
    const int curveCount = !k.anyWeighting ? 2 : (k.anyWeightShift ? 6 : 4);
    auto evaluateCurves = [&]<int n>() VTW_LANE_LAMBDA {
        Quad b[n], e[n], u[n], t[n];
        for (int j = 0; j < n; ++j) {
            b[j] = B[j];
            e[j] = E[j];
            u[j] = x[j];
        }
        curves<n>(b, e, u, t);
        for (int j = 0; j < n; ++j)
            theta[j] = t[j];
    };
    if (curveCount == 2)
        evaluateCurves.template operator()<2>();
    else if (curveCount == 4)
        evaluateCurves.template operator()<4>();
    else
        evaluateCurves.template operator()<6>();
    // sin(C theta) of the pure curves, cos(C theta) = sin(pi/2 - |C theta|) of the weights.
    constexpr double halfPi = 1.57079632679489661923;
    const Quad C[6] = {k.cx, k.cy, k.rcx1, k.rcy1, k.rcx1, k.rcy1};
    Quad sine[6];
    for (int j = 0; j < curveCount; ++j)
        sine[j] = fastSinReduced(j < 2 ? C[j] * theta[j] : halfPi - laneAbs(C[j] * theta[j]));
    const Quad fx0 = dx * sine[0] + svx;
    const Quad fy0 = dy * sine[1] + svy;

    // Combined slip.
    Quad gxa = quad(1.0), gyk = quad(1.0), svyk{};
    if (k.anyWeighting) {
        gxa = curveCount == 6 ? sine[2] / sine[4] : sine[2];
        gyk = curveCount == 6 ? sine[3] / sine[5] : sine[3];
        // Reduction factors: held to [0, 1] (TirModel's weighting()).
        gxa = laneClamp(gxa, Quad{}, quad(1.0));
        gyk = laneClamp(gyk, Quad{}, quad(1.0));
        if (k.anyInducedSideForce) {
            const Quad dvyk = muy * fz * (k.rvy0 + k.rvy2 * dfz) * cosAtan(k.rvy4 * alphaStar);
            svyk = dvyk * fastSinReduced(k.rvy5 * fastAtan(k.rvy6 * kappa)) * k.lvyka * fade;
        }
    }
    if (k.anyEllipse) {
        // The ellipse of the point's pure-slip peaks; its scale factor stands for both weights.
        const Quad px = peak(dx, bx * k.cx, k.peakShapeX, exPositive, exNegative, svx);
        const Quad py = peak(dy, by * k.cy, k.peakShapeY, eyPositive, eyNegative, svy);
        const Quad ux = laneSelect(px > 0.0, fx0 / px, Quad{});
        const Quad uy = laneSelect(py > 0.0, fy0 / py, Quad{});
        const Quad q = ux * ux + uy * uy;
        const Quad scale = laneSelect(q > 1.0, 1.0 / laneSqrt(q), quad(1.0));
        const QuadMask ellipse = k.ellipse != 0.0;
        gxa = laneSelect(ellipse, scale, gxa);
        gyk = laneSelect(ellipse, scale, gyk);
        svyk = laneSelect(ellipse, Quad{}, svyk);
    }
    out.fx = laneSelect(loaded, grip * (gxa * fx0), Quad{});
    out.fy = laneSelect(loaded, grip * (k.mirror * (gyk * fy0 + svyk)), Quad{});

    // The envelope: the characteristic point's peaks (no fade, no slip speed), the
    // lateral one at the left wheel's inclination.
    // Without LMUV they are the point's own D and B.
    const Quad dxEnvelope = muxBase * k.lmux * fz;
    const Quad bxEnvelope = k.anySpeedFriction ? kxk / awayFromZero(k.cx * dxEnvelope) : bx;
    const Quad fxPeak =
        peak(dxEnvelope, bxEnvelope * k.cx, k.peakShapeX, exPositive, exNegative, svxBase * k.lmux);
    const Quad dyEnvelope = muyBase * k.lmuy * fz;
    const Quad byEnvelope = k.anySpeedFriction ? kya / awayFromZero(k.cy * dyEnvelope) : by;
    const Quad svyEnvelope = (svyBase + fz * (k.svyGammaEnvelope0 + k.svyGammaEnvelope1 * dfz)) * k.lmuy;
    const Quad eyPositiveEnvelope = laneMin(quad(1.0), e0 * (k.eyCamber - k.eySignEnvelope));
    const Quad eyNegativeEnvelope = laneMin(quad(1.0), e0 * (k.eyCamber + k.eySignEnvelope));
    const Quad fyPeak = peak(dyEnvelope, byEnvelope * k.cy, k.peakShapeY, eyPositiveEnvelope,
                             eyNegativeEnvelope, svyEnvelope);
    out.fxMax = laneSelect(loaded, grip * fxPeak, Quad{});
    out.fyMax = laneSelect(loaded, grip * fyPeak, Quad{});
}

} // namespace vtw
