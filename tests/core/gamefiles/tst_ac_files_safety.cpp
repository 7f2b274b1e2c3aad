// Assetto Corsa car data that must not be lost or misread: an export is all or
// nothing (a full disk or a failed replacement leaves the folder as it was), a value
// that would not read back stops it before a byte is written, a byte-order mark is
// read past and kept, a file that is not an ini is refused, and the idle, launch and
// CG height figures land where they belong.
#include "tests/support/AcSampleCar.h"
#include "tests/support/CliRun.h"

#include "core/gamefiles/AcCarData.h"
#include "core/gamefiles/FolderUpdate.h"
#include "core/gamefiles/IniText.h"
#include "core/setupfile/CarLibrary.h"
#include "core/setupfile/SetupJson.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>

using namespace vtw;
using vtw::test::writeSampleCar;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every entry of a folder (hidden ones too) with its bytes.
QMap<QString, QByteArray> snapshot(const QString& folder) {
    QMap<QString, QByteArray> files;
    const QDir dir(folder);
    for (const QString& name : dir.entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
        files[name] = readAll(dir.filePath(name));
    return files;
}

// A setup that changes most of the sample's files: car.ini, drivetrain.ini,
// suspensions.ini, brakes.ini and tyres.ini.
Setup editedSample(const QString& folder) {
    const AcImportResult imported = importAcFolder(folder);
    if (!imported.setup)
        return {};
    Setup s = *imported.setup;
    s.chassis.mass += 60.0;
    s.gearbox.finalDrive = 4.3;
    s.suspension.front.springRate *= 1.1;
    s.brakes.frontBias = 0.6;
    s.frontTires.magicFormula.lateral.D = 1.2;
    return s;
}

// Runs `run` with writes limited to files of at most `bytes` bytes; a write past the
// limit fails with EFBIG instead of the process being killed.
template <typename Run>
void withFileSizeLimit(rlim_t bytes, Run run) {
    rlimit old{};
    getrlimit(RLIMIT_FSIZE, &old);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = old;
    limited.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &limited);
    run();
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);
}

} // namespace

class TstAcFilesSafety : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }
    void fullDiskLeavesTheCarAsItWas();
    void commandLineNamesTheFailedExport();
    void failedReplacementPutsEveryFileBack();
    void failedNewFolderExportRemovesWhatItCreated();
    void unfinishedExportIsNotReadAsACar();
    void valueThatWouldNotReadBackWritesNothing();
    void byteOrderMarkIsReadPastAndKept();
    void fileThatIsNotAnIniIsRefused();
    void idleAndLaunchStayApart();
    void cgHeightMapsBothWays();
};

void TstAcFilesSafety::fullDiskLeavesTheCarAsItWas() {
    QTemporaryDir tmp;
    const QString unlimited = tmp.filePath("unlimited"), limited = tmp.filePath("limited");
    writeSampleCar(unlimited);
    writeSampleCar(limited);
    const Setup edited = editedSample(unlimited);
    // The files the export writes and their sizes, from an export with no limit.
    const AcExportResult free = exportAcFolder(edited, unlimited, AcExportMode::InPlace);
    QVERIFY2(free.ok, qPrintable(free.errors.join('\n')));
    QVERIFY(free.writtenFiles.size() >= 4);
    qint64 largest = 0;
    for (const QString& name : free.writtenFiles)
        largest = std::max(largest, QFileInfo(QDir(unlimited).filePath(name)).size());

    // With the largest one past the limit, the others fit: no file may change.
    const QMap<QString, QByteArray> before = snapshot(limited);
    AcExportResult full;
    withFileSizeLimit(rlim_t(largest - 1), [&] { full = exportAcFolder(edited, limited, AcExportMode::InPlace); });
    QVERIFY(!full.ok);
    QCOMPARE(snapshot(limited), before); // every file as it was, no temporary file or backup left
    QVERIFY(full.writtenFiles.isEmpty());
    const QString message = full.errors.join('\n');
    QVERIFY2(message.contains("nothing in"), qPrintable(message));
}

// vtw-cli inherits the limit: the export fails with exit 1, says that nothing was
// changed, and the car imports as it did.
void TstAcFilesSafety::commandLineNamesTheFailedExport() {
    QTemporaryDir tmp;
    const QString folder = tmp.filePath("data");
    writeSampleCar(folder);
    const Setup edited = editedSample(folder);
    const QString setupFile = tmp.filePath("edited.json");
    QVERIFY(test::writeFile(setupFile, writeSetup(edited)));
    const QMap<QString, QByteArray> before = snapshot(folder);
    test::Outcome out;
    withFileSizeLimit(64, [&] { out = test::runCli({"export", "--ac", folder, "--in-place", "-s", setupFile}); });
    QCOMPARE(out.exitCode, 1);
    QVERIFY2(out.err.contains("nothing in"), out.err.constData());
    QCOMPARE(snapshot(folder), before);
    QCOMPARE(test::runCli({"import", "--ac", folder, "-o", tmp.filePath("back.json")}).exitCode, 0);
}

