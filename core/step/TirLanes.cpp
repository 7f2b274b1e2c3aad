#include "core/step/TirLanes.h"

#include "core/tires/TireModel.h"

#include <cmath>
#include <cstddef>
#include <cstring>

namespace vtw {

namespace {

// The constants of one wheel, as TirModel's prepare(), longitudinal(), lateral() and
// combination() (MagicFormulaTir.cpp) compute them from the coefficients, the inclination
// and the pressure.
using WheelConstants = TirLaneConstants<double>;

// The members as arrays: TirLaneConstants holds nothing else.
constexpr std::size_t memberCount = sizeof(WheelConstants) / sizeof(double);
static_assert(sizeof(WheelConstants) == memberCount * sizeof(double), "doubles only, no padding");
static_assert(sizeof(TirLaneConstants<Quad>) == memberCount * sizeof(Quad), "Quads only, no padding");

// magicFormulaPeakShape(|C|, E) for the two kinds of curvature a lane can have: E < 1
// (any value below 1 gives the same) and E = 1.
void peakShapes(double C, double (&out)[2]) {
    out[0] = magicFormulaPeakShape(std::fabs(C), 0.0);
    out[1] = magicFormulaPeakShape(std::fabs(C), 1.0);
}

// `gamma`: the ISO inclination as TirModel applies it (mirrored already); `envelopeGamma`:
// the left wheel's, which Tire::limits takes for both wheels of the axle.
WheelConstants wheelConstants(const TirCoefficients& c, bool mirrored, double gamma, double envelopeGamma,
                              double pressure) {
    WheelConstants w{};
    const bool mf6 = c.version != TirVersion::Mf5;
    const double dpi = (mf6 && c.NOMPRES > 0.0) ? (pressure - c.NOMPRES) / c.NOMPRES : 0.0;
    const double gammaStar = std::sin(gamma);
    const double gammaX = mf6 ? gammaStar : gammaStar * c.LGAX;
    // Lateral camber measure (TirModel's lateralCamber): gamma* for MF 6.x, gamma_y for MF 5.x.
    auto lateralGamma = [&](double inclination) { return mf6 ? std::sin(inclination) : std::sin(inclination) * c.LGAY; };
    const double gammaY = lateralGamma(gamma), gammaYEnvelope = lateralGamma(envelopeGamma);

    w.fz0 = c.FNOMIN * c.LFZO;
    w.inverseFz0 = 1.0 / w.fz0;
    w.mirror = mirrored ? -1.0 : 1.0;
    w.vxLow = c.VXLOW > 0.0 ? c.VXLOW : 0.0;
    w.lmuvPerSpeed = (mf6 && c.LONGVL > 0.0) ? c.LMUV / c.LONGVL : 0.0;
    w.lmux = c.LMUX;
    w.lmuy = c.LMUY;

    w.cx = c.PCX1 * c.LCX;
    const double muxFactor = (1.0 + c.PPX3 * dpi + c.PPX4 * dpi * dpi) * (1.0 - c.PDX3 * gammaX * gammaX);
    w.mux0 = c.PDX1 * muxFactor;
    w.mux1 = c.PDX2 * muxFactor;
    const double kxFactor = (1.0 + c.PPX1 * dpi + c.PPX2 * dpi * dpi) * c.LKX;
    w.kx0 = c.PKX1 * kxFactor;
    w.kx1 = c.PKX2 * kxFactor;
    w.pkx3 = c.PKX3;
    w.shx0 = c.PHX1 * c.LHX;
    w.shx1 = c.PHX2 * c.LHX;
    w.svx0 = c.PVX1 * c.LVX;
    w.svx1 = c.PVX2 * c.LVX;
    w.ex0 = c.PEX1 * c.LEX;
    w.ex1 = c.PEX2 * c.LEX;
    w.ex2 = c.PEX3 * c.LEX;
    w.pex4 = c.PEX4;
    peakShapes(w.cx, w.peakShapeX);

    w.cy = c.PCY1 * c.LCY;
    const double muyFactor = (1.0 + c.PPY3 * dpi + c.PPY4 * dpi * dpi) * (1.0 - c.PDY3 * gammaY * gammaY);
    w.muy0 = c.PDY1 * muyFactor;
    w.muy1 = c.PDY2 * muyFactor;
    if (mf6) {
        w.kyScale = c.PKY1 * w.fz0 * (1.0 + c.PPY1 * dpi) * (1.0 - c.PKY3 * std::fabs(gammaY)) * c.LKY;
        w.kyShape = c.PKY4;
        w.kyInverseLoad = 1.0 / ((c.PKY2 + c.PKY5 * gammaY * gammaY) * (1.0 + c.PPY2 * dpi));
        const double kyGammaFactor = (1.0 + c.PPY5 * dpi) * c.LKYC * gammaY;
        w.kyGamma0 = c.PKY6 * kyGammaFactor;
        w.kyGamma1 = c.PKY7 * kyGammaFactor;
        w.svyGamma0 = c.PVY3 * gammaY * c.LKYC;
        w.svyGamma1 = c.PVY4 * gammaY * c.LKYC;
        w.svyGammaEnvelope0 = c.PVY3 * gammaYEnvelope * c.LKYC;
        w.svyGammaEnvelope1 = c.PVY4 * gammaYEnvelope * c.LKYC;
        w.mf6 = 1.0;
    } else {
        w.kyScale = c.PKY1 * w.fz0 * (1.0 - c.PKY3 * std::fabs(gammaY)) * c.LKY;
        w.kyShape = 2.0;
        w.kyInverseLoad = 1.0 / c.PKY2;
        w.svyGamma0 = c.PVY3 * gammaY;
        w.svyGamma1 = c.PVY4 * gammaY;
        w.svyGammaEnvelope0 = c.PVY3 * gammaYEnvelope;
        w.svyGammaEnvelope1 = c.PVY4 * gammaYEnvelope;
        w.shyCamber = c.PHY3 * gammaY;
    }
    w.shy0 = c.PHY1 * c.LHY;
    w.shy1 = c.PHY2 * c.LHY;
    w.svy0 = c.PVY1 * c.LVY;
    w.svy1 = c.PVY2 * c.LVY;
    w.ey0 = c.PEY1 * c.LEY;
    w.ey1 = c.PEY2 * c.LEY;
    w.eyCamber = 1.0 + c.PEY5 * gammaY * gammaY;
    w.eySign = c.PEY3 + c.PEY4 * gammaY;
    w.eySignEnvelope = c.PEY3 + c.PEY4 * gammaYEnvelope;
    peakShapes(w.cy, w.peakShapeY);

    w.ellipse = c.frictionEllipse ? 1.0 : 0.0;
    w.bxa0 = (c.RBX1 + c.RBX3 * gammaStar * gammaStar) * c.LXAL;
    w.rbx2 = c.RBX2;
    w.rcx1 = c.RCX1;
    w.rex1 = c.REX1;
    w.rex2 = c.REX2;
    w.rhx1 = c.RHX1;
    w.byk0 = (c.RBY1 + c.RBY4 * gammaStar * gammaStar) * c.LYKA;
    w.rby2 = c.RBY2;
    w.rby3 = c.RBY3;
    w.rcy1 = c.RCY1;
    w.rey1 = c.REY1;
    w.rey2 = c.REY2;
    w.rhy1 = c.RHY1;
    w.rhy2 = c.RHY2;
    w.rvy0 = c.RVY1 + c.RVY3 * gammaY;
    w.rvy2 = c.RVY2;
    w.rvy4 = c.RVY4;
    w.rvy5 = c.RVY5;
    w.rvy6 = c.RVY6;
    w.lvyka = c.LVYKA;
    return w;
}

} // namespace

void prepareTirLanes(const Tire& front, const Tire& rear, TirLanes& out) {
    WheelConstants wheels[4];
    for (int i = 0; i < 4; ++i) {
        const Tire& tire = i < 2 ? front : rear;
        const int side = i % 2;
        const TirModel& model = tire.tirModel(side);
        const double camber = tire.params().camber;
        const double mirror = model.mirrored() ? -1.0 : 1.0;
        const double leftMirror = tire.tirModel(0).mirrored() ? -1.0 : 1.0;
        wheels[i] = wheelConstants(model.coefficients(), model.mirrored(), mirror * tirInclination(camber, side),
                                   leftMirror * tirInclination(camber, 0), tirPressure(tire.params()));
    }
    double members[4][memberCount];
    for (int w = 0; w < 4; ++w)
        std::memcpy(members[w], &wheels[w], sizeof(WheelConstants));
    Quad lanes[memberCount];
    for (std::size_t i = 0; i < memberCount; ++i)
        lanes[i] = Quad{members[0][i], members[1][i], members[2][i], members[3][i]};
    TirLaneConstants<Quad> constants;
    std::memcpy(&constants, lanes, sizeof lanes);
    TirLanes& k = out;
    static_cast<TirLaneConstants<Quad>&>(k) = constants;

    k.anyWeighting = k.anyEllipse = k.anyMf6 = k.anySpeedFriction = false;
    k.anyWeightShift = k.anyInducedSideForce = false;
    k.allKyShapeTwo = true;
    for (const WheelConstants& w : wheels) {
        const bool weighted = w.ellipse == 0.0;
        k.anyWeighting |= weighted;
        k.anyEllipse |= !weighted;
        k.anyMf6 |= w.mf6 != 0.0;
        k.anySpeedFriction |= w.lmuvPerSpeed != 0.0;
        k.allKyShapeTwo &= w.kyShape == 2.0;
        k.anyWeightShift |= weighted && (w.rhx1 != 0.0 || w.rhy1 != 0.0 || w.rhy2 != 0.0);
        k.anyInducedSideForce |= weighted && w.lvyka != 0.0 && (w.rvy0 != 0.0 || w.rvy2 != 0.0);
    }
}

} // namespace vtw
