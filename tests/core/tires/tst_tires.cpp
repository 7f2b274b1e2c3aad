#include "core/base/Units.h"
#include "core/lanes/FastMath.h"
#include "core/step/WheelTires.h"
#include "core/tires/models/Brush.h"
#include "core/tires/CalspanPresets.h"
#include "core/tires/SurfacePresets.h"
#include "core/tires/TirFromMagicFormula.h"
#include "core/tires/TireModel.h"
#include "core/tires/TireModels.h"
#include "core/tires/TireSweep.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cstring>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

// Tire model tests. Every expected number is derived in this file from the
// model's definition in docs/physics.md 6 (section named at each use), from the
// explicit parameters of testParams(), never from the implementation's output.

using namespace vtw;

Q_DECLARE_METATYPE(vtw::TireParams)
Q_DECLARE_METATYPE(vtw::TireModelKind)

namespace {

constexpr double pi = 3.14159265358979323846;
constexpr double lbToN = units::newtonsPerPound; // 1 lbf in N
constexpr double load = 4000.0;                  // N, the default test load
constexpr double contactSpeed = 10.0;            // m/s, for the slip-speed model
constexpr double deg = pi / 180.0;

// Tolerances, named by what they absorb.
constexpr double roundingTolerance = 1e-9; // relative: double rounding through a few formulas
constexpr double slopeTolerance = 1e-4;    // relative: central difference at h (second-order terms)
constexpr double slopeStep = 1e-6;         // h of the central difference (slip ratio, rad)
constexpr double sweepPeakTolerance = 1e-6; // relative: a dense sweep's max vs the true peak
constexpr double fastMathTolerance = 1e-9;  // relative: FastMath.h against libm

// Every registered model and combination rule (tires/TireModels.h), in their order.
constexpr auto allModels = [] {
    std::array<TireModelKind, tireModels.size()> out{};
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = tireModels[i].value;
    return out;
}();
constexpr auto allMethods = [] {
    std::array<CombinedSlipMethod, combinedSlipOptions.size()> out{};
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = combinedSlipOptions[i].value;
    return out;
}();

// Row names: the file keys.
const char* modelName(TireModelKind k) {
    return tireModel(k).key.data();
}

const char* methodName(CombinedSlipMethod m) {
    return findOption(m)->key.data();
}

bool isPureSlipModel(TireModelKind k) {
    return tireModel(k).pureSlip;
}

// Table 1, 155SR13 column (docs/physics.md 6.6), written out here rather than taken from the
// preset so the preset can be checked against it.
CalspanParams table1Tire155SR13() {
    CalspanParams c;
    c.treadWidth_in = 6.0;
    c.inflationPressure_psi = 24.0;
    c.ratedLoad_lb = 810.0;
    c.C1 = 1.0, c.C2 = 0.34, c.C3 = 0.57, c.C4 = 0.32;
    c.A0 = 914.02, c.A1 = 12.9, c.A2 = 2028.24;
    c.Ka = 0.05;
    c.CSFZ = 18.7;
    c.mu0 = 0.85;
    c.Kmu = 0.124;
    return c;
}

// Explicit parameters for every model, chosen apart from the code's defaults so the
// expected numbers below can be read off them.
TireParams testParams(TireModelKind kind,
                      CombinedSlipMethod method = CombinedSlipMethod::FrictionEllipse) {
    TireParams p;
    p.model = kind;
    p.combinedSlip = method;
    p.linear = {80000.0, 100000.0, 0.9}; // Ct N, Ca N/rad, mu
    p.table.longitudinal = Curve{{0.0, 0.0}, {0.05, 0.9}, {0.1, 1.1}, {0.4, 0.9}, {1.0, 0.8}};
    p.table.lateral = Curve{{0.0, 0.0}, {0.04, 0.8}, {0.1, 1.05}, {0.5, 0.85}, {1.5, 0.8}};
    p.magicFormula.longitudinal = {12.0, 1.9, 1.2, 0.0}; // B C D E
    p.magicFormula.lateral = {8.0, 1.3, 0.95, -0.5};
    // The example set of Edy's guide (docs/physics.md 6.4), no shifts, no camber.
    p.pacejka94.b = {1.5, 0.0, 1100.0, 0.0, 300.0, 0.0, 0.0, 0.0, -2.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    p.pacejka94.a = {1.4, 0.0, 1100.0, 1100.0, 10.0, 0.0, 0.0, -2.0, 0.0,
                     0.0, 0.0, 0.0,    0.0,    0.0,  0.0, 0.0, 0.0,  0.0};
    p.pacejka94.camber = 0.0;
    p.brush = {100000.0, 80000.0, 0.9}; // Cs N, Ca N/rad, mu
    p.calspan = table1Tire155SR13();
    p.slipSpeed = {0.95, 0.4}; // mu, K m/s
    // A PAC2002 set with known closed forms: a simplified magic formula mapped onto it
    // (docs/physics.md 12.7), nominal load 4500 N, so every shift is zero.
    MagicFormulaParams tirShape;
    tirShape.longitudinal = {11.0, 1.7, 1.15, 0.1};
    tirShape.lateral = {9.0, 1.4, 1.05, -0.3};
    p.tir.coefficients = tirFromMagicFormula(tirShape, 4500.0, 0.31);
    p.tir.source = "test set";
    return p;
}

TireForce force(const Tire& tire, double kappa, double alpha, double fz = load, double grip = 1.0,
                double previousFx = 0.0) {
    TireInput in;
    in.slipRatio = kappa;
    in.slipAngle = alpha;
    in.normalLoad = fz;
    in.surfaceMu = grip;
    in.contactSpeed = contactSpeed;
    in.previousFx = previousFx;
    return tire.evaluate(in);
}

// Stiffness each model states at zero slip, derived from its definition.
struct Stiffness {
    double longitudinal; // N per unit slip ratio
    double lateral;      // N/rad
};

Stiffness statedStiffness(const TireParams& p, double fz) {
    switch (p.model) {
    case TireModelKind::Linear: // 6.1: Ct, Ca
        return {p.linear.longitudinalStiffness, p.linear.corneringStiffness};
    case TireModelKind::Table: { // 6.2: Fz times the slope of the first table segment
        const auto& x = p.table.longitudinal.points();
        const auto& y = p.table.lateral.points();
        return {fz * (x[1].y - x[0].y) / (x[1].x - x[0].x),
                fz * (y[1].y - y[0].y) / (y[1].x - y[0].x)};
    }
    case TireModelKind::MagicFormula: { // 6.3: BCD Fz
        const auto& x = p.magicFormula.longitudinal;
        const auto& y = p.magicFormula.lateral;
        return {x.B * x.C * x.D * fz, y.B * y.C * y.D * fz};
    }
    case TireModelKind::Pacejka94: { // 6.4: BCD per percent and per degree, Fz in kN
        const auto& b = p.pacejka94.b;
        const auto& a = p.pacejka94.a;
        const double k = fz / 1000.0;
        const double bcdX = (b[3] * k * k + b[4] * k) * std::exp(-b[5] * k);
        const double bcdY = a[3] * std::sin(2.0 * std::atan(k / a[4]));
        return {100.0 * bcdX, bcdY * 180.0 / pi};
    }
    case TireModelKind::Brush: // 6.5: Cs, Ca
        return {p.brush.longitudinalStiffness, p.brush.corneringStiffness};
    case TireModelKind::Calspan: {
        // 6.6 at small slip: f ~ (4/pi) sigma, so Fy = (a_p0^2 / 2) Ks tan(alpha)
        // = (A0 + A1 Fz - (A1/A2) Fz^2) tan(alpha) and Fx = (CS/FZ) Fz S, Fz in lb.
        const CalspanParams& c = p.calspan;
        const double fzLb = fz / lbToN;
        return {c.CSFZ * fzLb * lbToN, (c.A0 + c.A1 * fzLb - c.A1 / c.A2 * fzLb * fzLb) * lbToN};
    }
    case TireModelKind::SlipSpeed: { // 6.7: u ~ mu Fz l / K, l = v kappa (or v tan alpha)
        const double s =
            p.slipSpeed.frictionCoefficient * fz * contactSpeed / p.slipSpeed.halfForceSlipSpeed;
        return {s, s};
    }
    case TireModelKind::Tir: { // 14.3 without shifts, camber or load terms: Kx = PKX1 Fz,
        // Ky = -PKY1 Fz0 sin(2 atan(Fz / (PKY2 Fz0))) (the slope against tan(alpha), the
        // same as against alpha at zero slip)
        const TirCoefficients& c = p.tir.coefficients;
        return {c.PKX1 * fz, -c.PKY1 * c.FNOMIN * std::sin(2.0 * std::atan(fz / (c.PKY2 * c.FNOMIN)))};
    }
    }
    return {};
}

// The model's own largest normalised force |F|/Fz on a dry surface, from its definition.
double peakFactor(const TireParams& p, double fz) {
    switch (p.model) {
    case TireModelKind::Linear:
        return p.linear.frictionCoefficient; // cap mu Fz
    case TireModelKind::Table: {
        double m = 0.0;
        for (const auto& pt : p.table.longitudinal.points())
            m = std::max(m, pt.y);
        for (const auto& pt : p.table.lateral.points())
            m = std::max(m, pt.y);
        return m;
    }
    case TireModelKind::MagicFormula: // D (C > 1: the sine reaches 1)
        return std::max(p.magicFormula.longitudinal.D, p.magicFormula.lateral.D);
    case TireModelKind::Pacejka94: { // D = Fz (b1 Fz + b2) in kN -> N, no V shift
        const double k = fz / 1000.0;
        const auto& a = p.pacejka94.a;
        const auto& b = p.pacejka94.b;
        return std::max(k * (b[1] * k + b[2]), k * (a[1] * k + a[2])) / fz;
    }
    case TireModelKind::Brush:
        return p.brush.frictionCoefficient; // full sliding mu Fz
    case TireModelKind::Calspan:
        return p.calspan.mu0; // f(sigma) < 1 and mu <= mu0
    case TireModelKind::SlipSpeed:
        return p.slipSpeed.frictionCoefficient; // u(l) < FMAX
    case TireModelKind::Tir: // mu_x = PDX1, mu_y = PDY1 (no load terms); C > 1: the sine reaches 1
        return std::max(p.tir.coefficients.PDX1, p.tir.coefficients.PDY1);
    }
    return 0.0;
}

// Slip ratio of the same practical slip on the other side (docs/physics.md 6.6): braking
// S = -kappa, driving S = kappa/(1+kappa). A braking kappa = -S mirrors to S/(1-S).
double mirroredSlipRatio(TireModelKind kind, double kappa) {
    if (kind != TireModelKind::Brush && kind != TireModelKind::Calspan)
        return -kappa;
    if (kappa < 0.0) {
        const double S = -kappa;
        return S / (1.0 - S);
    }
    return -kappa / (1.0 + kappa);
}

// Calspan, docs/physics.md 6.6, typed again in the most direct form, native units (lb, in,
// psi, rad). S in 0..1, alpha >= 0. Returns (Fx, Fy) magnitudes in lb.
std::pair<double, double> calspanReference(const CalspanParams& c, double S, double alpha,
                                           double Fz, double FxPrev = 0.0) {
    S = std::min(S, 1.0 - 1e-12); // the locked wheel taken as a limit
    const double a_p0 = 0.0768 * std::sqrt(Fz * c.ratedLoad_lb) /
                        (c.treadWidth_in * (c.inflationPressure_psi + 5.0));
    const double a_p = a_p0 * (1.0 - c.Ka * FxPrev / Fz);
    const double Ks = (2.0 / (a_p0 * a_p0)) * (c.A0 + c.A1 * Fz - (c.A1 / c.A2) * Fz * Fz);
    const double Kc = (2.0 / (a_p0 * a_p0)) * Fz * c.CSFZ;
    const double t = std::tan(alpha);
    const double r = S / (1.0 - S);
    const double sigma =
        (pi * a_p * a_p / (8.0 * c.mu0 * Fz)) * std::sqrt(Ks * Ks * t * t + Kc * Kc * r * r);
    const double s2 = sigma * sigma;
    const double s3 = s2 * sigma;
    const double f =
        (c.C1 * s3 + c.C2 * s2 + (4.0 / pi) * sigma) / (c.C1 * s3 + c.C3 * s2 + c.C4 * sigma + 1.0);
    const double composite =
        std::sqrt(std::pow(std::sin(alpha), 2) + S * S * std::pow(std::cos(alpha), 2));
    const double KcPrime = Kc + (Ks - Kc) * composite;
    const double mu = c.mu0 * (1.0 - c.Kmu * composite);
    const double root = std::sqrt(Ks * Ks * t * t + KcPrime * KcPrime * S * S);
    return {mu * Fz * f * KcPrime * S / root, mu * Fz * f * Ks * t / root};
}

bool closeRel(double actual, double expected, double relTol, double scale) {
    return std::fabs(actual - expected) <= relTol * scale;
}

} // namespace

class TestTires : public QObject {
    Q_OBJECT

