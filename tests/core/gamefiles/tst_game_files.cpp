// Files games read: the ini text kept byte for byte, Assetto Corsa car data read and
// written both ways (a folder written here from the format's documented keys, no
// game files), and the torque curve as rFactor 2 lines and a BeamNG table.
#include "tests/support/AcSampleCar.h"
#include "tests/support/CliRun.h"

#include "core/gamefiles/AcCarData.h"
#include "core/gamefiles/CurveFiles.h"
#include "core/gamefiles/IniText.h"
#include "core/setupfile/CarLibrary.h"
#include "core/setupfile/SetupJson.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace vtw;
using vtw::test::writeSampleCar;

namespace {

// Relative gap allowed where a value goes through a conversion and back (a product
// and a quotient, or a tangent and an arctangent): a few roundings of a double.
constexpr double conversionTolerance = 1e-12;

bool near(double a, double b) { return std::abs(a - b) <= conversionTolerance * std::max(1.0, std::abs(b)); }

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TstGameFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }
    void iniKeepsEveryByteAndEditsOnlyTheValue();
    void iniAddsKeysAndSections();
    void importsTheDocumentedKeys();
    void awdDifferentialsPerAxle();
    void everyLibraryCarRoundTripsThroughANewFolder();
    void inPlaceExportChangesOnlyWhatChanged();
    void brokenFoldersGetClearMessages();
    void torqueCurveForOtherGames();
    void commandLine();
};

void TstGameFiles::iniKeepsEveryByteAndEditsOnlyTheValue() {
    const QByteArray text = "; header comment\r\n[basic]\r\n  TotalMass =  1200   ; kg\r\nINERTIA=1.8,1.2,4.2\r\n"
                            "garbage line\r\n[OTHER]\r\nX=1";
    IniText ini = IniText::parse(text);
    QCOMPARE(ini.bytes(), text); // unchanged: byte for byte, CRLF and a missing final line end kept
    QCOMPARE(ini.value("BASIC", "TOTALMASS"), std::optional<QString>(QStringLiteral("1200")));
    QCOMPARE(ini.strayLines(), std::vector<int>{5});
    QCOMPARE(*iniNumberList(*ini.value("basic", "inertia")), (std::vector<double>{1.8, 1.2, 4.2}));
    ini.setValue("BASIC", "TOTALMASS", "1250.5");
    QCOMPARE(ini.bytes(), QByteArray(text).replace("1200", "1250.5"));
    QVERIFY(!iniNumber(QStringLiteral("1,5")));
    QVERIFY(!iniNumber(QStringLiteral("nan")));
}

void TstGameFiles::iniAddsKeysAndSections() {
    IniText ini = IniText::parse("[A]\r\nX=1\r\n\r\n[B]\r\nY=2\r\n");
    ini.setValue("A", "Z", "3");
    ini.setValue("C", "W", "4");
    QCOMPARE(ini.bytes(), QByteArray("[A]\r\nX=1\r\nZ=3\r\n\r\n[B]\r\nY=2\r\n\r\n[C]\r\nW=4\r\n"));
    QCOMPARE(IniText::parse(ini.bytes()).value("C", "W"), std::optional<QString>(QStringLiteral("4")));
}

