#include "core/lanes/Pacejka94Tire.h"

#include "core/base/Units.h"

namespace vtw {

namespace {

// Finish a curve: B = BCD / (C D) before the surface scaling, then the similarity
// scaling of the surface grip (see the header).
Pacejka94Curve finish(Pacejka94Curve c, double bcd, double grip) {
    const double cd = c.C * c.D;
    c.B = cd != 0.0 ? bcd / cd : 0.0;
    c.D *= grip;
    c.V *= grip;
    c.H *= grip;
    c.B = grip > 0.0 ? c.B / grip : 0.0;
    return c;
}

} // namespace

Pacejka94Curve pacejka94LongitudinalCurve(const Pacejka94Params& p, double normalLoad,
                                          double grip) {
    const auto& b = p.b;
    const double fz = normalLoad / 1000.0; // kN
    Pacejka94Curve c;
    c.C = b[0];
    c.D = fz * (b[1] * fz + b[2]);
    const double bcd = (b[3] * fz * fz + b[4] * fz) * std::exp(-b[5] * fz);
    c.H = b[9] * fz + b[10];
    c.V = b[11] * fz + b[12];
    c.E0 = b[6] * fz * fz + b[7] * fz + b[8];
    c.Esign = b[13];
    return finish(c, bcd, grip);
}

Pacejka94Curve pacejka94LateralCurve(const Pacejka94Params& p, double normalLoad, double grip) {
    const auto& a = p.a;
    const double fz = normalLoad / 1000.0;          // kN
    const double gamma = units::radToDeg(p.camber); // deg
    Pacejka94Curve c;
    c.C = a[0];
    c.D = fz * (a[1] * fz + a[2]) * (1.0 - a[15] * gamma * gamma);
    const double bcd =
        a[3] * std::sin(2.0 * std::atan(fz / a[4])) * (1.0 - a[5] * std::fabs(gamma));
    c.H = a[8] * fz + a[9] + a[10] * gamma;
    c.V = a[11] * fz + a[12] + (a[13] * fz + a[14]) * gamma * fz;
    c.E0 = a[6] * fz + a[7];
    c.Esign = a[16] * gamma + a[17];
    return finish(c, bcd, grip);
}

} // namespace vtw
