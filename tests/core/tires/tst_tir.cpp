// The Magic Formula .tir model (docs/physics.md 12): the bundled files load with their
// versions; closed forms at the nominal load derived here by hand from the coefficients
// written in this file; point checks against an evaluation written in this file from the
// equations of docs/physics.md 12.3 (its own code, sharing nothing with the model but the
// parsed numbers); mirroring; combined-slip bounds; pressure; low speed.

#include "core/tires/MagicFormulaTir.h"
#include "core/tires/TirLoad.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>

using namespace vtw;

Q_DECLARE_METATYPE(vtw::TirVersion)
Q_DECLARE_METATYPE(vtw::TyreSide)

namespace {

constexpr double pi = 3.14159265358979323846;
constexpr double deg = pi / 180.0;

// Tolerances, named by what they absorb.
constexpr double roundingTolerance = 1e-9; // relative: the same formulas in another order
constexpr double slopeStep = 1e-6;         // h of the central differences (slip ratio; tan(alpha))
constexpr double slopeTolerance = 1e-5;    // relative: central difference at h (third-order terms)
constexpr double sweepPeakTolerance = 1e-5; // relative: a 0.0005 deg / 1e-5 slip grid's max vs the peak
// The weighting functions are exactly 1 at their centre; the ellipse scale is 1 inside.
constexpr double weightTolerance = 0.0;

std::string resourcePath(const std::string& name) {
    return std::string(VTW_SOURCE_DIR) + "/resources/tires/" + name;
}

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

TirLoadResult loadResource(const std::string& name) {
    return loadTir(readText(resourcePath(name)));
}

// A synthetic MF 6.1 tyre: the bundled mf_185_80R14 set with MF 6.1's cornering stiffness
// form, camber stiffness, pressure, speed and camber terms given values of their usual
// size, so that every MF 6.x term takes part. Written for these tests.
std::string mf61Text(int fittyp = 61) {
    return R"($ synthetic MF 6.1 test tyre
[MDI_HEADER]
FILE_TYPE = 'tir'
[UNITS]
LENGTH = 'meter'
FORCE = 'newton'
ANGLE = 'radian'
MASS = 'kg'
TIME = 'second'
PRESSURE = 'pascal'
[MODEL]
FITTYP = )" + std::to_string(fittyp) +
           R"(
TYRESIDE = 'LEFT'
LONGVL = 16.7
VXLOW = 1
[DIMENSION]
UNLOADED_RADIUS = 0.376
[OPERATING_CONDITIONS]
INFLPRES = 240000
NOMPRES = 220000
[VERTICAL]
FNOMIN = 3800
[SCALING_COEFFICIENTS]
LFZO = 0.95
LCX = 1
LMUX = 1.05
LEX = 1
LKX = 0.97
LHX = 1
LVX = 1
LCY = 1
LMUY = 0.98
LEY = 1
LKY = 1.03
LKYC = 0.9
LKZC = 1.1
LHY = 1
LVY = 1
LTR = 1
LRES = 1
LXAL = 1
LYKA = 1
LVYKA = 1
LS = 1
LMUV = 0.02
[LONGITUDINAL_COEFFICIENTS]
PCX1 = 1.5587
PDX1 = 1.09
PDX2 = -0.079328
PDX3 = 2.5
PEX1 = 0.27403
PEX2 = 0.10232
PEX3 = 0.074903
PEX4 = -0.00026944
PKX1 = 19.733
PKX2 = 0.093405
PKX3 = 0.12433
PHX1 = -0.001779
PHX2 = 0.00021808
PVX1 = -9.9052e-006
PVX2 = -2.8568e-005
PPX1 = -0.3485
PPX2 = 0.37824
PPX3 = -0.09603
PPX4 = 0.06518
RBX1 = 14.927
RBX2 = -10.534
RBX3 = 0.8
RCX1 = 1.1288
REX1 = 0.62334
REX2 = -0.0039079
RHX1 = 0.001683
[LATERAL_COEFFICIENTS]
PCY1 = 1.4675
PDY1 = 0.94002
PDY2 = -0.17669
PDY3 = -0.69602
PEY1 = 0.0040023
PEY2 = 0.00085719
PEY3 = 0.5
PEY4 = 6.5
PEY5 = 2.0
PKY1 = -12.536
PKY2 = 1.3856
PKY3 = -0.93342
PKY4 = 1.95
PKY5 = 0.6
PKY6 = -0.92
PKY7 = -0.24
PHY1 = 0.0024749
PHY2 = 0.0037538
PVY1 = 0.031255
PVY2 = -0.0017359
PVY3 = -0.38166
PVY4 = -0.033117
PPY1 = -0.6255
PPY2 = -0.06523
PPY3 = -0.16666
PPY4 = 0.2811
PPY5 = 0.3
RBY1 = 5.5228
RBY2 = 2.7966
RBY3 = 0.08688
RBY4 = 0.4
RCY1 = 1.0783
REY1 = 0.055543
REY2 = -0.0022958
RHY1 = -0.0027141
RHY2 = -0.00098972
RVY1 = 0.0076305
RVY2 = -0.09933
RVY3 = 0.16991
RVY4 = -9.6324e-005
RVY5 = 1.9
RVY6 = 2.5
[ALIGNING_COEFFICIENTS]
QBZ1 = 9.2824
QBZ2 = -2.6095
QBZ3 = -0.86548
QBZ4 = -0.16332
QBZ5 = -0.35511
QBZ9 = 13.946
QBZ10 = 0.1
QCZ1 = 1.1119
QDZ1 = 0.14332
QDZ2 = -0.0062385
QDZ3 = -0.43424
QDZ4 = -8.1598
QDZ6 = -0.0073867
QDZ7 = 0.0016767
QDZ8 = -0.17212
QDZ9 = -0.033444
QDZ10 = 0.2
QDZ11 = -0.1
QEZ1 = -2.9203
QEZ2 = -0.91079
QEZ3 = 0
QEZ4 = 0.32935
QEZ5 = -1.9083
QHZ1 = 0.0019422
QHZ2 = 0.0034645
QHZ3 = 0.14727
QHZ4 = -0.035133
PPZ1 = -0.4
PPZ2 = 0.05
SSZ1 = 0.026243
SSZ2 = -0.013391
SSZ3 = 0.3923
SSZ4 = -0.16022
)";
}

