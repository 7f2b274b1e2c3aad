// Reading .tir files (docs/physics.md 12.1): what real files contain is accepted, what is
// not a tyre property file is refused with the line to blame, and a hostile megabyte is
// read in bounded time.

#include "core/tires/MagicFormulaTir.h"
#include "core/tires/TirLoad.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cmath>
#include <cstdio>
#include <string>

using namespace vtw;

Q_DECLARE_METATYPE(vtw::TirVersion)

namespace {

// A small valid file: PAC2002, SI, the coefficients a usable curve needs.
const std::string base = R"($ test tyre
[UNITS]
LENGTH = 'meter'
FORCE = 'newton'
ANGLE = 'radian'
TIME = 'second'
MASS = 'kg'
[MODEL]
PROPERTY_FILE_FORMAT = 'PAC2002'
TYRESIDE = 'LEFT'
VXLOW = 1
LONGVL = 16.7
[DIMENSION]
UNLOADED_RADIUS = 0.3
[VERTICAL]
FNOMIN = 4000
[LONGITUDINAL_COEFFICIENTS]
PCX1 = 1.6
PDX1 = 1.1
PKX1 = 20
RBX1 = 12
RCX1 = 1.0
[LATERAL_COEFFICIENTS]
PCY1 = 1.3
PDY1 = 1.0
PKY1 = -15
PKY2 = 1.5
PHY1 = 0.002
PVY1 = 0.03
RBY1 = 6
RCY1 = 1.0
[ALIGNING_COEFFICIENTS]
QBZ1 = 10
QCZ1 = 1.2
QDZ1 = 0.1
)";

// The relative tolerance of unit conversions: one multiplication by a factor.
constexpr double conversionTolerance = 1e-14;
// A 1 MiB hostile file must be read well under a second on a shared machine.
constexpr double costLimitMs = 1000.0;

// 1-based line of the first occurrence of needle in text.
int lineOf(const std::string& text, const std::string& needle) {
    const std::size_t at = text.find(needle);
    if (at == std::string::npos)
        return -1;
    int line = 1;
    for (std::size_t i = 0; i < at; ++i)
        line += text[i] == '\n';
    return line;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    if (at == std::string::npos)
        qFatal("test text has no '%s'", from.c_str());
    text.replace(at, from.size(), to);
    return text;
}

std::string at(int line) {
    return "line " + std::to_string(line) + ": ";
}

bool contains(const std::vector<std::string>& warnings, const std::string& part) {
    for (const std::string& w : warnings)
        if (w.find(part) != std::string::npos)
            return true;
    return false;
}

std::string joined(const std::vector<std::string>& warnings) {
    std::string out;
    for (const std::string& w : warnings)
        out += w + "\n";
    return out;
}

TirCoefficients coefficientsOf(const std::string& text) {
    const TirLoadResult r = loadTir(text);
    if (!r.ok())
        qFatal("expected to load: %s", r.error.c_str());
    return *r.coefficients;
}

std::string withLineEnds(const std::string& text, const char* end) {
    std::string out;
    for (char c : text) {
        if (c == '\n')
            out += end;
        else
            out += c;
    }
    return out;
}

} // namespace

class TestTirReader : public QObject {
    Q_OBJECT
private slots:
    void baseFileLoads() {
        const TirLoadResult r = loadTir(base);
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(r.coefficients->FNOMIN, 4000.0);
        QCOMPARE(r.coefficients->PKY1, -15.0);
        QCOMPARE(r.coefficients->side, TyreSide::Left);
    }

    // $ and ! comments on their own lines or after values; a comment character inside
    // quotes is text.
    void comments() {
        std::string text = replaced(base, "PCX1 = 1.6\n", "PCX1 = 1.6 $ shape factor\n! a note\n");
        text = replaced(text, "PDX1 = 1.1\n", "PDX1 = 1.1      ! peak = 1.1\n   $---- indented\n");
        text = replaced(text, "[MODEL]\n", "[MODEL]  $ the model\nCOMMENT = 'dry $ 20 C ! new'  $ conditions\n");
        const TirLoadResult r = loadTir(text);
        QVERIFY2(r.ok(), r.error.c_str());
        QVERIFY(*r.coefficients == coefficientsOf(base));
        const TirEntry* comment = r.file.find("MODEL", "COMMENT");
        QVERIFY(comment);
        QCOMPARE(comment->value.text, std::string("dry $ 20 C ! new"));
        QVERIFY(comment->value.quoted);
        QCOMPARE(comment->line, lineOf(text, "COMMENT"));
    }

