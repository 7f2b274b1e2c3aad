// The command-line tool's files: a save that cannot complete (full disk) is an
// error and leaves the old file as it was; an output that is not a regular
// file is refused, not replaced; "-" is stdout.
#include "core/setupfile/SetupJson.h"
#include "core/study/Sweep.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <thread>
#include <vector>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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
    void sweepWriteFailureKeepsResumableRows();
    void mergeInputIsCapped();
    void setupNearTheSizeLimitConvertsReadable();
    void mergeAtTheCapStaysWithinBudget();
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
    QTest::newRow("export --tir -o") << QStringList{"export", "--tir", "-o", "keep.tir"} << 1;
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
    // No temporary file left next to it; a sweep keeps the rows it finished, to
    // resume from (sweepWriteFailureKeepsResumableRows).
    const QString kept = args.first() == "sweep" ? args.last() + ".partial" : QString();
    const QStringList files = QDir(dir.path()).entryList(QDir::Files);
    for (const QString& f : files)
        QVERIFY2(f == "base.json" || f == "torque.csv" || f == "long.csv" || f == args.last() || f == kept,
                 qPrintable(f));
}

// A sweep whose rows cannot be written (here a 1 KiB file size limit) stops, says
// where the rows it finished are and how to go on; resumed from them, it writes
// the uninterrupted sweep's table.
void TestCliFiles::sweepWriteFailureKeepsResumableRows() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList sweep = {"sweep", "-m", "braking", "--param", "chassis.mass", "--from", "1200",
                               "--to", "1400", "--count", "60", "--threads", "1"};
    const Outcome whole = runCli(sweep, 0, dir.path());
    QCOMPARE(whole.exitCode, 0);
    const Outcome limited = runCli(sweep + QStringList{"-o", "out.csv"}, 1, dir.path());
    QCOMPARE(limited.exitCode, 1);
    QVERIFY2(limited.err.contains("cannot write out.csv.partial") &&
                 limited.err.contains("the rows finished so far are kept in out.csv.partial: --resume "
                                      "out.csv.partial runs the rest"),
             limited.err.constData());
    const QByteArray kept = contents(dir.filePath("out.csv.partial"));
    QCOMPARE(kept.size(), 1024); // cut at the limit, inside a row
    QVERIFY(whole.out.startsWith(kept));
    const Outcome resumed = runCli(sweep + QStringList{"--resume", "out.csv.partial", "-o", "out.csv"}, 0, dir.path());
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    QVERIFY2(resumed.err.contains("its last row was cut short"), resumed.err.constData());
    QCOMPARE(contents(dir.filePath("out.csv")), whole.out);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"out.csv"});
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

// A valid setup written compact elsewhere, just under 16 MiB (long notes, a torque
// curve of the most points, the most unknown keys), converted: the file written opens
// again (indented, it came out past the limit and validate refused it).
void TestCliFiles::setupNearTheSizeLimitConvertsReadable() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    vtw::Setup s = vtw::defaultSetup();
    std::vector<vtw::CurvePoint> points;
    for (int i = 0; i < 10000; ++i)
        points.push_back({800.0 + 0.5 * i, 300.0 + 0.001 * i});
    s.engine.torqueCurve = vtw::Curve(points);
    QJsonObject root = vtw::setupToJson(s);
    for (int k = 0; k < 1000; ++k)
        root.insert(QStringLiteral("extra%1").arg(k, 4, 10, QLatin1Char('0')), k);
    const qsizetype without = QJsonDocument(root).toJson(QJsonDocument::Compact).size();
    root.insert("notes", QString(vtw::maxSetupFileBytes - 64 * 1024 - without, QLatin1Char('n')));
    QFile big(dir.filePath("big.json"));
    QVERIFY(big.open(QIODevice::WriteOnly));
    big.write(QJsonDocument(root).toJson(QJsonDocument::Compact));
    big.close();
    QCOMPARE(runCli({"validate", big.fileName()}).exitCode, 0);
    const Outcome converted = runCli({"convert", big.fileName(), dir.filePath("out.json")});
    QVERIFY2(converted.exitCode == 0, converted.err.constData());
    QVERIFY(QFileInfo(dir.filePath("out.json")).size() <= vtw::maxSetupFileBytes);
    const Outcome again = runCli({"validate", dir.filePath("out.json")});
    QVERIFY2(again.exitCode == 0, again.err.constData());
}

// Shards larger in all than merge takes are refused before any is read.
void TestCliFiles::mergeInputIsCapped() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const char* name : {"big.csv", "big2.csv"}) {
        QFile big(dir.filePath(name));
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(40LL << 20)); // sparse: nothing is written to the disk
    }
    const Outcome o = runCli({"merge", "big.csv", "big2.csv", "-o", "out.csv"}, 0, dir.path());
    QCOMPARE(o.exitCode, 1);
    QVERIFY2(o.err.contains("merge: the shards hold 83886080 bytes in all, more than the 64 MiB a merge takes"),
             o.err.constData());
    QVERIFY(!QFileInfo::exists(dir.filePath("out.csv")));
}

