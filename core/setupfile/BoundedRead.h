#pragma once

// The one bounded reader: every file the program reads (setups, curves,
// scripts, sweep shards, recovery notes) goes through readFileBounded, so a
// FIFO, a device or a huge file cannot make it read without end.

#include <QByteArray>
#include <QString>

#include <optional>

namespace vtw {

/// What a reader accepts besides regular files.
enum class InputKinds {
    FilesAndStreams, ///< also pipes and devices (the CLI: `<(...)`, a FIFO another program writes)
    RegularFilesOnly ///< the window: opening a FIFO nobody writes would block its thread
};

struct BoundedReadResult {
    std::optional<QByteArray> data; ///< set when the whole input was read
    QString error;                  ///< readable reason otherwise
};

/// Reads path whole, refusing it with a clear error when it holds more than
/// limit bytes; reads at most limit + 1 bytes from a stream that reports no size.
/// With RegularFilesOnly anything else (a FIFO, a device, a directory) is refused
/// before it is opened.
BoundedReadResult readFileBounded(const QString& path, qint64 limit,
                                  InputKinds kinds = InputKinds::FilesAndStreams);

} // namespace vtw
