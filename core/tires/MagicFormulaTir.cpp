#include "core/tires/MagicFormulaTir.h"

#include "core/lanes/MagicFormulaTire.h"

#include "core/base/Units.h"

#include <algorithm>
#include <cmath>

// Equations: docs/physics.md 12.3, after Pacejka, Tire and Vehicle Dynamics (2nd ed.
// 2006 for MF 5.2, 3rd ed. 2012 section 4.3.2 for MF 6.1) and Besselink, Schmeitz and
// Pacejka (2010) for the inflation pressure terms. Names follow the sources: a "0"
// suffix is pure slip, a prime the scaled nominal load.

namespace vtw {

namespace {

// Keeps B = K / (C D) and the divisions by Kya finite when a product is 0 (no load, a
// coefficient left out): the sources' epsilon.
constexpr double epsilon = 1e-6;

double sgn(double x) {
    return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0);
}

// Adds epsilon away from zero, so the result is never 0.
double awayFromZero(double x) {
    return x + (x < 0.0 ? -epsilon : epsilon);
}

// The magic formula's inner argument, atan(B x - E (B x - atan(B x))).
double curve(double B, double E, double x) {
    const double bx = B * x;
    return std::atan(bx - E * (bx - std::atan(bx)));
}

// cos(atan(x)), without the two transcendental calls.
double cosAtan(double x) {
    return 1.0 / std::sqrt(1.0 + x * x);
}

// A weighting function G = cos(C curve(B, E, x)) / cos(C curve(B, E, shift)), 1 at
// x = shift. Held to [0, 1]: a reduction factor, which the sources require to stay
// positive, and which is kept from lifting the force above its pure-slip value.
double weighting(double B, double C, double E, double x, double shift) {
    const double g = std::cos(C * curve(B, E, x)) / std::cos(C * curve(B, E, shift));
    return std::clamp(g, 0.0, 1.0);
}

// Everything one operating point shares: load and pressure increments, the slip angle
// and camber measures, the friction scaling, the low-speed fade.
struct Point {
    double fz = 0.0;
    double fz0 = 0.0;       ///< Fz0' = FNOMIN LFZO
    double dfz = 0.0;       ///< (Fz - Fz0') / Fz0'
    double dpi = 0.0;       ///< (p - p0) / p0, 0 without pressure terms
    double alphaStar = 0.0; ///< tan(alpha)
    double cosAlpha = 1.0;
    double gammaStar = 0.0; ///< sin(camber)
    double gammaX = 0.0, gammaY = 0.0, gammaZ = 0.0; ///< camber as each part of MF 5.x scales it
    double lmuxStar = 1.0, lmuyStar = 1.0;            ///< friction scaling with the slip speed
    double fade = 1.0;                                ///< low-speed weight of the shifts, 0..1
};

struct PointInputs {
    double alpha = 0.0;
    double fz = 0.0;
    double camber = 0.0;
    double pressure = 0.0;
    double slipSpeed = 0.0; ///< m/s, for LMUV
    double fade = 1.0;
};

Point prepare(const TirCoefficients& c, const PointInputs& in) {
    Point p;
    p.fz = in.fz;
    p.fz0 = c.FNOMIN * c.LFZO;
    p.dfz = (in.fz - p.fz0) / p.fz0;
    const bool mf6 = c.version != TirVersion::Mf5;
    if (mf6 && c.NOMPRES > 0.0)
        p.dpi = (in.pressure - c.NOMPRES) / c.NOMPRES;
    p.alphaStar = std::tan(in.alpha);
    p.cosAlpha = std::cos(in.alpha);
    p.gammaStar = std::sin(in.camber);
    p.gammaX = mf6 ? p.gammaStar : p.gammaStar * c.LGAX;
    p.gammaY = mf6 ? p.gammaStar : p.gammaStar * c.LGAY;
    p.gammaZ = mf6 ? p.gammaStar : p.gammaStar * c.LGAZ;
    // Friction falling with slip speed (MF 6.x's LMUV); the digressive scaling lambda' of
    // the vertical shifts is taken equal to lambda* (docs/physics.md 12.3).
    const double speedFactor = (mf6 && c.LONGVL > 0.0) ? 1.0 + c.LMUV * in.slipSpeed / c.LONGVL : 1.0;
    p.lmuxStar = c.LMUX / speedFactor;
    p.lmuyStar = c.LMUY / speedFactor;
    p.fade = in.fade;
    return p;
}

// Low-speed fade of the shifts: 1 at and above VXLOW, a smooth half cosine down to 0 at rest.
double lowSpeedFade(const TirCoefficients& c, double vx) {
    const double v = std::fabs(vx);
    if (!(c.VXLOW > 0.0) || v >= c.VXLOW)
        return 1.0;
    return 0.5 * (1.0 - std::cos(units::pi * v / c.VXLOW));
}

struct Longitudinal {
    double fx0 = 0.0;
    double kxk = 0.0; ///< slip stiffness
    double dx = 0.0, cx = 0.0, bx = 0.0, svx = 0.0, shx = 0.0;
    double ePositive = 0.0, eNegative = 0.0; ///< curvature on either side of the centre
};

Longitudinal longitudinal(const TirCoefficients& c, const Point& p, double kappa) {
    Longitudinal l;
    const double dfz = p.dfz, dpi = p.dpi;
    l.cx = c.PCX1 * c.LCX;
    const double mux = (c.PDX1 + c.PDX2 * dfz) * (1.0 + c.PPX3 * dpi + c.PPX4 * dpi * dpi) *
                       (1.0 - c.PDX3 * p.gammaX * p.gammaX) * p.lmuxStar;
    l.dx = mux * p.fz;
    l.kxk = p.fz * (c.PKX1 + c.PKX2 * dfz) * std::exp(c.PKX3 * dfz) * (1.0 + c.PPX1 * dpi + c.PPX2 * dpi * dpi) *
            c.LKX;
    l.bx = l.kxk / awayFromZero(l.cx * l.dx);
    l.shx = (c.PHX1 + c.PHX2 * dfz) * c.LHX * p.fade;
    l.svx = p.fz * (c.PVX1 + c.PVX2 * dfz) * c.LVX * p.lmuxStar * p.fade;
    const double e = (c.PEX1 + c.PEX2 * dfz + c.PEX3 * dfz * dfz) * c.LEX;
    l.ePositive = std::min(1.0, e * (1.0 - c.PEX4));
    l.eNegative = std::min(1.0, e * (1.0 + c.PEX4));
    const double kappaX = kappa + l.shx;
    const double ex = std::min(1.0, e * (1.0 - c.PEX4 * sgn(kappaX)));
    l.fx0 = l.dx * std::sin(l.cx * curve(l.bx, ex, kappaX)) + l.svx;
    return l;
}

struct Lateral {
    double fy0 = 0.0;
    double muy = 0.0;
    double kya = 0.0; ///< cornering stiffness (ISO sign: negative for a usual tyre)
    double dy = 0.0, cy = 0.0, by = 0.0, shy = 0.0, svy = 0.0;
    double ePositive = 0.0, eNegative = 0.0;
};

// Pure lateral force at the camber measure gamma (gamma* for MF 6.x, gamma_y for MF 5.x):
// a parameter, so that MF 6.x's aligning moment can have Fy0 at zero camber.
Lateral lateral(const TirCoefficients& c, const Point& p, double gamma) {
    Lateral l;
    const double dfz = p.dfz, dpi = p.dpi, fz = p.fz, fz0 = p.fz0;
    const bool mf6 = c.version != TirVersion::Mf5;
    l.cy = c.PCY1 * c.LCY;
    l.muy = (c.PDY1 + c.PDY2 * dfz) * (1.0 + c.PPY3 * dpi + c.PPY4 * dpi * dpi) * (1.0 - c.PDY3 * gamma * gamma) *
            p.lmuyStar;
    l.dy = l.muy * fz;
    double svyGamma = 0.0;
    if (mf6) {
        l.kya = c.PKY1 * fz0 * (1.0 + c.PPY1 * dpi) * (1.0 - c.PKY3 * std::fabs(gamma)) *
                std::sin(c.PKY4 * std::atan((fz / fz0) / ((c.PKY2 + c.PKY5 * gamma * gamma) * (1.0 + c.PPY2 * dpi)))) *
                c.LKY;
        const double kyGamma0 = fz * (c.PKY6 + c.PKY7 * dfz) * (1.0 + c.PPY5 * dpi) * c.LKYC;
        svyGamma = fz * (c.PVY3 + c.PVY4 * dfz) * gamma * c.LKYC * p.lmuyStar;
        l.shy = (c.PHY1 + c.PHY2 * dfz) * c.LHY + (kyGamma0 * gamma - svyGamma) / awayFromZero(l.kya);
    } else {
        l.kya = c.PKY1 * fz0 * (1.0 - c.PKY3 * std::fabs(gamma)) * std::sin(2.0 * std::atan((fz / fz0) / c.PKY2)) *
                c.LKY;
        svyGamma = fz * (c.PVY3 + c.PVY4 * dfz) * gamma * p.lmuyStar;
        l.shy = (c.PHY1 + c.PHY2 * dfz) * c.LHY + c.PHY3 * gamma;
    }
    l.shy *= p.fade;
    l.svy = (fz * (c.PVY1 + c.PVY2 * dfz) * c.LVY * p.lmuyStar + svyGamma) * p.fade;
    const double alphaY = p.alphaStar + l.shy;
    const double e0 = (c.PEY1 + c.PEY2 * dfz) * c.LEY;
    const double camberE = 1.0 + c.PEY5 * gamma * gamma, signE = c.PEY3 + c.PEY4 * gamma;
    l.ePositive = std::min(1.0, e0 * (camberE - signE));
    l.eNegative = std::min(1.0, e0 * (camberE + signE));
    const double ey = std::min(1.0, e0 * (camberE - signE * sgn(alphaY)));
    l.by = l.kya / awayFromZero(l.cy * l.dy);
    l.fy0 = l.dy * std::sin(l.cy * curve(l.by, ey, alphaY)) + l.svy;
    return l;
}

double lateralCamber(const TirCoefficients& c, const Point& p) {
    return c.version == TirVersion::Mf5 ? p.gammaY : p.gammaStar;
}

double gxa(const TirCoefficients& c, const Point& p, double kappa) {
    const double bxa = (c.RBX1 + c.RBX3 * p.gammaStar * p.gammaStar) * cosAtan(c.RBX2 * kappa) * c.LXAL;
    const double exa = std::min(1.0, c.REX1 + c.REX2 * p.dfz);
    return weighting(bxa, c.RCX1, exa, p.alphaStar + c.RHX1, c.RHX1);
}

double gyk(const TirCoefficients& c, const Point& p, double kappa) {
    const double byk = (c.RBY1 + c.RBY4 * p.gammaStar * p.gammaStar) * cosAtan(c.RBY2 * (p.alphaStar - c.RBY3)) *
                       c.LYKA;
    const double eyk = std::min(1.0, c.REY1 + c.REY2 * p.dfz);
    const double shyk = c.RHY1 + c.RHY2 * p.dfz;
    return weighting(byk, c.RCY1, eyk, kappa + shyk, shyk);
}

// The side force the slip ratio induces (camber measure as in lateral()).
double svyk(const TirCoefficients& c, const Point& p, double kappa, double muy) {
    const double dvyk = muy * p.fz * (c.RVY1 + c.RVY2 * p.dfz + c.RVY3 * lateralCamber(c, p)) *
                        cosAtan(c.RVY4 * p.alphaStar);
    return dvyk * std::sin(c.RVY5 * std::atan(c.RVY6 * kappa)) * c.LVYKA * p.fade;
}

// Largest |D shape + SV| over all x: on each side of the curve's centre the shape tends to
// (or reaches) sign(x B C) times its peak for that side's curvature.
double peakOf(double d, double b, double cShape, double ePositive, double eNegative, double sv) {
    const double direction = sgn(b * cShape);
    const double up = d * direction * magicFormulaPeakShape(std::fabs(cShape), ePositive) + sv;
    const double down = -d * direction * magicFormulaPeakShape(std::fabs(cShape), eNegative) + sv;
    return std::max(std::fabs(up), std::fabs(down));
}

// How the two slips share the grip: the MF's weighting functions, or for a file without
// them (or asking for it) the friction ellipse of the point's pure-slip peaks, whose scale
// factor then stands for both weights.
TirCombinedWeights combination(const TirCoefficients& c, const Point& p, double kappa, const Longitudinal& lon,
                               const Lateral& lat) {
    if (!c.frictionEllipse)
        return {gxa(c, p, kappa), gyk(c, p, kappa), svyk(c, p, kappa, lat.muy)};
    const double px = peakOf(lon.dx, lon.bx, lon.cx, lon.ePositive, lon.eNegative, lon.svx);
    const double py = peakOf(lat.dy, lat.by, lat.cy, lat.ePositive, lat.eNegative, lat.svy);
    // A direction whose peak is 0 has no force to share.
    const double ux = px > 0.0 ? lon.fx0 / px : 0.0, uy = py > 0.0 ? lat.fy0 / py : 0.0;
    const double q = ux * ux + uy * uy;
    const double scale = q > 1.0 ? 1.0 / std::sqrt(q) : 1.0;
    return {scale, scale, 0.0};
}

// The aligning moment's pneumatic trail and residual torque, as functions of their slip angles.
struct Aligning {
    double bt = 0.0, ct = 0.0, dt = 0.0, et = 0.0;
    double br = 0.0, dr = 0.0;
    double alphaT = 0.0, alphaR = 0.0; ///< shifted slip angles (tan measure)
    double cosAlpha = 1.0, fade = 1.0;

