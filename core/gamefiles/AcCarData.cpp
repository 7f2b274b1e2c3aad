#include "core/gamefiles/AcCarData.h"

#include "core/gamefiles/AcFileKinds.h"
#include "core/gamefiles/AcMapping.h"
#include "core/gamefiles/FolderUpdate.h"
#include "core/setupfile/CarLibrary.h"
#include "core/setupfile/SetupValidation.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <map>

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

// The folder itself: a folder, not a packed data.acd. Empty when it can be read.
QStringList checkFolder(const QString& folder) {
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
    if (const QStringList unfinished = unfinishedUpdateFiles(folder); !unfinished.isEmpty())
        return {QStringLiteral("an export into %1 did not finish (its temporary files %2 remain): the car may be "
                               "part old, part new. Put back the files it replaced from their <name>.<time>.bak "
                               "copies of the same time, then remove the temporary files")
                    .arg(QDir::toNativeSeparators(folder), unfinished.join(QStringLiteral(", ")))};
    return {};
}

// The ini files loaded into `files`; errors name what is missing, unreadable or
// not a file of its kind.
QStringList loadFiles(ac::Files& files) {
    QStringList errors;
    for (const QString& name : requiredFiles) {
        if (!files.loadIni(name, errors))
            continue;
        if (const QString why = ac::notOfItsKind(name, *files.findIni(name)); !why.isEmpty())
            errors << why;
    }
    if (files.exists(optionalAero))
        files.loadIni(optionalAero, errors);
    return errors;
}

QStringList loadFolder(const QString& folder, ac::Files& files) {
    const QStringList errors = checkFolder(folder);
    return errors.isEmpty() ? loadFiles(files) : errors;
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

} // namespace

namespace {

// The setup loaded files give, validated like any other.
AcImportResult importFiles(ac::Files& files, const QString& folder) {
    AcImportResult result;
    result.errors = loadFiles(files);
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

// The folder `folder` and the missing folders above it, created; the first one
// created (empty when it existed), which a failed export removes again.
QString createFolder(const QString& folder, bool& ok) {
    QString first;
    for (QString path = QDir::cleanPath(QDir(folder).absolutePath()); !QFileInfo::exists(path);) {
        first = path;
        const QString parent = QFileInfo(path).path();
        if (parent == path)
            break;
        path = parent;
    }
    ok = QDir().mkpath(folder);
    return first;
}

void removeCreatedFolders(const QString& folder, const QString& first) {
    if (first.isEmpty())
        return;
    for (QString path = QDir::cleanPath(QDir(folder).absolutePath());; path = QFileInfo(path).path()) {
        if (!QDir().rmdir(path) || path == first)
            return;
    }
}

} // namespace

AcImportResult importAcFolder(const QString& folderGiven) {
    const QString folder = dataFolder(folderGiven);
    AcImportResult result;
    result.errors = checkFolder(folder);
    if (!result.errors.isEmpty())
        return result;
    ac::Files files(folder);
    return importFiles(files, folder);
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
    }

    AcMappingReport writeNotes;
    for (const ac::MappingEntry& entry : ac::mappingEntries()) {
        if (!inPlace || !entry.same(setup, before))
            entry.write(setup, files, writeNotes);
    }
    const std::map<QString, QByteArray> changed = files.changedFiles();

    // Every value of every file is read back before a byte is written (a number the
    // files cannot hold, such as an infinite lock, stops the export here); the report
    // is the one of this reading.
    ac::Files written(inPlace ? folder : QString(), changed);
    const AcImportResult readBack = importFiles(written, folder);
    for (const QString& error : readBack.errors)
        result.errors << QStringLiteral("the files would not read back, nothing written: %1").arg(error);
    if (!result.errors.isEmpty())
        return result;
    result.report = readBack.report;
    result.report.approximated += writeNotes.approximated;
    result.report.unmapped += writeNotes.unmapped;
    if (!inPlace)
        result.report.unmapped.prepend(QStringLiteral("a new folder holds the mapped keys only: AC needs the rest "
                                                      "(suspension geometry, tyre thermal model, ...) from a "
                                                      "complete car; export in place into a copy of one to keep it"));

    bool created = true;
    const QString firstCreated = inPlace ? QString() : createFolder(folder, created);
    if (!created) {
        removeCreatedFolders(folder, firstCreated);
        result.errors << QStringLiteral("cannot create the folder %1").arg(QDir::toNativeSeparators(folder));
        return result;
    }
    const FolderUpdateResult update = updateFolder(folder, changed, inPlace);
    result.writtenFiles = update.written;
    result.backups = update.backups;
    result.errors = update.errors;
    if (!update.ok)
        removeCreatedFolders(folder, firstCreated);
    result.ok = update.ok;
    return result;
}

} // namespace vtw