// ---------------------------------------------------------------------------------------
// An independent evaluation of docs/physics.md 12.3, written straight from the document.
// Coefficients come from the parsed file's numbers (SI files only), with the defaults of
// docs/physics.md 12.1 written again here.

struct Reference {
    std::map<std::string, double> k;
    bool mf6 = false;
    bool ellipse = false;

    double operator()(const std::string& name) const {
        const auto it = k.find(name);
        if (it != k.end())
            return it->second;
        if (name == "LMUV")
            return 0.0;
        if (name == "PKY4")
            return 2.0;
        if (name == "VXLOW")
            return 1.0;
        if (name == "LONGVL")
            return 16.7;
        return name[0] == 'L' ? 1.0 : 0.0;
    }
};

Reference referenceOf(const TirLoadResult& loaded) {
    Reference r;
    for (const TirEntry& e : loaded.file.entries)
        if (e.value.isNumber && e.section != "UNITS")
            r.k.emplace(e.key, e.value.number);
    r.mf6 = loaded.coefficients->version != TirVersion::Mf5;
    r.ellipse = loaded.coefficients->frictionEllipse;
    return r;
}

double sign(double x) {
    return double((x > 0.0) - (x < 0.0));
}

double mf(double B, double C, double E, double x) {
    return std::sin(C * std::atan(B * x - E * (B * x - std::atan(B * x))));
}

// sup over x of |D MF(B, C, E_side, x) + SV| for E < 1 and C >= 1, where the shape reaches 1
// on both sides (true of every set checked below; asserted where used).
double peakWhenShapeReachesOne(double D, double SV) {
    return std::fabs(D) + std::fabs(SV);
}

struct RefOut {
    double fx, fy, mz;
};

