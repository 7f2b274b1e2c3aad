// Saving: atomic replacement (an interrupted save leaves the old file intact)
// and the autosave/recovery store.

#include "tests/support/RecoveryOwnerProcess.h"
#include "core/setupfile/AtomicFile.h"
#include "core/setupfile/Recovery.h"
#include "core/setupfile/SetupJson.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLockFile>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace vtw;

namespace {
QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// writeFileAtomically in a forked child whose file size limit is limitBytes:
// the way a full disk stops a write, without filling a disk. SIGXFSZ is
// ignored so the write fails with EFBIG instead of killing the child. The
// child sends back the error text through a pipe.
SaveResult saveWithFileSizeLimit(const QString& path, const QByteArray& data, rlim_t limitBytes) {
    int fds[2];
    if (::pipe(fds) != 0)
        return {false, "test: no pipe"};
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{limitBytes, limitBytes};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const SaveResult r = writeFileAtomically(path, data);
        const QByteArray message = r.error.toUtf8();
        [[maybe_unused]] const auto written = ::write(fds[1], message.constData(), message.size());
        ::_exit(r.ok ? 0 : 1);
    }
    ::close(fds[1]);
    QByteArray message;
    char buffer[512];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;)
        message.append(buffer, n);
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return {WIFEXITED(status) && WEXITSTATUS(status) == 0, QString::fromUtf8(message)};
}
} // namespace

class TestSetupSave : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { testing::setFailAtomicCommits(false); }
    void saveAndLoadBack();
    void failedCommitKeepsOldFile();
    void failedCommitOfNewFileLeavesNothing();
    void unwritableTargetReported();
    void fullDiskKeepsOldFile_data();
    void fullDiskKeepsOldFile();
    void fifoTargetRefused();
    void recoveryCopyListedAndRemoved();
    void recoveryOfUnsavedDocument();
    void recoveryNoteReadIsBounded();
    void recoveryCopiesBelongToTheirInstance();
    void copyOfLiveProcessIsNotOfferedUntilItDies();
    void unrestorableCopySaysWhy_data();
    void unrestorableCopySaysWhy();
    void recoveryListsAnOutsizedCopy();
};

void TestSetupSave::saveAndLoadBack() {
    QTemporaryDir dir;
    const QString path = dir.filePath("car.json");
    Setup s = defaultSetup();
    s.chassis.mass = 1234.5;
    const SaveResult r = saveSetupFile(path, s);
    QVERIFY2(r.ok, qPrintable(r.error));
    const SetupLoadResult loaded = loadSetupFile(path);
    QVERIFY(loaded.ok());
    QCOMPARE(*loaded.setup, s);
}

void TestSetupSave::failedCommitKeepsOldFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath("car.json");
    QVERIFY(saveSetupFile(path, defaultSetup()).ok);
    const QByteArray before = readAll(path);

    Setup edited = defaultSetup();
    edited.name = "half-saved";
    edited.chassis.mass = 999;
    testing::setFailAtomicCommits(true);
    const SaveResult r = saveSetupFile(path, edited);
    testing::setFailAtomicCommits(false);

    QVERIFY(!r.ok);
    QVERIFY(!r.error.isEmpty());
    QCOMPARE(readAll(path), before);
    QCOMPARE(*loadSetupFile(path).setup, defaultSetup());
    // No temporary file left behind next to it.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"car.json"});
}

void TestSetupSave::failedCommitOfNewFileLeavesNothing() {
    QTemporaryDir dir;
    const QString path = dir.filePath("new.json");
    testing::setFailAtomicCommits(true);
    QVERIFY(!writeFileAtomically(path, "data").ok);
    testing::setFailAtomicCommits(false);
    QVERIFY(!QFile::exists(path));
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
}

void TestSetupSave::unwritableTargetReported() {
    QTemporaryDir dir;
    const SaveResult r = saveSetupFile(dir.filePath("no/such/folder/car.json"), defaultSetup());
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("car.json"), qPrintable(r.error));
}

