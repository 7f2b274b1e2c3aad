#pragma once

// Several files of one folder written all or nothing (a car data folder's ini files
// and tables belong together: a car half old and half new reads, and drives, as
// neither). Every new file is first written beside its target; only when all of
// them are on disk are they renamed over their targets, and a failure on the way
// puts every replaced file back from its backup and removes every file it added.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>

namespace vtw {

struct FolderUpdateResult {
    bool ok = false;
    QStringList errors;  ///< what failed, and what was done about every file touched
    QStringList written; ///< file names now holding the new bytes
    QStringList backups; ///< copies of replaced files as they were, all of one time stamp
};

/// Writes `files` (plain names inside `folder` to their bytes) into `folder`, which
/// must exist. With `backUp`, every file replaced is first copied to
/// `<name>.<time>.bak`. On failure the folder holds what it held before (its
/// replaced files restored from their copies, added and temporary files removed).
FolderUpdateResult updateFolder(const QString& folder, const std::map<QString, QByteArray>& files, bool backUp);

/// The temporary files an update that never finished (the program killed while it
/// renamed) left in `folder`: while there are any, the folder may hold some files
/// old and some new, the old ones in the backups of the same time stamp.
QStringList unfinishedUpdateFiles(const QString& folder);

namespace testing {
/// Test hook: while at least 1, the n-th replacement of an update (1-based) fails as
/// if the rename had, so that the restoring of the files before it can be checked.
/// 0 turns it off. Not for production code.
void setFailFolderReplacementAt(int n);
} // namespace testing

} // namespace vtw
