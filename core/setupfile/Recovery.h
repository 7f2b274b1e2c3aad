#pragma once

// Autosave copies of modified documents in a recovery folder chosen by the
// caller (the UI passes a folder under QStandardPaths::AppDataLocation). After
// a crash the next start lists the copies and offers them; a clean save or a
// discard removes the document's copy.
//
// Several instances may share the folder (same user, same HOME). Each copy
// has an owner: the store that wrote or claimed it holds a QLockFile beside
// it while it lives. Another instance offers only orphaned copies, whose
// owner is gone: QLockFile finds a lock whose process died (a crash) stale,
// and a store that ends normally removes its locks.

#include "core/vehicle/Setup.h"
#include "core/setupfile/AtomicFile.h"
#include "core/setupfile/SetupJson.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>

class QLockFile;

namespace vtw {

struct RecoveredFile {
    QString documentId;   ///< the id the copy was saved under
    QString setupPath;    ///< the recovered setup file (loadable with loadSetupFile)
    QString originalPath; ///< the document's own file, empty if it was never saved
    /// The setup's name at the time of the autosave, read from the copy's JSON
    /// even when the copy does not load; empty if it has none or is unreadable.
    QString name;
    QDateTime savedAt;    ///< when the copy was written (UTC)
    QStringList problems; ///< why the copy cannot be restored; empty when it loads
    bool restorable() const { return problems.isEmpty(); }
};

class RecoveryStore {
public:
    explicit RecoveryStore(QString folder);
    /// Gives up ownership of this store's copies without removing them: a
    /// store that goes without a clean close leaves them to the next start.
    ~RecoveryStore();
    RecoveryStore(RecoveryStore&&) noexcept;
    RecoveryStore& operator=(RecoveryStore&&) noexcept;

    const QString& folder() const { return m_folder; }

    /// Writes (atomically) the autosave copy of one document, owning it from
    /// then on. documentId is any stable id of the open document (e.g. a QUuid
    /// string); characters other than letters, digits, '-' and '_' are
    /// replaced. Fails, writing nothing, when another running instance owns a
    /// copy under that id.
    SaveResult save(const QString& documentId, const Setup& setup,
                    const UnknownKeys& unknownKeys = {}, const QString& originalPath = {});

    /// Every copy in the folder, whoever owns it, newest first (for
    /// inspection; what to offer after a crash is claimOrphans()).
    QList<RecoveredFile> list() const;

    /// Takes ownership of every copy whose owner is gone (an instance that
    /// crashed or was killed, or a copy of a version without owners) and
    /// returns them, newest first. Copies of running instances, this one
    /// included, are left alone.
    QList<RecoveredFile> claimOrphans();

    /// True while this store owns the document's copy.
    bool owns(const QString& documentId) const;

    /// Gives up ownership of a copy and keeps it, for the next start to offer.
    void release(const QString& documentId);

    /// Removes a document's copy (after a clean save, a discard or a close)
    /// and gives up its ownership. A copy that another running instance owns
    /// is not touched. True if nothing of it is left.
    bool remove(const QString& documentId);

private:
    QString setupFile(const QString& id) const;
    QString infoFile(const QString& id) const;
    QString lockFile(const QString& id) const;
    /// Owns the id's copy: true if this store holds its lock or could take it.
    /// error says why not (another instance's, or the lock cannot be made).
    bool claim(const QString& id, QString* error = nullptr);
    RecoveredFile read(const QString& base) const;

    QString m_folder;
    std::map<QString, std::unique_ptr<QLockFile>> m_locks; ///< by sanitized id
};

} // namespace vtw
