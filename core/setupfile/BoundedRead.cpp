#include "core/setupfile/BoundedRead.h"

#include <QFile>

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace vtw {

namespace {
QString limitText(qint64 limit) {
    return limit % (1024 * 1024) == 0 ? QString("%1 MiB").arg(limit / (1024 * 1024))
                                      : QString("%1 bytes").arg(limit);
}
} // namespace

BoundedReadResult readFileBounded(const QString& path, qint64 limit, InputKinds kinds) {
    if (kinds == InputKinds::RegularFilesOnly) {
        // Checked before open(): opening a FIFO for reading waits for a writer.
        std::error_code error;
        const auto status = std::filesystem::status(QFile::encodeName(path).toStdString(), error);
        if (!error && status.type() != std::filesystem::file_type::regular)
            return {std::nullopt, QString("cannot read %1: it is not a regular file (a pipe, a "
                                          "device or a folder); only files can be opened here")
                                      .arg(path)};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {std::nullopt, QString("cannot read %1: %2").arg(path, file.errorString())};
    if (!file.isSequential() && file.size() > limit)
        return {std::nullopt, QString("cannot read %1: it is %2 bytes, larger than the %3 limit")
                                  .arg(path)
                                  .arg(file.size())
                                  .arg(limitText(limit))};
    // A file that reports its size is read into one buffer of that size (and the
    // byte that would show it grew): growing a buffer chunk by chunk maps and
    // unmaps memory at each step (half the time of merging a thousand shards).
    QByteArray data;
    if (!file.isSequential())
        data.reserve(file.size() + 1);
    // A pipe or a device reports no size: read in chunks, one byte past the
    // limit at most, and stop there.
    constexpr qint64 chunk = 1 << 16;
    while (data.size() <= limit) {
        qint64 want = std::min(chunk, limit + 1 - data.size());
        if (data.capacity() > data.size())
            want = std::min<qint64>(want, data.capacity() - data.size());
        const qsizetype before = data.size();
        data.resize(before + want);
        const qint64 got = file.read(data.data() + before, want);
        if (got < 0)
            return {std::nullopt, QString("cannot read %1: %2").arg(path, file.errorString())};
        data.resize(before + got);
        if (got == 0)
            break; // end of file
    }
    if (data.size() > limit)
        return {std::nullopt,
                QString("cannot read %1: larger than the %2 limit").arg(path, limitText(limit))};
    return {data, {}};
}

} // namespace vtw