    // One row per model and combination method.
    static void addModelMethodRows() {
        QTest::addColumn<TireParams>("params");
        for (TireModelKind k : allModels)
            for (CombinedSlipMethod m : allMethods)
                QTest::addRow("%s/%s", modelName(k), methodName(m)) << testParams(k, m);
    }

    // Wheels in every kind of state: locked, sliding, spinning far past the peak, at rest,
    // lifted, on ice; for checks that a batch gives each wheel the force it gets alone.
    // A right wheel's force as the step computes it: Tire::evaluate() takes a wheel alone
    // as a left one, which matters for the .tir model (mirroring, inclination).
    static TireForce rightWheel(const Tire& tire, const TireInput& in) {
        const TireInput pair[2] = {in, in};
        TireForce out[2];
        tire.evaluateAxle(pair, out);
        return out[1];
    }

    static std::vector<TireInput> unlikeWheels() {
        std::vector<TireInput> wheels;
        for (double kappa : {-1.0, -0.08, 0.0, 0.02, 0.3, 2.5})
            for (double alpha : {-0.6, -0.03, 0.0, 0.07, 1.2})
                for (double fz : {0.0, 1500.0, load})
                    for (double grip : {0.0, 0.5, 1.0}) {
                        TireInput in;
                        in.slipRatio = kappa;
                        in.slipAngle = alpha;
                        in.normalLoad = fz;
                        in.surfaceMu = grip;
                        in.contactSpeed = 3.0 + 10.0 * std::abs(kappa);
                        in.previousFx = 800.0 * kappa;
                        wheels.push_back(in);
                    }
        return wheels;
    }

private slots:
    // --- every model ------------------------------------------------------------------

    // The tests below take their rows from the registry (tires/TireModels.h); a model
    // added there needs its expected values here too: the stiffness and peak its
    // definition states (statedStiffness and peakFactor give 0 for a model they lack).
    void everyRegisteredModelHasItsExpectedValues() {
        for (const TireModelInfo& model : tireModels) {
            const TireParams p = testParams(model.value);
            const Stiffness k = statedStiffness(p, load);
            QVERIFY2(k.longitudinal > 0.0 && k.lateral > 0.0, model.key.data());
            QVERIFY2(peakFactor(p, load) > 0.0, model.key.data());
        }
    }

    void zeroSlipGivesZeroForce_data() { addModelMethodRows(); }
    void zeroSlipGivesZeroForce() {
        QFETCH(TireParams, params);
        const Tire tire(params);
        for (double fz : {500.0, load, 9000.0}) {
            const TireForce f = force(tire, 0.0, 0.0, fz);
            QCOMPARE(f.fx, 0.0);
            QCOMPARE(f.fy, 0.0);
        }
        // No load, no force, whatever the slip (a lifted wheel, docs/physics.md 2).
        const TireForce lifted = force(tire, 0.3, 0.2, 0.0);
        QCOMPARE(lifted.fx, 0.0);
        QCOMPARE(lifted.fy, 0.0);
    }

    // The simulation evaluates an axle's two wheels side by side; each must get exactly
    // the force it gets alone, whatever its partner does (lifted, another surface, sliding).
    void axleEvaluationMatchesOneWheelAtATime_data() { addModelMethodRows(); }
    void axleEvaluationMatchesOneWheelAtATime() {
        QFETCH(TireParams, params);
        const Tire tire(params);
        const std::vector<TireInput> wheels = unlikeWheels();
        int mismatches = 0;
        for (std::size_t i = 0; i < wheels.size(); ++i) {
            const std::size_t j = (i * 37 + 11) % wheels.size(); // a partner unlike wheel i
            const TireInput pair[2] = {wheels[i], wheels[j]};
            TireForce together[2];
            tire.evaluateAxle(pair, together);
            for (int side = 0; side < 2; ++side) {
                const TireForce alone = tire.evaluate(pair[side]);
                if (std::memcmp(&alone, &together[side], sizeof alone) != 0)
                    ++mismatches;
            }
        }
        QCOMPARE(mismatches, 0);
    }