    // Values quoted with ' or ", or bare; names in any case.
    void quotesAndCase() {
        for (const char* side : {"\"RIGHT\"", "'right'", "RIGHT", "Right"}) {
            const std::string text = replaced(base, "TYRESIDE = 'LEFT'", std::string("tyreside = ") + side);
            const TirLoadResult r = loadTir(text);
            QVERIFY2(r.ok(), r.error.c_str());
            QCOMPARE(r.coefficients->side, TyreSide::Right);
        }
        const TirCoefficients lower = coefficientsOf(replaced(base, "[VERTICAL]\nFNOMIN", "[vertical]\nfnomin"));
        QCOMPARE(lower.FNOMIN, 4000.0);
    }

    // Numbers as files write them.
    void numberForms() {
        const std::pair<const char*, double> forms[] = {{"1.6D0", 1.6},   {"+1.6", 1.6},      {".5", 0.5},
                                                        {"5.", 5.0},      {"1.6e+000", 1.6},  {"16E-1", 1.6},
                                                        {"-0.0000e+000", 0.0}};
        for (const auto& [written, value] : forms) {
            const TirLoadResult r = loadTir(replaced(base, "PCX1 = 1.6", std::string("PCX1 = ") + written));
            QVERIFY2(r.ok(), r.error.c_str());
            QCOMPARE(r.coefficients->PCX1, value);
        }
    }

    // Sections in any order give the same coefficients.
    void sectionsInAnyOrder() {
        const std::size_t lateral = base.find("[LATERAL_COEFFICIENTS]");
        const std::size_t aligning = base.find("[ALIGNING_COEFFICIENTS]");
        const std::string reordered = base.substr(lateral, aligning - lateral) + base.substr(aligning) +
                                      base.substr(0, lateral);
        QVERIFY(coefficientsOf(reordered) == coefficientsOf(base));
    }

    // Tables without '=' are kept as rows of their section, with their lines.
    void tablesAreKept() {
        const std::string text = replaced(base, "[VERTICAL]\n",
                                          "[SHAPE]\n{radial width}\n 1.0    0.0\n 1.0    0.4 $ note\n 0.9    1.0\n"
                                          "[VERTICAL]\n");
        const TirLoadResult r = loadTir(text);
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(r.file.tableRows.size(), std::size_t(4));
        QCOMPARE(r.file.tableRows[0].section, std::string("SHAPE"));
        QCOMPARE(r.file.tableRows[0].text, std::string("{radial width}"));
        QCOMPARE(r.file.tableRows[2].text, std::string("1.0    0.4"));
        QCOMPARE(r.file.tableRows[3].line, lineOf(text, " 0.9    1.0"));
        QVERIFY(*r.coefficients == coefficientsOf(base));
    }

    // The same key in two sections is two keys.
    void sameKeyInTwoSections() {
        const std::string text = base + "[INERTIA]\nMASS = 9.3\n";
        const TirLoadResult r = loadTir(text);
        QVERIFY2(r.ok(), r.error.c_str());
        const TirEntry* unitMass = r.file.find("UNITS", "MASS");
        const TirEntry* mass = r.file.find("INERTIA", "MASS");
        QVERIFY(unitMass && mass);
        QCOMPARE(unitMass->value.text, std::string("kg"));
        QVERIFY(mass->value.isNumber);
        QCOMPARE(mass->value.number, 9.3);
        QCOMPARE(mass->line, lineOf(text, "MASS = 9.3"));
        // Looked up outside its section, MASS is the [INERTIA] one, never the unit.
        QCOMPARE(r.file.findPreferring("NOWHERE", "MASS"), mass);
    }

