#pragma once

// The steady-state Magic Formula of a tyre property file (MF 5.x / PAC2002,
// MF 6.1, MF 6.2): pure and combined slip forces, aligning moment, load,
// camber and inflation pressure dependence, every scaling factor
// (docs/physics.md 12; sources there).
//
// Signs: the file's ISO (TYDEX W-axis) convention, which is the project's
// (docs/physics.md 0 and 12.2): kappa = (omega R - vx) / |vx|; alpha > 0 when
// the contact point slides to the left, and then Fy < 0; Fx > 0 driving; Mz
// about the upward axis. Camber is the ISO inclination angle: positive when
// the top of the wheel leans to the right (towards -y), seen from behind.

#include "core/tires/TirCoefficients.h"

namespace vtw {

/// Force and moment of the road on the tyre, wheel frame (x forward, y left, z up).
struct TirForces {
    double fx = 0.0; ///< N
    double fy = 0.0; ///< N
    double mz = 0.0; ///< N m, aligning moment
};

/// The combined-slip weighting of one operating point (docs/physics.md 12.3). For a tyre
/// combined by the friction ellipse, gxa = gyk = the ellipse's scale factor, svyk = 0.
struct TirCombinedWeights {
    double gxa = 1.0;  ///< Gxa: share of the pure Fx kept under slip angle, 0..1
    double gyk = 1.0;  ///< Gyk: share of the pure Fy kept under slip ratio, 0..1
    double svyk = 0.0; ///< SVyk: side force induced by the slip ratio, N
};

/// Which side of the vehicle the tyre is on. A tyre measured on the other side
/// (TYRESIDE LEFT or RIGHT) is mirrored: Fy and Mz change sign with alpha and camber.
enum class TirMounting { AsMeasured, Left, Right };

class TirModel {
public:
    explicit TirModel(const TirCoefficients& coefficients, TirMounting mounting = TirMounting::AsMeasured);

    /// Combined-slip force and moment. kappa: slip ratio; alpha: slip angle, rad (|alpha| <
    /// pi/2); fz: load, N (no force at fz <= 0); camber: inclination, rad; pressure: Pa
    /// (MF 6.x with NOMPRES; ignored otherwise); vx: forward speed of the wheel, m/s (below
    /// VXLOW the shifts fade out, so a tyre at rest with no slip makes no force).
    /// withMoment false leaves mz 0 and skips its work (the step needs no moment).
    TirForces forces(double kappa, double alpha, double fz, double camber, double pressure,
                     double vx, bool withMoment = true) const;

    /// Pure-slip curves: Fx0 at alpha = 0, Fy0 and Mz0 at kappa = 0.
    double pureFx(double kappa, double fz, double camber, double pressure, double vx) const;
    double pureFy(double alpha, double fz, double camber, double pressure, double vx) const;
    double pureMz(double alpha, double fz, double camber, double pressure, double vx) const;

    /// Gxa, Gyk and SVyk at an operating point (as forces() applies them).
    TirCombinedWeights combinedWeights(double kappa, double alpha, double fz, double camber,
                                       double pressure, double vx) const;

    // Characteristics at a load, above VXLOW. Camber as in forces().

    /// Peak factors Dx / Fz and |Dy| / Fz: the MF's friction coefficients mu_x, mu_y.
    double frictionX(double fz, double camber, double pressure) const;
    double frictionY(double fz, double camber, double pressure) const;
    /// Largest |Fx0| and |Fy0| over all slips, N: |D| times the shape's peak on the side
    /// where it is larger, plus the vertical shift on that side.
    double peakFx(double fz, double camber, double pressure) const;
    double peakFy(double fz, double camber, double pressure) const;
    /// Longitudinal slip stiffness Kxk = dFx0/dkappa at the curve's centre, N per unit slip.
    double slipStiffness(double fz, double pressure) const;
    /// Cornering stiffness, N/rad, positive for a tyre whose force opposes its slip: -Kya,
    /// the slope of Fy0 against tan(alpha) at the curve's centre.
    double corneringStiffness(double fz, double camber, double pressure) const;

    const TirCoefficients& coefficients() const { return m_c; }
    /// True when TYRESIDE names the other side than the mounting.
    bool mirrored() const { return m_mirrored; }

private:
    TirCoefficients m_c;
    bool m_mirrored = false;
};

} // namespace vtw