    // The step evaluates the four wheels together (WheelTires): the two axles' tires may
    // differ, and each wheel must still get exactly the force Tire::evaluate() gives it
    // (the .tir model: within the fast lanes' tolerance, TirLanes.h).
    // The rear set differs from the front in every coefficient the lane paths read.
    void fourWheelEvaluationMatchesOneWheelAtATime_data() {
        QTest::addColumn<TireParams>("front");
        QTest::addColumn<TireParams>("rear");
        auto otherRear = [](TireParams p) {
            p.linear = {60000.0, 70000.0, 1.1};
            p.magicFormula.longitudinal = {9.0, 1.6, 1.05, 0.3};
            p.magicFormula.lateral = {11.0, 1.45, 1.1, 0.0};
            return p;
        };
        for (TireModelKind k : allModels)
            for (CombinedSlipMethod m : allMethods)
                QTest::addRow("%s/%s", modelName(k), methodName(m))
                    << testParams(k, m) << otherRear(testParams(k, m));
        // Pairings the lanes do not take: evaluated axle by axle.
        QTest::addRow("magic formula front, linear rear")
            << testParams(TireModelKind::MagicFormula) << testParams(TireModelKind::Linear);
        QTest::addRow("ellipse front, normalised rear")
            << testParams(TireModelKind::MagicFormula, CombinedSlipMethod::FrictionEllipse)
            << testParams(TireModelKind::MagicFormula, CombinedSlipMethod::NormalisedSlip);
    }
    void fourWheelEvaluationMatchesOneWheelAtATime() {
        QFETCH(TireParams, front);
        QFETCH(TireParams, rear);
        const WheelTires tires(front, rear);
        const Tire* alone[4] = {&tires.front(), &tires.front(), &tires.rear(), &tires.rear()};
        const std::vector<TireInput> wheels = unlikeWheels();
        int mismatches = 0;
        for (std::size_t i = 0; i < wheels.size(); ++i) {
            TireInput four[4];
            WheelTireInputs lanes;
            for (int w = 0; w < 4; ++w) {
                four[w] = wheels[(i + static_cast<std::size_t>(w) * 97) % wheels.size()];
                lanes.slipRatio[w] = four[w].slipRatio;
                lanes.slipAngle[w] = four[w].slipAngle;
                lanes.normalLoad[w] = four[w].normalLoad;
                lanes.surfaceMu[w] = four[w].surfaceMu;
                lanes.contactSpeed[w] = four[w].contactSpeed;
                lanes.previousFx[w] = four[w].previousFx;
            }
            WheelTireForces forces;
            tires.evaluate(lanes, forces);
            for (int w = 0; w < 4; ++w) {
                const TireForce expected = w % 2 == 0 ? alone[w]->evaluate(four[w]) : rightWheel(*alone[w], four[w]);
                const TireForce together{forces.fx[w], forces.fy[w]};
                // The envelope the step bounds its wheels by is the tire's own; Calspan's
                // comes from a table of its searched peaks, which may lie a little below.
                const FrictionLimits envelope = alone[w]->limits(four[w].normalLoad, four[w].surfaceMu);
                if (alone[w]->params().model == TireModelKind::Tir) {
                    // The .tir lanes run the MF over the fast functions (TirLanes.h): within
                    // their tolerance of the peak force; the envelope to rounding.
                    constexpr double envelopeRounding = 1e-12;
                    const double scale = std::max({envelope.fxMax, envelope.fyMax, 1.0});
                    if (std::fabs(expected.fx - together.fx) > tirLaneForceTolerance * scale ||
                        std::fabs(expected.fy - together.fy) > tirLaneForceTolerance * scale ||
                        std::fabs(forces.fxMax[w] - envelope.fxMax) > envelopeRounding * scale ||
                        std::fabs(forces.fyMax[w] - envelope.fyMax) > envelopeRounding * scale)
                        ++mismatches;
                    continue;
                }
                if (std::memcmp(&expected, &together, sizeof expected) != 0)
                    ++mismatches;
                if (alone[w]->params().model == TireModelKind::Calspan) {
                    constexpr double calspanTableTolerance = 0.01; // relative, below the peak only
                    auto within = [&](double exact, double table) {
                        return table <= exact * (1.0 + 1e-12) &&
                               table >= exact * (1.0 - calspanTableTolerance);
                    };
                    if (!within(envelope.fxMax, forces.fxMax[w]) || !within(envelope.fyMax, forces.fyMax[w]))
                        ++mismatches;
                } else if (envelope.fxMax != forces.fxMax[w] || envelope.fyMax != forces.fyMax[w]) {
                    ++mismatches;
                }
            }
        }
        QCOMPARE(mismatches, 0);
    }

    void signConventions_data() { addModelMethodRows(); }
    void signConventions() {
        // TireModel.h: Fx has the sign of kappa, Fy opposes alpha.
        QFETCH(TireParams, params);
        const Tire tire(params);
        QVERIFY(force(tire, 0.05, 0.0).fx > 0.0);
        QVERIFY(force(tire, -0.05, 0.0).fx < 0.0);
        QVERIFY(force(tire, 0.0, 0.05).fy < 0.0);
        QVERIFY(force(tire, 0.0, -0.05).fy > 0.0);
    }

    void oddSymmetry_data() { addModelMethodRows(); }
    void oddSymmetry() {
        // Pure longitudinal: odd in the model's slip (slip ratio; practical slip S for
        // brush and Calspan). Lateral: odd in alpha at any slip ratio, Fx even in alpha.
        QFETCH(TireParams, params);
        const Tire tire(params);
        const double scale = load;
        for (double kappa : {-0.01, -0.05, -0.2, -0.7, 0.03, 0.4}) {
            const double fx = force(tire, kappa, 0.0).fx;
            const double mirrored = force(tire, mirroredSlipRatio(params.model, kappa), 0.0).fx;
            QVERIFY2(closeRel(mirrored, -fx, roundingTolerance, scale),
                     qPrintable(QString("kappa %1: %2 vs %3").arg(kappa).arg(mirrored).arg(fx)));
        }
        for (double kappa : {0.0, -0.1, 0.25})
            for (double alpha : {0.01, 0.05, 0.2, 0.7}) {
                const TireForce a = force(tire, kappa, alpha);
                const TireForce b = force(tire, kappa, -alpha);
                QVERIFY(closeRel(b.fy, -a.fy, roundingTolerance, scale));
                QVERIFY(closeRel(b.fx, a.fx, roundingTolerance, scale));
            }
    }

    void slopeAtOriginIsStatedStiffness_data() {
        QTest::addColumn<TireParams>("params");
        QTest::addColumn<double>("fz");
        QTest::addColumn<double>("grip");
        for (TireModelKind k : allModels)
            for (double fz : {2500.0, load})
                for (double grip : {1.0, 0.5})
                    QTest::addRow("%s/%gN/grip %g", modelName(k), fz, grip)
                        << testParams(k) << fz << grip;
    }
    void slopeAtOriginIsStatedStiffness() {
        // The stiffness is a property of the tire: surface grip scales friction only.
        QFETCH(TireParams, params);
        QFETCH(double, fz);
        QFETCH(double, grip);
        const Tire tire(params);
        const Stiffness expected = statedStiffness(params, fz);
        const double h = slopeStep;
        const double dFx =
            (force(tire, h, 0.0, fz, grip).fx - force(tire, -h, 0.0, fz, grip).fx) / (2.0 * h);
        // Fy = -F(alpha): the stiffness is the slope of -Fy.
        const double dFy =
            -(force(tire, 0.0, h, fz, grip).fy - force(tire, 0.0, -h, fz, grip).fy) / (2.0 * h);
        QVERIFY2(
            closeRel(dFx, expected.longitudinal, slopeTolerance, expected.longitudinal),
            qPrintable(QString("dFx/dkappa %1, stated %2").arg(dFx).arg(expected.longitudinal)));
        QVERIFY2(closeRel(dFy, expected.lateral, slopeTolerance, expected.lateral),
                 qPrintable(QString("dF/dalpha %1, stated %2").arg(dFy).arg(expected.lateral)));
    }

    void combinedForceWithinFrictionLimit_data() {
        QTest::addColumn<TireParams>("params");
        QTest::addColumn<double>("fz");
        QTest::addColumn<double>("grip");
        for (TireModelKind k : allModels)
            for (CombinedSlipMethod m : allMethods)
                for (double fz : {1500.0, 6000.0})
                    for (double grip : {1.0, 0.3})
                        QTest::addRow("%s/%s/%gN/grip %g", modelName(k), methodName(m), fz, grip)
                            << testParams(k, m) << fz << grip;
    }
    void combinedForceWithinFrictionLimit() {
        // sqrt(Fx^2 + Fy^2) <= grip * peakFactor * Fz on a dense grid of slip ratio
        // -1..2 and slip angle -80..80 deg (docs/physics.md 2: F_max = mu Fz).
        QFETCH(TireParams, params);
        QFETCH(double, fz);
        QFETCH(double, grip);
        const Tire tire(params);
        const double limit = grip * peakFactor(params, fz) * fz * (1.0 + roundingTolerance);
        constexpr int n = 121;
        double worst = 0.0;
        for (int i = 0; i < n; ++i) {
            const double kappa = -1.0 + 3.0 * i / (n - 1);
            for (int j = 0; j < n; ++j) {
                const double alpha = (-80.0 + 160.0 * j / (n - 1)) * deg;
                const TireForce f = force(tire, kappa, alpha, fz, grip);
                QVERIFY(std::isfinite(f.fx) && std::isfinite(f.fy));
                worst = std::max(worst, std::sqrt(f.fx * f.fx + f.fy * f.fy));
            }
        }
        QVERIFY2(worst <= limit, qPrintable(QString("max |F| %1 > %2").arg(worst).arg(limit)));
        // The grid must reach the friction limit region, or the bound says little.
        QVERIFY(worst > 0.5 * limit);
    }