void TstGameFiles::importsTheDocumentedKeys() {
    QTemporaryDir tmp;
    const QString folder = tmp.filePath("sample_car/data");
    writeSampleCar(folder);
    // The car's folder is taken for its data folder, and names the setup.
    const AcImportResult r = importAcFolder(tmp.filePath("sample_car"));
    QVERIFY2(r.setup, qPrintable(r.errors.join('\n')));
    const Setup& s = *r.setup;
    QCOMPARE(QString::fromStdString(s.name), QStringLiteral("sample_car"));
    QCOMPARE(s.chassis.mass, 1200.0);
    // CG_LOCATION is the front weight share: a = (1 - 0.55) 2.5, b = 0.55 * 2.5.
    QVERIFY(near(s.chassis.cgToFrontAxle, 1.125));
    QVERIFY(near(s.chassis.cgToRearAxle, 1.375));
    // Box of 1.8 x 4.2 m: Iz = 1200 (1.8^2 + 4.2^2) / 12 = 2088 kg m^2.
    QVERIFY(near(s.chassis.yawInertia, 2088.0));
    QCOMPARE(s.chassis.trackRear, 1.52);
    QCOMPARE(s.engine.torqueCurve.points().size(), std::size_t(4));
    QCOMPARE(s.engine.torqueCurve.points()[2].y, 230.0);
    QCOMPARE(s.engine.redlineRpm, 7200.0);
    // MINIMUM is AC's idle: the real idle, and the launch floor's start (AC has no launch speed).
    QCOMPARE(s.engine.realIdleRpm, 950.0);
    QCOMPARE(s.engine.idleRpm, 950.0);
    // BASEY, the wheel centre relative to the CG: each axle puts the CG at radius - BASEY,
    // 0.31 + 0.05 in front and 0.32 + 0.03 at the rear, weighted 0.55 / 0.45.
    QVERIFY(near(s.chassis.cgHeight, 0.55 * 0.36 + 0.45 * 0.35));
    QVERIFY(near(s.engine.engineBrakingCoefficient, 56.0 / 7000.0));
    QCOMPARE(s.gearbox.forwardRatios, (std::vector<double>{3.1, 2.0, 1.4, 1.1, 0.9}));
    QCOMPARE(s.gearbox.reverseRatio, 3.3);
    QCOMPARE(s.gearbox.finalDrive, 4.1);
    QVERIFY(near(s.gearbox.shiftTime, 0.18));
    QCOMPARE(s.gearbox.upshiftRpm, 6900.0);
    // POWER 0.3, COAST 0.1, PRELOAD 40: the clutch limited-slip differential's coefficients.
    QCOMPARE(s.driveline.differential, DifferentialType::ClutchLimitedSlip);
    QCOMPARE(s.driveline.axleLimitedSlip.powerLocking, 0.3);
    QCOMPARE(s.driveline.axleLimitedSlip.coastLocking, 0.1);
    QCOMPARE(s.driveline.axleLimitedSlip.preload, 40.0);
    QCOMPARE(s.brakes.maxTorque, 3000.0);
    QCOMPARE(s.brakes.frontBias, 0.62);
    QVERIFY(near(s.steering.maxSteerAngle, 20.0 * M_PI / 180.0)); // 300 / 15 degrees
    QCOMPARE(s.frontTires.model, TireModelKind::MagicFormula);
    QCOMPARE(s.frontTires.magicFormula.longitudinal.D, 1.15);
    QCOMPARE(s.rearTires.magicFormula.lateral.D, 1.14);
    // The lateral peak at FRICTION_LIMIT_ANGLE: C atan(B x) = pi / 2 at x = 8 deg.
    const MagicFormulaCoefficients& lat = s.frontTires.magicFormula.lateral;
    QVERIFY(near(lat.C * std::atan(lat.B * 8.0 * M_PI / 180.0), M_PI / 2));
    QCOMPARE(s.frontTires.radius, 0.31);
    QCOMPARE(s.rearTires.wheelInertia, 1.4);
    // Aero: body 2 m^2 x 0.32 plus the wing's 0.45 m^2 x 0.11 of drag; the wing's
    // 0.45 m^2 x 1.0 of downforce sits over the rear axle (1.375 m behind the CG).
    QVERIFY(near(s.aero.dragCoefficient * s.aero.frontalArea, 2.0 * 0.32 + 0.45 * 0.11));
    QVERIFY(near(s.aero.downforceCoefficientArea, 0.45));
    QVERIFY(std::abs(s.aero.downforceFrontShare) < 1e-12);
    // AC's springs and dampers act on the hub's travel (wheel rates); the setup's act
    // on the default motion ratio 0.7, so rate = wheel rate / 0.7^2 and the knee's
    // damper speed = 0.7 x the wheel speed. A zero fast rate is AC's slow rate (rear:
    // one stage), a missing BUMP_STOP_RATE AC's 500000 N/m.
    const AxleSuspensionParams &front = s.suspension.front, &rear = s.suspension.rear;
    const double mr2 = 0.7 * 0.7;
    QVERIFY(near(front.springRate * mr2, 60000.0));
    QVERIFY(near(rear.springRate * mr2, 55000.0));
    QVERIFY(near(front.bumpDamping * mr2, 3000.0));
    QVERIFY(near(front.reboundDamping * mr2, 4500.0));
    QVERIFY(near(front.bumpDampingHigh * mr2, 1500.0));
    QVERIFY(near(front.reboundDampingHigh * mr2, 2000.0));
    QVERIFY(near(front.kneeSpeed, 0.1 * 0.7));
    QVERIFY(near(rear.reboundDamping * mr2, 4000.0));
    QCOMPARE(rear.kneeSpeed, 0.0);
    QCOMPARE(front.bumpStopRate, 300000.0);
    QCOMPARE(rear.bumpStopRate, 500000.0);
    QCOMPARE(front.unsprungMass, 35.0);
    QCOMPARE(rear.unsprungMass, 38.0);
    QCOMPARE(front.antiRollBarRate, 25000.0);
    QCOMPARE(rear.antiRollBarRate, 12000.0);
    QCOMPARE(s.suspension.model, SuspensionModel::Rigid); // the level is the user's choice
    // The report says how the limited-slip differential and the springs were read, and
    // what of AC's suspension has no equivalent.
    QVERIFY(r.report.exact.join('\n').contains("clutch limited-slip: POWER 0.3, COAST 0.1, PRELOAD 40 N m"));
    QVERIFY(r.report.exact.join('\n').contains("suspensions.ini [FRONT] SPRING_RATE (a wheel rate)"));
    QVERIFY(r.report.approximated.join('\n').contains("PROGRESSIVE_SPRING_RATE 20000: not read"));
    QVERIFY(r.report.unmapped.join('\n').contains("geometry"));
    QVERIFY(r.report.exact.join('\n').contains("car.ini [BASIC] TOTALMASS -> chassis.mass"));
}