    // LF, CRLF and lone CR line ends read alike, with the same line numbers.
    void lineEnds() {
        const std::string text = base + "[SHAPE]\n 1.0 0.0\n";
        const TirLoadResult lf = loadTir(text);
        for (const char* end : {"\r\n", "\r"}) {
            const TirLoadResult other = loadTir(withLineEnds(text, end));
            QVERIFY2(other.ok(), other.error.c_str());
            QVERIFY(*other.coefficients == *lf.coefficients);
            QCOMPARE(other.file.tableRows.back().line, lf.file.tableRows.back().line);
            QCOMPARE(other.file.find("VERTICAL", "FNOMIN")->line, lineOf(text, "FNOMIN"));
        }
        // An error's line is the same too.
        const std::string broken = replaced(text, "PKX1 = 20", "PKX1 = twenty");
        const std::string expected = at(lineOf(broken, "PKX1")) + "PKX1 = twenty is not a number";
        QCOMPARE(loadTir(withLineEnds(broken, "\r\n")).error, expected);
        QCOMPARE(loadTir(withLineEnds(broken, "\r")).error, expected);
    }

    // [UNITS] other than SI: the dimensional values are converted, the MF coefficients are
    // not, and the model is the SI file's.
    void unitsAreConverted() {
        const std::string si = replaced(replaced(base, "PROPERTY_FILE_FORMAT = 'PAC2002'", "FITTYP = 61"),
                                        "[VERTICAL]\n", "[OPERATING_CONDITIONS]\nNOMPRES = 200000\n"
                                                        "[SLIP_ANGLE_RANGE]\nALPMAX = 0.5\n[VERTICAL]\n");
        std::string metric = replaced(si, "LENGTH = 'meter'", "LENGTH = 'mm'");
        metric = replaced(metric, "FORCE = 'newton'", "FORCE = 'kN'");
        metric = replaced(metric, "ANGLE = 'radian'", "ANGLE = 'deg'");
        metric = replaced(metric, "MASS = 'kg'", "MASS = 'kg'\nPRESSURE = 'kPa'");
        metric = replaced(metric, "UNLOADED_RADIUS = 0.3", "UNLOADED_RADIUS = 300");
        metric = replaced(metric, "FNOMIN = 4000", "FNOMIN = 4");
        metric = replaced(metric, "VXLOW = 1", "VXLOW = 1000");     // mm/s
        metric = replaced(metric, "LONGVL = 16.7", "LONGVL = 16700"); // mm/s
        metric = replaced(metric, "NOMPRES = 200000", "NOMPRES = 200");
        metric = replaced(metric, "ALPMAX = 0.5", "ALPMAX = 28.64788975654116"); // deg
        const TirCoefficients a = coefficientsOf(si), b = coefficientsOf(metric);
        QVERIFY(std::fabs(b.UNLOADED_RADIUS - 0.3) <= 0.3 * conversionTolerance);
        QVERIFY(std::fabs(b.FNOMIN - 4000.0) <= 4000.0 * conversionTolerance);
        QVERIFY(std::fabs(b.VXLOW - 1.0) <= conversionTolerance);
        QVERIFY(std::fabs(b.LONGVL - 16.7) <= 16.7 * conversionTolerance);
        QVERIFY(std::fabs(b.NOMPRES - 200000.0) <= 200000.0 * conversionTolerance);
        QVERIFY(std::fabs(b.ALPMAX - 0.5) <= 0.5 * 1e-12);
        QCOMPARE(b.PKY1, a.PKY1); // dimensionless: as written
        QCOMPARE(b.PHY1, a.PHY1);
        const TirModel ma(a), mb(b);
        for (double kappa : {-0.1, 0.0, 0.05})
            for (double alpha : {-0.1, 0.0, 0.07}) {
                const TirForces fa = ma.forces(kappa, alpha, 3500.0, 0.02, 210000.0, 12.0);
                const TirForces fb = mb.forces(kappa, alpha, 3500.0, 0.02, 210000.0, 12.0);
                QVERIFY(std::fabs(fa.fx - fb.fx) <= 1e-9 * 3500.0);
                QVERIFY(std::fabs(fa.fy - fb.fy) <= 1e-9 * 3500.0);
                QVERIFY(std::fabs(fa.mz - fb.mz) <= 1e-9 * 3500.0);
            }
        // Imperial units: 1 lbf = 4.4482216152605 N, 1 in = 0.0254 m, 1 psi = 1 lbf/in^2.
        std::string imperial = replaced(si, "LENGTH = 'meter'", "LENGTH = 'inch'");
        imperial = replaced(imperial, "FORCE = 'newton'", "FORCE = 'pound_force'");
        imperial = replaced(imperial, "MASS = 'kg'", "MASS = 'pound_mass'\nPRESSURE = 'psi'");
        imperial = replaced(imperial, "TIME = 'second'", "TIME = 'minute'");
        const TirCoefficients c = coefficientsOf(imperial);
        QVERIFY(std::fabs(c.FNOMIN - 4000.0 * 4.4482216152605) <= c.FNOMIN * conversionTolerance);
        QVERIFY(std::fabs(c.UNLOADED_RADIUS - 0.3 * 0.0254) <= c.UNLOADED_RADIUS * conversionTolerance);
        QVERIFY(std::fabs(c.VXLOW - 0.0254 / 60.0) <= c.VXLOW * conversionTolerance);
        QVERIFY(std::fabs(c.NOMPRES - 200000.0 * 4.4482216152605 / (0.0254 * 0.0254)) <=
                c.NOMPRES * conversionTolerance);
        // No [UNITS]: SI, said in a warning.
        const std::size_t units = base.find("[UNITS]"), model = base.find("[MODEL]");
        const TirLoadResult none = loadTir(base.substr(0, units) + base.substr(model));
        QVERIFY2(none.ok(), none.error.c_str());
        QVERIFY(contains(none.warnings, "no [UNITS] section"));
        // An unknown MASS unit is only a warning (mass is not used).
        const TirLoadResult slugs = loadTir(replaced(base, "MASS = 'kg'", "MASS = 'stone'"));
        QVERIFY2(slugs.ok(), slugs.error.c_str());
        QVERIFY(contains(slugs.warnings, "unknown MASS unit 'stone'"));
    }

