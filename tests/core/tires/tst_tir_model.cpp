// The .tir file as an axle's tire model (docs/physics.md 12): the step's tire gives the
// file's forces with the axle's camber and pressure on each side, mirrored on the side
// the tyre was not measured on, scaled to the surface by similarity; the setup keeps the
// coefficients (and where they came from) through a save, and leaves them out while they
// are the defaults; the simulation runs on a real file.

#include "core/sim/Simulator.h"
#include "core/step/WheelTires.h"
#include "core/maneuvers/BrakingRun.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/setupfile/SetupJson.h"
#include "core/tires/TirImport.h"
#include "core/tires/TirLoad.h"
#include "core/tires/TireModel.h"

#include <QtTest>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

using namespace vtw;

namespace {

constexpr double pi = 3.14159265358979323846;
constexpr double deg = pi / 180.0;
// The step's tire calls the model itself, so the forces are the same bits; the similarity
// rescaling of the slips rounds once more.
constexpr double similarityTolerance = 1e-12; // relative to the force

TirCoefficients fileCoefficients(const char* name) {
    std::ifstream in(std::string(VTW_SOURCE_DIR) + "/resources/tires/" + name, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const TirLoadResult r = loadTir(text.str());
    if (!r.ok())
        qFatal("%s: %s", name, r.error.c_str());
    return *r.coefficients;
}

// The bundled files, then the model's default coefficients (docs/physics.md 12.7).
const char* const bundledFiles[] = {"mf_185_80R14.tir", "Sedan_Pac02Tire.tir", "CityBus_Pac02Tire.tir",
                                    "335_65R22_5_G275MSA_60psi.tir"};

std::vector<TirCoefficients> everyTyre() {
    std::vector<TirCoefficients> tyres;
    for (const char* name : bundledFiles)
        tyres.push_back(fileCoefficients(name));
    tyres.push_back(defaultTirCoefficients());
    // Each as MF 6.1 too (the bundled files are MF 5.x), with pressure terms, friction
    // falling with slip speed and MF 6.x's cornering stiffness and camber shift: every
    // branch the step's lanes take.
    const std::size_t mf5 = tyres.size();
    for (std::size_t i = 0; i < mf5; ++i) {
        TirCoefficients c = tyres[i];
        c.version = TirVersion::Mf61;
        c.NOMPRES = 220000.0;
        c.PPX1 = -0.3, c.PPX2 = 0.1, c.PPX3 = -0.2, c.PPX4 = 0.05;
        c.PPY1 = 0.4, c.PPY2 = 0.6, c.PPY3 = -0.1, c.PPY4 = 0.05, c.PPY5 = 0.2;
        c.LMUV = 0.1;
        c.PKY4 = 1.8, c.PKY5 = 0.3, c.PKY6 = -0.9, c.PKY7 = -0.2;
        tyres.push_back(c);
    }
    return tyres;
}

TireInput input(double kappa, double alpha, double fz, double grip = 1.0) {
    TireInput in;
    in.slipRatio = kappa;
    in.slipAngle = alpha;
    in.normalLoad = fz;
    in.surfaceMu = grip;
    in.contactSpeed = 20.0;
    return in;
}

} // namespace

class TestTirModel : public QObject {
    Q_OBJECT
private slots:
    // Left and right wheels of an axle with negative camber: the left wheel's top leans to
    // the right (positive ISO inclination), the right wheel's to the left; a tyre measured
    // on the left (mf_185_80R14: TYRESIDE LEFT) is mirrored on the right.
    void axleGivesTheFilesForcesOnEachSide() {
        const TirCoefficients c = fileCoefficients("mf_185_80R14.tir");
        QCOMPARE(c.side, TyreSide::Left);
        TireParams p = tiresWithTir(TireParams{}, c, "mf_185_80R14.tir", false);
        p.camber = -1.5 * deg;
        const Tire tire(p);
        const TirModel left(c, TirMounting::Left), right(c, TirMounting::Right);
        for (double kappa : {-0.2, -0.02, 0.0, 0.05})
            for (double alpha : {-8 * deg, -1 * deg, 0.0, 3 * deg}) {
                const TireInput in[2] = {input(kappa, alpha, 3500.0), input(kappa, alpha, 3500.0)};
                TireForce out[2];
                tire.evaluateAxle(in, out);
                const TirForces l = left.forces(kappa, alpha, 3500.0, 1.5 * deg, c.NOMPRES, 20.0);
                const TirForces r = right.forces(kappa, alpha, 3500.0, -1.5 * deg, c.NOMPRES, 20.0);
                QCOMPARE(out[0].fx, l.fx);
                QCOMPARE(out[0].fy, l.fy);
                QCOMPARE(out[1].fx, r.fx);
                QCOMPARE(out[1].fy, r.fy);
                // One wheel alone is a left wheel.
                QCOMPARE(tire.evaluate(in[0]).fy, l.fy);
            }
        // Mirroring: with the camber mirrored too, the right wheel's side force is the left's
        // at the opposite slip angle, negated.
        const TirForces l = left.forces(0.0, 4 * deg, 3500.0, 1.5 * deg, c.NOMPRES, 20.0);
        const TirForces r = right.forces(0.0, -4 * deg, 3500.0, -1.5 * deg, c.NOMPRES, 20.0);
        QCOMPARE(r.fy, -l.fy);
    }