// An AWD car's [AWD] section names its three differentials: FRONT_DIFF_, REAR_DIFF_
// and CENTRE_DIFF_ POWER, COAST and PRELOAD, each read as section 3.1's coefficients.
void TstGameFiles::awdDifferentialsPerAxle() {
    QTemporaryDir tmp;
    const QString folder = tmp.filePath("data");
    writeSampleCar(folder);
    QFile drivetrain(QDir(folder).filePath("drivetrain.ini"));
    QVERIFY(drivetrain.open(QIODevice::ReadOnly));
    QByteArray text = drivetrain.readAll();
    drivetrain.close();
    text.replace("TYPE=RWD", "TYPE=AWD");
    text += "\n[AWD]\nFRONT_SHARE=40\nFRONT_DIFF_POWER=0.1\nFRONT_DIFF_COAST=0.05\nFRONT_DIFF_PRELOAD=20\n"
            "CENTRE_DIFF_POWER=1\nCENTRE_DIFF_COAST=1\nCENTRE_DIFF_PRELOAD=0\nREAR_DIFF_POWER=0.4\n"
            "REAR_DIFF_COAST=0.2\nREAR_DIFF_PRELOAD=60\n";
    QVERIFY(test::writeFile(drivetrain.fileName(), text));

    const AcImportResult r = importAcFolder(folder);
    QVERIFY2(r.setup, qPrintable(r.errors.join('\n')));
    const DrivelineParams& d = r.setup->driveline;
    QCOMPARE(d.layout, DrivelineLayout::AllWheelDrive);
    QCOMPARE(d.frontDifferential, DifferentialType::ClutchLimitedSlip);
    QCOMPARE(d.frontLimitedSlip.powerLocking, 0.1);
    QCOMPARE(d.frontLimitedSlip.coastLocking, 0.05);
    QCOMPARE(d.frontLimitedSlip.preload, 20.0);
    QCOMPARE(d.differential, DifferentialType::ClutchLimitedSlip); // REAR_DIFF_ over [DIFFERENTIAL]
    QCOMPARE(d.axleLimitedSlip.powerLocking, 0.4);
    QCOMPARE(d.axleLimitedSlip.preload, 60.0);
    QCOMPARE(d.centreDifferential, DifferentialType::Locked);
    QVERIFY(r.report.exact.join('\n').contains("FRONT_DIFF_PRELOAD -> driveline.frontDifferential (clutch"));

    // And back through a new folder: each differential keeps its type and coefficients.
    const QString out = tmp.filePath("out");
    const AcExportResult exported = exportAcFolder(*r.setup, out, AcExportMode::NewFolder);
    QVERIFY2(exported.ok, qPrintable(exported.errors.join('\n')));
    const AcImportResult back = importAcFolder(out);
    QVERIFY2(back.setup, qPrintable(back.errors.join('\n')));
    const DrivelineParams& b = back.setup->driveline;
    QCOMPARE(b.frontDifferential, d.frontDifferential);
    QCOMPARE(b.frontLimitedSlip, d.frontLimitedSlip);
    QCOMPARE(b.differential, d.differential);
    QCOMPARE(b.axleLimitedSlip, d.axleLimitedSlip);
    QCOMPARE(b.centreDifferential, d.centreDifferential);
}