RefOut referenceForces(const Reference& K, double kappa, double alpha, double Fz, double gamma, double p, double vx) {
    if (!(Fz > 0.0))
        return {0.0, 0.0, 0.0};
    const double eps = 1e-6;
    auto prime = [&](double x) { return x + (x < 0.0 ? -eps : eps); };
    const double Fz0p = K("FNOMIN") * K("LFZO");
    const double dfz = (Fz - Fz0p) / Fz0p;
    const double dpi = (K.mf6 && K("NOMPRES") > 0.0) ? (p - K("NOMPRES")) / K("NOMPRES") : 0.0;
    const double as = std::tan(alpha), gs = std::sin(gamma);
    const double gx = K.mf6 ? gs : gs * K("LGAX");
    const double gy = K.mf6 ? gs : gs * K("LGAY");
    const double gz = K.mf6 ? gs : gs * K("LGAZ");
    const double Vs = std::fabs(vx) * std::sqrt(kappa * kappa + as * as);
    const double speed = K.mf6 ? 1.0 + K("LMUV") * Vs / K("LONGVL") : 1.0;
    const double LMUXs = K("LMUX") / speed, LMUYs = K("LMUY") / speed;
    const double w = std::fabs(vx) >= K("VXLOW") ? 1.0 : 0.5 * (1.0 - std::cos(pi * std::fabs(vx) / K("VXLOW")));

    // Pure longitudinal.
    const double Cx = K("PCX1") * K("LCX");
    const double mux = (K("PDX1") + K("PDX2") * dfz) * (1 + K("PPX3") * dpi + K("PPX4") * dpi * dpi) *
                       (1 - K("PDX3") * gx * gx) * LMUXs;
    const double Dx = mux * Fz;
    const double Kxk = Fz * (K("PKX1") + K("PKX2") * dfz) * std::exp(K("PKX3") * dfz) *
                       (1 + K("PPX1") * dpi + K("PPX2") * dpi * dpi) * K("LKX");
    const double Bx = Kxk / prime(Cx * Dx);
    const double SHx = (K("PHX1") + K("PHX2") * dfz) * K("LHX") * w;
    const double SVx = Fz * (K("PVX1") + K("PVX2") * dfz) * K("LVX") * LMUXs * w;
    const double kx = kappa + SHx;
    const double ExBase = (K("PEX1") + K("PEX2") * dfz + K("PEX3") * dfz * dfz) * K("LEX");
    const double Ex = std::min(1.0, ExBase * (1 - K("PEX4") * sign(kx)));
    const double Fx0 = Dx * mf(Bx, Cx, Ex, kx) + SVx;

    // Pure lateral, at a camber measure g (for MF 6.x's trail force at zero camber).
    struct Lat {
        double Fy0, muy, Kya, By, Cy, SHy, SVy, Dy, Ep, En;
    };
    auto lateralAt = [&](double g) {
        Lat l{};
        l.Cy = K("PCY1") * K("LCY");
        l.muy = (K("PDY1") + K("PDY2") * dfz) * (1 + K("PPY3") * dpi + K("PPY4") * dpi * dpi) *
                (1 - K("PDY3") * g * g) * LMUYs;
        l.Dy = l.muy * Fz;
        double SVyg;
        if (K.mf6) {
            l.Kya = K("PKY1") * Fz0p * (1 + K("PPY1") * dpi) * (1 - K("PKY3") * std::fabs(g)) *
                    std::sin(K("PKY4") *
                             std::atan((Fz / Fz0p) / ((K("PKY2") + K("PKY5") * g * g) * (1 + K("PPY2") * dpi)))) *
                    K("LKY");
            const double Kyg0 = Fz * (K("PKY6") + K("PKY7") * dfz) * (1 + K("PPY5") * dpi) * K("LKYC");
            SVyg = Fz * (K("PVY3") + K("PVY4") * dfz) * g * K("LKYC") * LMUYs;
            l.SHy = (K("PHY1") + K("PHY2") * dfz) * K("LHY") + (Kyg0 * g - SVyg) / prime(l.Kya);
        } else {
            l.Kya = K("PKY1") * Fz0p * (1 - K("PKY3") * std::fabs(g)) * std::sin(2 * std::atan(Fz / Fz0p / K("PKY2"))) *
                    K("LKY");
            SVyg = Fz * (K("PVY3") + K("PVY4") * dfz) * g * LMUYs;
            l.SHy = (K("PHY1") + K("PHY2") * dfz) * K("LHY") + K("PHY3") * g;
        }
        l.SHy *= w;
        l.SVy = (Fz * (K("PVY1") + K("PVY2") * dfz) * K("LVY") * LMUYs + SVyg) * w;
        const double ay = as + l.SHy;
        const double e0 = (K("PEY1") + K("PEY2") * dfz) * K("LEY");
        const double Ey = std::min(1.0, e0 * (1 + K("PEY5") * g * g - (K("PEY3") + K("PEY4") * g) * sign(ay)));
        l.Ep = std::min(1.0, e0 * (1 + K("PEY5") * g * g - (K("PEY3") + K("PEY4") * g)));
        l.En = std::min(1.0, e0 * (1 + K("PEY5") * g * g + (K("PEY3") + K("PEY4") * g)));
        l.By = l.Kya / prime(l.Cy * l.Dy);
        l.Fy0 = l.Dy * mf(l.By, l.Cy, Ey, ay) + l.SVy;
        return l;
    };
    const Lat lat = lateralAt(gy);

    // Combination.
    double Gxa, Gyk, SVyk;
    if (K.ellipse) {
        // Pure peaks: sup of |D MF + SV| on either side of the centre.
        auto shapePeak = [](double C, double E) {
            const double thetaSup = E == 1.0 ? std::atan(pi / 2) : pi / 2; // E <= 1 after the cap
            return std::fabs(C) * thetaSup >= pi / 2 ? 1.0 : std::sin(std::fabs(C) * thetaSup);
        };
        auto sidePeak = [&](double D, double B, double C, double Ep, double En, double SV) {
            const double s = sign(B * C);
            return std::max(std::fabs(D * s * shapePeak(C, Ep) + SV), std::fabs(-D * s * shapePeak(C, En) + SV));
        };
        const double px = sidePeak(Dx, Bx, Cx, std::min(1.0, ExBase * (1 - K("PEX4"))),
                                   std::min(1.0, ExBase * (1 + K("PEX4"))), SVx);
        const double py = sidePeak(lat.Dy, lat.By, lat.Cy, lat.Ep, lat.En, lat.SVy);
        const double q = std::pow(px > 0 ? Fx0 / px : 0.0, 2) + std::pow(py > 0 ? lat.Fy0 / py : 0.0, 2);
        Gxa = Gyk = q > 1 ? 1 / std::sqrt(q) : 1.0;
        SVyk = 0.0;
    } else {
        auto G = [](double B, double C, double E, double x, double s) {
            const double top = std::cos(C * std::atan(B * x - E * (B * x - std::atan(B * x))));
            const double bottom = std::cos(C * std::atan(B * s - E * (B * s - std::atan(B * s))));
            return std::clamp(top / bottom, 0.0, 1.0);
        };
        const double Bxa = (K("RBX1") + (K.mf6 ? K("RBX3") : 0.0) * gs * gs) * std::cos(std::atan(K("RBX2") * kappa)) *
                           K("LXAL");
        Gxa = G(Bxa, K("RCX1"), std::min(1.0, K("REX1") + K("REX2") * dfz), as + K("RHX1"), K("RHX1"));
        const double Byk = (K("RBY1") + (K.mf6 ? K("RBY4") : 0.0) * gs * gs) *
                           std::cos(std::atan(K("RBY2") * (as - K("RBY3")))) * K("LYKA");
        const double SHyk = K("RHY1") + K("RHY2") * dfz;
        Gyk = G(Byk, K("RCY1"), std::min(1.0, K("REY1") + K("REY2") * dfz), kappa + SHyk, SHyk);
        const double DVyk = lat.muy * Fz * (K("RVY1") + K("RVY2") * dfz + K("RVY3") * gy) *
                            std::cos(std::atan(K("RVY4") * as));
        SVyk = DVyk * std::sin(K("RVY5") * std::atan(K("RVY6") * kappa)) * K("LVYKA") * w;
    }
    const double Fx = Gxa * Fx0;
    const double Fy = Gyk * lat.Fy0 + SVyk;

    // Aligning moment.
    const double R0 = K("UNLOADED_RADIUS");
    const double at = as + K("QHZ1") + K("QHZ2") * dfz + (K("QHZ3") + K("QHZ4") * dfz) * gz;
    const double ar = as + lat.SHy + lat.SVy / prime(lat.Kya);
    const double Bt = (K("QBZ1") + K("QBZ2") * dfz + K("QBZ3") * dfz * dfz) *
                      (1 + K("QBZ4") * gz + K("QBZ5") * std::fabs(gz)) * K("LKY") / LMUYs;
    const double Ct = K("QCZ1");
    const double Dt = Fz * (R0 / Fz0p) * (K("QDZ1") + K("QDZ2") * dfz) * (1 - K("PPZ1") * dpi) *
                      (1 + K("QDZ3") * gz + K("QDZ4") * gz * gz) * K("LTR");
    const double Et = std::min(1.0, (K("QEZ1") + K("QEZ2") * dfz + K("QEZ3") * dfz * dfz) *
                                        (1 + (K("QEZ4") + K("QEZ5") * gz) * (2 / pi) * std::atan(Bt * Ct * at)));
    const double Br = K("QBZ9") * K("LKY") / LMUYs + K("QBZ10") * lat.By * lat.Cy;
    const double camberPart =
        K.mf6 ? ((K("QDZ8") + K("QDZ9") * dfz) * (1 + K("PPZ2") * dpi) + (K("QDZ10") + K("QDZ11") * dfz) * std::fabs(gs)) *
                    gs * K("LKZC")
              : (K("QDZ8") + K("QDZ9") * dfz) * gz;
    const double Dr = Fz * R0 * ((K("QDZ6") + K("QDZ7") * dfz) * K("LRES") + camberPart) * LMUYs;
    const double ratio2 = std::pow(Kxk / prime(lat.Kya), 2) * kappa * kappa;
    const double ateq = std::sqrt(at * at + ratio2) * sign(at);
    const double areq = std::sqrt(ar * ar + ratio2) * sign(ar);
    const double t = Dt * std::cos(Ct * std::atan(Bt * ateq - Et * (Bt * ateq - std::atan(Bt * ateq)))) *
                     std::cos(alpha) * w;
    const double Mzr = Dr * std::cos(std::atan(Br * areq)) * std::cos(alpha) * w;
    const double s = R0 * (K("SSZ1") + K("SSZ2") * (Fy / Fz0p) + (K("SSZ3") + K("SSZ4") * dfz) * gz) * K("LS");
    const double Fyt = K.mf6 ? Gyk * lateralAt(0.0).Fy0 : Fy - SVyk;
    return {Fx, Fy, -t * Fyt + Mzr + s * Fx};
}