    double trail(double x) const { return dt * std::cos(ct * curve(bt, et, x)) * cosAlpha * fade; }
    double residual(double x) const { return dr * cosAtan(br * x) * cosAlpha * fade; }
};

Aligning aligning(const TirCoefficients& c, const Point& p, const Lateral& lat) {
    Aligning a;
    const double dfz = p.dfz, gz = p.gammaZ;
    const double r0 = c.UNLOADED_RADIUS;
    a.alphaT = p.alphaStar + c.QHZ1 + c.QHZ2 * dfz + (c.QHZ3 + c.QHZ4 * dfz) * gz;
    a.alphaR = p.alphaStar + lat.shy + lat.svy / awayFromZero(lat.kya);
    a.bt = (c.QBZ1 + c.QBZ2 * dfz + c.QBZ3 * dfz * dfz) * (1.0 + c.QBZ4 * gz + c.QBZ5 * std::fabs(gz)) * c.LKY /
           p.lmuyStar;
    a.ct = c.QCZ1;
    a.dt = p.fz * (r0 / p.fz0) * (c.QDZ1 + c.QDZ2 * dfz) * (1.0 - c.PPZ1 * p.dpi) *
           (1.0 + c.QDZ3 * gz + c.QDZ4 * gz * gz) * c.LTR;
    a.et = std::min(1.0, (c.QEZ1 + c.QEZ2 * dfz + c.QEZ3 * dfz * dfz) *
                             (1.0 + (c.QEZ4 + c.QEZ5 * gz) * (2.0 / units::pi) * std::atan(a.bt * a.ct * a.alphaT)));
    a.br = c.QBZ9 * c.LKY / p.lmuyStar + c.QBZ10 * lat.by * lat.cy;
    const double camberPart =
        c.version == TirVersion::Mf5
            ? (c.QDZ8 + c.QDZ9 * dfz) * gz
            : ((c.QDZ8 + c.QDZ9 * dfz) * (1.0 + c.PPZ2 * p.dpi) + (c.QDZ10 + c.QDZ11 * dfz) * std::fabs(gz)) * gz *
                  c.LKZC;
    a.dr = p.fz * r0 * ((c.QDZ6 + c.QDZ7 * dfz) * c.LRES + camberPart) * p.lmuyStar;
    a.cosAlpha = p.cosAlpha;
    a.fade = p.fade;
    return a;
}

// The lateral force the pneumatic trail acts on, before combined slip: MF 6.x takes it at
// zero camber (camber's moment is in the residual torque), MF 5.x with the camber.
Lateral trailLateral(const TirCoefficients& c, const Point& p, const Lateral& lat) {
    if (c.version == TirVersion::Mf5 || p.gammaStar == 0.0)
        return lat;
    return lateral(c, p, 0.0);
}

double slipSpeed(double kappa, double alpha, double vx) {
    return std::fabs(vx) * std::hypot(kappa, std::tan(alpha));
}

} // namespace

