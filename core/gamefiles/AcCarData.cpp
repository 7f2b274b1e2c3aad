#include "gamefiles/AcCarData.h"

#include "gamefiles/AcMapping.h"
#include "setupfile/AtomicFile.h"
#include "setupfile/CarLibrary.h"
#include "setupfile/SetupValidation.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace vtw {

namespace {

const QStringList requiredFiles = {"car.ini", "engine.ini", "drivetrain.ini", "suspensions.ini", "brakes.ini",
                                   "tyres.ini"};
const QString optionalAero = QStringLiteral("aero.ini");

// A car folder holding data/ is taken for its data folder.
QString dataFolder(const QString& folder) {
    const QDir dir(folder);
    if (!dir.exists(QStringLiteral("car.ini")) && QFileInfo(dir.filePath(QStringLiteral("data"))).isDir())
        return dir.filePath(QStringLiteral("data"));
    return folder;
}

// The folder's ini files loaded into `files`; errors name what is missing or unreadable.
QStringList loadFolder(const QString& folder, ac::Files& files) {
    QStringList errors;
    const QFileInfo info(folder);
    const QString packed = QStringLiteral("%1 is a packed data.acd: unpack it first (Content Manager's "
                                          "\"Unpack data\", or another unpacker) and give the data folder");
    if (info.isFile() && info.fileName().compare(QLatin1String("data.acd"), Qt::CaseInsensitive) == 0)
        return {packed.arg(QDir::toNativeSeparators(folder))};
    if (!info.isDir())
        return {QStringLiteral("%1 is not a folder").arg(QDir::toNativeSeparators(folder))};
    const QDir dir(folder);
    if (!dir.exists(QStringLiteral("car.ini")) && dir.exists(QStringLiteral("data.acd")))
        return {packed.arg(QDir::toNativeSeparators(dir.filePath(QStringLiteral("data.acd"))))};
    for (const QString& name : requiredFiles)
        files.loadIni(name, errors);
    if (dir.exists(optionalAero))
        files.loadIni(optionalAero, errors);
    return errors;
}

// The setup the loaded files describe, starting from the default car (the library's).
Setup readSetup(ac::Files& files, const QString& folder, AcMappingReport& report, QStringList& errors) {
    Setup setup = defaultLibraryCar();
    QDir dir(folder);
    const QString carName = dir.dirName().compare(QLatin1String("data"), Qt::CaseInsensitive) == 0 && dir.cdUp()
                                ? dir.dirName()
                                : QDir(folder).dirName();
    setup.name = carName.toStdString();
    setup.notes = QStringLiteral("Imported from Assetto Corsa car data (%1).").arg(carName).toStdString();
    setup.targets.clear();
    for (const ac::MappingEntry& entry : ac::mappingEntries())
        entry.read(files, setup, report, errors);
    for (const QString& name : requiredFiles + QStringList{optionalAero}) {
        if (const IniText* ini = files.findIni(name)) {
            for (int line : ini->strayLines())
                report.unmapped << QStringLiteral("%1 line %2: not a section, key or comment; ignored").arg(name).arg(line);
        }
    }
    report.unmapped << ac::unmappedContent();
    return setup;
}

QString backupName(const QDir& dir, const QString& name) {
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString candidate = QStringLiteral("%1.%2.bak").arg(name, stamp);
    for (int n = 2; dir.exists(candidate); ++n)
        candidate = QStringLiteral("%1.%2-%3.bak").arg(name, stamp).arg(n);
    return candidate;
}

} // namespace

AcImportResult importAcFolder(const QString& folderGiven) {
    AcImportResult result;
    const QString folder = dataFolder(folderGiven);
    ac::Files files(folder);
    result.errors = loadFolder(folder, files);
    if (!result.errors.isEmpty())
        return result;
    Setup setup = readSetup(files, folder, result.report, result.errors);
    if (!result.errors.isEmpty())
        return result;
    for (const SetupIssue& issue : validateSetup(setup))
        result.errors << QStringLiteral("the car data gives an invalid setup: %1").arg(issue.toString());
    if (result.errors.isEmpty())
        result.setup = std::move(setup);
    return result;
}

AcExportResult exportAcFolder(const Setup& setup, const QString& folderGiven, AcExportMode mode) {
    AcExportResult result;
    const bool inPlace = mode == AcExportMode::InPlace;
    const QString folder = inPlace ? dataFolder(folderGiven) : folderGiven;
    const QDir dir(folder);
    ac::Files files(inPlace ? folder : QString());
    Setup before;
    if (inPlace) {
        result.errors = loadFolder(folder, files);
        AcMappingReport ignored;
        if (result.errors.isEmpty())
            before = readSetup(files, folder, ignored, result.errors);
        if (!result.errors.isEmpty()) {
            result.errors.prepend(QStringLiteral("cannot update %1 in place:").arg(QDir::toNativeSeparators(folder)));
            return result;
        }
    } else if (dir.exists(QStringLiteral("car.ini"))) {
        result.errors << QStringLiteral("%1 already holds car data: export in place to update it")
                             .arg(QDir::toNativeSeparators(folder));
        return result;
    } else if (!QDir().mkpath(folder)) {
        result.errors << QStringLiteral("cannot create the folder %1").arg(QDir::toNativeSeparators(folder));
        return result;
    }

    AcMappingReport writeNotes;
    for (const ac::MappingEntry& entry : ac::mappingEntries()) {
        if (!inPlace || !entry.same(setup, before))
            entry.write(setup, files, writeNotes);
    }
    for (const auto& [name, bytes] : files.changedFiles()) {
        const QString path = dir.filePath(name);
        if (inPlace && QFileInfo::exists(path)) {
            const QString backup = backupName(dir, name);
            if (!QFile::copy(path, dir.filePath(backup))) {
                result.errors << QStringLiteral("cannot back up %1 as %2; nothing more written").arg(name, backup);
                return result;
            }
            result.backups << backup;
        }
        const SaveResult saved = writeFileAtomically(path, bytes);
        if (!saved.ok) {
            result.errors << saved.error;
            return result;
        }
        result.writtenFiles << name;
    }

    // The report is the one of reading the folder back: it also proves that it reads.
    AcImportResult readBack = importAcFolder(folder);
    result.report = readBack.report;
    result.report.approximated += writeNotes.approximated;
    result.report.unmapped += writeNotes.unmapped;
    if (!inPlace)
        result.report.unmapped.prepend(QStringLiteral("a new folder holds the mapped keys only: AC needs the rest "
                                                      "(suspension geometry, tyre thermal model, ...) from a "
                                                      "complete car; export in place into a copy of one to keep it"));
    for (const QString& error : readBack.errors)
        result.errors << QStringLiteral("the written folder does not read back: %1").arg(error);
    result.ok = result.errors.isEmpty();
    return result;
}

} // namespace vtw
