#include "core/setupfile/AtomicFile.h"

#include <QFile>
#include <QSaveFile>

#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>

namespace vtw {

namespace {
std::atomic<bool> failCommits{false};
}

void testing::setFailAtomicCommits(bool fail) {
    failCommits = fail;
}

SaveResult writeFileAtomically(const QString& path, const QByteArray& data) {
    return writeFileAtomically(path, {std::string_view(data.constData(), static_cast<std::size_t>(data.size()))});
}

SaveResult writeFileAtomically(const QString& path, const std::vector<std::string_view>& pieces) {
    qint64 total = 0;
    for (const std::string_view piece : pieces)
        total += static_cast<qint64>(piece.size());
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
                              .arg(total);
        if (!why.isEmpty() && why != QLatin1String("Unknown error"))
            message += QString(": %1").arg(why);
        return SaveResult{false, message};
    };
    // Small pieces are gathered into one write of up to a mebibyte: one system call
    // per piece (a row of a table) would take longer than the data.
    constexpr std::size_t gather = 1 << 20;
    std::string pending;
    auto writeOut = [&](std::string_view bytes) {
        return file.write(bytes.data(), static_cast<qint64>(bytes.size())) == static_cast<qint64>(bytes.size());
    };
    for (const std::string_view piece : pieces) {
        if (!pending.empty() && pending.size() + piece.size() > gather) {
            if (!writeOut(pending))
                return giveUp();
            pending.clear();
        }
        if (piece.size() >= gather) {
            if (!writeOut(piece))
                return giveUp();
        } else {
            pending += piece;
        }
    }
    if (!pending.empty() && !writeOut(pending))
        return giveUp();
    if (!file.flush() || file.error() != QFileDevice::NoError)
        return giveUp();
    // The size on disk, not the bytes handed over: what the rename would publish.
    if (file.size() != total)
        return giveUp();
    if (failCommits)
        file.cancelWriting();
    if (!file.commit())
        return {false, QString("cannot save %1: %2").arg(path, file.errorString())};
    return {true, {}};
}

} // namespace vtw