    void limitsBoundPureForces_data() { addModelMethodRows(); }
    void limitsBoundPureForces() {
        // limits() is the largest pure force: no pure force exceeds it, and a dense
        // sweep comes within sweepPeakTolerance of it (or approaches it, for the
        // brush and slip-speed models whose force only tends to mu Fz).
        QFETCH(TireParams, params);
        const Tire tire(params);
        const FrictionLimits lim = tire.limits(load, 1.0);
        double maxFx = 0.0, maxFy = 0.0;
        for (int i = 0; i <= 20000; ++i) {
            const double kappa = -1.0 + 2.0 * i / 20000.0;
            const double alpha = 1.4 * i / 20000.0;
            maxFx = std::max(maxFx, std::fabs(force(tire, kappa, 0.0).fx));
            maxFy = std::max(maxFy, std::fabs(force(tire, 0.0, alpha).fy));
        }
        QVERIFY(maxFx <= lim.fxMax * (1.0 + roundingTolerance));
        QVERIFY(maxFy <= lim.fyMax * (1.0 + roundingTolerance));
        // The table peaks at a kink, which the sweep's grid (step 7e-5) may straddle.
        constexpr double kinkTolerance = 1e-4;
        const bool saturating =
            params.model == TireModelKind::Brush || params.model == TireModelKind::SlipSpeed;
        const double reach = saturating                             ? 0.9
                             : params.model == TireModelKind::Table ? 1.0 - kinkTolerance
                                                                    : 1.0 - sweepPeakTolerance;
        QVERIFY2(maxFx >= reach * lim.fxMax,
                 qPrintable(QString("%1 vs %2").arg(maxFx).arg(lim.fxMax)));
        QVERIFY2(maxFy >= reach * lim.fyMax,
                 qPrintable(QString("%1 vs %2").arg(maxFy).arg(lim.fyMax)));
        // Limits of the models with a stated peak (docs/physics.md 6.1-6.5, 6.7).
        if (params.model != TireModelKind::Calspan && params.model != TireModelKind::Table &&
            params.model != TireModelKind::MagicFormula) {
            QVERIFY(closeRel(std::max(lim.fxMax, lim.fyMax), peakFactor(params, load) * load,
                             roundingTolerance, load));
        }
    }

    void surfaceGripScalesForces_data() {
        QTest::addColumn<TireParams>("params");
        QTest::addColumn<double>("grip");
        for (TireModelKind k : allModels)
            for (CombinedSlipMethod m : allMethods)
                for (double grip : {0.7, 0.15})
                    QTest::addRow("%s/%s/grip %g", modelName(k), methodName(m), grip)
                        << testParams(k, m) << grip;
    }
    void surfaceGripScalesForces() {
        // Similarity (Pacejka, "the similarity method"): on a surface of grip g the tire
        // makes g times the dry force at g times the slip, F_g(g x) = g F_1(x). The
        // slip-speed model is similar in the sliding speed (kappa, tan alpha), the brush
        // model in its theoretical slips S/(1-S) and tan(alpha)/(1-S), which for a driven
        // wheel (S = kappa/(1+kappa)) are kappa and (1+kappa) tan(alpha). Calspan
        // is not similar (friction falls with slip); its locked-wheel force
        // mu0 (1 - K_mu) Fz scales with g (docs/physics.md 6.6 with S = 1, f -> C1/C1 = 1).
        QFETCH(TireParams, params);
        QFETCH(double, grip);
        const Tire tire(params);
        if (params.model == TireModelKind::Calspan) {
            const CalspanParams& c = params.calspan;
            const double locked = -grip * c.mu0 * (1.0 - c.Kmu) * load;
            QVERIFY(
                closeRel(force(tire, -1.0, 0.0, load, grip).fx, locked, roundingTolerance, load));
            return;
        }
        auto scaledAlpha = [&](double kappa, double alpha) {
            const double t = std::tan(alpha);
            // The slip-speed model and the .tir model (docs/physics.md 12.8) are similar in
            // tan(alpha).
            if (params.model == TireModelKind::SlipSpeed || params.model == TireModelKind::Tir)
                return std::atan(grip * t);
            if (params.model == TireModelKind::Brush)
                return std::atan(grip * t * (1.0 + kappa) / (1.0 + grip * kappa));
            return grip * alpha;
        };
        const std::pair<double, double> points[] = {
            {0.03, 0.0}, {0.3, 0.0}, {0.0, 0.05}, {0.0, 0.5}, {0.1, 0.1}, {0.5, 0.3}, {1.5, 1.0}};
        for (const auto& [kappa, alpha] : points) {
            const double alphaG = scaledAlpha(kappa, alpha);
            const TireForce dry = force(tire, kappa, alpha, load, 1.0);
            const TireForce wet = force(tire, grip * kappa, alphaG, load, grip);
            QVERIFY2(closeRel(wet.fx, grip * dry.fx, roundingTolerance, load) &&
                         closeRel(wet.fy, grip * dry.fy, roundingTolerance, load),
                     qPrintable(QString("(%1, %2): (%3, %4) vs g*(%5, %6)")
                                    .arg(kappa)
                                    .arg(alpha)
                                    .arg(wet.fx)
                                    .arg(wet.fy)
                                    .arg(dry.fx)
                                    .arg(dry.fy)));
        }
        const FrictionLimits dryLimits = tire.limits(load, 1.0);
        const FrictionLimits wetLimits = tire.limits(load, grip);
        QVERIFY(closeRel(wetLimits.fxMax, grip * dryLimits.fxMax, roundingTolerance, load));
        QVERIFY(closeRel(wetLimits.fyMax, grip * dryLimits.fyMax, roundingTolerance, load));
    }

    // --- peak and sliding values as each model defines them ---------------------------

    void peakAndSlidingValues_data() {
        QTest::addColumn<TireParams>("params");
        QTest::addColumn<double>("kappa");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<double>("expectedFx");
        QTest::addColumn<double>("expectedFy");
        const double fz = load;
        const auto lin = testParams(TireModelKind::Linear);
        // 6.1: Ct kappa below the cap, mu Fz above (80000 * 0.02 = 1600 < 3600).
        QTest::newRow("linear below cap") << lin << 0.02 << 0.0 << 80000.0 * 0.02 << 0.0;
        QTest::newRow("linear at cap") << lin << 0.2 << 0.0 << 0.9 * fz << 0.0;
        QTest::newRow("linear lateral cap") << lin << 0.0 << 0.5 << 0.0 << -0.9 * fz;
        const auto tab = testParams(TireModelKind::Table);
        // 6.2: Fz times the table; its max point (0.1, 1.1); interpolation; clamp at the end.
        QTest::newRow("table max") << tab << 0.1 << 0.0 << 1.1 * fz << 0.0;
        QTest::newRow("table between points") << tab << 0.25 << 0.0 << 1.0 * fz << 0.0;
        QTest::newRow("table beyond end, braking") << tab << -3.0 << 0.0 << -0.8 * fz << 0.0;
        QTest::newRow("table lateral max") << tab << 0.0 << 0.1 << 0.0 << -1.05 * fz;
        const auto mf = testParams(TireModelKind::MagicFormula);
        // 6.3 with E = 0: the sine peaks at C atan(B x) = pi/2, x = tan(pi/(2C))/B, F = D Fz.
        QTest::newRow("magic formula peak (E = 0)")
            << mf << std::tan(pi / (2.0 * 1.9)) / 12.0 << 0.0 << 1.2 * fz << 0.0;
        // Sliding: for E < 1, atan(...) -> pi/2 and F -> D Fz sin(C pi/2).
        QTest::newRow("magic formula sliding asymptote")
            << mf << 1e12 << 0.0 << 1.2 * fz * std::sin(1.9 * pi / 2.0) << 0.0;
        const auto pj = testParams(TireModelKind::Pacejka94);
        // 6.4: D = Fz(b1 Fz + b2) = 4 * 1100 N; asymptote D sin(C pi/2) since E = -2 < 1.
        QTest::newRow("pacejka94 sliding asymptote")
            << pj << 1e12 << 0.0 << 4400.0 * std::sin(1.5 * pi / 2.0) << 0.0;
        const auto br = testParams(TireModelKind::Brush);
        // 6.5: locked wheel (s = 1): lambda = 0, full sliding, |F| = mu Fz along the slip;
        // with slip angle the force splits as Cs : Ca tan(alpha).
        QTest::newRow("brush locked") << br << -1.0 << 0.0 << -0.9 * fz << 0.0;
        {
            const double t = std::tan(0.1);
            const double g = std::hypot(100000.0, 80000.0 * t);
            QTest::newRow("brush locked with slip angle")
                << br << -1.0 << 0.1 << -0.9 * fz * 100000.0 / g << -0.9 * fz * 80000.0 * t / g;
        }
        // 6.5 adhesion: lambda >= 1 -> Fx = Cs s/(1-s); driving kappa 0.005 is s = kappa/(1+kappa),
        // s/(1-s) = kappa: lambda = 3600 / (1 + 0.005)... well above 1? mu Fz (1-s)/(2 Cs s)
        // = 3600 (1/1.005) / (2 * 100000 * 0.005/1.005) = 3.6, so Fx = Cs kappa.
        QTest::newRow("brush adhesion, driving") << br << 0.005 << 0.0 << 100000.0 * 0.005 << 0.0;
        const auto ss = testParams(TireModelKind::SlipSpeed);
        // 6.7: K is the sliding speed of half the force: l = v kappa = K gives mu Fz / 2.
        QTest::newRow("slip speed half force")
            << ss << 0.4 / contactSpeed << 0.0 << 0.95 * fz / 2.0 << 0.0;
        QTest::newRow("slip speed half force, lateral")
            << ss << 0.0 << std::atan(0.4 / contactSpeed) << 0.0 << -0.95 * fz / 2.0;
        // Sliding at l = 1000 K = 400 m/s: u = mu Fz * 1000/1001, split along the slip
        // direction (kappa, tan alpha) = (24, 32), l = v * 40.
        {
            const double kappa = 24.0, t = 32.0;
            const double u = 0.95 * fz * 1000.0 / 1001.0;
            QTest::newRow("slip speed sliding")
                << ss << kappa << std::atan(t) << u * 0.6 << -u * 0.8;
        }
    }
    void peakAndSlidingValues() {
        QFETCH(TireParams, params);
        QFETCH(double, kappa);
        QFETCH(double, alpha);
        QFETCH(double, expectedFx);
        QFETCH(double, expectedFy);
        const Tire tire(params);
        const TireForce f = force(tire, kappa, alpha);
        QVERIFY2(closeRel(f.fx, expectedFx, roundingTolerance, load) &&
                     closeRel(f.fy, expectedFy, roundingTolerance, load),
                 qPrintable(QString("(%1, %2) expected (%3, %4)")
                                .arg(f.fx)
                                .arg(f.fy)
                                .arg(expectedFx)
                                .arg(expectedFy)));
    }