// ---------------------------------------------------------------------------------------

struct ShippedFile {
    const char* name;
    TirVersion version;
    int fittyp;
    TyreSide side;
    bool frictionEllipse;
};

const ShippedFile shippedFiles[] = {
    {"335_65R22_5_G275MSA_60psi.tir", TirVersion::Mf5, 5, TyreSide::Unknown, true},
    {"CityBus_Pac02Tire.tir", TirVersion::Mf5, 0, TyreSide::Left, false},
    {"Sedan_Pac02Tire.tir", TirVersion::Mf5, 0, TyreSide::Left, true},
    {"mf_185_80R14.tir", TirVersion::Mf5, 0, TyreSide::Left, false},
};

// The files the model tests run over: the four bundled ones and the synthetic MF 6.1 tyre.
struct ModelCase {
    std::string name;
    TirLoadResult loaded;
};

std::vector<ModelCase> modelCases() {
    std::vector<ModelCase> cases;
    for (const ShippedFile& f : shippedFiles)
        cases.push_back({f.name, loadResource(f.name)});
    cases.push_back({"synthetic MF 6.1", loadTir(mf61Text())});
    return cases;
}

bool close(double actual, double expected, double relative, double scale = 0.0) {
    return std::fabs(actual - expected) <= relative * (std::fabs(expected) + scale);
}

QString describe(const char* what, double actual, double expected) {
    return QStringLiteral("%1: %2, expected %3").arg(what).arg(actual, 0, 'g', 17).arg(expected, 0, 'g', 17);
}

} // namespace

class TestTir : public QObject {
    Q_OBJECT
private slots:
    // Every bundled file loads, with its version, side and combination detected; and every
    // .tir in resources/tires is one of them (a new file must be added here).
    void everyBundledFileLoadsWithItsVersion() {
        std::set<std::string> listed;
        for (const ShippedFile& f : shippedFiles) {
            listed.insert(f.name);
            const TirLoadResult r = loadResource(f.name);
            QVERIFY2(r.ok(), (std::string(f.name) + ": " + r.error).c_str());
            QVERIFY(r.error.empty());
            QCOMPARE(r.coefficients->version, f.version);
            QCOMPARE(r.coefficients->fittyp, f.fittyp);
            QCOMPARE(r.coefficients->side, f.side);
            QCOMPARE(r.coefficients->frictionEllipse, f.frictionEllipse);
            std::printf("  %-32s %s, FITTYP %d, %zu warnings\n", f.name,
                        std::string(tirVersionName(r.coefficients->version)).c_str(), r.coefficients->fittyp,
                        r.warnings.size());
        }
        for (const auto& entry : std::filesystem::directory_iterator(resourcePath("")))
            if (entry.path().extension() == ".tir")
                QVERIFY2(listed.count(entry.path().filename().string()) == 1, entry.path().c_str());
        const TirLoadResult synthetic = loadTir(mf61Text());
        QVERIFY2(synthetic.ok(), synthetic.error.c_str());
        QCOMPARE(synthetic.coefficients->version, TirVersion::Mf61);
        std::string warnings;
        for (const std::string& w : synthetic.warnings)
            warnings += w + "\n";
        QVERIFY2(synthetic.warnings.empty(), warnings.c_str());
        const TirLoadResult mf62 = loadTir(mf61Text(62));
        QVERIFY2(mf62.ok(), mf62.error.c_str());
        QCOMPARE(mf62.coefficients->version, TirVersion::Mf62);
    }

