#include "setupfile/Recovery.h"

#include "setupfile/BoundedRead.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace vtw {

namespace {

// The copy is an ordinary setup file; its bookkeeping lives in a sidecar so a
// recovered copy can be opened and saved without carrying recovery keys along.
const QString setupSuffix = QStringLiteral(".autosave.json");
const QString infoSuffix = QStringLiteral(".autosave-info.json");
// The info note holds three short fields; 64 KiB is the bound it always had.
constexpr qint64 maxInfoBytes = 64 * 1024;

QString sanitize(const QString& id) {
    QString out;
    for (const QChar c : id)
        out.append(
            (c.isLetterOrNumber() && c.unicode() < 128) || c == '-' || c == '_' ? c : QChar('_'));
    return out.left(100);
}

} // namespace

RecoveryStore::RecoveryStore(QString folder) : m_folder(std::move(folder)) {}

QString RecoveryStore::setupFile(const QString& id) const {
    return QDir(m_folder).filePath(sanitize(id) + setupSuffix);
}

QString RecoveryStore::infoFile(const QString& id) const {
    return QDir(m_folder).filePath(sanitize(id) + infoSuffix);
}

SaveResult RecoveryStore::save(const QString& documentId, const Setup& setup,
                               const UnknownKeys& unknownKeys, const QString& originalPath) const {
    if (sanitize(documentId).isEmpty())
        return {false, "empty document id"};
    if (!QDir().mkpath(m_folder))
        return {false, QString("cannot create the recovery folder %1").arg(m_folder)};
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

QList<RecoveredFile> RecoveryStore::list() const {
    QList<RecoveredFile> out;
    const QDir dir(m_folder);
    for (const QString& file : dir.entryList({"*" + setupSuffix}, QDir::Files)) {
        RecoveredFile rf;
        const QString base = file.left(file.size() - setupSuffix.size());
        rf.documentId = base;
        rf.setupPath = dir.filePath(file);
        rf.savedAt = QFileInfo(rf.setupPath).lastModified().toUTC();
        // Bounded: a huge note, or a device or pipe that never ends, is read no
        // further than the limit during the start-up scan. A note that cannot
        // be read is skipped; the copy is still listed, without its original path.
        const BoundedReadResult note =
            readFileBounded(dir.filePath(base + infoSuffix), maxInfoBytes);
        if (note.data) {
            const QJsonObject info = QJsonDocument::fromJson(*note.data).object();
            rf.documentId = info.value("documentId").toString(base);
            rf.originalPath = info.value("originalPath").toString();
            const QDateTime at =
                QDateTime::fromString(info.value("savedAt").toString(), Qt::ISODateWithMs);
            if (at.isValid())
                rf.savedAt = at;
        }
        const SetupLoadResult loaded = loadSetupFile(rf.setupPath);
        rf.name = loaded.ok() ? QString::fromStdString(loaded.setup->name) : QString();
        out.append(rf);
    }
    std::sort(out.begin(), out.end(),
              [](const RecoveredFile& a, const RecoveredFile& b) { return a.savedAt > b.savedAt; });
    return out;
}

bool RecoveryStore::remove(const QString& documentId) const {
    QFile::remove(setupFile(documentId));
    QFile::remove(infoFile(documentId));
    return !QFile::exists(setupFile(documentId)) && !QFile::exists(infoFile(documentId));
}

} // namespace vtw
