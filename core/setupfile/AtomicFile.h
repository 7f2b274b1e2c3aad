#pragma once

// Atomic file replacement through QSaveFile: the data goes to a temporary file
// that is renamed over the target only when it is complete, so an interrupted
// save leaves the old file as it was.

#include <QByteArray>
#include <QString>

namespace vtw {

struct SaveResult {
    bool ok = false;
    QString error; ///< readable reason when !ok
};

/// Writes data to path atomically; the old file stays intact on any failure.
SaveResult writeFileAtomically(const QString& path, const QByteArray& data);

namespace testing {
/// Test hook: while set, every atomic write is cancelled just before its
/// commit (QSaveFile::cancelWriting), which makes the real commit fail the way
/// an interrupted save would. Not for production code.
void setFailAtomicCommits(bool fail);
} // namespace testing

} // namespace vtw