void TstGameFiles::everyLibraryCarRoundTripsThroughANewFolder() {
    QVERIFY(libraryCars().size() >= 7);
    for (const LibraryCar& car : libraryCars()) {
        const SetupLoadResult loaded = loadLibraryCar(car.resourcePath);
        QVERIFY(loaded.ok());
        const Setup& original = *loaded.setup;
        QTemporaryDir tmp;
        const QString folder = tmp.filePath("out");
        const AcExportResult exported = exportAcFolder(original, folder, AcExportMode::NewFolder);
        QVERIFY2(exported.ok, qPrintable(car.resourcePath + ": " + exported.errors.join('\n')));
        const AcImportResult back = importAcFolder(folder);
        QVERIFY2(back.setup, qPrintable(back.errors.join('\n')));
        const Setup& s = *back.setup;
        const QString what = car.resourcePath;
        // One to one.
        QCOMPARE(s.chassis.mass, original.chassis.mass);
        QCOMPARE(s.chassis.trackFront, original.chassis.trackFront);
        QCOMPARE(s.gearbox.forwardRatios, original.gearbox.forwardRatios);
        QCOMPARE(s.gearbox.reverseRatio, original.gearbox.reverseRatio);
        QCOMPARE(s.gearbox.finalDrive, original.gearbox.finalDrive);
        QCOMPARE(s.engine.torqueCurve, original.engine.torqueCurve);
        QCOMPARE(s.engine.redlineRpm, original.engine.redlineRpm);
        QCOMPARE(s.driveline.layout, original.driveline.layout);
        QCOMPARE(s.driveline.differential, original.driveline.differential);
        if (original.driveline.layout == DrivelineLayout::AllWheelDrive) {
            QCOMPARE(s.driveline.frontDifferential, original.driveline.frontDifferential);
            QCOMPARE(s.driveline.centreDifferential, original.driveline.centreDifferential);
        }
        // The suspension at the wheel: springs, dampers, stops, bars and hub masses.
        for (const auto& [o, t] : {std::pair{original.suspension.front, s.suspension.front},
                                   {original.suspension.rear, s.suspension.rear}}) {
            const double mr2 = o.motionRatio * o.motionRatio;
            QVERIFY2(near(t.springRate * mr2, o.springRate * mr2), qPrintable(what));
            QVERIFY2(near(t.bumpDamping, o.bumpDamping) && near(t.reboundDamping, o.reboundDamping), qPrintable(what));
            QVERIFY2(near(t.kneeSpeed, o.kneeSpeed), qPrintable(what));
            QCOMPARE(t.bumpStopRate, o.bumpStopRate);
            QCOMPARE(t.antiRollBarRate, o.antiRollBarRate);
            QCOMPARE(t.unsprungMass, o.unsprungMass);
        }
        QCOMPARE(s.brakes.maxTorque, original.brakes.maxTorque);
        QCOMPARE(s.brakes.frontBias, original.brakes.frontBias);
        QCOMPARE(s.frontTires.radius, original.frontTires.radius);
        QCOMPARE(s.rearTires.wheelInertia, original.rearTires.wheelInertia);
        if (original.driveline.layout == DrivelineLayout::AllWheelDrive)
            QVERIFY(near(s.driveline.frontTorqueShare, original.driveline.frontTorqueShare));
        // Through a conversion and back.
        QVERIFY2(near(s.chassis.cgToFrontAxle, original.chassis.cgToFrontAxle), qPrintable(what));
        QVERIFY2(std::abs(s.chassis.cgHeight - original.chassis.cgHeight) <= 1e-6, qPrintable(what)); // BASEY in um
        QVERIFY2(near(s.chassis.yawInertia, original.chassis.yawInertia), qPrintable(what));
        QVERIFY2(near(s.gearbox.shiftTime, original.gearbox.shiftTime), qPrintable(what));
        QVERIFY2(near(s.engine.engineBrakingCoefficient, original.engine.engineBrakingCoefficient), qPrintable(what));
        QVERIFY2(near(s.steering.maxSteerAngle, original.steering.maxSteerAngle), qPrintable(what));
        QVERIFY2(near(s.aero.dragCoefficient * s.aero.frontalArea,
                      original.aero.dragCoefficient * original.aero.frontalArea),
                 qPrintable(what));
        QVERIFY2(near(s.aero.downforceCoefficientArea, original.aero.downforceCoefficientArea), qPrintable(what));
        if (original.aero.downforceCoefficientArea != 0.0)
            QVERIFY2(near(s.aero.downforceFrontShare, original.aero.downforceFrontShare), qPrintable(what));
        // A magic-formula tyre with a closed-form lateral peak keeps its peaks and the
        // peak's slip angle; any other model is written as its peaks (approximated).
        for (const auto& [o, t] : {std::pair{original.frontTires, s.frontTires}, {original.rearTires, s.rearTires}}) {
            if (o.model != TireModelKind::MagicFormula || o.magicFormula.lateral.E != 0.0)
                continue;
            QCOMPARE(t.magicFormula.longitudinal.D, o.magicFormula.longitudinal.D);
            QCOMPARE(t.magicFormula.lateral.D, o.magicFormula.lateral.D);
            QVERIFY2(near(t.magicFormula.lateral.B, o.magicFormula.lateral.B), qPrintable(what));
        }
    }
}