    // Closed forms at Fz = FNOMIN LFZO, zero camber, nominal pressure, at speed
    // (docs/physics.md 12.6, from 14.3 with dfz = dpi = 0, g* = 0, w = 1):
    //   Kxk = PKX1 Fz0' LKX                      (Pacejka 2012, 4.E15)
    //   Kya = PKY1 Fz0' sin(2 atan(1/PKY2)) LKY  (MF 5.x; Pacejka 2006, 4.E25)
    //   mu_x = PDX1 LMUX, mu_y = |PDY1| LMUY     (4.E13, 4.E23)
    //   SHx = PHX1 LHX, SVx = PVX1 Fz0' LVX LMUX, SHy = PHY1 LHY, SVy = PVY1 Fz0' LVY LMUY
    //   (4.E17, 4.E18, 4.E27, 4.E29): Fx0(-SHx) = SVx and Fy0 at tan(alpha) = -SHy is SVy
    //   peaks |D| + |SV| (C >= 1 and E < 1 on both sides: the shape reaches 1)
    // The coefficients are written here as the files give them.
    void closedFormsAtNominalLoad_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("FNOMIN");
        QTest::addColumn<double>("LFZO");
        QTest::addColumn<double>("PKX1");
        QTest::addColumn<double>("PDX1");
        QTest::addColumn<double>("PHX1");
        QTest::addColumn<double>("PVX1");
        QTest::addColumn<double>("PKY1");
        QTest::addColumn<double>("PKY2");
        QTest::addColumn<double>("PDY1");
        QTest::addColumn<double>("PHY1");
        QTest::addColumn<double>("PVY1");
        // All scaling factors other than LFZO are 1 in these files.
        QTest::newRow("mf_185_80R14") << "mf_185_80R14.tir" << 3800.0 << 1.0 << 19.733 << 1.09 << -0.001779
                                      << -9.9052e-006 << -12.536 << 1.3856 << 0.94002 << 0.0024749 << 0.031255;
        QTest::newRow("Sedan") << "Sedan_Pac02Tire.tir" << 4850.0 << 0.81 << 22.303 << 1.1739 << 0.0012297
                               << -8.8098e-006 << -21.92 << 2.0012 << 1.0489 << 0.0026747 << 0.037318;
        QTest::newRow("CityBus") << "CityBus_Pac02Tire.tir" << 35000.0 << 1.0 << 14.848 << 0.77751 << -0.00088873
                                 << -5.5714e-007 << -10.289 << 3.3343 << 0.73957 << 0.0056509 << 0.015216;
        QTest::newRow("335") << "335_65R22_5_G275MSA_60psi.tir" << 21674.0 << 1.0 << 7.5991 << 0.93385 << 0.0
                             << 0.0 << -12.265 << 2.3291 << -0.73151 << 0.0041814 << 0.0078979;
    }
    void closedFormsAtNominalLoad() {
        QFETCH(QString, file);
        QFETCH(double, FNOMIN);
        QFETCH(double, LFZO);
        QFETCH(double, PKX1);
        QFETCH(double, PDX1);
        QFETCH(double, PHX1);
        QFETCH(double, PVX1);
        QFETCH(double, PKY1);
        QFETCH(double, PKY2);
        QFETCH(double, PDY1);
        QFETCH(double, PHY1);
        QFETCH(double, PVY1);
        const TirLoadResult r = loadResource(file.toStdString());
        QVERIFY2(r.ok(), r.error.c_str());
        const TirModel model(*r.coefficients);
        const double fz0 = FNOMIN * LFZO, speed = 20.0, p = 0.0;

        const double kxk = PKX1 * fz0;
        const double kya = PKY1 * fz0 * std::sin(2.0 * std::atan(1.0 / PKY2));
        QVERIFY2(close(model.slipStiffness(fz0, p), kxk, roundingTolerance),
                 qPrintable(describe("Kxk", model.slipStiffness(fz0, p), kxk)));
        QVERIFY2(close(model.corneringStiffness(fz0, 0.0, p), -kya, roundingTolerance),
                 qPrintable(describe("-Kya", model.corneringStiffness(fz0, 0.0, p), -kya)));
        QVERIFY(close(model.frictionX(fz0, 0.0, p), std::fabs(PDX1), roundingTolerance));
        QVERIFY(close(model.frictionY(fz0, 0.0, p), std::fabs(PDY1), roundingTolerance));

        // The shifts: the curves' centres and their values there.
        const double svx = PVX1 * fz0, svy = PVY1 * fz0;
        QVERIFY2(close(model.pureFx(-PHX1, fz0, 0.0, p, speed), svx, roundingTolerance, fz0),
                 qPrintable(describe("Fx0(-SHx)", model.pureFx(-PHX1, fz0, 0.0, p, speed), svx)));
        QVERIFY2(close(model.pureFy(std::atan(-PHY1), fz0, 0.0, p, speed), svy, roundingTolerance, fz0),
                 qPrintable(describe("Fy0(-SHy)", model.pureFy(std::atan(-PHY1), fz0, 0.0, p, speed), svy)));

        // The slopes there: Kxk against kappa; Kya against tan(alpha), so Kya (1 + SHy^2)
        // against alpha (d tan(alpha) / d alpha = 1 + tan^2 at tan(alpha) = -SHy).
        const double slopeX = (model.pureFx(-PHX1 + slopeStep, fz0, 0.0, p, speed) -
                               model.pureFx(-PHX1 - slopeStep, fz0, 0.0, p, speed)) /
                              (2.0 * slopeStep);
        QVERIFY2(close(slopeX, kxk, slopeTolerance), qPrintable(describe("dFx0/dkappa", slopeX, kxk)));
        const double a0 = std::atan(-PHY1);
        const double slopeY = (model.pureFy(a0 + slopeStep, fz0, 0.0, p, speed) -
                               model.pureFy(a0 - slopeStep, fz0, 0.0, p, speed)) /
                              (2.0 * slopeStep);
        const double expectedSlopeY = kya * (1.0 + PHY1 * PHY1);
        QVERIFY2(close(slopeY, expectedSlopeY, slopeTolerance),
                 qPrintable(describe("dFy0/dalpha", slopeY, expectedSlopeY)));

        // Peaks: |D| + |SV| (the shape reaches 1 on both sides: C >= 1, E < 1 in these
        // files), and a dense sweep of the pure curves finds the same value.
        const double peakX = peakWhenShapeReachesOne(PDX1 * fz0, svx);
        const double peakY = peakWhenShapeReachesOne(PDY1 * fz0, svy);
        QVERIFY2(close(model.peakFx(fz0, 0.0, p), peakX, roundingTolerance),
                 qPrintable(describe("peak Fx", model.peakFx(fz0, 0.0, p), peakX)));
        QVERIFY2(close(model.peakFy(fz0, 0.0, p), peakY, roundingTolerance),
                 qPrintable(describe("peak Fy", model.peakFy(fz0, 0.0, p), peakY)));
        double sweptX = 0.0, sweptY = 0.0;
        for (int i = -100000; i <= 100000; ++i) {
            sweptX = std::max(sweptX, std::fabs(model.pureFx(i * 1e-5, fz0, 0.0, p, speed)));
            sweptY = std::max(sweptY, std::fabs(model.pureFy(i * 0.0005 * deg * 1.7, fz0, 0.0, p, speed)));
        }
        QVERIFY2(sweptX <= peakX * (1.0 + roundingTolerance) && sweptX >= peakX * (1.0 - sweepPeakTolerance),
                 qPrintable(describe("swept peak Fx", sweptX, peakX)));
        QVERIFY2(sweptY <= peakY * (1.0 + roundingTolerance) && sweptY >= peakY * (1.0 - sweepPeakTolerance),
                 qPrintable(describe("swept peak Fy", sweptY, peakY)));
        std::printf("  %-30s Kxk %.1f N, Ca %.1f N/rad, mu_x %.4f, mu_y %.4f, peaks %.1f / %.1f N at Fz0' %.1f N\n",
                    qPrintable(file), kxk, -kya, std::fabs(PDX1), std::fabs(PDY1), peakX, peakY, fz0);
    }

    // MF 6.1's pressure terms at Fz0', zero camber (docs/physics.md 12.3 with dfz = 0,
    // dpi = 0.2; Besselink et al. 2010): Kxk = PKX1 Fz0' (1 + PPX1 dpi + PPX2 dpi^2) LKX,
    // mu_x = PDX1 (1 + PPX3 dpi + PPX4 dpi^2) LMUX, Kya = PKY1 Fz0' (1 + PPY1 dpi)
    // sin(PKY4 atan(1 / (PKY2 (1 + PPY2 dpi)))) LKY, mu_y = PDY1 (1 + PPY3 dpi + PPY4 dpi^2) LMUY.
    void mf61PressureTerms() {
        const TirLoadResult r = loadTir(mf61Text());
        QVERIFY2(r.ok(), r.error.c_str());
        const TirModel model(*r.coefficients);
        // The synthetic file's coefficients (mf61Text()).
        const double FNOMIN = 3800, LFZO = 0.95, NOMPRES = 220000, LKX = 0.97, LMUX = 1.05, LKY = 1.03,
                     LMUY = 0.98;
        const double PKX1 = 19.733, PPX1 = -0.3485, PPX2 = 0.37824, PDX1 = 1.09, PPX3 = -0.09603, PPX4 = 0.06518;
        const double PKY1 = -12.536, PKY2 = 1.3856, PKY4 = 1.95, PPY1 = -0.6255, PPY2 = -0.06523, PDY1 = 0.94002,
                     PPY3 = -0.16666, PPY4 = 0.2811;
        const double fz0 = FNOMIN * LFZO;
        for (const double dpi : {0.0, 0.2, -0.25}) {
            const double p = NOMPRES * (1.0 + dpi);
            const double kxk = PKX1 * fz0 * (1.0 + PPX1 * dpi + PPX2 * dpi * dpi) * LKX;
            const double mux = PDX1 * (1.0 + PPX3 * dpi + PPX4 * dpi * dpi) * LMUX;
            const double kya =
                PKY1 * fz0 * (1.0 + PPY1 * dpi) * std::sin(PKY4 * std::atan(1.0 / (PKY2 * (1.0 + PPY2 * dpi)))) * LKY;
            const double muy = PDY1 * (1.0 + PPY3 * dpi + PPY4 * dpi * dpi) * LMUY;
            QVERIFY2(close(model.slipStiffness(fz0, p), kxk, roundingTolerance),
                     qPrintable(describe("Kxk", model.slipStiffness(fz0, p), kxk)));
            QVERIFY2(close(model.frictionX(fz0, 0.0, p), mux, roundingTolerance),
                     qPrintable(describe("mu_x", model.frictionX(fz0, 0.0, p), mux)));
            QVERIFY2(close(model.corneringStiffness(fz0, 0.0, p), -kya, roundingTolerance),
                     qPrintable(describe("-Kya", model.corneringStiffness(fz0, 0.0, p), -kya)));
            QVERIFY2(close(model.frictionY(fz0, 0.0, p), muy, roundingTolerance),
                     qPrintable(describe("mu_y", model.frictionY(fz0, 0.0, p), muy)));
            std::printf("  MF 6.1 at p %.0f Pa: Kxk %.1f N, Ca %.1f N/rad, mu_x %.4f, mu_y %.4f\n", p, kxk, -kya, mux,
                        muy);
        }
        // MF 5.x has no pressure terms: the pressure argument changes nothing.
        const TirLoadResult mf5 = loadResource("CityBus_Pac02Tire.tir");
        const TirModel bus(*mf5.coefficients);
        const TirForces low = bus.forces(0.05, 3.0 * deg, 30000.0, 0.02, 5e5, 15.0);
        const TirForces high = bus.forces(0.05, 3.0 * deg, 30000.0, 0.02, 9e5, 15.0);
        QVERIFY(low.fx == high.fx && low.fy == high.fy && low.mz == high.mz);
    }

    // The model against the evaluation written above from docs/physics.md 12.3, over slip,
    // load, camber, speed (at speed and fading) and, for MF 6.1, pressure.
    void pointChecksAgainstIndependentEvaluation() {
        for (const ModelCase& mc : modelCases()) {
            QVERIFY2(mc.loaded.ok(), (mc.name + ": " + mc.loaded.error).c_str());
            const TirCoefficients& c = *mc.loaded.coefficients;
            const TirModel model(c);
            const Reference ref = referenceOf(mc.loaded);
            const double fz0 = c.FNOMIN * c.LFZO;
            const bool mf6 = c.version != TirVersion::Mf5;
            std::vector<double> pressures{0.0};
            if (mf6)
                pressures = {0.8 * c.NOMPRES, c.NOMPRES, 1.25 * c.NOMPRES};
            int points = 0;
            double worst = 0.0;
            for (double share : {0.25, 1.0, 1.7})
                for (double camberDeg : {-4.0, 0.0, 3.0})
                    for (double p : pressures)
                        for (double vx : {c.LONGVL, 0.4 * c.VXLOW})
                            for (double kappa : {-0.6, -0.12, -0.03, 0.0, 0.02, 0.08, 0.4})
                                for (double alphaDeg : {-14.0, -5.0, -1.5, 0.0, 2.0, 7.0, 20.0}) {
                                    const double fz = share * fz0, alpha = alphaDeg * deg, camber = camberDeg * deg;
                                    const TirForces f = model.forces(kappa, alpha, fz, camber, p, vx);
                                    const RefOut e = referenceForces(ref, kappa, alpha, fz, camber, p, vx);
                                    const double momentScale = fz * c.UNLOADED_RADIUS;
                                    const bool ok = close(f.fx, e.fx, roundingTolerance, fz) &&
                                                    close(f.fy, e.fy, roundingTolerance, fz) &&
                                                    close(f.mz, e.mz, roundingTolerance, momentScale);
                                    worst = std::max({worst, std::fabs(f.fx - e.fx) / fz, std::fabs(f.fy - e.fy) / fz,
                                                      std::fabs(f.mz - e.mz) / momentScale});
                                    ++points;
                                    if (!ok)
                                        QFAIL(qPrintable(QStringLiteral("%1 at kappa %2, alpha %3 deg, Fz %4, camber %5 "
                                                                        "deg, p %6, vx %7: model (%8, %9, %10), "
                                                                        "reference (%11, %12, %13)")
                                                             .arg(QString::fromStdString(mc.name))
                                                             .arg(kappa)
                                                             .arg(alphaDeg)
                                                             .arg(fz)
                                                             .arg(camberDeg)
                                                             .arg(p)
                                                             .arg(vx)
                                                             .arg(f.fx, 0, 'g', 15)
                                                             .arg(f.fy, 0, 'g', 15)
                                                             .arg(f.mz, 0, 'g', 15)
                                                             .arg(e.fx, 0, 'g', 15)
                                                             .arg(e.fy, 0, 'g', 15)
                                                             .arg(e.mz, 0, 'g', 15)));
                                }
            std::printf("  %-30s %d points, largest difference %.3g of Fz (forces) or Fz R0 (moment)\n",
                        mc.name.c_str(), points, worst);
        }
    }

    // TYRESIDE: a LEFT tyre mounted on the right is the mirror image, exactly; an UNKNOWN
    // side is never mirrored; a RIGHT tyre mounted on the left is mirrored too.
    void tyreSideMirrors() {
        std::string rightText = mf61Text();
        rightText.replace(rightText.find("TYRESIDE = 'LEFT'"), 17, "TYRESIDE = 'RIGHT'");
        const TirLoadResult right = loadTir(rightText);
        QVERIFY2(right.ok(), right.error.c_str());
        QCOMPARE(right.coefficients->side, TyreSide::Right);
        struct Case {
            std::string name;
            TirCoefficients c;
            TirMounting other;
        };
        std::vector<Case> cases;
        for (const ModelCase& mc : modelCases())
            if (mc.loaded.coefficients->side == TyreSide::Left)
                cases.push_back({mc.name, *mc.loaded.coefficients, TirMounting::Right});
        cases.push_back({"synthetic RIGHT", *right.coefficients, TirMounting::Left});
        QCOMPARE(cases.size(), std::size_t(5));
        for (const Case& k : cases) {
            const TirModel measured(k.c), same(k.c, k.other == TirMounting::Right ? TirMounting::Left : TirMounting::Right),
                mirrored(k.c, k.other);
            QVERIFY(!measured.mirrored());
            QVERIFY(!same.mirrored());
            QVERIFY2(mirrored.mirrored(), k.name.c_str());
            const double fz0 = k.c.FNOMIN * k.c.LFZO, p = k.c.NOMPRES;
            for (double kappa : {-0.3, -0.05, 0.0, 0.07})
                for (double alpha : {-9.0 * deg, -1.0 * deg, 0.0, 4.0 * deg})
                    for (double camber : {-3.0 * deg, 0.0, 2.0 * deg}) {
                        // The same arithmetic on negated inputs: equal to the last bit.
                        const TirForces a = mirrored.forces(kappa, alpha, fz0, camber, p, 20.0);
                        const TirForces b = measured.forces(kappa, -alpha, fz0, -camber, p, 20.0);
                        QVERIFY(a.fx == b.fx);
                        QVERIFY(a.fy == -b.fy);
                        QVERIFY(a.mz == -b.mz);
                        QVERIFY(a.fy != 0.0 || alpha == 0.0);
                        QVERIFY(mirrored.pureFy(alpha, fz0, camber, p, 20.0) ==
                                -measured.pureFy(-alpha, fz0, -camber, p, 20.0));
                        QVERIFY(mirrored.pureMz(alpha, fz0, camber, p, 20.0) ==
                                -measured.pureMz(-alpha, fz0, -camber, p, 20.0));
                        QVERIFY(mirrored.pureFx(kappa, fz0, camber, p, 20.0) ==
                                measured.pureFx(kappa, fz0, -camber, p, 20.0));
                        // And a real mirror: the file's own asymmetry (ply steer, conicity) flips.
                        if (kappa == 0.0 && alpha == 0.0 && camber == 0.0)
                            QVERIFY(a.fy == -measured.forces(0.0, 0.0, fz0, 0.0, p, 20.0).fy);
                    }
            QVERIFY(mirrored.corneringStiffness(fz0, 2.0 * deg, p) == measured.corneringStiffness(fz0, -2.0 * deg, p));
        }
        // The 335 file's side is UNKNOWN: mounted anywhere, it is not mirrored.
        const TirLoadResult unknown = loadResource("335_65R22_5_G275MSA_60psi.tir");
        QVERIFY(!TirModel(*unknown.coefficients, TirMounting::Left).mirrored());
        QVERIFY(!TirModel(*unknown.coefficients, TirMounting::Right).mirrored());
    }

    // Combined slip (docs/physics.md 12.3): the weights stay in [0, 1] and each force
    // within its own pure peak at the same load (Fy with the kappa-induced side force SVyk
    // as its named allowance); files combined by the friction ellipse stay inside the
    // ellipse of their peaks, so their resultant within the larger peak. The resultant of
    // the MF's weighting is printed: the MF does not bound it (docs/physics.md 12.3).
    void combinedSlipStaysWithinThePurePeaks() {
        for (const ModelCase& mc : modelCases()) {
            const TirCoefficients& c = *mc.loaded.coefficients;
            const TirModel model(c);
            const double fz0 = c.FNOMIN * c.LFZO, p = c.NOMPRES, vx = c.LONGVL;
            for (double share : {0.5, 1.0, 1.5}) {
                const double fz = share * fz0;
                double worstResultant = 0.0, worstKappa = 0.0, worstAlpha = 0.0, largestG = 0.0;
                for (double camber : {0.0, 3.0 * deg}) {
                    const double peakX = model.peakFx(fz, camber, p), peakY = model.peakFy(fz, camber, p);
                    for (int i = 0; i <= 80; ++i)
                        for (int j = 0; j <= 60; ++j) {
                            const double kappa = -1.0 + i * 0.025, alpha = (-30.0 + j) * deg;
                            const TirCombinedWeights w = model.combinedWeights(kappa, alpha, fz, camber, p, vx);
                            QVERIFY(w.gxa >= 0.0 && w.gxa <= 1.0 + weightTolerance);
                            QVERIFY(w.gyk >= 0.0 && w.gyk <= 1.0 + weightTolerance);
                            largestG = std::max({largestG, w.gxa, w.gyk});
                            const TirForces f = model.forces(kappa, alpha, fz, camber, p, vx);
                            const double svykAllowance = std::fabs(w.svyk);
                            QVERIFY2(std::fabs(f.fx) <= peakX * (1.0 + roundingTolerance),
                                     qPrintable(describe("|Fx|", std::fabs(f.fx), peakX)));
                            QVERIFY2(std::fabs(f.fy) <= (peakY + svykAllowance) * (1.0 + roundingTolerance),
                                     qPrintable(describe("|Fy|", std::fabs(f.fy), peakY + svykAllowance)));
                            if (c.frictionEllipse) {
                                const double q = std::pow(f.fx / peakX, 2) + std::pow(f.fy / peakY, 2);
                                QVERIFY2(q <= 1.0 + roundingTolerance, qPrintable(describe("ellipse", q, 1.0)));
                            }
                            const double resultant =
                                std::hypot(f.fx, f.fy) / (std::max(peakX, peakY) + svykAllowance);
                            if (resultant > worstResultant) {
                                worstResultant = resultant;
                                worstKappa = kappa;
                                worstAlpha = alpha / deg;
                            }
                        }
                }
                std::printf("  %-30s Fz %.2f Fz0': |F| / (larger pure peak + |SVyk|) at most %.4f (kappa %.3f, "
                            "alpha %.0f deg)%s\n",
                            mc.name.c_str(), share, worstResultant, worstKappa, worstAlpha,
                            c.frictionEllipse ? ", friction ellipse" : "");
                if (c.frictionEllipse)
                    QVERIFY(worstResultant <= 1.0 + roundingTolerance);
                QVERIFY(largestG == 1.0); // reached at the weights' centres
            }
        }
        // The point docs/physics.md 12.3 quotes: mf_185_80R14 at half load, kappa 0.15, alpha -4 deg.
        {
            const TirLoadResult r = loadResource("mf_185_80R14.tir");
            const TirModel model(*r.coefficients);
            const double fz = 1900.0, kappa = 0.15, alpha = -4.0 * deg;
            const TirCombinedWeights w = model.combinedWeights(kappa, alpha, fz, 0.0, 0.0, 16.7);
            const TirForces f = model.forces(kappa, alpha, fz, 0.0, 0.0, 16.7);
            std::printf("  mf_185_80R14 at Fz 1900 N, kappa 0.15, alpha -4 deg: Gxa %.3f, Gyk %.3f, |F| %.0f N, "
                        "pure peaks %.0f and %.0f N\n",
                        w.gxa, w.gyk, std::hypot(f.fx, f.fy), model.peakFx(fz, 0.0, 0.0), model.peakFy(fz, 0.0, 0.0));
        }
        // Without the clamp to 1, G would pass 1 near the centre by 1/G(shift) - 1: the
        // figure docs/physics.md 12.3 quotes for mf_185_80R14 (RBX1 14.927, RCX1 1.1288,
        // REX1 0.62334, RHX1 0.001683 at dfz = 0, kappa = 0).
        const double b = 14.927, cx = 1.1288, e = 0.62334, s = 0.001683;
        const double g0 = std::cos(cx * std::atan(b * s - e * (b * s - std::atan(b * s))));
        std::printf("  mf_185_80R14: unclamped Gxa would reach %.5f\n", 1.0 / g0);
        QVERIFY(1.0 / g0 - 1.0 < 0.0005);
    }

    // Low speed and degenerate inputs (docs/physics.md 12.3): at rest with no slip nothing,
    // half way through the fade half the shifts, and never a NaN.
    void lowSpeedAndDegenerateInputs() {
        for (const ModelCase& mc : modelCases()) {
            const TirCoefficients& c = *mc.loaded.coefficients;
            const TirModel model(c);
            const double fz0 = c.FNOMIN * c.LFZO, p = c.NOMPRES;
            const TirForces rest = model.forces(0.0, 0.0, fz0, 0.0, p, 0.0);
            QVERIFY(rest.fx == 0.0 && rest.fy == 0.0 && rest.mz == 0.0);
            // At vx = VXLOW / 2 the fade is (1 - cos(pi / 2)) / 2 = 1/2: the centre of Fx0 is
            // at -SHx / 2 and the force there SVx / 2 (with SHx, SVx at the load, 14.3).
            const double dfz = 0.0; // Fz = Fz0'
            const double shx = (c.PHX1 + c.PHX2 * dfz) * c.LHX, svx = fz0 * (c.PVX1 + c.PVX2 * dfz) * c.LVX * c.LMUX;
            QVERIFY2(close(model.pureFx(-shx / 2.0, fz0, 0.0, p, c.VXLOW / 2.0), svx / 2.0, roundingTolerance, fz0),
                     qPrintable(describe("Fx0 half faded", model.pureFx(-shx / 2.0, fz0, 0.0, p, c.VXLOW / 2.0),
                                         svx / 2.0)));
            for (double fz : {0.0, -100.0, std::nan("")}) {
                const TirForces none = model.forces(0.1, 0.1, fz, 0.0, p, 10.0);
                QVERIFY(none.fx == 0.0 && none.fy == 0.0 && none.mz == 0.0);
            }
            for (double vx : {0.0, 1e-9, c.VXLOW, 80.0})
                for (double kappa : {-1.0, 0.0, 5.0, 1e3})
                    for (double alpha : {-89.0 * deg, 0.0, 1e-12, 60.0 * deg})
                        for (double fz : {1e-9, fz0, 10.0 * fz0}) {
                            const TirForces f = model.forces(kappa, alpha, fz, 5.0 * deg, p, vx);
                            QVERIFY2(std::isfinite(f.fx) && std::isfinite(f.fy) && std::isfinite(f.mz),
                                     qPrintable(QStringLiteral("%1: kappa %2 alpha %3 Fz %4 vx %5")
                                                    .arg(QString::fromStdString(mc.name))
                                                    .arg(kappa)
                                                    .arg(alpha)
                                                    .arg(fz)
                                                    .arg(vx)));
                        }
        }
    }
};

QTEST_GUILESS_MAIN(TestTir)
#include "tst_tir.moc"