    void versionDetection_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<TirVersion>("version");
        QTest::newRow("FITTYP 5") << "FITTYP = 5" << TirVersion::Mf5;
        QTest::newRow("FITTYP 6") << "FITTYP = 6" << TirVersion::Mf5;
        QTest::newRow("FITTYP 21") << "FITTYP = 21" << TirVersion::Mf5;
        QTest::newRow("FITTYP 61") << "FITTYP = 61" << TirVersion::Mf61;
        QTest::newRow("FITTYP 62") << "FITTYP = 62" << TirVersion::Mf62;
        QTest::newRow("PAC2002") << "PROPERTY_FILE_FORMAT = 'PAC2002'" << TirVersion::Mf5;
        QTest::newRow("MF_05") << "PROPERTY_FILE_FORMAT = 'MF_05'" << TirVersion::Mf5;
        QTest::newRow("mf_05 bare") << "PROPERTY_FILE_FORMAT = mf_05" << TirVersion::Mf5;
        QTest::newRow("FITTYP wins") << "PROPERTY_FILE_FORMAT = 'PAC2002'\nFITTYP = 62" << TirVersion::Mf62;
    }
    void versionDetection() {
        QFETCH(QString, model);
        QFETCH(TirVersion, version);
        const TirLoadResult r = loadTir(replaced(base, "PROPERTY_FILE_FORMAT = 'PAC2002'", model.toStdString()));
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(r.coefficients->version, version);
    }

    // Missing coefficients take their neutral values and are listed; coefficients of the
    // other version are listed as ignored when not neutral; unknown keys and sections stay.
    void defaultsWarningsAndUnknownKeys() {
        const TirLoadResult r = loadTir(base + "[MY_SECTION]\nFOO = 'bar'\nBAZ = 3\n[MODEL]\nNEWKEY = 7\n");
        QVERIFY2(r.ok(), r.error.c_str());
        const TirCoefficients& c = *r.coefficients;
        QCOMPARE(c.LMUX, 1.0);
        QCOMPARE(c.LFZO, 1.0);
        QCOMPARE(c.PDX2, 0.0);
        QCOMPARE(c.QDZ6, 0.0);
        QVERIFY2(contains(r.warnings, "missing, taken as 0: PDX2, PDX3, PEX1"), joined(r.warnings).c_str());
        QVERIFY2(contains(r.warnings, "missing, taken as 1: LFZO, LCX, LMUX"), joined(r.warnings).c_str());
        QVERIFY(!contains(r.warnings, "PPX1")); // not part of MF 5.x: not missing
        QVERIFY(!contains(r.warnings, " PCX1"));
        QCOMPARE(r.file.find("MY_SECTION", "FOO")->value.text, std::string("bar"));
        QCOMPARE(r.file.find("MY_SECTION", "BAZ")->value.number, 3.0);
        QCOMPARE(r.file.find("MODEL", "NEWKEY")->value.number, 7.0);

        // MF 6.1: PKY4 2, LMUV 0, VXLOW and LONGVL from their defaults when left out.
        std::string mf6 = replaced(base, "PROPERTY_FILE_FORMAT = 'PAC2002'", "FITTYP = 61");
        mf6 = replaced(replaced(mf6, "VXLOW = 1\n", ""), "LONGVL = 16.7\n", "");
        const TirLoadResult m = loadTir(mf6);
        QVERIFY2(m.ok(), m.error.c_str());
        QCOMPARE(m.coefficients->PKY4, 2.0);
        QCOMPARE(m.coefficients->LMUV, 0.0);
        QCOMPARE(m.coefficients->VXLOW, 1.0);
        QCOMPARE(m.coefficients->LONGVL, 16.7);
        QVERIFY2(contains(m.warnings, "missing, taken as VXLOW = 1 m/s, LONGVL = 16.7 m/s, PKY4 = 2"),
                 joined(m.warnings).c_str());
        QVERIFY2(contains(m.warnings, "LKYC"), joined(m.warnings).c_str());
        QVERIFY(contains(m.warnings, "no nominal pressure NOMPRES"));

        // An MF 6.x coefficient in a PAC2002 file, not neutral: ignored, with its line.
        const std::string withPressure = replaced(base, "PKX1 = 20", "PKX1 = 20\nPPX1 = 0.5\nPPX2 = 0");
        const TirLoadResult ignored = loadTir(withPressure);
        QVERIFY2(ignored.ok(), ignored.error.c_str());
        QCOMPARE(ignored.coefficients->PPX1, 0.0);
        QVERIFY2(contains(ignored.warnings, "not part of MF 5.x, ignored: PPX1 (line " +
                                                std::to_string(lineOf(withPressure, "PPX1")) + ")"),
                 joined(ignored.warnings).c_str());
    }

    // A key given twice in a section: the later value, and a warning naming both lines.
    void repeatedKey() {
        const std::string text = replaced(base, "PDX1 = 1.1\n", "PDX1 = 1.1\nPDX1 = 1.2\n");
        const TirLoadResult r = loadTir(text);
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(r.coefficients->PDX1, 1.2);
        const int first = lineOf(text, "PDX1 = 1.1"), second = lineOf(text, "PDX1 = 1.2");
        QVERIFY2(contains(r.warnings, at(second) + "PDX1 repeats [LONGITUDINAL_COEFFICIENTS] PDX1 of line " +
                                          std::to_string(first)),
                 joined(r.warnings).c_str());
    }

    // Switches that are read and reported.
    void combinationSwitches() {
        const TirLoadResult plain = loadTir(base);
        QVERIFY(!plain.coefficients->frictionEllipse);
        const std::string fe = replaced(base, "TYRESIDE = 'LEFT'", "TYRESIDE = 'LEFT'\nFE_METHOD = 'YES'\nUSE_MODE = 14");
        const TirLoadResult r = loadTir(fe);
        QVERIFY2(r.ok(), r.error.c_str());
        QVERIFY(r.coefficients->frictionEllipse);
        QVERIFY2(contains(r.warnings, at(lineOf(fe, "FE_METHOD")) + "FE_METHOD = 'YES'"), joined(r.warnings).c_str());
        QVERIFY2(contains(r.warnings, at(lineOf(fe, "USE_MODE")) + "USE_MODE = 14 is not followed"),
                 joined(r.warnings).c_str());
        const TirLoadResult noWeights = loadTir(replaced(replaced(base, "RBY1 = 6\n", ""), "RCY1 = 1.0\n", ""));
        QVERIFY(noWeights.coefficients->frictionEllipse);
        QVERIFY(contains(noWeights.warnings, "RBY1 and RCY1 are 0: slips are combined by the friction ellipse"));
    }

    // Every refusal names what is wrong, and the line when one line is to blame.
    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, const std::string& text, const std::string& expected) {
            QTest::newRow(name) << QString::fromStdString(text) << QString::fromStdString(expected);
        };
        auto change = [](const std::string& from, const std::string& to) { return replaced(base, from, to); };
        auto lineIn = [](const std::string& text, const std::string& needle) { return at(lineOf(text, needle)); };
        std::string t;

        row("json", "{\n  \"fileType\": \"vehicle-setup\"\n}\n",
            "line 1: not a tyre property file (.tir): '{' comes before the first [SECTION] header");
        row("empty", "", "line 1: not a tyre property file (.tir): no [SECTION] header");
        row("comments only", "$ nothing\n! here\n", "line 1: not a tyre property file (.tir): no [SECTION] header");
        row("key before sections", "FNOMIN = 4000\n" + base,
            "line 1: not a tyre property file (.tir): 'FNOMIN = 4000' comes before the first [SECTION] header");
        t = change("FORCE = 'newton'", std::string("FORCE = 'new\0ton'", 17));
        row("binary", t, lineIn(t, "FORCE") + "binary data (control character 0)");
        t = change("PKX1 = 20", "PKX1 = abc");
        row("not a number", t, lineIn(t, "PKX1") + "PKX1 = abc is not a number");
        t = change("PDX1 = 1.1", "PDX1 = '1.1'");
        row("quoted number", t, lineIn(t, "PDX1") + "PDX1 = '1.1' is not a number");
        t = change("PKX1 = 20", "PKX1 = 1e999");
        row("overflow", t, lineIn(t, "PKX1") + "PKX1 = 1e999 is out of the range of numbers");
        t = change("FNOMIN = 4000\n", "");
        row("no FNOMIN", t, lineIn(t, "[VERTICAL]") + "[VERTICAL] has no FNOMIN: the nominal load FNOMIN is needed");
        row("no [VERTICAL]", change("[VERTICAL]\nFNOMIN = 4000\n", ""),
            "FNOMIN is missing (no [VERTICAL] section): the nominal load FNOMIN is needed");
        t = change("UNLOADED_RADIUS = 0.3\n", "");
        row("no UNLOADED_RADIUS", t,
            lineIn(t, "[DIMENSION]") + "[DIMENSION] has no UNLOADED_RADIUS: the unloaded radius UNLOADED_RADIUS is needed");
        t = change("FNOMIN = 4000", "FNOMIN = 0");
        row("FNOMIN 0", t, lineIn(t, "FNOMIN") + "FNOMIN = 0: the nominal load must be greater than 0");
        t = change("[VERTICAL]\n", "[SCALING_COEFFICIENTS]\nLFZO = -1\n[VERTICAL]\n");
        row("LFZO negative", t, lineIn(t, "LFZO") + "LFZO = -1: the nominal load's scale factor must be greater than 0");
        t = change("VXLOW = 1", "VXLOW = -1");
        row("VXLOW negative", t, lineIn(t, "VXLOW") + "VXLOW must not be negative");
        t = change("LENGTH = 'meter'", "LENGTH = 'furlong'");
        row("unknown unit", t, lineIn(t, "LENGTH") + "unknown LENGTH unit 'furlong' (known: METER,");
        t = change("PROPERTY_FILE_FORMAT = 'PAC2002'", "FITTYP = 52");
        row("FITTYP 52", t, lineIn(t, "FITTYP") + "FITTYP = 52 is not a Magic Formula version this program reads");
        t = change("PROPERTY_FILE_FORMAT = 'PAC2002'", "FITTYP = 'six'");
        row("FITTYP text", t, lineIn(t, "FITTYP") + "FITTYP = 'six' is not a number");
        t = change("PROPERTY_FILE_FORMAT = 'PAC2002'", "PROPERTY_FILE_FORMAT = 'PAC94'");
        row("PAC94", t, lineIn(t, "PROPERTY_FILE_FORMAT") + "PROPERTY_FILE_FORMAT = 'PAC94' without FITTYP");
        t = change("PROPERTY_FILE_FORMAT = 'PAC2002'\n", "");
        row("no version", t,
            lineIn(t, "[MODEL]") + "[MODEL] has neither FITTYP nor PROPERTY_FILE_FORMAT, so the Magic Formula version "
                                   "is unknown");
        t = change("$ test tyre\n", "$ test tyre\n[MDI_HEADER]\nFILE_TYPE = 'tyr'\n");
        row("FILE_TYPE", t, lineIn(t, "FILE_TYPE") + "FILE_TYPE = 'tyr': not a tyre property file ('tir')");
        t = change("TYRESIDE = 'LEFT'", "TYRESIDE = 'LEFT");
        row("open quote", t, lineIn(t, "TYRESIDE") + "TYRESIDE: the quote ' is not closed");
        t = change("TYRESIDE = 'LEFT'", "TYRESIDE = 'LEFT' side");
        row("text after quote", t, lineIn(t, "TYRESIDE") + "TYRESIDE: unexpected text after the quoted value: 'side'");
        t = change("PCX1 = 1.6", "PC X1 = 1.6");
        row("bad key", t, lineIn(t, "PC X1") + "'PC X1' is not a key (letters, digits and _)");
        t = change("= 1.6", "= 1.6\n= 2");
        row("no key", t, lineIn(t, "= 2") + "'=' without a key before it");
        t = change("[MODEL]", "[MODEL");
        row("open bracket", t, lineIn(t, "[MODEL") + "section header '[MODEL' has no closing ]");
        t = change("[MODEL]", "[]");
        row("empty section", t, lineIn(t, "[]") + "empty section name []");
        t = change("[MODEL]", "[MODEL] extra");
        row("text after header", t, lineIn(t, "[MODEL]") + "unexpected text after [MODEL]: 'extra'");
        t = change("PKX1 = 20", "PKX1 = 20\nPKX3 = 800");
        row("non-finite model", t,
            lineIn(t, "PKX3") + "PKX3 = 800 makes the model's Fx not finite at kappa -1, alpha -60 deg, Fz 8000 N");
        t = change("PROPERTY_FILE_FORMAT = 'PAC2002'", "FITTYP = 61\n[OPERATING_CONDITIONS]\nNOMPRES = -5\n[MODEL]");
        row("NOMPRES negative", t, lineIn(t, "NOMPRES") + "NOMPRES must not be negative");
    }
    void errors() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::string bytes = text.toStdString();
        const TirLoadResult r = loadTir(bytes);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.rfind(expected.toStdString(), 0) == 0,
                 qPrintable(QStringLiteral("got: %1\nexpected to start with: %2")
                                .arg(QString::fromStdString(r.error), expected)));
    }

    // A hostile megabyte (the reader's size limit) is read, or refused, well under a second.
    void boundedCost() {
        constexpr std::size_t megabyte = 1024 * 1024;
        auto fill = [&](std::string head, const std::string& line) {
            while (head.size() + line.size() <= megabyte)
                head += line;
            return head;
        };
        struct Input {
            const char* name;
            std::string text;
            bool accepted;
        };
        std::string longNumber = base;
        longNumber.replace(longNumber.find("PCX1 = 1.6"), 10, "PCX1 = " + std::string(megabyte - base.size(), '1'));
        const Input inputs[] = {
            {"one key repeated", fill(base + "[LONGITUDINAL_COEFFICIENTS]\n", "PCX1 = 1.6\n"), true},
            {"distinct unknown keys", [&] {
                 std::string s = base + "[EXTRA]\n";
                 for (int i = 0; s.size() < megabyte - 32; ++i) {
                     const std::string n = std::to_string(i);
                     s.append("K").append(n).append(" = ").append(n).append("\n");
                 }
                 return s;
             }(), true},
            {"table rows", fill(base + "[SHAPE]\n", " 1.0  0.5  0.25\n"), true},
            {"sections", fill(base, "[A]\n"), true},
            {"one quoted line", base + "[X]\nC = '" + std::string(megabyte - base.size() - 16, 'x') + "'\n", true},
            {"a megabyte number", longNumber, false},
            {"sections without FNOMIN", fill("[A]\n", "[B]\n"), false},
        };
        for (const Input& in : inputs) {
            QVERIFY(in.text.size() <= megabyte);
            QElapsedTimer timer;
            timer.start();
            const TirLoadResult r = loadTir(in.text);
            const double ms = timer.nsecsElapsed() / 1e6;
            std::printf("  %-24s %8zu bytes: %s in %.1f ms, %zu warnings\n", in.name, in.text.size(),
                        r.ok() ? "loaded" : "refused", ms, r.warnings.size());
            QCOMPARE(r.ok(), in.accepted);
            QVERIFY2(ms < costLimitMs, in.name);
            QVERIFY(r.warnings.size() <= 100);
        }
    }
};

QTEST_GUILESS_MAIN(TestTirReader)
#include "tst_tir_reader.moc"