    // A surface of grip mu: mu times the grip-1 curve read at slips 1/mu as large
    // (docs/physics.md 12.2); the envelope scales by mu.
    void surfaceGripScalesBySimilarity() {
        const TirCoefficients c = fileCoefficients("mf_185_80R14.tir");
        const Tire tire(tiresWithTir(TireParams{}, c, "mf_185_80R14.tir", false));
        const TirModel left(c, TirMounting::Left);
        const double mu = 0.4;
        for (double kappa : {-0.1, 0.03})
            for (double alpha : {-5 * deg, 2 * deg}) {
                const TireForce f = tire.evaluate(input(kappa, alpha, 4000.0, mu));
                const TirForces g = left.forces(kappa / mu, std::atan(std::tan(alpha) / mu), 4000.0, 0.0, c.NOMPRES, 20.0);
                QVERIFY(std::fabs(f.fx - mu * g.fx) <= similarityTolerance * std::fabs(mu * g.fx) + 1e-9);
                QVERIFY(std::fabs(f.fy - mu * g.fy) <= similarityTolerance * std::fabs(mu * g.fy) + 1e-9);
            }
        const FrictionLimits dry = tire.limits(4000.0, 1.0), wet = tire.limits(4000.0, mu);
        QCOMPARE(dry.fxMax, left.peakFx(4000.0, 0.0, c.NOMPRES));
        QCOMPARE(wet.fyMax, mu * dry.fyMax);
    }

    // The pressure field: 0 is the file's NOMPRES; another pressure moves an MF 6.x tyre's
    // forces (docs/physics.md 12.3: Kx and mu_x carry PPX1..PPX4 terms in dpi), and the
    // step's tire reads it. The bundled files are MF 5.x, so a 6.1 set is made from one.
    void pressureReachesTheModel() {
        TirCoefficients c = fileCoefficients("mf_185_80R14.tir");
        c.version = TirVersion::Mf61;
        c.NOMPRES = 220000.0;
        c.PPX1 = -0.3;
        c.PPX3 = -0.2;
        TireParams p = tiresWithTir(TireParams{}, c, "x", false);
        const double nominal = Tire(p).evaluate(input(0.05, 0.0, 4000.0)).fx;
        p.pressure = c.NOMPRES;
        QCOMPARE(Tire(p).evaluate(input(0.05, 0.0, 4000.0)).fx, nominal);
        p.pressure = 1.3 * c.NOMPRES;
        const double higher = Tire(p).evaluate(input(0.05, 0.0, 4000.0)).fx;
        QCOMPARE(higher, TirModel(c, TirMounting::Left).forces(0.05, 0.0, 4000.0, 0.0, 1.3 * c.NOMPRES, 20.0).fx);
        QVERIFY(higher != nominal);
    }

