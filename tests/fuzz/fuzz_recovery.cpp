// libFuzzer entry point for the recovery listing the window shows at its start:
// the input, cut at NUL bytes, becomes a recovery folder's files (a copy, its
// info note, a second copy), which are listed and then loaded as a restore does.
// Every copy is listed, newest first, whatever its files hold.

#include "FuzzSupport.h"

#include "core/setupfile/Recovery.h"

#include <QFile>
#include <QTemporaryDir>

using namespace vtw;

namespace {

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    fuzz::require(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size(),
                  "the fuzz input is written to the temporary folder");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QList<QByteArray> pieces = fuzz::piecesOf(fuzz::bytesOf(data, size), 3);
    const QTemporaryDir dir;
    fuzz::require(dir.isValid(), "a temporary folder can be made");
    const char* const names[] = {"a.autosave.json", "a.autosave-info.json", "b.autosave.json"};
    for (qsizetype i = 0; i < pieces.size(); ++i)
        writeFile(dir.filePath(names[i]), pieces[i]);
    const qsizetype copies = pieces.size() == 3 ? 2 : 1;

    const QList<RecoveredFile> listed = RecoveryStore(dir.path()).list();
    fuzz::require(listed.size() == copies, "every copy is listed");
    for (qsizetype i = 0; i < listed.size(); ++i) {
        fuzz::require(QFile::exists(listed[i].setupPath), "a listed copy names its file");
        fuzz::require(i == 0 || !(listed[i - 1].savedAt < listed[i].savedAt), "newest first");
        const SetupLoadResult restored = loadSetupFile(listed[i].setupPath);
        fuzz::require(restored.ok() == restored.errors.isEmpty(),
                      "a copy restores exactly when it has no errors");
    }
    return 0;
}