    void magicFormulaPeakIsD_data() {
        QTest::addColumn<TireParams>("params");
        QTest::addColumn<double>("peakFx");
        QTest::addColumn<double>("peakFy");
        // 6.3: peak D Fz when C > 1 and E < 1, whatever E; 6.4: peak D = Fz (b1 Fz + b2).
        QTest::newRow("magic formula")
            << testParams(TireModelKind::MagicFormula) << 1.2 * load << 0.95 * load;
        QTest::newRow("pacejka94") << testParams(TireModelKind::Pacejka94) << 4400.0 << 4400.0;
    }
    void magicFormulaPeakIsD() {
        QFETCH(TireParams, params);
        QFETCH(double, peakFx);
        QFETCH(double, peakFy);
        const Tire tire(params);
        double maxFx = 0.0, maxFy = 0.0;
        for (int i = 0; i <= 100000; ++i) {
            maxFx = std::max(maxFx, force(tire, 0.5 * i / 100000.0, 0.0).fx);
            maxFy = std::max(maxFy, -force(tire, 0.0, 0.8 * i / 100000.0).fy);
        }
        QVERIFY(closeRel(maxFx, peakFx, sweepPeakTolerance, peakFx) &&
                maxFx <= peakFx * (1 + roundingTolerance));
        QVERIFY(closeRel(maxFy, peakFy, sweepPeakTolerance, peakFy) &&
                maxFy <= peakFy * (1 + roundingTolerance));
        QVERIFY(closeRel(tire.limits(load, 1.0).fxMax, peakFx, roundingTolerance, peakFx));
        QVERIFY(closeRel(tire.limits(load, 1.0).fyMax, peakFy, roundingTolerance, peakFy));
    }

    // The load sweep of the tire-model view: for the simplified magic formula,
    // F = Fz D sin(C atan(B alpha)), so C_alpha = B C D Fz at alpha = 0 (docs/physics.md 6.3)
    // and the peak is D Fz; both grow linearly with load.
    void loadSweepOfTheMagicFormula() {
        TireParams p = testParams(TireModelKind::MagicFormula);
        const Tire tire(p);
        const MagicFormulaCoefficients& lat = p.magicFormula.lateral;
        // The central difference's error is of order delta^2 times the curve's third
        // derivative: below 1e-8 of the slope for these coefficients.
        constexpr double differenceTolerance = 1e-8;
        const std::vector<LoadSweepRow> rows = sweepLoad(tire, {}, {1000.0, 9000.0, 5});
        QCOMPARE(rows.size(), std::size_t(5));
        for (const LoadSweepRow& r : rows) {
            const double expected = lat.B * lat.C * lat.D * r.normalLoad;
            QVERIFY2(closeRel(r.corneringStiffness, expected, differenceTolerance, expected),
                     qPrintable(QString::number(r.corneringStiffness)));
            QVERIFY(closeRel(r.peakMuX, p.magicFormula.longitudinal.D, roundingTolerance, 1.0));
            QVERIFY(closeRel(r.peakMuY, lat.D, roundingTolerance, 1.0));
        }
        QCOMPARE(rows.front().normalLoad, 1000.0);
        QCOMPARE(rows.back().normalLoad, 9000.0);
    }

    void peakSlips() {
        // Linear (6.1): the cap is reached at mu Fz / Ct, at the reference load.
        const Tire lin(testParams(TireModelKind::Linear));
        QVERIFY(closeRel(lin.peakSlipRatio(), 0.9 * Tire::referenceLoad / 80000.0, 1e-12, 1.0));
        QVERIFY(closeRel(lin.peakSlipAngle(), 0.9 * Tire::referenceLoad / 100000.0, 1e-12, 1.0));
        // Table (6.2): the x of the largest point.
        const Tire tab(testParams(TireModelKind::Table));
        QCOMPARE(tab.peakSlipRatio(), 0.1);
        QCOMPARE(tab.peakSlipAngle(), 0.1);
        // Magic formula, E = 0 (6.3): C atan(B x) = pi/2 at x = tan(pi/(2C))/B.
        const Tire mf(testParams(TireModelKind::MagicFormula));
        QVERIFY(closeRel(mf.peakSlipRatio(), std::tan(pi / 3.8) / 12.0, 1e-6, 1.0));
        // Brush (6.5): saturating; 95 % of mu Fz when braking is lambda = 0.1, i.e.
        // s/(1-s) = mu Fz / (0.2 Cs).
        const Tire br(testParams(TireModelKind::Brush));
        const double sigma = 0.9 * Tire::referenceLoad / (0.2 * 100000.0);
        QVERIFY(closeRel(br.peakSlipRatio(), sigma / (1.0 + sigma), 1e-6, 1.0));
    }

    // --- combination methods (docs/physics.md 6.8) ------------------------------------------

    void combinationMethodsByHand_data() {
        QTest::addColumn<int>("method");
        QTest::addColumn<double>("expectedFx");
        QTest::addColumn<double>("expectedFy");
        // Linear tire at 4000 N, kappa = alpha = 0.1: pure forces both at the cap 3600 N.
        // Ellipse: q = 1 + 1 = 2, scale 1/sqrt(2).
        const double cap = 0.9 * load;
        QTest::newRow("ellipse") << int(CombinedSlipMethod::FrictionEllipse) << cap / std::sqrt(2.0)
                                 << -cap / std::sqrt(2.0);
        // Normalised slip: peaks kappa_p = 3600/80000, alpha_p = 3600/100000; s_n, a_n the
        // slips over them, rho = |(s_n, a_n)| > 1, both pure curves capped at rho peaks.
        const double sn = 0.1 / (cap / 80000.0), an = 0.1 / (cap / 100000.0);
        const double rho = std::sqrt(sn * sn + an * an);
        QTest::newRow("normalised")
            << int(CombinedSlipMethod::NormalisedSlip) << sn / rho * cap << -an / rho * cap;
    }
    void combinationMethodsByHand() {
        QFETCH(int, method);
        QFETCH(double, expectedFx);
        QFETCH(double, expectedFy);
        const Tire tire(testParams(TireModelKind::Linear, CombinedSlipMethod(method)));
        const TireForce f = force(tire, 0.1, 0.1);
        QVERIFY(closeRel(f.fx, expectedFx, roundingTolerance, load));
        QVERIFY(closeRel(f.fy, expectedFy, roundingTolerance, load));
    }

    void combinationKeepsPureCurves_data() {
        QTest::addColumn<TireParams>("params");
        for (TireModelKind k : allModels)
            if (isPureSlipModel(k))
                for (CombinedSlipMethod m : allMethods)
                    QTest::addRow("%s/%s", modelName(k), methodName(m)) << testParams(k, m);
    }
    void combinationKeepsPureCurves() {
        // At pure slip both methods return the pure curve: compare with the ellipse
        // method's value (pure curves never leave the ellipse) and, for the magic
        // formula, with the formula of 6.3 itself.
        QFETCH(TireParams, params);
        const Tire tire(params);
        TireParams ellipseParams = params;
        ellipseParams.combinedSlip = CombinedSlipMethod::FrictionEllipse;
        const Tire ellipse(ellipseParams);
        for (double x : {-0.8, -0.12, -0.01, 0.02, 0.07, 0.3}) {
            QVERIFY(closeRel(force(tire, x, 0.0).fx, force(ellipse, x, 0.0).fx, roundingTolerance,
                             load));
            QVERIFY(closeRel(force(tire, 0.0, x).fy, force(ellipse, 0.0, x).fy, roundingTolerance,
                             load));
            if (params.model == TireModelKind::MagicFormula) {
                auto formula = [&](const MagicFormulaCoefficients& k) {
                    const double bx = k.B * x;
                    return load * k.D * std::sin(k.C * std::atan(bx - k.E * (bx - std::atan(bx))));
                };
                QVERIFY(closeRel(force(tire, x, 0.0).fx, formula(params.magicFormula.longitudinal),
                                 roundingTolerance, load));
                QVERIFY(closeRel(-force(tire, 0.0, x).fy, formula(params.magicFormula.lateral),
                                 roundingTolerance, load));
            }
        }
    }

