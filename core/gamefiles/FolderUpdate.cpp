#include "core/gamefiles/FolderUpdate.h"

#include "core/setupfile/AtomicFile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <atomic>
#include <filesystem>
#include <system_error>
#include <vector>

namespace vtw {

namespace {

std::atomic<int> failReplacementAt{0};

struct Entry {
    QString name;
    const QByteArray* bytes = nullptr;
    QString target, temporary, backup; ///< full paths
    bool existed = false;
};

// Renames over an existing file in one step (on Windows too, where QFile::rename
// would refuse an existing target).
bool replaceFile(const QString& from, const QString& to, QString& why) {
    std::error_code ec;
    std::filesystem::rename(std::filesystem::path(from.toStdU16String()), std::filesystem::path(to.toStdU16String()),
                            ec);
    if (ec)
        why = QString::fromStdString(ec.message());
    return !ec;
}

// ".<name>.<stamp>.new": a new file beside its target.
QString temporaryName(const QString& name, const QString& stamp) {
    return QStringLiteral(".%1.%2.new").arg(name, stamp);
}

// The time stamp every temporary file and backup of one update shares: the time,
// with "-2", "-3", ... when a name it makes is taken already.
QString freeStamp(const QDir& dir, const std::map<QString, QByteArray>& files) {
    const QString time = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    for (int n = 1;; ++n) {
        const QString stamp = n == 1 ? time : QStringLiteral("%1-%2").arg(time).arg(n);
        bool free = true;
        for (const auto& [name, bytes] : files)
            free = free && !dir.exists(QStringLiteral("%1.%2.bak").arg(name, stamp)) &&
                   !dir.exists(temporaryName(name, stamp));
        if (free)
            return stamp;
    }
}

void removeAll(const std::vector<Entry>& entries, QString Entry::*path, std::size_t from = 0) {
    for (std::size_t i = from; i < entries.size(); ++i) {
        if (!(entries[i].*path).isEmpty())
            QFile::remove(entries[i].*path);
    }
}

} // namespace

void testing::setFailFolderReplacementAt(int n) { failReplacementAt = n; }

QStringList unfinishedUpdateFiles(const QString& folder) {
    static const QRegularExpression temporary(QStringLiteral(R"(^\..+\.\d{8}-\d{6}(-\d+)?\.new$)"));
    QStringList found;
    for (const QString& name : QDir(folder).entryList(QDir::Files | QDir::Hidden)) {
        if (temporary.match(name).hasMatch())
            found << name;
    }
    return found;
}

FolderUpdateResult updateFolder(const QString& folder, const std::map<QString, QByteArray>& files, bool backUp) {
    FolderUpdateResult result;
    const QDir dir(folder);
    const QString where = QDir::toNativeSeparators(folder);
    const QString unchanged = QStringLiteral("nothing in %1 was changed").arg(where);
    const QString stamp = freeStamp(dir, files);
    std::vector<Entry> entries;
    for (const auto& [name, bytes] : files) {
        Entry e{name, &bytes, dir.filePath(name), dir.filePath(temporaryName(name, stamp)), {}};
        const QFileInfo info(e.target);
        e.existed = info.exists() || info.isSymLink();
        if (e.existed && !info.isFile()) {
            result.errors << QStringLiteral("%1 is not a regular file; %2").arg(name, unchanged);
            return result;
        }
        // Every replaced file gets its copy, which puts it back if a later one fails.
        if (e.existed)
            e.backup = dir.filePath(QStringLiteral("%1.%2.bak").arg(name, stamp));
        entries.push_back(std::move(e));
    }

    // All the new bytes beside their targets first: a full disk stops the update here.
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const SaveResult saved = writeFileAtomically(entries[i].temporary, *entries[i].bytes);
        if (!saved.ok) {
            removeAll(entries, &Entry::temporary);
            result.errors << QStringLiteral("cannot write the new %1: %2; %3").arg(entries[i].name, saved.error, unchanged);
            return result;
        }
    }
    for (const Entry& e : entries) {
        if (e.backup.isEmpty())
            continue;
        QFile original(e.target);
        const bool read = original.open(QIODevice::ReadOnly);
        const QByteArray bytes = read ? original.readAll() : QByteArray();
        const SaveResult saved = read ? writeFileAtomically(e.backup, bytes)
                                      : SaveResult{false, original.errorString()};
        if (!saved.ok) {
            removeAll(entries, &Entry::temporary);
            removeAll(entries, &Entry::backup);
            result.errors << QStringLiteral("cannot back up %1: %2; %3").arg(e.name, saved.error, unchanged);
            return result;
        }
    }

    for (std::size_t i = 0; i < entries.size(); ++i) {
        QString why = QStringLiteral("the replacement was made to fail");
        if (failReplacementAt != int(i) + 1 && replaceFile(entries[i].temporary, entries[i].target, why))
            continue;
        result.errors << QStringLiteral("cannot replace %1: %2").arg(entries[i].name, why);
        // Undo: the files replaced so far back from their copies, the ones added removed.
        QStringList restored, removed, lost;
        for (std::size_t j = 0; j < i; ++j) {
            const Entry& e = entries[j];
            QString failure;
            if (!e.existed ? QFile::remove(e.target) : replaceFile(e.backup, e.target, failure))
                (e.existed ? restored : removed) << e.name;
            else
                lost << QStringLiteral("%1 (its copy is %2)").arg(e.name, QFileInfo(e.backup).fileName());
        }
        removeAll(entries, &Entry::temporary, i);
        removeAll(entries, &Entry::backup, i);
        if (!restored.isEmpty())
            result.errors << QStringLiteral("put back as they were: %1").arg(restored.join(QStringLiteral(", ")));
        if (!removed.isEmpty())
            result.errors << QStringLiteral("removed again (they were not there before): %1")
                                 .arg(removed.join(QStringLiteral(", ")));
        if (lost.isEmpty())
            result.errors << unchanged;
        else
            result.errors << QStringLiteral("NOT put back, restore by hand: %1").arg(lost.join(QStringLiteral(", ")));
        return result;
    }

    for (const Entry& e : entries) {
        result.written << e.name;
        if (e.backup.isEmpty())
            continue;
        if (backUp)
            result.backups << QFileInfo(e.backup).fileName();
        else
            QFile::remove(e.backup);
    }
    result.ok = true;
    return result;
}

} // namespace vtw