void TestSetupSave::fullDiskKeepsOldFile_data() {
    QTest::addColumn<qsizetype>("size");
    // Under Qt's 16 KiB write buffer: only the final flush in commit() fails.
    QTest::newRow("10 KB") << qsizetype(10000);
    QTest::newRow("100 KB") << qsizetype(100000);
}

void TestSetupSave::fullDiskKeepsOldFile() {
    QFETCH(qsizetype, size);
    QTemporaryDir dir;
    const QString path = dir.filePath("car.json");
    QVERIFY(saveSetupFile(path, defaultSetup()).ok);
    const QByteArray before = readAll(path);

    const SaveResult r = saveWithFileSizeLimit(path, QByteArray(size, 'x'), 4096);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("car.json"), qPrintable(r.error));
    QCOMPARE(readAll(path), before);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"car.json"});

    // The same child without the limit saves: the failure was the limit's.
    QVERIFY(saveWithFileSizeLimit(path, QByteArray(size, 'x'), RLIM_INFINITY).ok);
    QCOMPARE(readAll(path), QByteArray(size, 'x'));
}

void TestSetupSave::fifoTargetRefused() {
    QTemporaryDir dir;
    // A FIFO in the temporary folder, never a device node: renaming over one
    // replaces it, which is the bug under test.
    const QString fifo = dir.filePath("out.json");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const SaveResult r = writeFileAtomically(fifo, "data");
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("is not a regular file"), qPrintable(r.error));
    struct stat st {};
    QCOMPARE(::lstat(QFile::encodeName(fifo).constData(), &st), 0);
    QVERIFY(S_ISFIFO(st.st_mode));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System), QStringList{"out.json"});
}

void TestSetupSave::recoveryCopyListedAndRemoved() {
    QTemporaryDir dir;
    RecoveryStore store(dir.filePath("recovery"));
    QVERIFY(store.list().isEmpty()); // the folder does not even exist yet

    Setup s = defaultSetup();
    s.name = "edited, not saved";
    s.brakes.frontBias = 0.65;
    const UnknownKeys unknown{{{"chassis", "ballast_kg"}, 10}};
    QVERIFY(store.save("doc/1", s, unknown, "/home/me/car.json").ok);
    QVERIFY(store.save("doc-2", defaultSetup()).ok);

    const QList<RecoveredFile> found = store.list();
    QCOMPARE(found.size(), 2);
    const auto it = std::find_if(found.begin(), found.end(),
                                 [](const RecoveredFile& f) { return f.documentId == "doc/1"; });
    QVERIFY(it != found.end());
    QCOMPARE(it->originalPath, QString("/home/me/car.json"));
    QCOMPARE(it->name, QString("edited, not saved"));
    QVERIFY(it->savedAt.isValid());
    const SetupLoadResult recovered = loadSetupFile(it->setupPath);
    QVERIFY(recovered.ok());
    QCOMPARE(*recovered.setup, s);
    QCOMPARE(recovered.unknownKeys, unknown);

    // A clean save of the document removes its copy, and only its copy.
    QVERIFY(store.remove("doc/1"));
    QCOMPARE(store.list().size(), 1);
    QCOMPARE(store.list().value(0).documentId, QString("doc-2"));
}

void TestSetupSave::recoveryOfUnsavedDocument() {
    QTemporaryDir dir;
    RecoveryStore store(dir.path());
    QVERIFY(store.save("untitled", defaultSetup()).ok);
    // A second autosave replaces the first.
    Setup later = defaultSetup();
    later.chassis.mass = 1600;
    QVERIFY(store.save("untitled", later).ok);
    const QList<RecoveredFile> found = store.list();
    QCOMPARE(found.size(), 1);
    QVERIFY(found[0].originalPath.isEmpty());
    QCOMPARE(loadSetupFile(found[0].setupPath).setup->chassis.mass, 1600.0);
    QVERIFY(!store.save("", later).ok);
}