    // --- brush (docs/physics.md 6.5) ---------------------------------------------------------

    void brushPureLateralClosedForm_data() {
        QTest::addColumn<double>("alphaDeg");
        QTest::addColumn<bool>("adhesion");
        // Threshold |tan alpha| = mu Fz / (2 Ca) = 3600 / 160000 = 0.0225 (1.289 deg).
        QTest::newRow("0.5 deg, adhesion") << 0.5 << true;
        QTest::newRow("1.2 deg, adhesion") << 1.2 << true;
        QTest::newRow("1.35 deg, sliding") << 1.35 << false;
        QTest::newRow("3 deg, sliding") << 3.0 << false;
        QTest::newRow("10 deg, sliding") << 10.0 << false;
        QTest::newRow("40 deg, sliding") << 40.0 << false;
    }
    void brushPureLateralClosedForm() {
        QFETCH(double, alphaDeg);
        QFETCH(bool, adhesion);
        const TireParams params = testParams(TireModelKind::Brush);
        const double mu = 0.9, Ca = 80000.0, muFz = mu * load;
        const double t = std::tan(alphaDeg * deg);
        QCOMPARE(t < muFz / (2.0 * Ca), adhesion); // the row is on the side it claims
        const double expected = adhesion ? Ca * t : muFz - muFz * muFz / (4.0 * Ca * t);
        const TireForce f = force(Tire(params), 0.0, alphaDeg * deg);
        QVERIFY2(closeRel(-f.fy, expected, roundingTolerance, load),
                 qPrintable(QString("%1 vs %2").arg(-f.fy).arg(expected)));
        QCOMPARE(f.fx, 0.0);
    }

    void fialaParabolicForm() {
        // 6.5, parabolic pressure: slope Ca at zero, F = mu Fz (1 - H^3), full sliding mu Fz
        // from alpha_sl = atan(3 mu Fz / Ca).
        const BrushParams p = testParams(TireModelKind::Brush).brush;
        const double muFz = 0.9 * load, Ca = 80000.0;
        const double h = slopeStep;
        const double slope =
            (fialaLateral(p, h, load, 1.0) - fialaLateral(p, -h, load, 1.0)) / (2 * h);
        QVERIFY(closeRel(slope, Ca, slopeTolerance, Ca));
        // H = 1/2 at |tan alpha| = 1.5 mu Fz / Ca: F = mu Fz (1 - 1/8).
        const double alphaHalf = std::atan(1.5 * muFz / Ca);
        QVERIFY(
            closeRel(fialaLateral(p, alphaHalf, load, 1.0), 0.875 * muFz, roundingTolerance, load));
        QVERIFY(closeRel(fialaLateral(p, -alphaHalf, load, 1.0), -0.875 * muFz, roundingTolerance,
                         load));
        const double alphaSl = std::atan(3.0 * muFz / Ca);
        QVERIFY(closeRel(fialaSlidingSlipAngle(p, load, 1.0), alphaSl, roundingTolerance, 1.0));
        QVERIFY(closeRel(fialaLateral(p, alphaSl, load, 1.0), muFz, roundingTolerance, load));
        QVERIFY(closeRel(fialaLateral(p, 2.0 * alphaSl, load, 1.0), muFz, roundingTolerance, load));
        QVERIFY(fialaLateral(p, 0.9 * alphaSl, load, 1.0) < muFz);
    }

    // --- Calspan (docs/physics.md 6.6), 155SR13 ----------------------------------------------

    void calspanMatchesEquations_data() {
        QTest::addColumn<double>("S");     // practical slip, 0..1
        QTest::addColumn<bool>("driving"); // S from a driven (else braked) wheel
        QTest::addColumn<double>("alphaDeg");
        QTest::addColumn<double>("fzLb");
        QTest::addColumn<double>("fxPrevLb");
        for (double a : {0.5, 1.0, 2.0, 4.0, 8.0, 12.0, 20.0, 40.0, 70.0})
            QTest::addRow("lateral %g deg", a) << 0.0 << false << a << 800.0 << 0.0;
        for (double s : {0.01, 0.05, 0.1, 0.2, 0.5, 0.9, 1.0})
            QTest::addRow("braking S %g", s) << s << false << 0.0 << 800.0 << 0.0;
        for (double s : {0.05, 0.2, 0.6})
            QTest::addRow("driving S %g", s) << s << true << 0.0 << 800.0 << 0.0;
        QTest::newRow("combined S 0.1, 5 deg") << 0.1 << false << 5.0 << 800.0 << 0.0;
        QTest::newRow("combined S 0.3, 10 deg, driving") << 0.3 << true << 10.0 << 600.0 << 0.0;
        QTest::newRow("locked, 10 deg") << 1.0 << false << 10.0 << 800.0 << 0.0;
        QTest::newRow("light load") << 0.05 << false << 3.0 << 300.0 << 0.0;
        QTest::newRow("contact length, braking Fx") << 0.05 << false << 3.0 << 800.0 << -400.0;
        QTest::newRow("contact length, driving Fx") << 0.05 << true << 3.0 << 800.0 << 400.0;
    }
    void calspanMatchesEquations() {
        QFETCH(double, S);
        QFETCH(bool, driving);
        QFETCH(double, alphaDeg);
        QFETCH(double, fzLb);
        QFETCH(double, fxPrevLb);
        const Tire tire(testParams(TireModelKind::Calspan));
        const auto [fxRef, fyRef] =
            calspanReference(table1Tire155SR13(), S, alphaDeg * deg, fzLb, fxPrevLb);
        // docs/physics.md 6.6: braking S = -kappa, driving S = kappa/(1+kappa).
        const double kappa = driving ? S / (1.0 - S) : -S;
        const TireForce f = force(tire, kappa, alphaDeg * deg, fzLb * lbToN, 1.0, fxPrevLb * lbToN);
        const double fxLb = f.fx / lbToN, fyLb = f.fy / lbToN;
        const double scale = fzLb;
        QVERIFY2(closeRel(fxLb, driving ? fxRef : -fxRef, roundingTolerance, scale) &&
                     closeRel(fyLb, -fyRef, roundingTolerance, scale),
                 qPrintable(QString("(%1, %2) lb vs reference (%3, %4)")
                                .arg(fxLb)
                                .arg(fyLb)
                                .arg(driving ? fxRef : -fxRef)
                                .arg(-fyRef)));
    }

    void calspanRisesPeaksAndFalls_data() {
        QTest::addColumn<bool>("lateral");
        QTest::addColumn<double>("maxSlip"); // rad, or S
        QTest::newRow("pure lateral, 0..60 deg") << true << 60.0 * deg;
        QTest::newRow("pure braking, S 0..1") << false << 1.0;
    }
    void calspanRisesPeaksAndFalls() {
        // Where the reference equations peak, the model peaks; it rises before and falls
        // after (f(sigma) saturates while mu = mu0 (1 - K_mu ...) keeps falling).
        QFETCH(bool, lateral);
        QFETCH(double, maxSlip);
        const CalspanParams c = table1Tire155SR13();
        const Tire tire(testParams(TireModelKind::Calspan));
        const double fzLb = 800.0;
        constexpr int n = 600;
        auto reference = [&](double x) {
            const auto [fx, fy] = calspanReference(c, lateral ? 0.0 : x, lateral ? x : 0.0, fzLb);
            return lateral ? fy : fx;
        };
        auto model = [&](double x) {
            const TireForce f = force(tire, lateral ? 0.0 : -x, lateral ? x : 0.0, fzLb * lbToN);
            return (lateral ? -f.fy : -f.fx) / lbToN;
        };
        int peak = 1; // the reference is 0/0 at zero slip
        for (int i = 2; i <= n; ++i)
            if (reference(maxSlip * i / n) > reference(maxSlip * peak / n))
                peak = i;
        QVERIFY2(peak > n / 100 && peak < n / 2, "the reference curve peaks early and falls");
        const double peakForce = reference(maxSlip * peak / n);
        QVERIFY(reference(maxSlip) < 0.95 * peakForce); // and falls measurably
        for (int i = 1; i <= n; ++i) {
            const double x0 = maxSlip * (i - 1) / n, x1 = maxSlip * i / n;
            if (i < peak)
                QVERIFY(model(x1) > model(x0));
            else if (i > peak + 1)
                QVERIFY(model(x1) < model(x0));
        }
        const FrictionLimits lim = tire.limits(fzLb * lbToN, 1.0);
        const double limitLb = (lateral ? lim.fyMax : lim.fxMax) / lbToN;
        QVERIFY(limitLb >= peakForce * (1.0 - roundingTolerance));
        QVERIFY(closeRel(limitLb, peakForce, 1e-4, peakForce)); // grid step of the scan
    }