void TstAcFilesSafety::failedReplacementPutsEveryFileBack() {
    QTemporaryDir tmp;
    const QString folder = tmp.filePath("data");
    writeSampleCar(folder);
    const Setup edited = editedSample(folder);
    const QMap<QString, QByteArray> before = snapshot(folder);
    // The third file's replacement fails after two were replaced.
    testing::setFailFolderReplacementAt(3);
    const AcExportResult r = exportAcFolder(edited, folder, AcExportMode::InPlace);
    testing::setFailFolderReplacementAt(0);
    QVERIFY(!r.ok);
    const QString message = r.errors.join('\n');
    QVERIFY2(message.contains("cannot replace drivetrain.ini"), qPrintable(message));
    QVERIFY2(message.contains("put back as they were: brakes.ini, car.ini"), qPrintable(message));
    QVERIFY2(message.contains("nothing in"), qPrintable(message));
    QCOMPARE(snapshot(folder), before);

    // The same export then succeeds, and its backups share one time stamp.
    const AcExportResult done = exportAcFolder(edited, folder, AcExportMode::InPlace);
    QVERIFY2(done.ok, qPrintable(done.errors.join('\n')));
    QCOMPARE(done.backups.size(), done.writtenFiles.size());
    QSet<QString> stamps;
    for (const QString& backup : done.backups) {
        const QString name = backup.section('.', 0, 1);
        QVERIFY(done.writtenFiles.contains(name));
        QCOMPARE(readAll(QDir(folder).filePath(backup)), before[name]);
        stamps << backup.section('.', 2, 2);
    }
    QCOMPARE(stamps.size(), 1);
}

void TstAcFilesSafety::failedNewFolderExportRemovesWhatItCreated() {
    QTemporaryDir tmp;
    const Setup car = defaultLibraryCar();
    // A replacement failing half-way: the folder it created is gone again.
    const QString fresh = tmp.filePath("new/car/data");
    testing::setFailFolderReplacementAt(4);
    const AcExportResult r = exportAcFolder(car, fresh, AcExportMode::NewFolder);
    testing::setFailFolderReplacementAt(0);
    QVERIFY(!r.ok);
    QVERIFY2(r.errors.join('\n').contains("removed again"), qPrintable(r.errors.join('\n')));
    QVERIFY(!QFileInfo::exists(tmp.filePath("new")));

    // A folder that existed keeps what it held; a folder in the place of a file the
    // export writes is refused before anything is written.
    const QString existing = tmp.filePath("existing");
    QVERIFY(QDir().mkpath(QDir(existing).filePath("tyres.ini")));
    QVERIFY(test::writeFile(QDir(existing).filePath("notes.txt"), "mine"));
    const QMap<QString, QByteArray> before = snapshot(existing);
    const AcExportResult blocked = exportAcFolder(car, existing, AcExportMode::NewFolder);
    QVERIFY(!blocked.ok);
    QVERIFY2(blocked.errors.join('\n').contains("tyres.ini is not a regular file"), qPrintable(blocked.errors.join('\n')));
    QCOMPARE(snapshot(existing), before);
}

// A killed export leaves its temporary files: the folder is then refused, by the
// import and by another export in place, rather than read as a car.
void TstAcFilesSafety::unfinishedExportIsNotReadAsACar() {
    QTemporaryDir tmp;
    const QString folder = tmp.filePath("data");
    writeSampleCar(folder);
    const Setup edited = editedSample(folder);
    QVERIFY(test::writeFile(QDir(folder).filePath(".tyres.ini.20260101-120000.new"), "[FRONT]\n"));
    const AcImportResult r = importAcFolder(folder);
    QVERIFY(!r.setup);
    QVERIFY2(r.errors.join('\n').contains("did not finish (its temporary files .tyres.ini.20260101-120000.new"),
             qPrintable(r.errors.join('\n')));
    QVERIFY(!exportAcFolder(edited, folder, AcExportMode::InPlace).ok);
    QVERIFY(unfinishedUpdateFiles(folder) == QStringList{".tyres.ini.20260101-120000.new"});
}

