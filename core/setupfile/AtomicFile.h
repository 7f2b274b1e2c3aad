#pragma once

// The one checked writer: every file the program writes (setups, CSV, tables,
// telemetry, metrics, reports, images, recovery copies) goes through
// writeFileAtomically. The data goes to a temporary file that is renamed over
// the target only when every byte is known to be on disk, so a failed save
// (full disk, file size limit, interrupted commit) reports an error and
// leaves the old file as it was.

#include <QByteArray>
#include <QString>

#include <string_view>
#include <vector>

namespace vtw {

struct SaveResult {
    bool ok = false;
    QString error; ///< readable reason when !ok
};

/// Writes data to path atomically; the old file stays intact on any failure.
/// An existing target that is not a regular file (a FIFO, a device, a
/// folder) is refused: renaming over it would replace it.
SaveResult writeFileAtomically(const QString& path, const QByteArray& data);

/// The same for data given in pieces, written in order: a large table assembled
/// from other buffers (a merged sweep) is saved without being copied into one.
SaveResult writeFileAtomically(const QString& path, const std::vector<std::string_view>& pieces);

namespace testing {
/// Test hook: while set, every atomic write is cancelled just before its
/// commit (QSaveFile::cancelWriting), which makes the real commit fail the way
/// an interrupted save would. Not for production code.
void setFailAtomicCommits(bool fail);
} // namespace testing

} // namespace vtw