void TstGameFiles::inPlaceExportChangesOnlyWhatChanged() {
    QTemporaryDir tmp;
    const QString folder = tmp.filePath("data");
    writeSampleCar(folder);
    QDir dir(folder);
    QMap<QString, QByteArray> before;
    for (const QString& name : dir.entryList(QDir::Files))
        before[name] = readAll(dir.filePath(name));

    const Setup imported = *importAcFolder(folder).setup;
    // Nothing changed: nothing written, nothing backed up.
    const AcExportResult unchanged = exportAcFolder(imported, folder, AcExportMode::InPlace);
    QVERIFY2(unchanged.ok, qPrintable(unchanged.errors.join('\n')));
    QVERIFY(unchanged.writtenFiles.isEmpty());
    QVERIFY(unchanged.backups.isEmpty());
    for (auto it = before.cbegin(); it != before.cend(); ++it)
        QCOMPARE(readAll(dir.filePath(it.key())), it.value());

    // A heavier car and a longer final drive: car.ini and drivetrain.ini change in
    // those values only; every other byte, file and unmapped key stays.
    Setup edited = imported;
    edited.chassis.mass = 1260.0;
    edited.gearbox.finalDrive = 4.3;
    const AcExportResult r = exportAcFolder(edited, folder, AcExportMode::InPlace);
    QVERIFY2(r.ok, qPrintable(r.errors.join('\n')));
    QStringList written = r.writtenFiles;
    written.sort();
    QCOMPARE(written, (QStringList{"car.ini", "drivetrain.ini"}));
    QCOMPARE(r.backups.size(), 2);
    for (const QString& backup : r.backups) {
        const QString original = backup.section('.', 0, 1); // car.ini.<time>.bak -> car.ini
        QCOMPARE(readAll(dir.filePath(backup)), before[original]);
    }
    QByteArray expectedCar = before["car.ini"];
    expectedCar.replace("TOTALMASS=1200 ;", "TOTALMASS=1260 ;");
    // The box keeps its proportions and height; its width and length shrink so that
    // m (w^2 + l^2) / 12 stays the yaw inertia the setup still has.
    const QByteArray car = readAll(dir.filePath("car.ini"));
    const IniText carIni = IniText::parse(car);
    const std::vector<double> box = *iniNumberList(*carIni.value("BASIC", "INERTIA"));
    QVERIFY(near(1260.0 * (box[0] * box[0] + box[2] * box[2]) / 12.0, edited.chassis.yawInertia));
    QCOMPARE(box[1], 1.2);
    expectedCar.replace("INERTIA=1.8,1.2,4.2", "INERTIA=" + carIni.value("BASIC", "INERTIA")->toUtf8());
    QCOMPARE(car, expectedCar);
    QCOMPARE(readAll(dir.filePath("drivetrain.ini")), QByteArray(before["drivetrain.ini"]).replace("FINAL=4.1", "FINAL=4.3"));
    for (const char* name : {"engine.ini", "suspensions.ini", "tyres.ini", "aero.ini", "ai_hints.ini", "power.lut"})
        QCOMPARE(readAll(dir.filePath(name)), before[name]);
    // The limited-slip values, read into the clutch type, were written back as they were.
    QVERIFY(readAll(dir.filePath("drivetrain.ini")).contains("POWER=0.3\nCOAST=0.1\nPRELOAD=40"));

    // A new-folder export refuses a folder that already holds car data.
    QVERIFY(!exportAcFolder(edited, folder, AcExportMode::NewFolder).ok);
}