    // The step runs the four wheels as the lanes of TirLanes.h: the MF over FastMath's
    // polynomials. Each lane must give TirModel::forces for its wheel (side, inclination,
    // mirroring, pressure, grip by similarity) within tirLaneForceTolerance of the wheel's
    // peak force (docs/physics.md 12.8 derives it from FastMath's bounds), and the
    // envelope Tire::limits gives, which the lanes compute by the same arithmetic:
    // equal to rounding. Every bundled file and the defaults, as MF 5.x and MF 6.1, on
    // the front axle with the next one on the rear (so the lanes hold different tyres,
    // weighting functions beside the friction ellipse), over slip ratio, slip angle,
    // combined slip, load 0.2..2.5 FNOMIN, camber, pressure, speed (through VXLOW to
    // standstill) and grip.
    void stepLanesGiveTheModelsForces() {
        constexpr double envelopeRounding = 1e-12; // relative: the same products, regrouped
        const std::vector<TirCoefficients> tyres = everyTyre();
        const double kappas[] = {-1.0, -0.3, -0.08, -0.01, 0.0, 0.004, 0.03, 0.12, 0.5, 2.0};
        const double alphas[] = {-1.2, -0.3, -0.1, -0.02, 0.0, 0.01, 0.05, 0.2, 0.6};
        const double loadShares[] = {0.2, 0.6, 1.0, 1.7, 2.5};
        const double speeds[] = {0.0, 0.4, 3.0, 25.0};
        const double grips[] = {1.0, 0.6};
        double worst = 0.0, worstEnvelope = 0.0;
        int points = 0;
        for (std::size_t t = 0; t < tyres.size(); ++t) {
            const TirCoefficients& frontTyre = tyres[t];
            const TirCoefficients& rearTyre = tyres[(t + 1) % tyres.size()];
            for (double camber : {-3.0 * deg, 0.0, 2.0 * deg})
                for (double pressureShare : {0.8, 1.0, 1.3}) {
                    TireParams front = tiresWithTir(TireParams{}, frontTyre, "front", false);
                    TireParams rear = tiresWithTir(TireParams{}, rearTyre, "rear", false);
                    front.camber = camber;
                    rear.camber = -0.5 * camber;
                    front.pressure = pressureShare * 220000.0;
                    rear.pressure = (2.3 - pressureShare) * 220000.0;
                    const WheelTires lanes(front, rear);
                    const TireParams* axle[2] = {&front, &rear};
                    const TirModel models[4] = {TirModel(frontTyre, TirMounting::Left),
                                                TirModel(frontTyre, TirMounting::Right),
                                                TirModel(rearTyre, TirMounting::Left),
                                                TirModel(rearTyre, TirMounting::Right)};
                    std::size_t n = 0;
                    for (double kappa : kappas)
                        for (double alpha : alphas)
                            for (double share : loadShares)
                                for (double speed : speeds)
                                    for (double grip : grips) {
                                        WheelTireInputs in{};
                                        double wheelKappa[4], wheelAlpha[4];
                                        for (int w = 0; w < 4; ++w) {
                                            // Each lane its own combination of slips.
                                            wheelKappa[w] = kappas[(n + 3 * w) % std::size(kappas)];
                                            wheelAlpha[w] = w == 0 ? alpha : alphas[(n + 2 * w) % std::size(alphas)];
                                            if (w == 0)
                                                wheelKappa[w] = kappa;
                                            in.slipRatio[w] = wheelKappa[w];
                                            in.slipAngle[w] = wheelAlpha[w];
                                            in.normalLoad[w] = share * models[w].coefficients().FNOMIN;
                                            in.surfaceMu[w] = grip;
                                            in.contactSpeed[w] = speed;
                                        }
                                        ++n;
                                        WheelTireForces out;
                                        lanes.evaluate(in, out);
                                        for (int w = 0; w < 4; ++w) {
                                            const TireParams& p = *axle[w / 2];
                                            const int side = w % 2;
                                            const double fz = in.normalLoad[w];
                                            const TirForces f = models[w].forces(
                                                wheelKappa[w] / grip, std::atan(std::tan(wheelAlpha[w]) / grip), fz,
                                                tirInclination(p.camber, side), tirPressure(p), speed, false);
                                            const FrictionLimits exact = lanes.tire(w).limits(fz, grip);
                                            const double scale = std::max(exact.fxMax, exact.fyMax);
                                            const double deviation =
                                                std::max(std::fabs(out.fx[w] - grip * f.fx), std::fabs(out.fy[w] - grip * f.fy)) /
                                                scale;
                                            const double envelopeDeviation =
                                                std::max(std::fabs(out.fxMax[w] / exact.fxMax - 1.0),
                                                         std::fabs(out.fyMax[w] / exact.fyMax - 1.0));
                                            worst = std::max(worst, deviation);
                                            worstEnvelope = std::max(worstEnvelope, envelopeDeviation);
                                            if (!(deviation <= tirLaneForceTolerance) ||
                                                !(envelopeDeviation <= envelopeRounding))
                                                QFAIL(qPrintable(QString("tyre %1, wheel %2, kappa %3, alpha %4, Fz %5, v %6, mu "
                                                                         "%7: Fx %8 against %9, Fy %10 against %11, envelope "
                                                                         "%12 %13 against %14 %15")
                                                                     .arg(t).arg(w).arg(wheelKappa[w]).arg(wheelAlpha[w]).arg(fz)
                                                                     .arg(speed).arg(grip).arg(out.fx[w], 0, 'g', 15)
                                                                     .arg(grip * f.fx, 0, 'g', 15).arg(out.fy[w], 0, 'g', 15)
                                                                     .arg(grip * f.fy, 0, 'g', 15).arg(out.fxMax[w], 0, 'g', 15)
                                                                     .arg(out.fyMax[w], 0, 'g', 15).arg(exact.fxMax, 0, 'g', 15)
                                                                     .arg(exact.fyMax, 0, 'g', 15)));
                                            ++points;
                                        }
                                    }
                }
        }
        std::printf("  %d wheel points: largest deviation %.3g of the peak force (tolerance %.0e), envelope %.3g\n",
                    points, worst, tirLaneForceTolerance, worstEnvelope);
    }