// The info note is read through the bounded reader: a note that is a pipe
// delivering more than 64 KiB (here valid JSON padded with spaces, which an
// unbounded read would accept) is skipped, and the copy is still listed.
void TestSetupSave::recoveryNoteReadIsBounded() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    RecoveryStore store(dir.path());
    QVERIFY(store.save("doc", defaultSetup(), {}, "/home/me/car.json").ok);
    QCOMPARE(store.list().value(0).originalPath, QString("/home/me/car.json"));

    const QString note = dir.filePath("doc.autosave-info.json");
    QVERIFY(QFile::remove(note));
    QCOMPARE(::mkfifo(QFile::encodeName(note).constData(), 0600), 0);
    QByteArray padded(R"({"documentId":"doc","originalPath":"/elsewhere.json"})");
    padded += QByteArray(128 * 1024, ' ');
    // A reader that stops early closes the pipe: the writer then gets EPIPE
    // instead of the process being killed by SIGPIPE.
    const auto oldPipe = std::signal(SIGPIPE, SIG_IGN);
    std::thread writer([&] {
        const int fd = ::open(QFile::encodeName(note).constData(), O_WRONLY);
        if (fd < 0)
            return;
        for (qsizetype done = 0; done < padded.size();) {
            const ssize_t n = ::write(fd, padded.constData() + done, size_t(padded.size() - done));
            if (n <= 0)
                break;
            done += n;
        }
        ::close(fd);
    });
    const QList<RecoveredFile> found = store.list();
    writer.join();
    std::signal(SIGPIPE, oldPipe);
    QCOMPARE(found.size(), 1);
    QCOMPARE(found[0].documentId, QString("doc"));
    QVERIFY2(found[0].originalPath.isEmpty(), qPrintable(found[0].originalPath));
}

// Two stores on one folder, as two windows of one process: neither offers
// nor deletes the other's copy while it lives; once it goes without a clean
// close (its copies stay), the survivor claims them.
void TestSetupSave::recoveryCopiesBelongToTheirInstance() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    RecoveryStore second(dir.path());
    Setup s = defaultSetup();
    s.name = "first's car";
    {
        RecoveryStore first(dir.path());
        QVERIFY(first.save("doc", s).ok);
        QVERIFY(first.owns("doc"));
        QVERIFY(second.claimOrphans().isEmpty());
        QVERIFY(!second.remove("doc"));
        QCOMPARE(second.list().size(), 1); // still on disk
        const SaveResult r = second.save("doc", defaultSetup());
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains("belongs to another running instance"), qPrintable(r.error));
        QCOMPARE(loadSetupFile(first.list().value(0).setupPath).setup->name, s.name);
        // A store does not offer its own copies either: they are open documents.
        QVERIFY(first.claimOrphans().isEmpty());
    }
    const QList<RecoveredFile> orphans = second.claimOrphans();
    QCOMPARE(orphans.size(), 1);
    QCOMPARE(orphans[0].name, QString("first's car"));
    QVERIFY(second.owns("doc"));
    // Claimed once: a third store started meanwhile does not offer it too.
    RecoveryStore third(dir.path());
    QVERIFY(third.claimOrphans().isEmpty());
    // Released (kept for later), it is an orphan again.
    second.release("doc");
    QCOMPARE(third.claimOrphans().size(), 1);
    QVERIFY(third.remove("doc"));
    QVERIFY(third.list().isEmpty());
}

// The other instance is a real process: while it runs its copy is not
// offered and cannot be removed or overwritten; after it is killed (a crash:
// its lock file stays, naming a dead process) the copy is offered.
void TestSetupSave::copyOfLiveProcessIsNotOfferedUntilItDies() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    RecoveryOwnerProcess other(dir.path(), "other-doc", "the other instance's car");
    QVERIFY(other.saved());
    QVERIFY(other.running());
    // Its lock is there and names the other process.
    QLockFile lock(dir.filePath("other-doc.autosave.lock"));
    qint64 owner = 0;
    QVERIFY(lock.getLockInfo(&owner, nullptr, nullptr));
    QCOMPARE(owner, other.pid());

    RecoveryStore store(dir.path());
    QVERIFY(store.claimOrphans().isEmpty());
    QVERIFY(!store.remove("other-doc"));
    const SaveResult r = store.save("other-doc", defaultSetup());
    QVERIFY(!r.ok);
    QCOMPARE(r.error, QString("the recovery copy %1 belongs to another running instance "
                              "(process %2)")
                          .arg(dir.filePath("other-doc.autosave.json"))
                          .arg(other.pid()));
    QCOMPARE(store.list().size(), 1);
    QCOMPARE(store.list()[0].name, QString("the other instance's car"));

    other.crash();
    QVERIFY(QFile::exists(dir.filePath("other-doc.autosave.lock"))); // left behind
    const QList<RecoveredFile> orphans = store.claimOrphans();
    QCOMPARE(orphans.size(), 1);
    QCOMPARE(orphans[0].documentId, QString("other-doc"));
    QCOMPARE(orphans[0].name, QString("the other instance's car"));
    QVERIFY(orphans[0].restorable());
    QVERIFY(store.remove("other-doc"));
    QVERIFY(store.list().isEmpty());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList());
}

