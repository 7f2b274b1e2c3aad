#include "core/tires/TireModel.h"

#include "core/tires/BrushTire.h"
#include "core/tires/CalspanTire.h"
#include "core/tires/SlipSpeedTire.h"
#include "core/tires/TableTire.h"
#include "core/lanes/CombinedSlip.h"
#include "core/lanes/LinearTire.h"
#include "core/lanes/MagicFormulaTire.h"
#include "core/lanes/Pacejka94Tire.h"

#include <cmath>

// The one place that turns a model kind into forces. evaluateBatch() serves both
// evaluate() (one wheel) and evaluateAxle() (two: the step's path for the models
// WheelTires does not run as four lanes): a switch on the kind, each model's
// inline functions over the batch, no allocation. Peaks that have no closed form are found once, in the constructor,
// by a search on the pure curves.

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

void setSlipForce(const SlipForce& f, double& fx, double& fy) {
    fx = f.longitudinal;
    fy = f.lateral;
}

} // namespace

// The left wheel leans right when its camber is negative.
double tirInclination(double axleCamber, int side) { return side == 0 ? -axleCamber : axleCamber; }

double tirPressure(const TireParams& p) { return p.pressure > 0.0 ? p.pressure : p.tir.coefficients.NOMPRES; }

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
    if (p.model == TireModelKind::Tir) {
        m_tir[0] = std::make_shared<const TirModel>(p.tir.coefficients, TirMounting::Left);
        m_tir[1] = std::make_shared<const TirModel>(p.tir.coefficients, TirMounting::Right);
    }
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
    case TireModelKind::Tir:
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
    TireForce out[1];
    evaluateBatch<1>({in}, out);
    return out[0];
}

void Tire::evaluateAxle(const TireInput (&in)[2], TireForce (&out)[2]) const {
    evaluateBatch<2>(in, out);
}