TirModel::TirModel(const TirCoefficients& coefficients, TirMounting mounting) : m_c(coefficients) {
    m_mirrored = (mounting == TirMounting::Left && m_c.side == TyreSide::Right) ||
                 (mounting == TirMounting::Right && m_c.side == TyreSide::Left);
}

TirForces TirModel::forces(double kappa, double alpha, double fz, double camber, double pressure, double vx,
                           bool withMoment) const {
    if (!(fz > 0.0))
        return {};
    const double mirror = m_mirrored ? -1.0 : 1.0;
    alpha *= mirror;
    camber *= mirror;
    const Point p = prepare(m_c, {alpha, fz, camber, pressure, slipSpeed(kappa, alpha, vx), lowSpeedFade(m_c, vx)});
    const Longitudinal lon = longitudinal(m_c, p, kappa);
    const Lateral lat = lateral(m_c, p, lateralCamber(m_c, p));
    const TirCombinedWeights w = combination(m_c, p, kappa, lon, lat);
    const double gk = w.gyk, sv = w.svyk;
    TirForces f;
    f.fx = w.gxa * lon.fx0;
    f.fy = gk * lat.fy0 + sv;
    if (!withMoment) {
        f.fy *= mirror;
        return f;
    }

    // Combined aligning moment: trail and residual torque at the equivalent slip angles,
    // plus the longitudinal force's arm.
    const Aligning a = aligning(m_c, p, lat);
    const double ratio = lon.kxk / awayFromZero(lat.kya);
    const double kk = ratio * ratio * kappa * kappa;
    const double alphaTeq = std::sqrt(a.alphaT * a.alphaT + kk) * sgn(a.alphaT);
    const double alphaReq = std::sqrt(a.alphaR * a.alphaR + kk) * sgn(a.alphaR);
    const double fyTrail = m_c.version == TirVersion::Mf5 ? f.fy - sv : gk * trailLateral(m_c, p, lat).fy0;
    const double arm = m_c.UNLOADED_RADIUS *
                       (m_c.SSZ1 + m_c.SSZ2 * (f.fy / p.fz0) + (m_c.SSZ3 + m_c.SSZ4 * p.dfz) * p.gammaZ) * m_c.LS;
    f.mz = -a.trail(alphaTeq) * fyTrail + a.residual(alphaReq) + arm * f.fx;
    f.fy *= mirror;
    f.mz *= mirror;
    return f;
}

