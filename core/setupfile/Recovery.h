#pragma once

// Autosave copies of modified documents in a recovery folder chosen by the
// caller (the UI passes a folder under QStandardPaths::AppDataLocation). After
// a crash the next start lists the copies and offers them; a clean save or a
// discard removes the document's copy.

#include "Setup.h"
#include "setupfile/AtomicFile.h"
#include "setupfile/SetupJson.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace vtw {

struct RecoveredFile {
    QString documentId;   ///< the id the copy was saved under
    QString setupPath;    ///< the recovered setup file (loadable with loadSetupFile)
    QString originalPath; ///< the document's own file, empty if it was never saved
    QString name;         ///< the setup's name at the time of the autosave
    QDateTime savedAt;    ///< when the copy was written (UTC)
};

class RecoveryStore {
public:
    explicit RecoveryStore(QString folder);

    const QString& folder() const { return m_folder; }

    /// Writes (atomically) the autosave copy of one document. documentId is any
    /// stable id of the open document (e.g. a QUuid string); characters other
    /// than letters, digits, '-' and '_' are replaced.
    SaveResult save(const QString& documentId, const Setup& setup,
                    const UnknownKeys& unknownKeys = {}, const QString& originalPath = {}) const;

    /// Every copy in the folder, newest first.
    QList<RecoveredFile> list() const;

    /// Removes a document's copy (after a clean save, a discard or a recovery).
    /// True if nothing of it is left.
    bool remove(const QString& documentId) const;

private:
    QString setupFile(const QString& id) const;
    QString infoFile(const QString& id) const;
    QString m_folder;
};

} // namespace vtw
