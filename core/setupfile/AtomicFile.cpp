#include "setupfile/AtomicFile.h"

#include <QSaveFile>

#include <atomic>

namespace vtw {

namespace {
std::atomic<bool> failCommits{false};
}

void testing::setFailAtomicCommits(bool fail) {
    failCommits = fail;
}

SaveResult writeFileAtomically(const QString& path, const QByteArray& data) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {false, QString("cannot open %1 for writing: %2").arg(path, file.errorString())};
    if (file.write(data) != data.size()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return {false, QString("cannot write %1: %2").arg(path, reason)};
    }
    if (failCommits)
        file.cancelWriting();
    if (!file.commit())
        return {false, QString("cannot save %1: %2").arg(path, file.errorString())};
    return {true, {}};
}

} // namespace vtw