// A car.ini whose lock and ratio are both 1e308 reads as a 1 degree lock; a wider one
// would be written as STEER_LOCK=inf, which no reader takes.
void TstAcFilesSafety::valueThatWouldNotReadBackWritesNothing() {
    QTemporaryDir tmp;
    const QString folder = tmp.filePath("data");
    writeSampleCar(folder);
    const QString car = QDir(folder).filePath("car.ini");
    QVERIFY(test::writeFile(car, readAll(car).replace("STEER_LOCK=300", "STEER_LOCK=1e308")
                                     .replace("STEER_RATIO=15", "STEER_RATIO=1e308")));
    const AcImportResult imported = importAcFolder(folder);
    QVERIFY2(imported.setup, qPrintable(imported.errors.join('\n')));
    Setup edited = *imported.setup;
    edited.steering.maxSteerAngle = 0.5;
    edited.chassis.mass += 10.0;
    const QMap<QString, QByteArray> before = snapshot(folder);
    const AcExportResult r = exportAcFolder(edited, folder, AcExportMode::InPlace);
    QVERIFY(!r.ok);
    QVERIFY2(r.errors.join('\n').contains("STEER_LOCK"), qPrintable(r.errors.join('\n')));
    QVERIFY(r.writtenFiles.isEmpty());
    QCOMPARE(snapshot(folder), before);
}

void TstAcFilesSafety::byteOrderMarkIsReadPastAndKept() {
    const QByteArray bom = "\xEF\xBB\xBF";
    QTemporaryDir tmp;
    const QString plain = tmp.filePath("plain"), marked = tmp.filePath("marked");
    writeSampleCar(plain);
    writeSampleCar(marked);
    QDir dir(marked);
    for (const QString& name : dir.entryList(QDir::Files))
        QVERIFY(test::writeFile(dir.filePath(name), bom + readAll(dir.filePath(name))));
    // Every file, ini and table, reads as without the mark: brakes.ini's first
    // section is [DATA], whose front share is not the default car's.
    const AcImportResult a = importAcFolder(plain), b = importAcFolder(marked);
    QVERIFY2(b.setup, qPrintable(b.errors.join('\n')));
    QCOMPARE(b.setup->brakes.frontBias, 0.62);
    Setup named = *b.setup;
    named.name = a.setup->name;
    named.notes = a.setup->notes;
    QVERIFY(named == *a.setup);

    // An in-place rewrite changes the value and keeps the mark: one [DATA], not two.
    Setup edited = *b.setup;
    edited.brakes.frontBias = 0.6;
    edited.engine.torqueCurve = Curve{{1000.0, 150.0}, {3000.0, 210.0}, {5000.0, 230.0}, {7000.0, 190.0}};
    const AcExportResult r = exportAcFolder(edited, marked, AcExportMode::InPlace);
    QVERIFY2(r.ok, qPrintable(r.errors.join('\n')));
    const QByteArray brakes = readAll(dir.filePath("brakes.ini"));
    QCOMPARE(brakes, bom + "[DATA]\nMAX_TORQUE=1500\nFRONT_SHARE=0.6\nHANDBRAKE_TORQUE=900\n");
    QCOMPARE(IniText::parse(brakes).bytes(), brakes);
    // The table too.
    const QByteArray power = readAll(dir.filePath("power.lut"));
    QVERIFY(power.startsWith(bom + "1000|150\n3000|210\n"));
    QCOMPARE(importAcFolder(marked).setup->engine.torqueCurve, edited.engine.torqueCurve);
}

void TstAcFilesSafety::fileThatIsNotAnIniIsRefused() {
    QTemporaryDir tmp;
    const QString folder = tmp.filePath("data");
    writeSampleCar(folder);
    QByteArray garbage;
    for (int i = 0; i < 512; ++i)
        garbage += char((i * 73 + 11) % 256);
    QVERIFY(test::writeFile(QDir(folder).filePath("drivetrain.ini"), garbage));
    const AcImportResult r = importAcFolder(folder);
    QVERIFY(!r.setup);
    QVERIFY2(r.errors.join('\n').contains("drivetrain.ini is not an Assetto Corsa drivetrain.ini"),
             qPrintable(r.errors.join('\n')));
    // A file with its section but none of its keys is not one either.
    QVERIFY(test::writeFile(QDir(folder).filePath("drivetrain.ini"), "[HEADER]\nVERSION=3\n"));
    QVERIFY(test::writeFile(QDir(folder).filePath("brakes.ini"), "[DATA]\nSOMETHING=1\n"));
    const QString errors = importAcFolder(folder).errors.join('\n');
    QVERIFY2(errors.contains("drivetrain.ini is not an Assetto Corsa drivetrain.ini: it has none of the sections"),
             qPrintable(errors));
    QVERIFY2(errors.contains("brakes.ini is not an Assetto Corsa brakes.ini: it has none of the keys [DATA] "
                             "MAX_TORQUE, [DATA] FRONT_SHARE"),
             qPrintable(errors));
    // The command line says so too, with the failure's exit code.
    const test::Outcome out = test::runCli({"import", "--ac", folder, "-o", tmp.filePath("car.json")});
    QCOMPARE(out.exitCode, 1);
    QVERIFY(out.err.contains("drivetrain.ini"));
    QVERIFY(!QFileInfo::exists(tmp.filePath("car.json")));
}