double TirModel::pureFx(double kappa, double fz, double camber, double pressure, double vx) const {
    if (!(fz > 0.0))
        return 0.0;
    camber *= m_mirrored ? -1.0 : 1.0;
    const Point p = prepare(m_c, {0.0, fz, camber, pressure, slipSpeed(kappa, 0.0, vx), lowSpeedFade(m_c, vx)});
    return longitudinal(m_c, p, kappa).fx0;
}

double TirModel::pureFy(double alpha, double fz, double camber, double pressure, double vx) const {
    if (!(fz > 0.0))
        return 0.0;
    const double mirror = m_mirrored ? -1.0 : 1.0;
    const Point p = prepare(m_c, {alpha * mirror, fz, camber * mirror, pressure, slipSpeed(0.0, alpha, vx),
                                  lowSpeedFade(m_c, vx)});
    return mirror * lateral(m_c, p, lateralCamber(m_c, p)).fy0;
}

double TirModel::pureMz(double alpha, double fz, double camber, double pressure, double vx) const {
    if (!(fz > 0.0))
        return 0.0;
    const double mirror = m_mirrored ? -1.0 : 1.0;
    const Point p = prepare(m_c, {alpha * mirror, fz, camber * mirror, pressure, slipSpeed(0.0, alpha, vx),
                                  lowSpeedFade(m_c, vx)});
    const Lateral lat = lateral(m_c, p, lateralCamber(m_c, p));
    const Aligning a = aligning(m_c, p, lat);
    return mirror * (-a.trail(a.alphaT) * trailLateral(m_c, p, lat).fy0 + a.residual(a.alphaR));
}

