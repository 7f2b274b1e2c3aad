// Magic-formula fit (core/tires/MagicFormulaFit.h): recovers known coefficients
// from tables sampled from the formula itself, and fits the shipped tables.
#include "core/vehicle/Setup.h"
#include "core/tires/MagicFormulaFit.h"

#include <QtTest>

#include <cmath>

using namespace vtw;

Q_DECLARE_METATYPE(vtw::MagicFormulaCoefficients)

namespace {
constexpr double exactResidual = 1e-6;        // a table sampled from the formula fits exactly
constexpr double coefficientTolerance = 1e-3; // relative, for the recovered coefficients
constexpr double shippedTableResidual = 0.05; // hand-made tables: within 5 % of the load

Curve sample(const MagicFormulaCoefficients& k, double xMax, int count) {
    std::vector<CurvePoint> pts;
    for (int i = 0; i < count; ++i) {
        const double x = xMax * i / (count - 1);
        pts.push_back({x, magicFormulaCurveValue(k, x)});
    }
    return Curve(std::move(pts));
}
} // namespace

class TestMagicFormulaFit : public QObject {
    Q_OBJECT
private slots:
    // Tables sampled from known coefficient sets (the docs/physics.md 6.3 defaults
    // and variations of them) must give the coefficients back.
    void recoversKnownCoefficients_data() {
        QTest::addColumn<MagicFormulaCoefficients>("truth");
        QTest::addColumn<double>("xMax");
        QTest::newRow("longitudinal default")
            << MagicFormulaCoefficients{10.0, 1.65, 1.0, 0.0} << 1.0;
        QTest::newRow("lateral default") << MagicFormulaCoefficients{10.0, 1.35, 1.0, 0.0} << 0.6;
        QTest::newRow("negative E") << MagicFormulaCoefficients{12.0, 1.6, 1.1, -0.8} << 1.0;
        QTest::newRow("positive E") << MagicFormulaCoefficients{8.0, 1.5, 0.9, 0.4} << 1.0;
    }
    void recoversKnownCoefficients() {
        QFETCH(MagicFormulaCoefficients, truth);
        QFETCH(double, xMax);
        const MagicFormulaFitResult fit = fitMagicFormula(sample(truth, xMax, 25));
        QVERIFY2(fit.ok, fit.error);
        QVERIFY2(fit.rmsResidual < exactResidual, qPrintable(QString::number(fit.rmsResidual)));
        const auto close = [](double a, double b) {
            return std::abs(a - b) <= coefficientTolerance * std::max(1.0, std::abs(b));
        };
        const MagicFormulaCoefficients& k = fit.coefficients;
        QVERIFY2(close(k.B, truth.B) && close(k.C, truth.C) && close(k.D, truth.D) &&
                     close(k.E, truth.E),
                 qPrintable(QString("B %1 C %2 D %3 E %4").arg(k.B).arg(k.C).arg(k.D).arg(k.E)));
    }

    // The hand-shaped default tables are not magic-formula curves, but close to one.
    void fitsShippedTables() {
        const TableTireParams table = defaultSetup().rearTires.table;
        for (const Curve* c : {&table.longitudinal, &table.lateral}) {
            const MagicFormulaFitResult fit = fitMagicFormula(*c);
            QVERIFY2(fit.ok, fit.error);
            QVERIFY(fit.rmsResidual > 0.0); // not an exact formula curve
            QVERIFY2(fit.rmsResidual < shippedTableResidual,
                     qPrintable(QString::number(fit.rmsResidual)));
            // The reported residual is the real one.
            double sum = 0.0;
            for (const CurvePoint& p : c->points()) {
                const double r = p.y - magicFormulaCurveValue(fit.coefficients, p.x);
                sum += r * r;
            }
            QVERIFY(std::abs(std::sqrt(sum / c->size()) - fit.rmsResidual) < 1e-12);
        }
    }

    void refusesTooFewPoints() {
        const MagicFormulaFitResult fit =
            fitMagicFormula(Curve{{0.0, 0.0}, {0.1, 1.0}, {0.2, 0.9}});
        QVERIFY(!fit.ok);
        QVERIFY(std::string(fit.error).size() > 0);
    }

    void refusesFlatZeroTable() {
        const MagicFormulaFitResult fit =
            fitMagicFormula(Curve{{0.0, 0.0}, {0.1, 0.0}, {0.2, 0.0}, {0.3, 0.0}, {0.4, 0.0}});
        QVERIFY(!fit.ok);
    }
};

QTEST_GUILESS_MAIN(TestMagicFormulaFit)
#include "tst_mffit.moc"