template <int n> void Tire::evaluateBatch(const TireInput (&in)[n], TireForce (&out)[n]) const {
    // A wheel without load or on a surface without grip makes no force. It still runs
    // through the batch, as an unloaded wheel on grip 1, and is zeroed at the end.
    bool loaded[n];
    double kappa[n], alpha[n], fz[n], grip[n], kappaPeak[n], alphaPeak[n];
    for (int w = 0; w < n; ++w) {
        loaded[w] = in[w].normalLoad > 0.0 && in[w].surfaceMu > 0.0;
        fz[w] = loaded[w] ? in[w].normalLoad : 0.0;
        grip[w] = loaded[w] ? in[w].surfaceMu : 1.0;
        kappa[w] = in[w].slipRatio;
        alpha[w] = in[w].slipAngle;
        // Normalised-slip peaks follow the surface by similarity (the peak slip scales with mu).
        kappaPeak[w] = m_peakSlipRatio * grip[w];
        alphaPeak[w] = m_peakSlipAngle * grip[w];
    }
    const CombinedSlipMethod method = m_params.combinedSlip;
    double fxMax[n], fyMax[n];
    double fx[n]{}, fy[n]{}; // in the slips' signs (SlipForce)
    switch (m_params.model) {
    case TireModelKind::Linear: {
        const LinearTireParams& p = m_params.linear;
        for (int w = 0; w < n; ++w)
            fxMax[w] = fyMax[w] = linearFrictionLimit(p, fz[w], grip[w]);
        combineSlips(method, kappa, alpha, fxMax, fyMax, kappaPeak, alphaPeak,
                     [&](const double (&x)[2 * n], double (&force)[2 * n]) {
                         for (int w = 0; w < n; ++w) {
                             force[w] = linearCappedForce(p.longitudinalStiffness, x[w], fxMax[w]);
                             force[n + w] = linearCappedForce(p.corneringStiffness, x[n + w], fyMax[w]);
                         }
                     },
                     fx, fy);
        break;
    }
    case TireModelKind::Table: {
        const TableTireParams& p = m_params.table;
        for (int w = 0; w < n; ++w) {
            fxMax[w] = grip[w] * fz[w] * m_peakShapeLongitudinal;
            fyMax[w] = grip[w] * fz[w] * m_peakShapeLateral;
        }
        combineSlips(method, kappa, alpha, fxMax, fyMax, kappaPeak, alphaPeak,
                     [&](const double (&x)[2 * n], double (&force)[2 * n]) {
                         for (int w = 0; w < n; ++w) {
                             force[w] = tableLongitudinal(p, x[w], fz[w], grip[w]);
                             force[n + w] = tableLateral(p, x[n + w], fz[w], grip[w]);
                         }
                     },
                     fx, fy);
        break;
    }
    case TireModelKind::MagicFormula: {
        const MagicFormulaParams& p = m_params.magicFormula;
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
            fxMax[w] = magicFormulaPeakForce(grip[w], fz[w], std::fabs(p.longitudinal.D),
                                             m_peakShapeLongitudinal);
            fyMax[w] = magicFormulaPeakForce(grip[w], fz[w], std::fabs(p.lateral.D), m_peakShapeLateral);
        }
        combineSlips(method, kappa, alpha, fxMax, fyMax, kappaPeak, alphaPeak,
                     [&](const double (&x)[2 * n], double (&force)[2 * n]) {
                         magicFormulaPureForces<n, double>(k, fz, grip, x, force);
                     },
                     fx, fy);
        break;
    }
    case TireModelKind::Pacejka94: {
        Pacejka94Curve cx[n], cy[n];
        const bool ellipse = method == CombinedSlipMethod::FrictionEllipse;
        for (int w = 0; w < n; ++w) {
            cx[w] = pacejka94LongitudinalCurve(m_params.pacejka94, fz[w], grip[w]);
            cy[w] = pacejka94LateralCurve(m_params.pacejka94, fz[w], grip[w]);
            fxMax[w] = ellipse ? cx[w].peak() : 0.0;
            fyMax[w] = ellipse ? cy[w].peak() : 0.0;
        }
        combineSlips(method, kappa, alpha, fxMax, fyMax, kappaPeak, alphaPeak,
                     [&](const double (&x)[2 * n], double (&force)[2 * n]) {
                         for (int w = 0; w < n; ++w) {
                             force[w] = pacejka94Longitudinal(cx[w], x[w]);
                             force[n + w] = pacejka94Lateral(cy[w], x[n + w]);
                         }
                     },
                     fx, fy);
        break;
    }
    case TireModelKind::Brush:
        for (int w = 0; w < n; ++w)
            setSlipForce(brushForce(m_params.brush, kappa[w], std::tan(alpha[w]), fz[w], grip[w]),
                         fx[w], fy[w]);
        break;
    case TireModelKind::Calspan:
        for (int w = 0; w < n; ++w) {
            setSlipForce(loaded[w] ? calspanForce(m_params.calspan, kappa[w], alpha[w], fz[w],
                                                  grip[w], in[w].previousFx)
                                   : SlipForce{},
                         fx[w], fy[w]);
        }
        break;
    case TireModelKind::SlipSpeed:
        for (int w = 0; w < n; ++w) {
            setSlipForce(slipSpeedForce(m_params.slipSpeed, kappa[w], std::tan(alpha[w]),
                                        in[w].contactSpeed, fz[w], grip[w]),
                         fx[w], fy[w]);
        }
        break;
    case TireModelKind::Tir:
        // A pair is an axle's left and right wheel; a single wheel is taken as a left one.
        for (int w = 0; w < n; ++w) {
            const TireForce f = loaded[w] ? tirForce(in[w], w) : TireForce{};
            fx[w] = f.fx;
            fy[w] = -f.fy;
        }
        break;
    }
    for (int w = 0; w < n; ++w)
        out[w] = loaded[w] ? TireForce{fx[w], -fy[w]} : TireForce{};
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
        return {magicFormulaPeakForce(grip, fz, std::fabs(m_params.magicFormula.longitudinal.D),
                                      m_peakShapeLongitudinal),
                magicFormulaPeakForce(grip, fz, std::fabs(m_params.magicFormula.lateral.D),
                                      m_peakShapeLateral)};
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
    case TireModelKind::Tir: {
        // The left wheel's peaks, scaled by the grip as the forces are (similarity).
        const TirModel& model = *m_tir[0];
        const double camber = tirInclination(m_params.camber, 0), pressure = tirPressure(m_params);
        return {grip * model.peakFx(fz, camber, pressure), grip * model.peakFy(fz, camber, pressure)};
    }
    }
    return {};
}

TireForce Tire::tirForce(const TireInput& in, int side) const {
    // Surface grip by similarity, as for the simplified magic formula (docs/physics.md 6.3
    // and 14.2): the curves of grip mu are mu times those of grip 1 read at slips 1/mu as
    // large (the slip angle's tangent, the MF's own slip variable, is what scales).
    const double mu = in.surfaceMu;
    const double kappa = in.slipRatio / mu;
    const double alpha = std::atan(std::tan(in.slipAngle) / mu);
    const TirForces f = m_tir[side]->forces(kappa, alpha, in.normalLoad, tirInclination(m_params.camber, side),
                                            tirPressure(m_params), in.contactSpeed, false);
    return {mu * f.fx, mu * f.fy};
}

} // namespace vtw