TirCombinedWeights TirModel::combinedWeights(double kappa, double alpha, double fz, double camber, double pressure,
                                             double vx) const {
    if (!(fz > 0.0))
        return {1.0, 1.0, 0.0};
    const double mirror = m_mirrored ? -1.0 : 1.0;
    alpha *= mirror;
    camber *= mirror;
    const Point p = prepare(m_c, {alpha, fz, camber, pressure, slipSpeed(kappa, alpha, vx), lowSpeedFade(m_c, vx)});
    TirCombinedWeights w =
        combination(m_c, p, kappa, longitudinal(m_c, p, kappa), lateral(m_c, p, lateralCamber(m_c, p)));
    w.svyk *= mirror;
    return w;
}

namespace {

// The characteristics are taken at zero slip speed, above VXLOW.
Point characteristicPoint(const TirCoefficients& c, double fz, double camber, double pressure) {
    return prepare(c, {0.0, fz, camber, pressure, 0.0, 1.0});
}

} // namespace

double TirModel::frictionX(double fz, double camber, double pressure) const {
    if (!(fz > 0.0))
        return 0.0;
    const Point p = characteristicPoint(m_c, fz, camber * (m_mirrored ? -1.0 : 1.0), pressure);
    return std::fabs(longitudinal(m_c, p, 0.0).dx) / fz;
}