// The library Lotus's idle_rpm, 4000, is the speed it launches at: not AC's idle.
void TstAcFilesSafety::idleAndLaunchStayApart() {
    const SetupLoadResult loaded = loadLibraryCar(QStringLiteral(":/cars/lotus_elise_s2.json"));
    QVERIFY(loaded.ok());
    Setup car = *loaded.setup;
    QCOMPARE(car.engine.idleRpm, 4000.0);
    QTemporaryDir tmp;
    const AcExportResult r = exportAcFolder(car, tmp.filePath("lotus"), AcExportMode::NewFolder);
    QVERIFY2(r.ok, qPrintable(r.errors.join('\n')));
    const IniText engine = IniText::parse(readAll(tmp.filePath("lotus/engine.ini")));
    QVERIFY(!engine.value("ENGINE_DATA", "MINIMUM")); // no real idle given: none written
    QVERIFY(!r.report.exact.join('\n').contains("MINIMUM"));
    QVERIFY(r.report.unmapped.join('\n').contains("MINIMUM: the setup gives no real idle"));

    // Given, the real idle is AC's MINIMUM, and the launch floor stays the setup's.
    car.engine.realIdleRpm = 900.0;
    const AcExportResult given = exportAcFolder(car, tmp.filePath("lotus_idle"), AcExportMode::NewFolder);
    QVERIFY2(given.ok, qPrintable(given.errors.join('\n')));
    QCOMPARE(IniText::parse(readAll(tmp.filePath("lotus_idle/engine.ini"))).value("ENGINE_DATA", "MINIMUM"),
             std::optional<QString>(QStringLiteral("900")));
    const AcImportResult back = importAcFolder(tmp.filePath("lotus_idle"));
    QVERIFY2(back.setup, qPrintable(back.errors.join('\n')));
    QCOMPARE(back.setup->engine.realIdleRpm, 900.0);
}

// BASEY of each axle is its wheel centre relative to the CG: the CG stands at tyre
// radius - BASEY (docs/physics.md 15).
void TstAcFilesSafety::cgHeightMapsBothWays() {
    QTemporaryDir tmp;
    const QString folder = tmp.filePath("data");
    writeSampleCar(folder);
    const QString suspensions = QDir(folder).filePath("suspensions.ini");
    // A small single-seater's: 0.23 m tyres, wheel centres 0.07 m below the CG.
    QVERIFY(test::writeFile(suspensions, readAll(suspensions).replace("BASEY=-0.05", "BASEY=-0.07")
                                             .replace("BASEY=-0.03", "BASEY=-0.07")));
    const QString tyres = QDir(folder).filePath("tyres.ini");
    QVERIFY(test::writeFile(tyres, readAll(tyres).replace("RADIUS=0.31", "RADIUS=0.23")
                                       .replace("RADIUS=0.32", "RADIUS=0.23")));
    const AcImportResult r = importAcFolder(folder);
    QVERIFY2(r.setup, qPrintable(r.errors.join('\n')));
    QVERIFY(std::abs(r.setup->chassis.cgHeight - 0.30) < 1e-12);
    QVERIFY(r.report.approximated.join('\n').contains("BASEY, tyres.ini RADIUS -> chassis.cgHeight"));

    // In place, a lower CG moves both wheel centres up by the same amount.
    Setup lower = *r.setup;
    lower.chassis.cgHeight = 0.28;
    const AcExportResult w = exportAcFolder(lower, folder, AcExportMode::InPlace);
    QVERIFY2(w.ok, qPrintable(w.errors.join('\n')));
    const IniText written = IniText::parse(readAll(suspensions));
    QCOMPARE(iniNumber(*written.value("FRONT", "BASEY")).value_or(0.0), -0.05);
    QCOMPARE(iniNumber(*written.value("REAR", "BASEY")).value_or(0.0), -0.05);
    QVERIFY(std::abs(importAcFolder(folder).setup->chassis.cgHeight - 0.28) < 1e-12);
}

QTEST_GUILESS_MAIN(TstAcFilesSafety)
#include "tst_ac_files_safety.moc"
