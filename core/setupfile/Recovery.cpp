#include "core/setupfile/Recovery.h"

#include "core/setupfile/BoundedRead.h"
#include "core/setupfile/JsonShape.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>

#include <algorithm>

namespace vtw {

namespace {

// The copy is an ordinary setup file; its bookkeeping lives in a sidecar so a
// recovered copy can be opened and saved without carrying recovery keys along.
const QString setupSuffix = QStringLiteral(".autosave.json");
const QString infoSuffix = QStringLiteral(".autosave-info.json");
// The owner's QLockFile; QLockFile itself removes it when the owner lets go.
const QString lockSuffix = QStringLiteral(".autosave.lock");
// The info note holds three short fields; 64 KiB is the bound it always had.
constexpr qint64 maxInfoBytes = 64 * 1024;

QString sanitize(const QString& id) {
    QString out;
    for (const QChar c : id)
        out.append(
            (c.isLetterOrNumber() && c.unicode() < 128) || c == '-' || c == '_' ? c : QChar('_'));
    return out.left(100);
}

void sortNewestFirst(QList<RecoveredFile>& copies) {
    std::sort(copies.begin(), copies.end(),
              [](const RecoveredFile& a, const RecoveredFile& b) { return a.savedAt > b.savedAt; });
}

} // namespace

RecoveryStore::RecoveryStore(QString folder) : m_folder(std::move(folder)) {}
RecoveryStore::~RecoveryStore() = default;
RecoveryStore::RecoveryStore(RecoveryStore&&) noexcept = default;
RecoveryStore& RecoveryStore::operator=(RecoveryStore&&) noexcept = default;

QString RecoveryStore::setupFile(const QString& id) const {
    return QDir(m_folder).filePath(sanitize(id) + setupSuffix);
}

QString RecoveryStore::infoFile(const QString& id) const {
    return QDir(m_folder).filePath(sanitize(id) + infoSuffix);
}

QString RecoveryStore::lockFile(const QString& id) const {
    return QDir(m_folder).filePath(sanitize(id) + lockSuffix);
}

bool RecoveryStore::owns(const QString& documentId) const {
    return m_locks.count(sanitize(documentId)) > 0;
}

bool RecoveryStore::claim(const QString& id, QString* error) {
    const QString key = sanitize(id);
    if (m_locks.count(key))
        return true;
    auto lock = std::make_unique<QLockFile>(lockFile(id));
    // Held for as long as the instance runs, so never stale by its age: only
    // when the process that wrote it is gone.
    lock->setStaleLockTime(0);
    if (lock->tryLock(0)) {
        m_locks.emplace(key, std::move(lock));
        return true;
    }
    if (error) {
        qint64 pid = 0;
        if (lock->error() != QLockFile::LockFailedError)
            *error = QString("cannot create the lock file %1").arg(lockFile(id));
        else if (lock->getLockInfo(&pid, nullptr, nullptr))
            *error =
                QString("the recovery copy %1 belongs to another running instance (process %2)")
                    .arg(setupFile(id))
                    .arg(pid);
        else
            *error = QString("the recovery copy %1 belongs to another running instance")
                         .arg(setupFile(id));
    }
    return false;
}

void RecoveryStore::release(const QString& documentId) {
    m_locks.erase(sanitize(documentId)); // the QLockFile goes, and removes its file
}

SaveResult RecoveryStore::save(const QString& documentId, const Setup& setup,
                               const UnknownKeys& unknownKeys, const QString& originalPath) {
    if (sanitize(documentId).isEmpty())
        return {false, "empty document id"};
    if (!QDir().mkpath(m_folder))
        return {false, QString("cannot create the recovery folder %1").arg(m_folder)};
    QString error;
    if (!claim(documentId, &error))
        return {false, error};
    // Info first: a copy without its info is still listed (with no original
    // path), while info without a copy is ignored.
    const QJsonObject info{
        {"documentId", documentId},
        {"originalPath", originalPath},
        {"savedAt", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)}};
    SaveResult r = writeFileAtomically(infoFile(documentId), QJsonDocument(info).toJson());
    if (!r.ok)
        return r;
    return saveSetupFile(setupFile(documentId), setup, unknownKeys);
}

RecoveredFile RecoveryStore::read(const QString& base) const {
    const QDir dir(m_folder);
    RecoveredFile rf;
    rf.documentId = base;
    rf.setupPath = dir.filePath(base + setupSuffix);
    rf.savedAt = QFileInfo(rf.setupPath).lastModified().toUTC();
    // Bounded: a huge note, or a device or pipe that never ends, is read no
    // further than the limit during the start-up scan. A note that cannot
    // be read is skipped; the copy is still listed, without its original path.
    const BoundedReadResult note = readFileBounded(dir.filePath(base + infoSuffix), maxInfoBytes);
    if (note.data) {
        const QJsonObject info = QJsonDocument::fromJson(*note.data).object();
        // The id names the copy's files: a note naming other files is not believed.
        const QString noted = info.value("documentId").toString();
        if (sanitize(noted) == base)
            rf.documentId = noted;
        rf.originalPath = info.value("originalPath").toString();
        const QDateTime at =
            QDateTime::fromString(info.value("savedAt").toString(), Qt::ISODateWithMs);
        if (at.isValid())
            rf.savedAt = at;
    }
    // Read once, bounded like any setup file, for the check and for the name.
    const BoundedReadResult copy = readFileBounded(rf.setupPath, maxSetupFileBytes);
    if (!copy.data) {
        rf.problems = QStringList{copy.error};
        return rf;
    }
    const SetupLoadResult loaded = loadSetup(*copy.data);
    if (loaded.ok()) {
        rf.name = QString::fromStdString(loaded.setup->name);
    } else {
        rf.problems = loaded.errorStrings();
        // A copy that does not load (a bad value, an unknown key nested too
        // deep) usually still names its setup, which tells the user which it is.
        // Parsed only within the loader's shape limits: an outsized copy would
        // cost the parse those limits are there to refuse.
        const JsonShape shape = jsonShape(*copy.data, maxSetupJsonDepth);
        if (shape.depth <= maxSetupJsonDepth && shape.values <= maxSetupJsonValues)
            rf.name = QJsonDocument::fromJson(*copy.data).object().value("name").toString();
    }
    return rf;
}

QList<RecoveredFile> RecoveryStore::list() const {
    QList<RecoveredFile> out;
    for (const QString& file : QDir(m_folder).entryList({"*" + setupSuffix}, QDir::Files))
        out.append(read(file.left(file.size() - setupSuffix.size())));
    sortNewestFirst(out);
    return out;
}

QList<RecoveredFile> RecoveryStore::claimOrphans() {
    QList<RecoveredFile> out;
    for (const QString& file : QDir(m_folder).entryList({"*" + setupSuffix}, QDir::Files)) {
        const QString base = file.left(file.size() - setupSuffix.size());
        // Already ours: a document open here. Not claimable: a running instance's.
        if (m_locks.count(base) || !claim(base))
            continue;
        out.append(read(base));
    }
    sortNewestFirst(out);
    return out;
}

bool RecoveryStore::remove(const QString& documentId) {
    const QString setup = setupFile(documentId);
    const QString info = infoFile(documentId);
    if (QFile::exists(setup) || QFile::exists(info)) {
        if (!claim(documentId))
            return false; // another running instance's copy: not ours to delete
        QFile::remove(setup);
        QFile::remove(info);
    }
    release(documentId);
    return !QFile::exists(setup) && !QFile::exists(info);
}

} // namespace vtw