void TstGameFiles::brokenFoldersGetClearMessages() {
    QTemporaryDir tmp;
    auto errorsOf = [](const QString& folder) { return importAcFolder(folder).errors.join('\n'); };
    // Packed data.
    QDir().mkpath(tmp.filePath("packed"));
    QVERIFY(test::writeFile(tmp.filePath("packed/data.acd"), "packed"));
    QVERIFY(errorsOf(tmp.filePath("packed")).contains("unpack it first"));
    QVERIFY(errorsOf(tmp.filePath("packed/data.acd")).contains("unpack it first"));
    QVERIFY(errorsOf(tmp.filePath("absent")).contains("is not a folder"));

    // The sample car with one file removed or one text replaced: its import's errors
    // (a setup read despite the break fails the test by its empty message).
    auto broken = [&](const QString& name, const QString& file, const QByteArray& from, const QByteArray& to) {
        const QString folder = tmp.filePath(name);
        writeSampleCar(folder);
        const QString path = QDir(folder).filePath(file);
        const QByteArray text = readAll(path);
        if (from.isEmpty())
            QFile::remove(path);
        else if (!text.contains(from) || !test::writeFile(path, QByteArray(text).replace(from, to)))
            return QStringLiteral("the sample has no '%1' to replace").arg(QString::fromUtf8(from));
        const AcImportResult r = importAcFolder(folder);
        return r.setup ? QString() : r.errors.join('\n');
    };
    QVERIFY(broken("no_tyres", "tyres.ini", {}, {}).contains("tyres.ini is missing"));
    QVERIFY(broken("bad_gear", "drivetrain.ini", "GEAR_2=2.0", "GEAR_2=two")
                .contains("drivetrain.ini [GEARS] GEAR_2: 'two' is not a number"));
    QVERIFY(broken("short_gears", "drivetrain.ini", "COUNT=5", "COUNT=6").contains("GEAR_6 is missing"));
    QVERIFY(broken("bad_lut", "power.lut", "3000|200", "3000|lots").contains("power.lut"));
    QVERIFY(broken("escape", "engine.ini", "POWER_CURVE=power.lut", "POWER_CURVE=../power.lut")
                .contains("not a plain file name"));
    QVERIFY(broken("negative_mass", "car.ini", "TOTALMASS=1200", "TOTALMASS=-5").contains("chassis.mass"));
    QVERIFY(broken("bad_box", "car.ini", "INERTIA=1.8,1.2,4.2", "INERTIA=1.8,1.2").contains("three numbers"));
    QVERIFY(broken("bad_traction", "drivetrain.ini", "TYPE=RWD", "TYPE=6WD").contains("'6WD' is not RWD, FWD or AWD"));
}