    // A wheel without load or grip makes no force and has no envelope; at standstill every
    // force is finite (the fade takes the shifts out, the slips may be anything finite).
    void stepLanesAreFiniteAtRestAndWithoutLoad() {
        for (const TirCoefficients& c : everyTyre()) {
            const TireParams p = tiresWithTir(TireParams{}, c, "x", false);
            const WheelTires lanes(p, p);
            WheelTireInputs in{};
            in.slipRatio = Quad{0.0, -1.0, 0.3, 0.0};
            in.slipAngle = Quad{0.0, 0.4, -1.5, 0.0};
            in.normalLoad = Quad{0.0, c.FNOMIN, 2.0 * c.FNOMIN, c.FNOMIN};
            in.surfaceMu = Quad{1.0, 1.0, 1.0, 0.0};
            in.contactSpeed = Quad{};
            WheelTireForces out;
            lanes.evaluate(in, out);
            for (int w = 0; w < 4; ++w) {
                QVERIFY(std::isfinite(out.fx[w]) && std::isfinite(out.fy[w]));
                QVERIFY(std::isfinite(out.fxMax[w]) && std::isfinite(out.fyMax[w]));
            }
            for (int w : {0, 3}) { // no load; no grip
                QCOMPARE(out.fx[w], 0.0);
                QCOMPARE(out.fy[w], 0.0);
                QCOMPARE(out.fxMax[w], 0.0);
                QCOMPARE(out.fyMax[w], 0.0);
            }
            QVERIFY(out.fxMax[1] > 0.0 && out.fyMax[2] > 0.0);
        }
    }

    // A saved setup keeps the coefficients and their source; a setup that never used the
    // model writes no section for it, and a file without one loads with no warning.
    void setupKeepsTheCoefficients() {
        Setup s = defaultSetup();
        const QByteArray plain = writeSetup(s, {});
        QVERIFY(!plain.contains("\"tir\""));
        const SetupLoadResult plainBack = loadSetup(plain);
        QVERIFY(plainBack.ok());
        QVERIFY2(plainBack.warnings.isEmpty(), qPrintable(plainBack.warnings.join("; ")));

        s.rearTires = tiresWithTir(s.rearTires, fileCoefficients("mf_185_80R14.tir"), "mf_185_80R14.tir", true);
        s.rearTires.camber = -0.02;
        const SetupLoadResult back = loadSetup(writeSetup(s, {}));
        QVERIFY2(back.ok(), qPrintable(back.errorStrings().join("; ")));
        QVERIFY(back.setup->rearTires == s.rearTires);
        QCOMPARE(back.setup->rearTires.tir.source, std::string("mf_185_80R14.tir"));
        QCOMPARE(back.setup->rearTires.radius, s.rearTires.tir.coefficients.UNLOADED_RADIUS);
        QVERIFY(back.setup->frontTires == s.frontTires);
    }

    // A braking run on a real file: the car stops, at no more than the tyres' grip allows.
    void carBrakesOnARealFile() {
        Setup s = defaultSetup();
        const TirCoefficients c = fileCoefficients("mf_185_80R14.tir");
        s.frontTires = tiresWithTir(s.frontTires, c, "mf_185_80R14.tir", false);
        s.rearTires = tiresWithTir(s.rearTires, c, "mf_185_80R14.tir", false);
        BrakingRun run;
        const RunResult r = runManeuver(s, run);
        QVERIFY2(r.ok, r.error.c_str());
        double peak = 0.0, distance = 0.0;
        for (const Metric& m : r.metrics) {
            if (m.key == "braking_peak_decel_g")
                peak = m.value;
            if (m.key == "braking_100_0_kmh_m")
                distance = m.value;
        }
        // The file's largest friction coefficient at a light load bounds the deceleration
        // (its mu falls with load); 10 % for the load transfer's unequal loads and aero.
        const double mu = TirModel(c).frictionX(0.5 * c.FNOMIN, 0.0, c.NOMPRES);
        constexpr double loadSpreadMargin = 1.1;
        QVERIFY2(peak > 0.5 && peak <= loadSpreadMargin * mu, qPrintable(QString("%1 g, mu %2").arg(peak).arg(mu)));
        QVERIFY(distance > 0.0);
    }
};

QTEST_GUILESS_MAIN(TestTirModel)
#include "tst_tir_model.moc"