double TirModel::frictionY(double fz, double camber, double pressure) const {
    if (!(fz > 0.0))
        return 0.0;
    const Point p = characteristicPoint(m_c, fz, camber * (m_mirrored ? -1.0 : 1.0), pressure);
    return std::fabs(lateral(m_c, p, lateralCamber(m_c, p)).dy) / fz;
}

double TirModel::peakFx(double fz, double camber, double pressure) const {
    if (!(fz > 0.0))
        return 0.0;
    const Point p = characteristicPoint(m_c, fz, camber * (m_mirrored ? -1.0 : 1.0), pressure);
    const Longitudinal l = longitudinal(m_c, p, 0.0);
    return peakOf(l.dx, l.bx, l.cx, l.ePositive, l.eNegative, l.svx);
}

double TirModel::peakFy(double fz, double camber, double pressure) const {
    if (!(fz > 0.0))
        return 0.0;
    const Point p = characteristicPoint(m_c, fz, camber * (m_mirrored ? -1.0 : 1.0), pressure);
    const Lateral l = lateral(m_c, p, lateralCamber(m_c, p));
    return peakOf(l.dy, l.by, l.cy, l.ePositive, l.eNegative, l.svy);
}

double TirModel::slipStiffness(double fz, double pressure) const {
    if (!(fz > 0.0))
        return 0.0;
    return longitudinal(m_c, characteristicPoint(m_c, fz, 0.0, pressure), 0.0).kxk;
}

double TirModel::corneringStiffness(double fz, double camber, double pressure) const {
    if (!(fz > 0.0))
        return 0.0;
    const Point p = characteristicPoint(m_c, fz, camber * (m_mirrored ? -1.0 : 1.0), pressure);
    return -lateral(m_c, p, lateralCamber(m_c, p)).kya;
}

} // namespace vtw