namespace {

struct Measured {
    int exitCode = -1;
    double seconds = 0.0;
    long maxRssKiB = 0;
};

// Runs the CLI and measures it as /usr/bin/time -v does: wall time, and the peak
// resident memory the kernel counted for this one child (wait4).
Measured runMeasured(const QStringList& args, const QString& workDir) {
    std::vector<QByteArray> storage{QByteArray(VTW_CLI_PATH)};
    for (const QString& a : args)
        storage.push_back(a.toUtf8());
    std::vector<char*> argv;
    for (QByteArray& a : storage)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    QElapsedTimer timer;
    timer.start();
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (::chdir(QFile::encodeName(workDir).constData()) == 0)
            ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    Measured m;
    int status = 0;
    struct rusage usage {};
    if (pid < 0 || ::wait4(pid, &status, 0, &usage) != pid)
        return m;
    m.seconds = timer.nsecsElapsed() / 1e9;
    m.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    m.maxRssKiB = usage.ru_maxrss;
    return m;
}

} // namespace

// The most merge takes: a million rows in four shards, just under the 64 MiB cap,
// merged within the stated budget of 256 MB. Its time is printed, not asserted (the
// machines are shared): about a second on the 2-core build machine.
void TestCliFiles::mergeAtTheCapStaysWithinBudget() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    constexpr int shards = 4, first = 1000, second = 1000;
    constexpr qint64 target = (64LL << 20) - (64 << 10); // just under the cap
    // Rows "k,i,j,<bias>,<torque>,<payload>,\n" (the swept values the points have) with
    // the payload of three metrics sized to bring the total to target.
    const vtw::SweepAxis bias{nullptr, 0.5, 0.8, first}, torque{nullptr, 3000.0, 5000.0, second};
    // Each row's position, written once: the shards and the expected merge are made of them.
    std::vector<QByteArray> positions(first * second);
    for (int k = 0; k < first * second; ++k)
        positions[k] = QByteArray::number(k) + ',' + QByteArray::number(k / second) + ',' +
                       QByteArray::number(k % second) + ',' +
                       QByteArray::fromStdString(vtw::sweepNumberText(bias.valueAt(k / second))) + ',' +
                       QByteArray::fromStdString(vtw::sweepNumberText(torque.valueAt(k % second))) + ',';
    qint64 prefixes = 0;
    for (const QByteArray& position : positions)
        prefixes += position.size() + 4;
    const QByteArray cell = "0." + QByteArray(static_cast<int>((target - prefixes) / (first * second) / 3 - 2), '7');
    const QByteArray payload = cell + ',' + cell + ',' + cell;
    auto head = [](const QByteArray& shard) {
        return "# vtw-cli sweep\n# setup sha256=" + QByteArray(64, 'a') +
               "\n# maneuver braking pedal=1 start_kmh=100\n"
               "# axis brakes.frontBias from=0.5 to=0.8 count=1000\n"
               "# axis brakes.maxTorque from=3000 to=5000 count=1000\n"
               "# shard " + shard + "\n"
               "index,i,j,brakes.frontBias,brakes.maxTorque,a,b,c,error\n";
    };
    auto row = [&](int k) { return positions[k] + payload + ",\n"; };
    qint64 total = 0;
    for (int s = 0; s < shards; ++s) {
        QByteArray text = head(QByteArray::number(s) + "/4");
        for (int k = s; k < first * second; k += shards)
            text += row(k);
        QFile f(dir.filePath(QStringLiteral("s%1.csv").arg(s)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(text), text.size());
        total += text.size();
    }
    QVERIFY2(total > (60LL << 20) && total <= (64LL << 20), qPrintable(QString::number(total)));
    const Measured m = runMeasured({"merge", "s0.csv", "s1.csv", "s2.csv", "s3.csv", "-o", "merged.csv"}, dir.path());
    qInfo("merge of %lld bytes (%d rows): %.2f s, peak resident %ld KiB", total, first * second, m.seconds,
          m.maxRssKiB);
    QCOMPARE(m.exitCode, 0);
    QByteArray expected = head("0/1");
    expected.reserve(total);
    for (int k = 0; k < first * second; ++k)
        expected += row(k);
    QVERIFY(contents(dir.filePath("merged.csv")) == expected);
    QVERIFY2(m.maxRssKiB < 256 * 1024, "over 256 MB");
}

QTEST_GUILESS_MAIN(TestCliFiles)
#include "tst_cli_files.moc"