    void calspanGuards() {
        // S -> 1: the locked wheel is the limit f -> C1/C1 = 1, mu = mu0 (1 - K_mu), so
        // Fx = -mu0 (1 - K_mu) Fz; a wheel spinning backwards counts as locked.
        const CalspanParams c = table1Tire155SR13();
        const Tire tire(testParams(TireModelKind::Calspan));
        const double locked = -c.mu0 * (1.0 - c.Kmu) * load;
        for (double kappa : {-1.0, -1.5, -1.0 + 1e-15}) {
            const TireForce f = force(tire, kappa, 0.0);
            QVERIFY(closeRel(f.fx, locked, roundingTolerance, load));
            QCOMPARE(f.fy, 0.0);
        }
        // sigma -> 0: free rolling is zero, tiny slips are finite and linear.
        const TireForce tiny = force(tire, 1e-300, 1e-300);
        QVERIFY(std::isfinite(tiny.fx) && std::isfinite(tiny.fy));
        QVERIFY(std::fabs(tiny.fx) < 1e-290 && std::fabs(tiny.fy) < 1e-290);
        // Near 90 deg slip angle tan alpha is huge; the force stays within mu0 Fz.
        const TireForce side = force(tire, -0.5, (90.0 - 1e-9) * deg);
        QVERIFY(std::isfinite(side.fx) && std::isfinite(side.fy));
        QVERIFY(std::hypot(side.fx, side.fy) <= c.mu0 * load);
    }

    void calspanPresets_data() {
        QTest::addColumn<int>("preset");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QList<double>>("values"); // Tw Tp FZT C1 C2 C3 C4 A0 A1 A2 Ka CS/FZ mu0
        // Table 1 of docs/physics.md 6.6.
        QTest::newRow("155SR13") << int(CalspanPreset::Tire155SR13) << "155SR13"
                                 << QList<double>{6,      24,   810,     1.0,  0.34, 0.57, 0.32,
                                                  914.02, 12.9, 2028.24, 0.05, 18.7, 0.85};
        QTest::newRow("P155/80D13") << int(CalspanPreset::TireP155_80D13) << "P155/80D13"
                                    << QList<double>{6,    24,   900,  0.535, 1.05, 1.15, 0.8,
                                                     1817, 7.48, 2455, 0.05,  18.7, 0.85};
        QTest::newRow("P185/70R13") << int(CalspanPreset::TireP185_70R13) << "P185/70R13"
                                    << QList<double>{7.3,  24,   980,     1.0,  0.34,  0.57, 0.32,
                                                     1068, 11.3, 2442.73, 0.05, 17.91, 0.85};
    }
    void calspanPresets() {
        QFETCH(int, preset);
        QFETCH(QString, name);
        QFETCH(QList<double>, values);
        const CalspanParams p = calspanPreset(CalspanPreset(preset));
        const QList<double> actual{p.treadWidth_in,
                                   p.inflationPressure_psi,
                                   p.ratedLoad_lb,
                                   p.C1,
                                   p.C2,
                                   p.C3,
                                   p.C4,
                                   p.A0,
                                   p.A1,
                                   p.A2,
                                   p.Ka,
                                   p.CSFZ,
                                   p.mu0};
        QCOMPARE(actual, values);
        QCOMPARE(p.Kmu, 0.124);
        QCOMPARE(QString::fromUtf8(calspanPresetName(CalspanPreset(preset)).data(),
                                   qsizetype(calspanPresetName(CalspanPreset(preset)).size())),
                 name);
        QCOMPARE(calspanPresetNames()[std::size_t(preset)],
                 calspanPresetName(CalspanPreset(preset)));
        if (CalspanPreset(preset) == CalspanPreset::Tire155SR13)
            QVERIFY(p == table1Tire155SR13());
    }

    // --- surfaces -------------------------------------------------------------------------

    void surfacePresetsFollowCalspanPage() {
        // docs/physics.md 6.6: mu0 = 0.85 dry, 0.3 wet, 0.1 icy; the scales are relative to dry.
        QCOMPARE(surfacePresets.size(), std::size_t(4));
        QCOMPARE(surfacePresets[0].key, std::string_view("dry"));
        QVERIFY(closeRel(surfacePresets[0].gripScale, 1.0, 1e-15, 1.0));
        QCOMPARE(surfacePresets[1].key, std::string_view("wet"));
        QVERIFY(closeRel(surfacePresets[1].gripScale, 0.3 / 0.85, 1e-15, 1.0));
        QCOMPARE(surfacePresets[2].key, std::string_view("ice"));
        QVERIFY(closeRel(surfacePresets[2].gripScale, 0.1 / 0.85, 1e-15, 1.0));
        // The gravel preset the rally car uses (resources/cars/subaru_impreza_sti_gravel.json).
        QCOMPARE(surfacePresets[3].key, std::string_view("gravel"));
        QCOMPARE(surfacePresets[3].gripScale, 0.7);
        // A Calspan tire on the wet preset gets the page's wet mu0: locked Fx = -0.3 (1 - K_mu) Fz.
        const Tire tire(testParams(TireModelKind::Calspan));
        const double fx = force(tire, -1.0, 0.0, load, surfacePresets[1].gripScale).fx;
        QVERIFY(closeRel(fx, -0.3 * (1.0 - 0.124) * load, roundingTolerance, load));
    }

    // --- fast math ----------------------------------------------------------------------

    void fastAtanMatchesStd() {
        double worst = 0.0;
        auto check = [&](double x) {
            const double ref = std::atan(x);
            const double err =
                ref == 0.0 ? std::fabs(fastAtan(x)) : std::fabs(fastAtan(x) / ref - 1.0);
            worst = std::max(worst, err);
        };
        check(0.0);
        for (int i = 0; i <= 200000; ++i) {
            check(-20.0 + 40.0 * i / 200000.0); // the magic formulas' range
            const double e = std::pow(10.0, -12.0 + 24.0 * i / 200000.0); // 1e-12 .. 1e12
            check(e);
            check(-e);
        }
        QVERIFY2(worst < fastMathTolerance,
                 qPrintable(QString("worst relative error %1").arg(worst)));
        QCOMPARE(fastAtan(std::numeric_limits<double>::infinity()), pi / 2.0);
    }

    void fastSinMatchesStd() {
        // Used for C atan(...) in [-pi, pi] (C <= 2); std::sin beyond. Near +-pi the
        // absolute error is that of pi's rounding (1.2e-16).
        constexpr double piRounding = 1e-15;
        double worst = 0.0;
        for (int i = 0; i <= 400000; ++i) {
            const double x = -pi + 2.0 * pi * i / 400000.0;
            const double ref = std::sin(x);
            const double err = std::fabs(fastSin(x) - ref) - piRounding;
            worst = std::max(worst, err / std::max(std::fabs(ref), 1e-300));
        }
        QVERIFY2(worst < fastMathTolerance,
                 qPrintable(QString("worst relative error %1").arg(worst)));
        QCOMPARE(fastSin(4.0), std::sin(4.0));
        QCOMPARE(fastSin(-7.5), std::sin(-7.5));
    }

    void fastSinReducedMatchesStd() {
        // Any angle, reduced without a branch: fastSin's bits within +-pi, an absolute
        // bound beyond (as fastSinCos).
        constexpr double absoluteTolerance = 1e-9;
        double worst = 0.0;
        int differentBits = 0;
        for (int i = 0; i <= 400000; ++i) {
            const double x = -1e4 + 2e4 * i / 400000.0;
            worst = std::max(worst, std::fabs(fastSinReduced(x) - std::sin(x)));
            const double within = -pi + 2.0 * pi * i / 400000.0;
            differentBits += fastSinReduced(within) != fastSin(within);
        }
        QVERIFY2(worst < absoluteTolerance, qPrintable(QString("worst absolute error %1").arg(worst)));
        QCOMPARE(differentBits, 0);
    }

    void fastCosMatchesStd() {
        // The weighting functions' cos(C atan(...)), C up to 3: |x| <= 3 pi / 2; near the
        // zeros the error is absolute, the rounding of pi/2 - |x|.
        constexpr double halfPiRounding = 1e-15;
        double worst = 0.0;
        for (int i = 0; i <= 400000; ++i) {
            const double x = -1.5 * pi + 3.0 * pi * i / 400000.0;
            const double ref = std::cos(x);
            const double err = std::fabs(fastCos(x) - ref) - halfPiRounding;
            worst = std::max(worst, err / std::max(std::fabs(ref), 1e-300));
        }
        QVERIFY2(worst < fastMathTolerance, qPrintable(QString("worst relative error %1").arg(worst)));
    }

    void fastExpMatchesStd() {
        // Taylor's remainder bounds the polynomial by 2.4e-16 (FastMath.h); the rest is
        // rounding in the reduction and the polynomial's dozen operations.
        constexpr double expTolerance = 1e-14;
        double worst = 0.0;
        for (int i = 0; i <= 400000; ++i) {
            const double x = -708.0 + 1416.0 * i / 400000.0;
            worst = std::max(worst, std::fabs(fastExp(x) / std::exp(x) - 1.0));
            const double small = -2.0 + 4.0 * i / 400000.0; // PKX3 dfz: the step's range
            worst = std::max(worst, std::fabs(fastExp(small) / std::exp(small) - 1.0));
        }
        QVERIFY2(worst < expTolerance, qPrintable(QString("worst relative error %1").arg(worst)));
        QCOMPARE(fastExp(0.0), 1.0);
    }

