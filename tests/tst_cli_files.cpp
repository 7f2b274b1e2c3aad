// The command-line tool's files: a save that cannot complete (full disk) is an
// error and leaves the old file as it was; an output that is not a regular
// file is refused, not replaced; "-" is stdout.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <thread>

#include <sys/stat.h>

namespace {

struct Outcome {
    int exitCode = -1;
    QByteArray out, err;
};

// fileSizeBlocks > 0 runs the CLI under `ulimit -f` (1024-byte blocks): the
// way a full disk stops a write, without filling a disk. SIGXFSZ is ignored so
// the write fails with EFBIG as on a full disk, instead of killing the process.
Outcome runCli(const QStringList& args, int fileSizeBlocks = 0, const QString& workDir = {}) {
    QProcess p;
    if (!workDir.isEmpty())
        p.setWorkingDirectory(workDir);
    if (fileSizeBlocks > 0) {
        p.start(QStringLiteral("bash"),
                QStringList{QStringLiteral("-c"),
                            QStringLiteral("trap '' XFSZ; ulimit -f %1; exec \"$0\" \"$@\"")
                                .arg(fileSizeBlocks),
                            QStringLiteral(VTW_CLI_PATH)} +
                    args);
    } else {
        p.start(QStringLiteral(VTW_CLI_PATH), args);
    }
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool isFifo(const QString& path) {
    struct stat st {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISFIFO(st.st_mode);
}

} // namespace

class TestCliFiles : public QObject {
    Q_OBJECT
private slots:
    void fullDiskKeepsOldFile_data();
    void fullDiskKeepsOldFile();
    void fifoOutputRefused_data();
    void fifoOutputRefused();
    void dashIsStdout();
    void fifoInputBounded_data();
    void fifoInputBounded();
};

void TestCliFiles::fullDiskKeepsOldFile_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("blocks");
    // The target "keep.*" exists before; each output is larger than the limit.
    QTest::newRow("convert setup") << QStringList{"convert", "base.json", "keep.json"} << 4;
    QTest::newRow("convert curve") << QStringList{"convert", "long.csv", "keep.lut"} << 1;
    QTest::newRow("import") << QStringList{"import", "-s", "base.json", "-i", "torque.csv", "-o",
                                           "keep.json"}
                            << 4;
    QTest::newRow("sweep -o") << QStringList{"sweep", "-m", "braking", "--param", "chassis.mass",
                                             "--from", "1200", "--to", "1400", "--count", "60",
                                             "--threads", "1", "-o", "keep.csv"}
                              << 1;
    QTest::newRow("run -t telemetry") << QStringList{"run", "-m", "braking", "-t", "keep.csv"} << 4;
    QTest::newRow("compare -o") << QStringList{"compare", "base.json", "corvette_c5", "-o",
                                               "keep.json"}
                                << 1;
    QTest::newRow("export -o") << QStringList{"export", "-o", "keep.json"} << 4;
    QTest::newRow("tire -o") << QStringList{"tire", "-o", "keep.csv"} << 1;
}

void TestCliFiles::fullDiskKeepsOldFile() {
    QFETCH(QStringList, args);
    QFETCH(int, blocks);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QCOMPARE(runCli({"export", "-o", "base.json"}, 0, dir.path()).exitCode, 0);
    QCOMPARE(runCli({"export", "--curve", "engine.torqueCurve_rpm_Nm", "-o", "torque.csv"}, 0,
                    dir.path())
                 .exitCode,
             0);
    {
        // A torque curve long enough that its table (1.5 KB) is over one block.
        QFile f(dir.filePath("long.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("rpm,torque\n");
        for (int i = 0; i < 150; ++i)
            f.write(QByteArray::number(1000 + 40 * i) + ',' + QByteArray::number(300 + i / 2) + '\n');
    }
    const QString target = dir.filePath(args.last());
    // The old file: 10 KB of something else, under Qt's 16 KiB write buffer.
    const QByteArray old = QByteArray("old contents, must survive\n").repeated(400);
    {
        QFile f(target);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(old), old.size());
    }
    const Outcome o = runCli(args, blocks, dir.path());
    QVERIFY2(o.exitCode != 0, o.err.constData());
    QVERIFY2(o.err.contains("cannot write") && o.err.contains(args.last().toUtf8()),
             o.err.constData());
    QCOMPARE(contents(target), old);
    // No temporary file left next to it.
    const QStringList files = QDir(dir.path()).entryList(QDir::Files);
    for (const QString& f : files)
        QVERIFY2(f == "base.json" || f == "torque.csv" || f == "long.csv" || f == args.last(),
                 qPrintable(f));
}

void TestCliFiles::fifoOutputRefused_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("export -o") << QStringList{"export", "-o"};
    QTest::newRow("convert") << QStringList{"convert", "base.json"};
    QTest::newRow("tire -o") << QStringList{"tire", "-o"};
}

void TestCliFiles::fifoOutputRefused() {
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QCOMPARE(runCli({"export", "-o", "base.json"}, 0, dir.path()).exitCode, 0);
    // A FIFO in the temporary folder, never a device node: replacing one is
    // exactly the bug this guards against.
    const QString fifo = dir.filePath("out.json");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const Outcome o = runCli(args + QStringList{fifo}, 0, dir.path());
    QCOMPARE(o.exitCode, 1);
    QVERIFY2(o.err.contains("is not a regular file"), o.err.constData());
    QVERIFY(isFifo(fifo));
}

void TestCliFiles::dashIsStdout() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Outcome toFile = runCli({"export", "-o", "car.json"}, 0, dir.path());
    QCOMPARE(toFile.exitCode, 0);
    const Outcome toDash = runCli({"export", "-o", "-"}, 0, dir.path());
    QCOMPARE(toDash.exitCode, 0);
    QCOMPARE(toDash.out, contents(dir.filePath("car.json")));
    QVERIFY(!QFileInfo::exists(dir.filePath("-")));
}

void TestCliFiles::fifoInputBounded_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("import -i") << QStringList{"import", "-o", "out.json", "-i", "in.csv"};
    QTest::newRow("convert") << QStringList{"convert", "in.csv", "out.lut"};
    QTest::newRow("run --script") << QStringList{"run", "--script", "in.csv"};
    QTest::newRow("merge") << QStringList{"merge", "in.csv"};
}

// A FIFO that never ends (here: 600 MiB, more than any limit) is read up to
// the limit and refused with a clear message, not read until memory runs out.
void TestCliFiles::fifoInputBounded() {
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fifo = dir.filePath("in.csv");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    // The CLI closes the FIFO early: the writer then gets EPIPE, not SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    int blocksWritten = 0;
    std::thread writer([fifo, &blocksWritten] {
        QFile f(fifo);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
            return;
        const QByteArray block(1 << 20, '1');
        while (blocksWritten < 600 && f.write(block) == block.size())
            ++blocksWritten;
    });
    const Outcome o = runCli(args, 0, dir.path());
    writer.join();
    QCOMPARE(o.exitCode, 1);
    // Refused by the reader at the limit, not by a parser after reading it all.
    QVERIFY2(o.err.contains("cannot read in.csv: larger than the") && o.err.contains("MiB limit"),
             o.err.constData());
    QVERIFY2(blocksWritten < 600, qPrintable(QString::number(blocksWritten)));
    QVERIFY(!QFileInfo::exists(dir.filePath("out.json")));
}

QTEST_GUILESS_MAIN(TestCliFiles)
#include "tst_cli_files.moc"