void TstGameFiles::torqueCurveForOtherGames() {
    const Setup setup = defaultLibraryCar();
    const FieldMeta* torque = findField("engine.torqueCurve_rpm_Nm");
    const FieldMeta* lateral = findField("tires.front.table.lateral");
    QVERIFY(torque && lateral);
    QCOMPARE(curveFormatOfPath("x.lut"), CurveFileFormat::Lut);
    QCOMPARE(curveFormatOfPath("x.jbeam"), CurveFileFormat::BeamNG);
    QCOMPARE(curveFormatOfPath("engine.INI"), CurveFileFormat::RFactor2);
    QCOMPARE(curveFormatOfPath("x.csv"), CurveFileFormat::Csv);

    // rFactor 2: one RPMTorque=(rpm, coast, full) line per point, coast = -mu_eb rpm.
    const QByteArray rf2 = *writeCurveFile(CurveFileFormat::RFactor2, *torque, setup);
    const QRegularExpression line(QStringLiteral(R"(^RPMTorque=\(([^,]+), ([^,]+), ([^)]+)\)$)"),
                                  QRegularExpression::MultilineOption);
    std::size_t i = 0;
    for (auto m = line.globalMatch(QString::fromUtf8(rf2)); m.hasNext(); ++i) {
        const QRegularExpressionMatch row = m.next();
        const CurvePoint p = setup.engine.torqueCurve.points()[i];
        QCOMPARE(row.captured(1).toDouble(), p.x);
        QCOMPARE(row.captured(2).toDouble(), -setup.engine.engineBrakingCoefficient * p.x);
        QCOMPARE(row.captured(3).toDouble(), p.y);
    }
    QCOMPARE(i, setup.engine.torqueCurve.size());

    // BeamNG: the header row, then one [rpm, torque] row per point.
    const QByteArray beam = *writeCurveFile(CurveFileFormat::BeamNG, *torque, setup);
    QVERIFY(beam.contains("\"torque\": [\n    [\"rpm\", \"torque\"],\n"));
    const CurvePoint first = setup.engine.torqueCurve.points().front();
    QVERIFY(beam.contains(QStringLiteral("    [%1, %2],\n").arg(csvNumber(first.x), csvNumber(first.y)).toUtf8()));
    QCOMPARE(beam.count("],\n"), qsizetype(setup.engine.torqueCurve.size() + 2));

    // The engine formats hold the torque curve only; CSV and .lut any curve, and read back.
    QVERIFY(!writeCurveFile(CurveFileFormat::BeamNG, *lateral, setup));
    for (CurveFileFormat f : {CurveFileFormat::Csv, CurveFileFormat::Lut}) {
        const CurveImportResult back = readCurveFile(f, *writeCurveFile(f, *lateral, setup), *lateral);
        QVERIFY(back.ok());
        QCOMPARE(*back.curve, lateral->curveOf(setup));
    }
    QVERIFY(!readCurveFile(CurveFileFormat::RFactor2, rf2, *torque).ok());
}

void TstGameFiles::commandLine() {
    QTemporaryDir tmp;
    const QString folder = tmp.filePath("corvette_ac");
    test::Outcome out = test::runCli({"export", "--ac", folder});
    QCOMPARE(out.exitCode, 0);
    QVERIFY(out.out.contains("Power curve convention: engine torque at the crankshaft"));
    QVERIFY(QFileInfo::exists(QDir(folder).filePath("power.lut")));
    const QString json = tmp.filePath("back.json");
    out = test::runCli({"import", "--ac", folder, "-o", json});
    QCOMPARE(out.exitCode, 0);
    QVERIFY(out.out.contains("Mapped exactly"));
    const SetupLoadResult back = loadSetupFile(json);
    QVERIFY(back.ok());
    QCOMPARE(back.setup->chassis.mass, defaultLibraryCar().chassis.mass);
    // In place with the same car: nothing to write.
    out = test::runCli({"export", "--ac", folder, "--in-place", "-s", json});
    QCOMPARE(out.exitCode, 0);
    QVERIFY2(out.out.contains("Written (0): nothing changed"), out.out.constData());
    // A packed car and an engine format for another curve are refused with the reason.
    QVERIFY(test::writeFile(tmp.filePath("data.acd"), "x"));
    out = test::runCli({"import", "--ac", tmp.filePath("data.acd"), "-o", json});
    QCOMPARE(out.exitCode, 1);
    QVERIFY(out.err.contains("unpack it first"));
    out = test::runCli({"export", "--curve", "tires.front.table.lateral", "--format", "rf2"});
    QCOMPARE(out.exitCode, 2);
    QVERIFY(out.err.contains("rf2 and beamng hold the engine's torque curve"));
    out = test::runCli({"export", "--curve", "engine.torqueCurve_rpm_Nm", "--format", "beamng"});
    QCOMPARE(out.exitCode, 0);
    QVERIFY(out.out.contains("[\"rpm\", \"torque\"]"));
}

QTEST_GUILESS_MAIN(TstGameFiles)
#include "tst_game_files.moc"
