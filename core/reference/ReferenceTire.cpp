#include "core/reference/ReferenceTire.h"

#include "core/lanes/LinearTire.h"
#include "core/lanes/MagicFormulaTire.h"
#include "core/lanes/Pacejka94Tire.h"
#include "core/tires/models/Table.h"
#include "core/tires/TireModels.h"

#include <cmath>

namespace vtw::reference {

double exactMagicFormulaShape(double B, double C, double E, double x) {
    const double bx = B * x;
    const double y = bx - E * (bx - std::atan(bx));
    return std::sin(C * std::atan(y));
}

namespace {

// Magic formula with the similarity method for the surface (docs/physics.md 6.3):
// F_mu(x) = mu F_1(x / mu), so B is divided by mu and the peak D Fz multiplied by it.
double exactMagicFormulaForce(const MagicFormulaCoefficients& k, double x, double load, double grip) {
    return grip * load * k.D * exactMagicFormulaShape(k.B / grip, k.C, k.E, x);
}

// Pacejka '94 at one load (docs/physics.md 6.4): the curve's factors come from
// Pacejka94Curve (std::exp, std::sin, std::atan of the load), the formula itself is
// evaluated here with std::atan and std::sin, in the curve's native slip unit.
double exactPacejka94(const Pacejka94Curve& c, double x) {
    const double x1 = x + c.H;
    const double sign = x1 > 0.0 ? 1.0 : (x1 < 0.0 ? -1.0 : 0.0);
    const double E = c.E0 * (1.0 - c.Esign * sign);
    const double bx = c.B * x1;
    return c.D * std::sin(c.C * std::atan(bx - E * (bx - std::atan(bx)))) + c.V;
}

constexpr double percentPerUnitSlip = 100.0;             // '94 longitudinal slip is in percent
constexpr double degreesPerRadian = 57.295779513082320876798; // '94 slip angle is in degrees

} // namespace

ReferenceTire::ReferenceTire(const TireParams& params) : m_params(params), m_tire(params) {
    switch (params.model) {
    case TireModelKind::MagicFormula:
        m_peakShapeLongitudinal =
            magicFormulaPeakShape(params.magicFormula.longitudinal.C, params.magicFormula.longitudinal.E);
        m_peakShapeLateral =
            magicFormulaPeakShape(params.magicFormula.lateral.C, params.magicFormula.lateral.E);
        break;
    case TireModelKind::Table:
        m_peakShapeLongitudinal = params.table.longitudinal.maxY();
        m_peakShapeLateral = params.table.lateral.maxY();
        break;
    case TireModelKind::Linear:
    case TireModelKind::Pacejka94: // closed-form limits, no stored peak
    case TireModelKind::Brush:
    case TireModelKind::Calspan:
    case TireModelKind::SlipSpeed:
    case TireModelKind::Tir: // combined-slip models: Tire gives their forces and limits
        break;
    }
}

bool ReferenceTire::hasPureCurves() const {
    const auto* model = findOption(m_params.model);
    return model && model->pureSlip;
}

double ReferenceTire::pureLongitudinal(double kappa, double load, double grip) const {
    switch (m_params.model) {
    case TireModelKind::Linear: return linearLongitudinal(m_params.linear, kappa, load, grip);
    case TireModelKind::Table: return tableLongitudinal(m_params.table, kappa, load, grip);
    case TireModelKind::MagicFormula:
        return exactMagicFormulaForce(m_params.magicFormula.longitudinal, kappa, load, grip);
    case TireModelKind::Pacejka94:
        return exactPacejka94(pacejka94LongitudinalCurve(m_params.pacejka94, load, grip),
                              percentPerUnitSlip * kappa);
    case TireModelKind::Brush:
    case TireModelKind::Calspan:
    case TireModelKind::SlipSpeed:
    case TireModelKind::Tir: break; // no pure curves: evaluate() asks Tire
    }
    return 0.0;
}

double ReferenceTire::pureLateral(double alpha, double load, double grip) const {
    switch (m_params.model) {
    case TireModelKind::Linear: return linearLateral(m_params.linear, alpha, load, grip);
    case TireModelKind::Table: return tableLateral(m_params.table, alpha, load, grip);
    case TireModelKind::MagicFormula:
        return exactMagicFormulaForce(m_params.magicFormula.lateral, alpha, load, grip);
    case TireModelKind::Pacejka94:
        return exactPacejka94(pacejka94LateralCurve(m_params.pacejka94, load, grip),
                              degreesPerRadian * alpha);
    case TireModelKind::Brush:
    case TireModelKind::Calspan:
    case TireModelKind::SlipSpeed:
    case TireModelKind::Tir: break; // no pure curves: evaluate() asks Tire
    }
    return 0.0;
}

double ReferenceTire::longitudinalLimit(double load, double grip) const {
    switch (m_params.model) {
    case TireModelKind::Linear: return linearFrictionLimit(m_params.linear, load, grip);
    case TireModelKind::Table: return grip * load * m_peakShapeLongitudinal;
    case TireModelKind::MagicFormula:
        return grip * load * std::fabs(m_params.magicFormula.longitudinal.D) * m_peakShapeLongitudinal;
    case TireModelKind::Pacejka94: return pacejka94LongitudinalCurve(m_params.pacejka94, load, grip).peak();
    case TireModelKind::Brush:
    case TireModelKind::Calspan:
    case TireModelKind::SlipSpeed:
    case TireModelKind::Tir: break;
    }
    return m_tire.limits(load, grip).fxMax; // the combined-slip models' own limits
}

double ReferenceTire::lateralLimit(double load, double grip) const {
    switch (m_params.model) {
    case TireModelKind::Linear: return linearFrictionLimit(m_params.linear, load, grip);
    case TireModelKind::Table: return grip * load * m_peakShapeLateral;
    case TireModelKind::MagicFormula:
        return grip * load * std::fabs(m_params.magicFormula.lateral.D) * m_peakShapeLateral;
    case TireModelKind::Pacejka94: return pacejka94LateralCurve(m_params.pacejka94, load, grip).peak();
    case TireModelKind::Brush:
    case TireModelKind::Calspan:
    case TireModelKind::SlipSpeed:
    case TireModelKind::Tir: break;
    }
    return m_tire.limits(load, grip).fyMax; // the combined-slip models' own limits
}

TireForce ReferenceTire::evaluate(const TireInput& in) const {
    // A wheel without load, or on a surface without grip, makes no force (docs/physics.md 2).
    if (!(in.normalLoad > 0.0) || !(in.surfaceMu > 0.0))
        return {};
    if (!hasPureCurves())
        return m_tire.evaluate(in); // brush, Calspan, slip-speed: their own combined-slip laws
    const double load = in.normalLoad, grip = in.surfaceMu;
    const double kappa = in.slipRatio, alpha = in.slipAngle;
    double fx = 0.0, fy = 0.0; // in the slips' signs; Fy is turned against the slip angle at the end

    switch (m_params.combinedSlip) {
    case CombinedSlipMethod::FrictionEllipse: {
        // docs/physics.md 6.8: both pure forces, then q = (Fx0/Fx_max)^2 + (Fy0/Fy_max)^2;
        // outside the ellipse (q > 1) both are scaled by 1/sqrt(q).
        const double fxMax = longitudinalLimit(load, grip);
        const double fyMax = lateralLimit(load, grip);
        if (!(fxMax > 0.0) || !(fyMax > 0.0))
            return {};
        fx = pureLongitudinal(kappa, load, grip);
        fy = pureLateral(alpha, load, grip);
        const double q = (fx / fxMax) * (fx / fxMax) + (fy / fyMax) * (fy / fyMax);
        if (q > 1.0) {
            const double scale = 1.0 / std::sqrt(q);
            fx *= scale;
            fy *= scale;
        }
        break;
    }
    case CombinedSlipMethod::NormalisedSlip: {
        // docs/physics.md 6.8: each slip in units of its peak slip (the peak slips scale
        // with the surface grip, as the similarity method moves the peak), rho the length
        // of the normalised slip, each pure curve read at rho peaks and shared along the slip.
        const double kappaPeak = m_tire.peakSlipRatio() * grip;
        const double alphaPeak = m_tire.peakSlipAngle() * grip;
        const double sn = kappa / kappaPeak;
        const double an = alpha / alphaPeak;
        const double rho = std::sqrt(sn * sn + an * an);
        if (rho == 0.0)
            return {};
        if (an == 0.0) { // pure longitudinal slip: the pure curve itself
            fx = pureLongitudinal(kappa, load, grip);
        } else if (sn == 0.0) { // pure lateral slip
            fy = pureLateral(alpha, load, grip);
        } else {
            fx = sn / rho * pureLongitudinal(rho * kappaPeak, load, grip);
            fy = an / rho * pureLateral(rho * alphaPeak, load, grip);
        }
        break;
    }
    }
    return {fx, -fy};
}

} // namespace vtw::reference
