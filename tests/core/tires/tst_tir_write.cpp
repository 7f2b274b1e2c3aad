// Writing .tir files (docs/physics.md 12.7): every bundled file goes out and back in
// with the same coefficients; the simplified magic formula exported as PAC2002
// coefficients gives, through the .tir model, the curves the formula itself gives
// (evaluated in this file from docs/physics.md 6.3 with the standard functions).

#include "core/tires/MagicFormulaTir.h"
#include "core/tires/TirFromMagicFormula.h"
#include "core/tires/TirExport.h"
#include "core/tires/TirLoad.h"
#include "core/tires/TireModel.h"
#include "core/tires/TireModels.h"
#include "core/tires/TirWrite.h"

#include <QtTest>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace vtw;

namespace {

constexpr double pi = 3.14159265358979323846;
constexpr double deg = pi / 180.0;
constexpr double speed = 20.0; // m/s, above every file's VXLOW

// Tolerances, named by what they absorb.
// The MF keeps small constants off its divisions (epsilon_x, epsilon_y of 1e-9 or less
// in Bx = Kx / (Cx Dx + eps)); the same formula in another order rounds differently.
constexpr double formulaTolerance = 1e-9; // relative to the peak force
// The step's tire evaluates atan and sin by polynomials (relative error below 1e-9, tst_tires).
constexpr double fastFunctionTolerance = 1e-9;

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The simplified magic formula of docs/physics.md 6.3 at grip 1: D Fz sin(C atan(B x - E (B x
// - atan(B x)))), written here with the standard functions.
double simplifiedForce(const MagicFormulaCoefficients& k, double x, double fz) {
    const double bx = k.B * x;
    return k.D * fz * std::sin(k.C * std::atan(bx - k.E * (bx - std::atan(bx))));
}

TirCoefficients reread(const TirCoefficients& c, std::vector<std::string>* warnings = nullptr) {
    const TirLoadResult r = loadTir(tirFileText(c, {"test tyre", "tst_tir_write"}));
    if (!r.ok())
        qFatal("written file refused: %s", r.error.c_str());
    if (warnings)
        *warnings = r.warnings;
    return *r.coefficients;
}

// Three shapes: the default (E = 0), a curve that falls after its peak (E < 0) and one
// that stays flat (E > 0), with unequal longitudinal and lateral sets.
std::vector<MagicFormulaParams> shapes() {
    MagicFormulaParams flat;
    flat.longitudinal = {12.0, 1.5, 1.1, 0.4};
    flat.lateral = {8.0, 1.3, 0.95, 0.6};
    MagicFormulaParams falling;
    falling.longitudinal = {9.0, 1.9, 1.2, -0.8};
    falling.lateral = {11.0, 1.6, 1.05, -0.5};
    return {MagicFormulaParams{}, flat, falling};
}

} // namespace

class TestTirWrite : public QObject {
    Q_OBJECT
private slots:
    // Each bundled file, written and read again, has exactly the coefficients it had.
    void everyBundledFileRoundTrips() {
        int files = 0;
        for (const auto& entry : std::filesystem::directory_iterator(std::string(VTW_SOURCE_DIR) + "/resources/tires")) {
            if (entry.path().extension() != ".tir")
                continue;
            const TirLoadResult original = loadTir(readText(entry.path()));
            QVERIFY2(original.ok(), original.error.c_str());
            const TirCoefficients back = reread(*original.coefficients);
            QVERIFY2(back == *original.coefficients, entry.path().filename().c_str());
            // And the model agrees point for point (the same numbers make the same forces).
            const TirModel a(*original.coefficients), b(back);
            const double fz = original.coefficients->FNOMIN;
            const TirForces fa = a.forces(0.05, 4 * deg, fz, 1 * deg, original.coefficients->NOMPRES, speed);
            const TirForces fb = b.forces(0.05, 4 * deg, fz, 1 * deg, back.NOMPRES, speed);
            QCOMPARE(fb.fx, fa.fx);
            QCOMPARE(fb.fy, fa.fy);
            QCOMPARE(fb.mz, fa.mz);
            ++files;
        }
        QVERIFY(files >= 4);
    }

    // A written file of a tyre combined by the friction ellipse although it has weighting
    // coefficients says so (FE_METHOD), and its side survives.
    void frictionEllipseAndSideSurvive() {
        TirLoadResult r = loadTir(readText(std::string(VTW_SOURCE_DIR) + "/resources/tires/mf_185_80R14.tir"));
        QVERIFY2(r.ok(), r.error.c_str());
        TirCoefficients c = *r.coefficients;
        QVERIFY(c.RBX1 != 0.0 && c.RBY1 != 0.0);
        c.frictionEllipse = !c.frictionEllipse;
        c.side = TyreSide::Right;
        const TirCoefficients back = reread(c);
        QCOMPARE(back.frictionEllipse, c.frictionEllipse);
        QCOMPARE(back.side, TyreSide::Right);
        QVERIFY(back == c);
    }

    // Header text with quotes and line breaks cannot break the file's structure.
    void headerTextCannotBreakTheFile() {
        const TirCoefficients c = tirFromMagicFormula(MagicFormulaParams{}, 4000.0, 0.3);
        const std::string text = tirFileText(c, {"a 'quoted'\n[UNITS]\nFORCE = 'kN'", "x\r\nFNOMIN = 1"});
        const TirLoadResult r = loadTir(text);
        QVERIFY2(r.ok(), r.error.c_str());
        QVERIFY(*r.coefficients == c);
    }

    // The exported PAC2002 set loads as MF 5.x without warnings about values it ignores,
    // and is combined by the friction ellipse (it has no weighting coefficients).
    void exportedSetIsAPac2002File() {
        const TirCoefficients c = tirFromMagicFormula(MagicFormulaParams{}, 4000.0, 0.3);
        std::vector<std::string> warnings;
        const TirCoefficients back = reread(c, &warnings);
        QVERIFY(back == c);
        QCOMPARE(back.version, TirVersion::Mf5);
        QVERIFY(back.frictionEllipse);
        for (const std::string& w : warnings)
            QVERIFY2(w.find("ignored") == std::string::npos, w.c_str());
    }

    // Longitudinal: the same curve at every load (Kx = PKX1 Fz is proportional, like B C D Fz).
    void exportedLongitudinalCurveIsTheFormulas() {
        const double fz0 = 4000.0;
        for (const MagicFormulaParams& p : shapes()) {
            const TirModel model(reread(tirFromMagicFormula(p, fz0, 0.3)));
            for (double loadRatio : {0.25, 0.5, 1.0, 1.5, 2.0}) {
                const double fz = loadRatio * fz0;
                const double scale = p.longitudinal.D * fz;
                for (double kappa = -1.0; kappa <= 1.0; kappa += 0.01) {
                    const double expected = simplifiedForce(p.longitudinal, kappa, fz);
                    const double got = model.pureFx(kappa, fz, 0.0, 0.0, speed);
                    QVERIFY2(std::fabs(got - expected) <= formulaTolerance * scale,
                             qPrintable(QString("kappa %1 load %2: %3 vs %4").arg(kappa).arg(fz).arg(got).arg(expected)));
                }
            }
        }
    }

    // Lateral at the nominal load: the formula read against tan(alpha) (the MF's slip
    // variable), with the file's sign (the force opposes the slip angle).
    void exportedLateralCurveAtNominalLoadIsTheFormulas() {
        const double fz0 = 4000.0;
        double largestAngleGap = 0.0;
        for (const MagicFormulaParams& p : shapes()) {
            const TirModel model(reread(tirFromMagicFormula(p, fz0, 0.3)));
            const double scale = p.lateral.D * fz0;
            for (double a = -30.0; a <= 30.0; a += 0.25) {
                const double alpha = a * deg;
                const double got = model.pureFy(alpha, fz0, 0.0, 0.0, speed);
                const double expected = -simplifiedForce(p.lateral, std::tan(alpha), fz0);
                QVERIFY2(std::fabs(got - expected) <= formulaTolerance * scale,
                         qPrintable(QString("alpha %1 deg: %2 vs %3").arg(a).arg(got).arg(expected)));
                if (std::fabs(a) <= 10.0)
                    largestAngleGap = std::max(
                        largestAngleGap, std::fabs(got + simplifiedForce(p.lateral, alpha, fz0)) / scale);
            }
        }
        // For the record: the step reads its curve against alpha itself, so the two differ
        // by tan(alpha) - alpha in the slip (about 1 % of it at 10 degrees).
        std::printf("  largest |Fy| difference from reading the curve at alpha, |alpha| <= 10 deg: %.2f %% of the peak\n",
                    100.0 * largestAngleGap);
    }

    // Lateral away from the nominal load: the peak is mu_y Fz exactly; the cornering
    // stiffness over the proportional one is (1 + 1/P^2) / (1 + f^2/P^2) at f nominal loads
    // (docs/physics.md 12.7, from Ky = PKY1 Fz0 sin(2 atan(f / P)) and sin(2 atan u) = 2u /
    // (1 + u^2)), within lateralStiffnessLoadError of 1 up to 2 Fz0.
    void exportedLateralStiffnessIsNearlyProportional() {
        const double fz0 = 4000.0;
        double largestGap = 0.0;
        for (const MagicFormulaParams& p : shapes()) {
            const TirModel model(reread(tirFromMagicFormula(p, fz0, 0.3)));
            for (double loadRatio = 0.1; loadRatio <= 2.0 + 1e-9; loadRatio += 0.1) {
                const double fz = loadRatio * fz0;
                const double proportional = p.lateral.B * p.lateral.C * p.lateral.D * fz;
                const double ratio = model.corneringStiffness(fz, 0.0, 0.0) / proportional;
                QVERIFY2(std::fabs(ratio - exportedLateralStiffnessRatio(loadRatio)) <= formulaTolerance,
                         qPrintable(QString("load %1: ratio %2").arg(fz).arg(ratio)));
                QVERIFY(std::fabs(ratio - 1.0) <= lateralStiffnessLoadError + formulaTolerance);
                largestGap = std::max(largestGap, std::fabs(ratio - 1.0));
                QVERIFY(std::fabs(model.frictionY(fz, 0.0, 0.0) - p.lateral.D) <= formulaTolerance * p.lateral.D);
            }
        }
        std::printf("  lateral stiffness off proportional up to 2 Fz0: %.3f %% (bound %.3f %%)\n", 100.0 * largestGap,
                    100.0 * lateralStiffnessLoadError);
    }

    // Every model exports: the file's longitudinal curve at the nominal load lies within the
    // fit's own largest residual of the points it was fitted to (the model's pure curve, or
    // the table), and the exported magic formula is exact.
    void everyModelExportsWithinItsFit_data() {
        QTest::addColumn<int>("model");
        for (const TireModelInfo& m : tireModels)
            QTest::newRow(std::string(m.cliName).c_str()) << int(m.value);
    }
    void everyModelExportsWithinItsFit() {
        QFETCH(int, model);
        TireParams params;
        params.model = TireModelKind(model);
        const double fz0 = Tire::referenceLoad;
        const TirExportResult r = tirForTire(params, fz0);
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(reread(r.coefficients) == r.coefficients);
        QCOMPARE(r.coefficients.UNLOADED_RADIUS, params.radius);
        if (params.model == TireModelKind::MagicFormula)
            QCOMPARE(r.longitudinalResidual, 0.0);
        const TirModel file(r.coefficients);
        double largestGap = 0.0;
        const Curve samples = tirExportSamples(params, fz0, false);
        for (const CurvePoint& q : samples.points()) {
            if (q.x < 0.0)
                continue;
            const double gap = std::fabs(file.pureFx(q.x, fz0, 0.0, 0.0, speed) / fz0 - q.y);
            largestGap = std::max(largestGap, gap);
        }
        QVERIFY2(largestGap <= r.longitudinalResidual + formulaTolerance + fastFunctionTolerance,
                 qPrintable(QString("gap %1 residual %2").arg(largestGap).arg(r.longitudinalResidual)));
        std::printf("  %s\n", r.method.c_str());
    }
};

QTEST_APPLESS_MAIN(TestTirWrite)
#include "tst_tir_write.moc"