    void fastSinCosMatchesStd() {
        // Headings and steer angles: any angle, reduced to [-pi, pi]; absolute error bound.
        constexpr double absoluteTolerance = 1e-9;
        double worst = 0.0;
        for (int i = 0; i <= 400000; ++i) {
            const double x = -1e4 + 2e4 * i / 400000.0;
            double sn, cs;
            fastSinCos(x, sn, cs);
            worst = std::max({worst, std::fabs(sn - std::sin(x)), std::fabs(cs - std::cos(x))});
        }
        QVERIFY2(worst < absoluteTolerance, qPrintable(QString("worst absolute error %1").arg(worst)));
    }

    // A Quad's lanes (Lanes.h) must give the bits the double versions give: the four-wheel
    // step relies on it to match a wheel evaluated alone.
    void fastMathLanesMatchTheDoubles() {
        const double values[] = {0.0,  -0.0, 1e-300, 0.3,   -0.7, 1.0,  -1.0,  1.0000001, 3.0,
                                 -25.0, 1e12, 2.9,   -3.1,  3.2,  -4.0, 7.5,   -1e4,
                                 std::numeric_limits<double>::infinity()};
        constexpr int count = static_cast<int>(std::size(values));
        int mismatches = 0;
        auto same = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
        for (int i = 0; i < count; ++i) {
            const Quad x = {values[i], values[(i + 5) % count], values[(i + 9) % count],
                            values[(i + 13) % count]};
            const Quad atanLanes = fastAtan(x);
            const Quad sinLanes = fastSin(x); // lanes beyond pi take the std::sin fallback
            // The slip angle's variant skips the reciprocal when no lane is past 1; it
            // must give fastAtan's bits either way (x mixes lanes within and past 1).
            const Quad slipAtanLanes = fastAtanMostlyWithinOne(x);
            const Quad withinOne = {std::sin(values[i]) * 0.9, -0.5, 0.25, values[i] == 0.0 ? 1.0 : 0.0};
            const Quad withinOneLanes = fastAtanMostlyWithinOne(withinOne);
            const Quad cosLanes = fastCos(x);
            const Quad reducedSinLanes = fastSinReduced(x);
            const Quad expLanes = fastExp(x);
            for (int w = 0; w < 4; ++w) {
                mismatches += !same(atanLanes[w], fastAtan(x[w]));
                mismatches += !same(sinLanes[w], fastSin(x[w]));
                mismatches += !same(slipAtanLanes[w], fastAtan(x[w]));
                mismatches += !same(fastAtanMostlyWithinOne(x[w]), fastAtan(x[w]));
                mismatches += !same(withinOneLanes[w], fastAtan(withinOne[w]));
                mismatches += !same(cosLanes[w], fastCos(x[w]));
                mismatches += !same(reducedSinLanes[w], fastSinReduced(x[w]));
                mismatches += !same(expLanes[w], fastExp(x[w]));
            }
        }
        QCOMPARE(mismatches, 0);
    }

    // The lane helpers the step takes its shortcuts with (Lanes.h, FastMath.h) against what
    // they stand for: anyLane and allLanes against the lanes' own compares, laneSums
    // against three laneSums (the bits: the order of additions matters for these values),
    // and the batch of sines against fastSin lane by lane, with and without a lane past pi.
    void laneHelpersMatchTheirDefinitions() {
        auto same = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
        for (int pattern = 0; pattern < 16; ++pattern) {
            const Quad x = {double(pattern & 1), double((pattern >> 1) & 1), double((pattern >> 2) & 1),
                            double((pattern >> 3) & 1)};
            QCOMPARE(anyLane(x > 0.5), pattern != 0);
            QCOMPARE(allLanes(x > 0.5), pattern == 15);
        }
        const Quad a = {1e16, 1.0, -1e16, 1.0}, b = {0.1, 0.2, 0.3, -0.6}, c = {-0.0, -0.0, -0.0, -0.0};
        for (const Quad& shift : {Quad{}, Quad{3.0, -7.0, 1e-300, 2.5}}) {
            const Quad sums = laneSums(a + shift, b - shift, c * shift);
            QVERIFY(same(sums[0], laneSum(a + shift)));
            QVERIFY(same(sums[1], laneSum(b - shift)));
            QVERIFY(same(sums[2], laneSum(c * shift)));
            QVERIFY(same(sums[3], 0.0));
        }
        const Quad within = {0.3, -2.9, 3.1, -0.0};
        for (const Quad& second : {Quad{1.0, -1.5, 0.0, 2.0}, Quad{1.0, 4.0, -7.5, 0.2}}) {
            const Quad x[2] = {within, second};
            Quad sines[2];
            fastSins(x, sines);
            for (int j = 0; j < 2; ++j)
                for (int w = 0; w < 4; ++w)
                    QVERIFY(same(sines[j][w], fastSin(x[j][w])));
        }
    }

    // --- sweeps ---------------------------------------------------------------------------

    void sweepsEvaluateTheTire() {
        const Tire tire(testParams(TireModelKind::MagicFormula));
        SweepConditions cond;
        cond.normalLoad = 3000.0;
        cond.surfaceMu = 0.7;
        const auto byRatio = sweepSlipRatio(tire, cond, {-0.5, 0.5, 11}, 0.02);
        QCOMPARE(byRatio.size(), std::size_t(11));
        QCOMPARE(byRatio.front().slipRatio, -0.5);
        QCOMPARE(byRatio.back().slipRatio, 0.5);
        QCOMPARE(byRatio[5].slipRatio, 0.0);
        for (const TireSweepRow& r : byRatio) {
            QCOMPARE(r.slipAngle, 0.02);
            const TireForce f = force(tire, r.slipRatio, r.slipAngle, 3000.0, 0.7);
            QCOMPARE(r.fx, f.fx);
            QCOMPARE(r.fy, f.fy);
        }
        const auto byAngle = sweepSlipAngle(tire, cond, {0.0, 0.2, 5});
        QCOMPARE(byAngle.size(), std::size_t(5));
        QCOMPARE(byAngle[2].slipAngle, 0.1);
        QCOMPARE(byAngle[2].slipRatio, 0.0);
        QCOMPARE(byAngle[2].fy, force(tire, 0.0, 0.1, 3000.0, 0.7).fy);
        const auto grid = sweepCombined(tire, cond, {0.0, 0.1, 3}, {0.0, 0.3, 4});
        QCOMPARE(grid.size(), std::size_t(12));
        QCOMPARE(grid[5].slipRatio, 0.05); // second slip ratio, second slip angle
        QCOMPARE(grid[5].slipAngle, 0.1);
        QCOMPARE(grid[5].fx, force(tire, 0.05, 0.1, 3000.0, 0.7).fx);
        QVERIFY(sweepSlipRatio(tire, cond, {0.0, 1.0, 0}).empty());
        QCOMPARE(sweepSlipRatio(tire, cond, {0.25, 1.0, 1}).front().slipRatio, 0.25);
    }

    void sweepCsvAndJson() {
        const Tire tire(testParams(TireModelKind::Linear));
        SweepConditions cond;
        const auto rows = sweepSlipAngle(tire, cond, {0.0, 0.1, 3}, 0.01);
        const std::string csv = sweepToCsv(rows);
        const QStringList lines = QString::fromStdString(csv).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QString("slip_ratio,slip_angle_deg,fx_N,fy_N"));
        const QStringList last = lines[3].split(',');
        QCOMPARE(last.size(), 4);
        QCOMPARE(last[0].toDouble(), 0.01);
        QVERIFY(closeRel(last[1].toDouble(), 0.1 * 180.0 / pi, 1e-15, 10.0));
        QCOMPARE(last[2].toDouble(), rows[2].fx); // shortest round-trip text
        QCOMPARE(last[3].toDouble(), rows[2].fy);

        QJsonParseError error;
        const QJsonDocument doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(sweepToJson(rows, cond)), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject root = doc.object();
        QCOMPARE(root["conditions"].toObject()["normal_load_N"].toDouble(), cond.normalLoad);
        QCOMPARE(root["columns"].toArray().size(), 4);
        QCOMPARE(root["columns"].toArray()[3].toString(), QString("fy_N"));
        const QJsonArray jsonRows = root["rows"].toArray();
        QCOMPARE(jsonRows.size(), 3);
        QCOMPARE(jsonRows[1].toArray()[2].toDouble(), rows[1].fx);
        QCOMPARE(jsonRows[1].toArray()[3].toDouble(), rows[1].fy);
        // An empty sweep is still valid JSON.
        QVERIFY(
            QJsonDocument::fromJson(QByteArray::fromStdString(sweepToJson({}, cond))).isObject());
    }
};

QTEST_APPLESS_MAIN(TestTires)
#include "tst_tires.moc"
