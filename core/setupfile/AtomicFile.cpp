#include "setupfile/AtomicFile.h"

#include <QFile>
#include <QSaveFile>

#include <atomic>
#include <filesystem>
#include <system_error>

namespace vtw {

namespace {
std::atomic<bool> failCommits{false};
}

void testing::setFailAtomicCommits(bool fail) {
    failCommits = fail;
}

SaveResult writeFileAtomically(const QString& path, const QByteArray& data) {
    // QSaveFile renames its temporary file over whatever the path names; over
    // a FIFO or a device node that replaces the node itself. status() follows
    // symbolic links, as QSaveFile does when it picks the file to replace.
    std::error_code ec;
    const auto status = std::filesystem::status(QFile::encodeName(path).toStdString(), ec);
    if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
        return {false, QString("%1 is not a regular file").arg(path)};

    // Unbuffered: each write() goes straight to the file, so a full disk or a
    // file size limit shows in its return value. With a buffer, Qt 6.4's
    // commit() flushes the last 16 KiB itself and still returns true when
    // that flush fails, leaving a truncated file in place of the old one.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return {false, QString("cannot open %1 for writing: %2").arg(path, file.errorString())};
    // A short write may leave no error string (Qt says "Unknown error"); the
    // byte count on disk then says what happened.
    const auto giveUp = [&] {
        const qint64 onDisk = file.size();
        const QString why = file.error() != QFileDevice::NoError ? file.errorString() : QString();
        file.cancelWriting();
        QString message = QString("cannot write %1: only %2 of %3 bytes written (disk full?)")
                              .arg(path)
                              .arg(onDisk)
                              .arg(data.size());
        if (!why.isEmpty() && why != QLatin1String("Unknown error"))
            message += QString(": %1").arg(why);
        return SaveResult{false, message};
    };
    if (file.write(data) != data.size())
        return giveUp();
    if (!file.flush() || file.error() != QFileDevice::NoError)
        return giveUp();
    // The size on disk, not the bytes handed over: what the rename would publish.
    if (file.size() != data.size())
        return giveUp();
    if (failCommits)
        file.cancelWriting();
    if (!file.commit())
        return {false, QString("cannot save %1: %2").arg(path, file.errorString())};
    return {true, {}};
}

} // namespace vtw
