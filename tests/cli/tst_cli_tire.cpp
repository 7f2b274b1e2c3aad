// The command-line tool's tyre commands: curves and sweeps of every model, the Calspan
// presets, .tir files imported, exported and swept, and their errors.
#include <QJsonDocument>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtMath>
#include <QtTest>

#include "core/setupfile/SetupEnumKeys.h"
#include "core/tires/TireModels.h"

#include "tests/support/CliRun.h"

#include <cmath>

namespace {

using vtw::test::Outcome;
using vtw::test::runCli;
using vtw::test::writeFile;
using vtw::test::readFile;

} // namespace

class TestCliTire : public QObject {
    Q_OBJECT
private slots:
    void tireSweepCsvHasRowsAndOddSymmetry() {
        const Outcome o = runCli({"tire", "--sweep", "slip-angle", "--from", "-10", "--to", "10", "--count", "21"});
        QCOMPARE(o.exitCode, 0);
        const QList<QByteArray> lines = o.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 22); // header + 21 rows
        QCOMPARE(lines[0], QByteArray("slip_ratio,slip_angle_deg,fx_N,fy_N"));
        // Fy(-alpha) = -Fy(alpha) (docs/physics.md 0: lateral force opposes the slip angle)
        const double first = lines[1].split(',')[3].toDouble();
        const double last = lines[21].split(',')[3].toDouble();
        QVERIFY(first > 0.0);
        QCOMPARE(first, -last);
    }

    // Every registered model, by its CLI name and by its file key (the spelling --model took
    // before the names were one convention).
    void tireJsonForEveryModel_data() {
        QTest::addColumn<QString>("model");
        for (const vtw::TireModelInfo& m : vtw::tireModels) {
            const QString cli = vtw::optionText(m.cliName), key = vtw::optionText(m.key);
            QTest::newRow(qPrintable(cli)) << cli;
            if (key != cli)
                QTest::newRow(qPrintable(key + " (file key)")) << key;
        }
    }

    void tireJsonForEveryModel() {
        QFETCH(QString, model);
        const Outcome o = runCli({"tire", "--model", model, "--format", "json", "--count", "11"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QJsonDocument doc = QJsonDocument::fromJson(o.out);
        QCOMPARE(doc.object().value("rows").toArray().size(), 11);
    }

    // --preset sweeps a Calspan Table 1 tire. At a small slip angle the force is the
    // cornering stiffness the table implies, (A0 + A1 Fz - (A1/A2) Fz^2) lb/rad with Fz in
    // lb (docs/physics.md 6.6: f(sigma) -> (4/pi) sigma, so Fy -> (a_p0^2/2) Ks tan(alpha)),
    // times the slip angle. The three tires differ there by 1.6 % or more.
    void tirePresetSweepsTheTable1Tire_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("A0");
        QTest::addColumn<double>("A1");
        QTest::addColumn<double>("A2");
        // Table 1 of the Calspan report (docs/physics.md 6.6).
        QTest::newRow("155SR13") << "155SR13" << 914.02 << 12.9 << 2028.24;
        QTest::newRow("P155/80D13") << "P155/80D13" << 1817.0 << 7.48 << 2455.0;
        QTest::newRow("P185/70R13") << "P185/70R13" << 1068.0 << 11.3 << 2442.73;
    }

    void tirePresetSweepsTheTable1Tire() {
        QFETCH(QString, preset);
        QFETCH(double, A0);
        QFETCH(double, A1);
        QFETCH(double, A2);
        constexpr double newtonsPerPound = 4.4482216152605; // 1 lbf, exact by definition
        constexpr double loadN = 4000.0, slipDeg = 0.1;
        // At 0.1 deg, sigma is about 0.013: f(sigma) is within 0.1 % of (4/pi) sigma and
        // the friction drop K_mu sin(alpha) is 0.02 %.
        constexpr double relativeTolerance = 0.005;
        const Outcome o = runCli({"tire", "--preset", preset, "--sweep", "slip-angle", "--from", "0",
                                  "--to", QString::number(slipDeg), "--count", "2", "--load",
                                  QString::number(loadN)});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QList<QByteArray> lines = o.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        const double fy = lines[2].split(',')[3].toDouble();
        const double fzLb = loadN / newtonsPerPound;
        const double stiffnessLbPerRad = A0 + A1 * fzLb - (A1 / A2) * fzLb * fzLb;
        const double expected = -stiffnessLbPerRad * newtonsPerPound * qDegreesToRadians(slipDeg);
        QVERIFY2(std::abs(fy / expected - 1.0) < relativeTolerance,
                 qPrintable(QStringLiteral("Fy %1 N, expected %2 N").arg(fy).arg(expected)));
    }

    void tirePresetNamesAndErrors() {
        const Outcome help = runCli({"tire", "--help"});
        QCOMPARE(help.exitCode, 0);
        for (const char* name : {"155SR13", "P155/80D13", "P185/70R13"})
            QVERIFY2(help.out.contains(name), help.out.constData());
        const Outcome unknown = runCli({"tire", "--preset", "205/55R16"});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.out.isEmpty());
        QVERIFY2(unknown.err.contains("unknown preset '205/55R16'") &&
                     unknown.err.contains("155SR13, P155/80D13, P185/70R13"),
                 unknown.err.constData());
        const Outcome otherModel = runCli({"tire", "--preset", "155SR13", "--model", "brush"});
        QCOMPARE(otherModel.exitCode, 2);
        QVERIFY2(otherModel.err.contains("--preset"), otherModel.err.constData());
    }

    // import --tir makes a file the tire model of an axle; the new setup runs, and export
    // --tir writes the same coefficients back (the file's own, not a fit).
    void importTirMakesTheModel() {
        QTemporaryDir dir;
        const QString file = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir");
        const QString setup = dir.filePath(QStringLiteral("tir.json"));
        const Outcome imported = runCli({"import", "--tir", file, "--axle", "both", "-o", setup});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(readFile(setup)).object();
        const QJsonObject front = root.value("tires").toObject().value("front").toObject();
        QCOMPARE(front.value("model").toString(), QStringLiteral("tir"));
        QCOMPARE(front.value("tir").toObject().value("source").toString(), QStringLiteral("mf_185_80R14.tir"));
        const Outcome run = runCli({"run", "-s", setup, "-m", "braking"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const Outcome back = runCli({"export", "--tir", "-s", setup, "--axle", "rear"});
        QVERIFY2(back.exitCode == 0, back.err.constData());
        QVERIFY(back.out.contains("coefficients of the .tir model, from mf_185_80R14.tir"));

        const Outcome badAxle = runCli({"import", "--tir", file, "--axle", "middle", "-o", setup});
        QCOMPARE(badAxle.exitCode, 2);
        const Outcome notTir = runCli({"import", "--tir", setup, "--axle", "both", "-o", dir.filePath(QStringLiteral("x.json"))});
        QCOMPARE(notTir.exitCode, 1);
        QVERIFY2(notTir.err.contains("cannot import"), notTir.err.constData());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.json"))));
    }

    // export --tir writes an axle's tyre as a .tir the tire command reads back: the default
    // car's simplified magic formula maps exactly (docs/physics.md 12.7), so at the file's
    // nominal load (the axle's static wheel load) the longitudinal curve is the model's.
    void exportTirReadsBackAsTheSameCurve() {
        QTemporaryDir dir;
        const QString tir = dir.filePath(QStringLiteral("rear.tir"));
        const Outcome exported = runCli({"export", "--tir", "--axle", "rear", "-o", tir});
        QVERIFY2(exported.exitCode == 0, exported.err.constData());
        const Outcome fromFile = runCli({"tire", "--tir", tir, "--format", "json", "--sweep", "slip-ratio", "--from",
                                         "0.05", "--to", "0.1", "--count", "2"});
        QVERIFY2(fromFile.exitCode == 0, fromFile.err.constData());
        const QJsonObject file = QJsonDocument::fromJson(fromFile.out).object();
        const double load = file.value("conditions").toObject().value("normal_load_N").toDouble();
        QVERIFY(load > 0.0);
        const Outcome fromModel = runCli({"tire", "--axle", "rear", "--format", "json", "--sweep", "slip-ratio",
                                          "--load", QString::number(load, 'g', 17), "--from", "0.05", "--to",
                                          "0.1", "--count", "2"});
        QVERIFY2(fromModel.exitCode == 0, fromModel.err.constData());
        const QJsonObject model = QJsonDocument::fromJson(fromModel.out).object();
        const double fxFile = file.value("rows").toArray().first().toArray().at(2).toDouble();
        const double fxModel = model.value("rows").toArray().first().toArray().at(2).toDouble();
        // The model's fast sine and atan (relative error < 1e-9) and the printed digits.
        constexpr double printedTolerance = 1e-6;
        QVERIFY2(std::abs(fxFile - fxModel) <= printedTolerance * std::abs(fxModel),
                 qPrintable(QStringLiteral("%1 vs %2").arg(fxFile).arg(fxModel)));

        const Outcome bothAxles = runCli({"export", "--tir", "--axle", "both"});
        QCOMPARE(bothAxles.exitCode, 2);
        QVERIFY2(bothAxles.err.contains("--axle must be front or rear"), bothAxles.err.constData());
        const Outcome badLoad = runCli({"export", "--tir", "--nominal-load", "-5"});
        QCOMPARE(badLoad.exitCode, 2);
        QVERIFY2(badLoad.err.contains("--nominal-load must be a positive number"), badLoad.err.constData());
        const Outcome twoExports = runCli({"export", "--tir", "--curve", "power"});
        QCOMPARE(twoExports.exitCode, 2);
    }

    // --tir evaluates a tyre property file (docs/physics.md 12): the aligning moment as a
    // fifth column, the file's nominal load by default, the file's warnings on stderr.
    void tireTirSweepsAFile() {
        const QString file = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir");
        const Outcome csv = runCli({"tire", "--tir", file, "--sweep", "slip-angle", "--from", "-10", "--to", "10",
                                    "--count", "21"});
        QVERIFY2(csv.exitCode == 0, csv.err.constData());
        QVERIFY2(csv.err.isEmpty(), csv.err.constData()); // this file lacks nothing
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 22);
        QCOMPARE(lines[0], QByteArray("slip_ratio,slip_angle_deg,fx_N,fy_N,mz_Nm"));
        // ISO signs (docs/physics.md 12.2): Fy opposes the slip angle; Mz aligns (positive at +5 deg).
        QVERIFY(lines[1].split(',')[3].toDouble() > 0.0);  // -10 deg
        QVERIFY(lines[21].split(',')[3].toDouble() < 0.0); // +10 deg
        QVERIFY(lines[16].split(',')[4].toDouble() > 0.0); // +5 deg

        const Outcome json = runCli({"tire", "--tir", file, "--format", "json", "--sweep", "combined", "--count", "5",
                                     "--camber", "-2"});
        QVERIFY2(json.exitCode == 0, json.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(root.value("tir").toObject().value("version").toString(), QStringLiteral("MF 5.x"));
        QCOMPARE(root.value("tir").toObject().value("tyre_side").toString(), QStringLiteral("left"));
        const QJsonObject conditions = root.value("conditions").toObject();
        QCOMPARE(conditions.value("normal_load_N").toDouble(), 3800.0); // FNOMIN
        QCOMPARE(conditions.value("camber_deg").toDouble(), -2.0);
        QVERIFY(conditions.value("pressure_Pa").isNull()); // MF 5.x: no pressure terms
        const QJsonArray rows = root.value("rows").toArray();
        QCOMPARE(rows.size(), 25);
        QCOMPARE(rows.first().toArray().size(), 5);

        // A file that lacks coefficients loads, and says what it took as defaults.
        const Outcome sedan = runCli({"tire", "--tir", QStringLiteral(VTW_SOURCE_DIR "/resources/tires/Sedan_Pac02Tire.tir"),
                                      "--count", "3"});
        QCOMPARE(sedan.exitCode, 0);
        QVERIFY2(sedan.err.contains("warning: missing, taken as 0: PDX3, RBX1"), sedan.err.constData());
        QVERIFY2(sedan.err.contains("friction ellipse"), sedan.err.constData());
    }

    // MF 6.1 pressure through the CLI: the slip stiffness at dpi = 0.2 is (1 + PPX1 0.2) times
    // the nominal one (docs/physics.md 12.3, dfz = 0 at the default load FNOMIN).
    void tireTirPressure() {
        QTemporaryDir dir;
        QByteArray text = readFile(QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir"));
        text.replace("PROPERTY_FILE_FORMAT     ='PAC2002'", "FITTYP = 61\nPKY4 = 2");
        text.replace("[DIMENSION]", "[OPERATING_CONDITIONS]\nNOMPRES = 190000\n[DIMENSION]");
        text.replace("PVX2                     = -2.8568e-005",
                     "PVX2                     = -2.8568e-005\nPPX1 = -0.35");
        const QString file = dir.filePath("mf61.tir");
        QVERIFY(writeFile(file, text));
        auto slope = [&](const QStringList& extra) {
            // The curve's centre is at kappa = -SHx = 0.001779; 1e-4 either side is linear to 1e-6.
            const Outcome o = runCli(QStringList{"tire", "--tir", file, "--sweep", "slip-ratio", "--from", "0.001679",
                                                 "--to", "0.001879", "--count", "2"} +
                                     extra);
            if (o.exitCode != 0)
                qWarning("%s", o.err.constData());
            const QList<QByteArray> lines = o.out.trimmed().split('\n');
            return lines.size() == 3 ? (lines[2].split(',')[2].toDouble() - lines[1].split(',')[2].toDouble()) / 2e-4
                                     : std::nan("");
        };
        const double nominal = slope({}), raised = slope({"--pressure", "228000"});
        QVERIFY2(std::abs(raised / nominal - (1.0 - 0.35 * 0.2)) < 1e-5,
                 qPrintable(QStringLiteral("%1 / %2").arg(raised).arg(nominal)));
        const Outcome json = runCli({"tire", "--tir", file, "--format", "json", "--count", "2"});
        QCOMPARE(QJsonDocument::fromJson(json.out).object().value("conditions").toObject().value("pressure_Pa").toDouble(),
                 190000.0);
    }

    // A bad file or bad options: a clear error, nothing on stdout.
    void tireTirErrors() {
        QTemporaryDir dir;
        const QString mf185 = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir");
        const QString missing = dir.filePath("none.tir");
        const Outcome absent = runCli({"tire", "--tir", missing});
        QCOMPARE(absent.exitCode, 1);
        QVERIFY(absent.out.isEmpty());
        QVERIFY2(absent.err.contains("cannot read") && absent.err.contains("none.tir"), absent.err.constData());

        const QString setup = dir.filePath("setup.json");
        QVERIFY(writeFile(setup, runCli({"export"}).out));
        const Outcome json = runCli({"tire", "--tir", setup});
        QCOMPARE(json.exitCode, 1);
        QVERIFY(json.out.isEmpty());
        QVERIFY2(json.err.contains("line 1: not a tyre property file (.tir)"), json.err.constData());

        QByteArray broken = readFile(mf185);
        broken.replace("PKX1                     = 19.733", "PKX1                     = nineteen");
        const QString brokenFile = dir.filePath("broken.tir");
        QVERIFY(writeFile(brokenFile, broken));
        const Outcome bad = runCli({"tire", "--tir", brokenFile});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.out.isEmpty());
        QVERIFY2(bad.err.contains("broken.tir: line 127: PKX1 = nineteen is not a number"), bad.err.constData());

        // A file cut short parses (what it leaves out is taken as 0 or 1, with warnings) but
        // gives no force: refused as import --tir refuses it, not swept as zeros.
        const QByteArray whole = readFile(mf185);
        const QString half = dir.filePath("half.tir");
        QVERIFY(writeFile(half, whole.left(whole.indexOf("[LONGITUDINAL_COEFFICIENTS]"))));
        const Outcome cut = runCli({"tire", "--tir", half});
        QCOMPARE(cut.exitCode, 1);
        QVERIFY(cut.out.isEmpty());
        QVERIFY2(cut.err.contains("tire: " + half.toUtf8() + ": not a usable tyre:\n  tir: at Fz = 3800 N (1 times "
                                  "the file's nominal load FNOMIN) a small positive slip ratio gives no forward "
                                  "force (Fx must follow the slip)"),
                 cut.err.constData());
        const Outcome imported = runCli({"import", "--tir", half, "--axle", "front", "-o", dir.filePath("half.json")});
        QCOMPARE(imported.exitCode, 1);
        QVERIFY2(imported.err.contains("a small positive slip ratio gives no forward force"), imported.err.constData());

        const QString huge = dir.filePath("huge.tir");
        QVERIFY(writeFile(huge, readFile(mf185) + QByteArray(1024 * 1024, '$')));
        const Outcome big = runCli({"tire", "--tir", huge});
        QCOMPARE(big.exitCode, 1);
        QVERIFY2(big.err.contains("larger than the 1 MiB limit"), big.err.constData());

        const Outcome pressure = runCli({"tire", "--tir", mf185, "--pressure", "200000"});
        QCOMPARE(pressure.exitCode, 2);
        QVERIFY2(pressure.err.contains("--pressure needs a file with pressure terms"), pressure.err.constData());
        const Outcome model = runCli({"tire", "--tir", mf185, "--model", "linear"});
        QCOMPARE(model.exitCode, 2);
        QVERIFY2(model.err.contains("cannot be combined with --model"), model.err.constData());
        const Outcome camber = runCli({"tire", "--camber", "1"});
        QCOMPARE(camber.exitCode, 2);
        QVERIFY2(camber.err.contains("apply to a .tir file (--tir)"), camber.err.constData());
        const Outcome steep = runCli({"tire", "--tir", mf185, "--camber", "95"});
        QCOMPARE(steep.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliTire)
#include "tst_cli_tire.moc"
