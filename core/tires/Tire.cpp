#include "TireModel.h"

#include "BrushTire.h"
#include "CalspanTire.h"
#include "CombinedSlip.h"
#include "LinearTire.h"
#include "MagicFormulaTire.h"
#include "Pacejka94Tire.h"
#include "SlipSpeedTire.h"
#include "TableTire.h"

#include <cmath>

// The one place that turns a model kind into forces. evaluate() is the hot path:
// a switch on the kind, each model's inline functions, no allocation. Peaks that
// have no closed form are found once, in the constructor, by a search on the
// pure curves.

namespace vtw {

namespace {

constexpr double maxSearchSlipRatio = 1.0;  // braking side, locked wheel
constexpr double maxSearchSlipAngle = 1.4;  // rad, about 80 deg: tan stays finite
constexpr double saturationFraction = 0.95; // "peak" of a curve without a maximum
constexpr double searchContactSpeed = 10.0; // m/s, slip-speed model's peak search

struct Peak {
    double slip = 0.0;  ///< where the force peaks (or reaches 95 % of its sliding value)
    double force = 0.0; ///< the largest force found, N
};

// Peak of a non-negative curve f on [0, xMax]: a grid scan, then a golden-section
// refinement around the best grid point. A curve still rising at xMax saturates
// rather than peaks; its characteristic slip is where it first reaches 95 % of
// the force at xMax.
template <class Curve> Peak findPeak(Curve f, double xMax) {
    constexpr int n = 200;
    const double step = xMax / n;
    int best = 0;
    double bestForce = f(0.0);
    for (int i = 1; i <= n; ++i) {
        const double v = f(i * step);
        if (v > bestForce) {
            best = i;
            bestForce = v;
        }
    }
    if (best == n) {
        const double target = saturationFraction * bestForce;
        int i = 1;
        while (i < n && f(i * step) < target)
            ++i;
        double lo = (i - 1) * step;
        double hi = i * step;
        for (int k = 0; k < 60; ++k) {
            const double mid = 0.5 * (lo + hi);
            (f(mid) < target ? lo : hi) = mid;
        }
        return {hi, bestForce};
    }
    if (best == 0)
        return {0.0, bestForce};
    constexpr double invPhi = 0.6180339887498949;
    double a = (best - 1) * step;
    double b = (best + 1) * step;
    double c = b - invPhi * (b - a);
    double d = a + invPhi * (b - a);
    double fc = f(c);
    double fd = f(d);
    for (int k = 0; k < 80 && b - a > 1e-12 * xMax; ++k) {
        if (fc > fd) {
            b = d;
            d = c;
            fd = fc;
            c = b - invPhi * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + invPhi * (b - a);
            fd = f(d);
        }
    }
    const double x = 0.5 * (a + b);
    return {x, std::max(bestForce, f(x))};
}

template <class PureLongitudinal, class PureLateral>
SlipForce combine(CombinedSlipMethod method, double kappa, double alpha, double fxMax, double fyMax,
                  double kappaPeak, double alphaPeak, PureLongitudinal fx0, PureLateral fy0) {
    switch (method) {
    case CombinedSlipMethod::FrictionEllipse:
        return combineByFrictionEllipse(kappa, alpha, fxMax, fyMax, fx0, fy0);
    case CombinedSlipMethod::NormalisedSlip:
        return combineByNormalisedSlip(kappa, alpha, kappaPeak, alphaPeak, fx0, fy0);
    }
    return {};
}

Peak calspanLongitudinalPeak(const CalspanParams& p, double load, double grip) {
    return findPeak(
        [&](double s) { return std::fabs(calspanForce(p, -s, 0.0, load, grip, 0.0).longitudinal); },
        maxSearchSlipRatio);
}

Peak calspanLateralPeak(const CalspanParams& p, double load, double grip) {
    return findPeak(
        [&](double a) { return std::fabs(calspanForce(p, 0.0, a, load, grip, 0.0).lateral); },
        maxSearchSlipAngle);
}

} // namespace

Tire::Tire(const TireParams& params) : m_params(params) {
    const TireParams& p = m_params;
    constexpr double load = referenceLoad;
    auto pureForce = [this](double kappa, double alpha) {
        TireInput in;
        in.slipRatio = kappa;
        in.slipAngle = alpha;
        in.normalLoad = load;
        in.contactSpeed = searchContactSpeed;
        return evaluate(in);
    };
    // Each model's pure peaks; the normalised-slip combination is not used at pure slip,
    // so these searches only see the pure curves.
    auto searchPeaks = [&] {
        m_peakSlipRatio =
            findPeak([&](double s) { return std::fabs(pureForce(-s, 0.0).fx); }, maxSearchSlipRatio)
                .slip;
        m_peakSlipAngle =
            findPeak([&](double a) { return std::fabs(pureForce(0.0, a).fy); }, maxSearchSlipAngle)
                .slip;
    };
    switch (p.model) {
    case TireModelKind::Linear: {
        const double cap = linearFrictionLimit(p.linear, load, 1.0);
        m_peakSlipRatio = cap / p.linear.longitudinalStiffness;
        m_peakSlipAngle = cap / p.linear.corneringStiffness;
        break;
    }
    case TireModelKind::Table:
        m_peakShapeLongitudinal = p.table.longitudinal.maxY();
        m_peakShapeLateral = p.table.lateral.maxY();
        m_peakSlipRatio = p.table.longitudinal.peak().x;
        m_peakSlipAngle = p.table.lateral.peak().x;
        break;
    case TireModelKind::MagicFormula:
        m_peakShapeLongitudinal =
            magicFormulaPeakShape(p.magicFormula.longitudinal.C, p.magicFormula.longitudinal.E);
        m_peakShapeLateral =
            magicFormulaPeakShape(p.magicFormula.lateral.C, p.magicFormula.lateral.E);
        searchPeaks();
        break;
    case TireModelKind::Pacejka94:
    case TireModelKind::Brush:
    case TireModelKind::Calspan:
    case TireModelKind::SlipSpeed:
        searchPeaks();
        break;
    }
    // A degenerate curve (all zero, or peaking at zero slip) has no peak to normalise by;
    // keep a positive slip so the normalised-slip method stays defined.
    constexpr double fallbackPeakSlip = 0.1;
    if (!(m_peakSlipRatio > 0.0))
        m_peakSlipRatio = fallbackPeakSlip;
    if (!(m_peakSlipAngle > 0.0))
        m_peakSlipAngle = fallbackPeakSlip;
}

TireForce Tire::evaluate(const TireInput& in) const {
    const double fz = in.normalLoad;
    const double grip = in.surfaceMu;
    if (!(fz > 0.0) || !(grip > 0.0))
        return {};
    const double kappa = in.slipRatio;
    const double alpha = in.slipAngle;
    // Normalised-slip peaks follow the surface by similarity (the peak slip scales with mu).
    const double kappaPeak = m_peakSlipRatio * grip;
    const double alphaPeak = m_peakSlipAngle * grip;
    const CombinedSlipMethod method = m_params.combinedSlip;
    SlipForce f;
    switch (m_params.model) {
    case TireModelKind::Linear: {
        const LinearTireParams& p = m_params.linear;
        const double cap = linearFrictionLimit(p, fz, grip);
        f = combine(
            method, kappa, alpha, cap, cap, kappaPeak, alphaPeak,
            [&](double k) { return linearLongitudinal(p, k, fz, grip); },
            [&](double a) { return linearLateral(p, a, fz, grip); });
        break;
    }
    case TireModelKind::Table: {
        const TableTireParams& p = m_params.table;
        f = combine(
            method, kappa, alpha, grip * fz * m_peakShapeLongitudinal,
            grip * fz * m_peakShapeLateral, kappaPeak, alphaPeak,
            [&](double k) { return tableLongitudinal(p, k, fz, grip); },
            [&](double a) { return tableLateral(p, a, fz, grip); });
        break;
    }
    case TireModelKind::MagicFormula: {
        const MagicFormulaParams& p = m_params.magicFormula;
        f = combine(
            method, kappa, alpha, grip * fz * std::fabs(p.longitudinal.D) * m_peakShapeLongitudinal,
            grip * fz * std::fabs(p.lateral.D) * m_peakShapeLateral, kappaPeak, alphaPeak,
            [&](double k) { return magicFormulaLongitudinal(p, k, fz, grip); },
            [&](double a) { return magicFormulaLateral(p, a, fz, grip); });
        break;
    }
    case TireModelKind::Pacejka94: {
        const Pacejka94Curve cx = pacejka94LongitudinalCurve(m_params.pacejka94, fz, grip);
        const Pacejka94Curve cy = pacejka94LateralCurve(m_params.pacejka94, fz, grip);
        const bool ellipse = method == CombinedSlipMethod::FrictionEllipse;
        f = combine(
            method, kappa, alpha, ellipse ? cx.peak() : 0.0, ellipse ? cy.peak() : 0.0, kappaPeak,
            alphaPeak, [&](double k) { return pacejka94Longitudinal(cx, k); },
            [&](double a) { return pacejka94Lateral(cy, a); });
        break;
    }
    case TireModelKind::Brush:
        f = brushForce(m_params.brush, kappa, std::tan(alpha), fz, grip);
        break;
    case TireModelKind::Calspan:
        f = calspanForce(m_params.calspan, kappa, alpha, fz, grip, in.previousFx);
        break;
    case TireModelKind::SlipSpeed:
        f = slipSpeedForce(m_params.slipSpeed, kappa, std::tan(alpha), in.contactSpeed, fz, grip);
        break;
    }
    return {f.longitudinal, -f.lateral};
}

FrictionLimits Tire::limits(double normalLoad, double surfaceMu) const {
    const double fz = normalLoad;
    const double grip = surfaceMu;
    if (!(fz > 0.0) || !(grip > 0.0))
        return {};
    switch (m_params.model) {
    case TireModelKind::Linear: {
        const double cap = linearFrictionLimit(m_params.linear, fz, grip);
        return {cap, cap};
    }
    case TireModelKind::Table:
        return {grip * fz * m_peakShapeLongitudinal, grip * fz * m_peakShapeLateral};
    case TireModelKind::MagicFormula:
        return {grip * fz * std::fabs(m_params.magicFormula.longitudinal.D) *
                    m_peakShapeLongitudinal,
                grip * fz * std::fabs(m_params.magicFormula.lateral.D) * m_peakShapeLateral};
    case TireModelKind::Pacejka94:
        return {pacejka94LongitudinalCurve(m_params.pacejka94, fz, grip).peak(),
                pacejka94LateralCurve(m_params.pacejka94, fz, grip).peak()};
    case TireModelKind::Brush: {
        const double friction = m_params.brush.frictionCoefficient * grip * fz;
        return {friction, friction};
    }
    case TireModelKind::Calspan:
        return {calspanLongitudinalPeak(m_params.calspan, fz, grip).force,
                calspanLateralPeak(m_params.calspan, fz, grip).force};
    case TireModelKind::SlipSpeed: {
        const double friction = m_params.slipSpeed.frictionCoefficient * grip * fz;
        return {friction, friction};
    }
    }
    return {};
}

} // namespace vtw