void TestSetupSave::unrestorableCopySaysWhy_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("problem");
    QTest::addColumn<qint64>("sparseSize"); // instead of bytes: a file this large
    Setup s = defaultSetup();
    s.name = "Deep extras";
    QJsonObject root = setupToJson(s);
    QJsonArray deep{1};
    for (int i = 0; i < 40; ++i)
        deep = QJsonArray{deep};
    QJsonObject chassis = root.value("chassis").toObject();
    chassis.insert("extra", deep);
    root.insert("chassis", chassis);
    QTest::newRow("unknown key nested too deep")
        << QJsonDocument(root).toJson() << QString("Deep extras")
        << QString("chassis.extra: unknown key nested more than 32 levels deep: not a setup file "
                   "this program can keep intact")
        << qint64(0);
    s.name = "Negative mass";
    s.chassis.mass = -5;
    QTest::newRow("invalid value")
        << writeSetup(s) << QString("Negative mass")
        << QString("chassis.mass: must be between 50 and 100000 kg") << qint64(0);
    QTest::newRow("malformed JSON")
        << QByteArray("{\"fileType\": \"vehicle-setup\", \"name\": \"Cut") << QString()
        << QString("not valid JSON at line 1") << qint64(0);
    QTest::newRow("too large to read")
        << QByteArray() << QString() << QString("cannot read ") << maxSetupFileBytes + 1;
}

// A copy that does not load is listed with every reason and, where its JSON
// still has one, its setup's name.
void TestSetupSave::unrestorableCopySaysWhy() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, name);
    QFETCH(QString, problem);
    QFETCH(qint64, sparseSize);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath("bad.autosave.json");
    if (sparseSize > 0) {
        QFile f(copy);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(sparseSize)); // sparse: nothing of it written
    } else {
        QVERIFY(writeFileAtomically(copy, bytes).ok);
    }
    RecoveryStore store(dir.path());
    const QList<RecoveredFile> found = store.claimOrphans();
    QCOMPARE(found.size(), 1);
    QCOMPARE(found[0].name, name);
    QVERIFY(!found[0].restorable());
    const bool listed = std::any_of(found[0].problems.begin(), found[0].problems.end(),
                                    [&](const QString& p) { return p.startsWith(problem); });
    QVERIFY2(listed, qPrintable(found[0].problems.join(" | ")));
}

// A copy too large to parse cheaply (nested arrays past the loader's value cap) is
// listed like any copy, and its restore is refused with the loader's reason.
void TestSetupSave::recoveryListsAnOutsizedCopy() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray copy = R"({"fileType": "vehicle-setup", "version": 1, "x": [[[]])";
    for (int i = 0; i < 150000; ++i)
        copy += ",[[]]";
    QFile file(dir.filePath("doc.autosave.json"));
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(copy + "]}") > 0);
    file.close();
    const QList<RecoveredFile> listed = RecoveryStore(dir.path()).list();
    QCOMPARE(listed.size(), 1);
    const SetupLoadResult restored = loadSetupFile(listed[0].setupPath);
    QVERIFY(!restored.ok());
    QCOMPARE(restored.errorStrings(),
             QStringList{"the file holds 300006 JSON values, more than the 250000 a setup file may "
                         "hold; its largest array or object (x) has 150001 entries"});
}

QTEST_GUILESS_MAIN(TestSetupSave)
#include "tst_setup_save.moc"
