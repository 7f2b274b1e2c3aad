// The command-line tool's sweeps: shards and their merge, rows written as they finish,
// progress, resuming a killed sweep (and refusing another sweep's rows), the identity
// every sweep states, tables refused for wrong numbers.
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/CliRun.h"

namespace {

using vtw::test::Outcome;
using vtw::test::runCli;
using vtw::test::writeFile;
using vtw::test::readFile;

// A sweep of 24 top-speed runs: some 1.5 s on two threads, long enough to be killed midway.
const QStringList slowSweep = {"sweep", "-m", "top-speed", "--param", "brakes.frontBias", "--from", "0.5",
                               "--to", "0.8", "--count", "24", "--threads", "2"};
// 12 braking runs (4 x 3): a few hundredths of a second.
const QStringList quickSweep = {"sweep", "-m", "braking", "--param", "brakes.frontBias", "--from", "0.5", "--to",
                                "0.8", "--count", "4", "--param2", "brakes.maxTorque", "--from2", "3000",
                                "--to2", "5000", "--count2", "3"};

} // namespace

class TestCliSweep : public QObject {
    Q_OBJECT
private slots:
    // sweep in shards + merge equals the whole sweep.
    void sweepShardsMerge() {
        QTemporaryDir dir;
        const QStringList common = {"sweep", "-m", "braking", "--param", "brakes.frontBias", "--from", "0.5",
                                    "--to", "0.8", "--count", "7"};
        const Outcome whole = runCli(common);
        QVERIFY2(whole.exitCode == 0, whole.err.constData());
        QVERIFY(whole.err.contains("7 points in"));
        QStringList shardFiles;
        for (int i = 0; i < 2; ++i) {
            const QString f = dir.filePath(QStringLiteral("s%1.csv").arg(i));
            QCOMPARE(runCli(common + QStringList{"--shard", QStringLiteral("%1/2").arg(i), "-o", f}).exitCode, 0);
            shardFiles << f;
        }
        const Outcome merged = runCli(QStringList{"merge"} + shardFiles);
        QCOMPARE(merged.exitCode, 0);
        QCOMPARE(merged.out, whole.out);
        QVERIFY(runCli({"sweep", "--param", "no.such.field", "--from", "1", "--to", "2"}).exitCode != 0);
        QVERIFY(runCli({"sweep", "--param", "brakes.frontBias", "--from", "0.5", "--to", "3"}).err.contains("brakes.frontBias"));
    }

    // Point counts whose product wraps an int are refused by the cap (they printed
    // "0 points" and exited 0, or ran 2 points of a 4.3-billion-point sweep in shards).
    void sweepPointCountsDoNotWrap() {
        const QStringList twoAxes = {"sweep", "-m", "braking", "--param", "brakes.frontBias", "--from", "0.5",
                                     "--to", "0.8", "--param2", "brakes.maxTorque", "--from2", "3000", "--to2",
                                     "5000"};
        const Outcome square = runCli(twoAxes + QStringList{"--count", "50000", "--count2", "50000"});
        QCOMPARE(square.exitCode, 2);
        QVERIFY2(square.err.contains("sweep: 2500000000 points (50000 x 50000) are more than the 1000000 a "
                                     "sweep may have"),
                 square.err.constData());
        QVERIFY(square.out.isEmpty());
        const Outcome sharded =
            runCli(twoAxes + QStringList{"--count", "65537", "--count2", "65536", "--shard", "1/32768"});
        QCOMPARE(sharded.exitCode, 2);
        QVERIFY2(sharded.err.contains("4295032832 points (65537 x 65536)"), sharded.err.constData());
        QVERIFY(sharded.out.isEmpty());
    }

    // A sweep writes each row as its point finishes, in index order: killed midway,
    // its output holds the header and the rows it finished, whole.
    void sweepWritesRowsAsTheyFinish() {
        QTemporaryDir dir;
        const QString out = dir.filePath("sweep.csv");
        const QByteArray old = "an earlier sweep\n";
        {
            QFile previous(out);
            QVERIFY(previous.open(QIODevice::WriteOnly));
            previous.write(old);
        }
        QProcess p;
        // 200 top-speed runs on one thread: some 15 s, far longer than the wait below.
        p.start(QStringLiteral(VTW_CLI_PATH),
                {"sweep", "-m", "top-speed", "--param", "brakes.frontBias", "--from", "0.5", "--to", "0.8",
                 "--count", "200", "--threads", "1", "-o", out});
        QVERIFY(p.waitForStarted());
        QElapsedTimer waited;
        waited.start();
        QByteArray text;
        bool finished = false; // QProcess::state() is not updated without an event loop
        // Five identity lines (one axis), the column line, three rows.
        while (text.count('\n') < 9 && !finished && waited.elapsed() < 60000) {
            QFile file(out + ".partial"); // beside the output until the sweep is whole
            if (file.open(QIODevice::ReadOnly))
                text = file.readAll();
            finished = p.waitForFinished(20);
        }
        // Still running half a second after its first rows: they were not written at its end.
        const bool stillRunning = !finished && !p.waitForFinished(500);
        p.kill();
        p.waitForFinished();
        QVERIFY2(stillRunning, "the rows appeared only when the sweep ended");
        // The interrupted sweep left the old output as it was.
        QFile previous(out);
        QVERIFY(previous.open(QIODevice::ReadOnly));
        QCOMPARE(previous.readAll(), old);
        const QList<QByteArray> lines = text.split('\n');
        QVERIFY2(lines[0] == "# vtw-cli sweep", text.constData());
        QVERIFY2(lines[5].startsWith("index,i,j,brakes.frontBias,top_speed_kmh"), text.constData());
        for (int k = 0; k < 3; ++k)
            QVERIFY2(lines[k + 6].startsWith(QByteArray::number(k) + "," + QByteArray::number(k) + ",0,"),
                     text.constData());
    }

    // A sweep longer than a second reports progress on stderr, at most two lines a
    // second; a short one prints its summary only.
    void sweepReportsProgress() {
        const Outcome o = runCli({"sweep", "-m", "top-speed", "--param", "brakes.frontBias", "--from", "0.5",
                                  "--to", "0.8", "--count", "30", "--threads", "1"});
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.out.count('\n'), 5 + 1 + 30); // identity, columns, rows
        const QList<QByteArray> lines = o.err.trimmed().split('\n');
        const QRegularExpression summary(QStringLiteral("^vtw-cli: sweep: 30 points in ([0-9.]+) s$"));
        const QRegularExpressionMatch last = summary.match(QString::fromUtf8(lines.back()));
        QVERIFY2(last.hasMatch(), o.err.constData());
        const double seconds = last.captured(1).toDouble();
        QVERIFY2(seconds > 1.5, "the sweep ran too fast to need progress: make it longer");
        const QRegularExpression progress(
            QStringLiteral("^vtw-cli: sweep: [0-9]+ of 30 points, [0-9.]+ points/s, about [0-9]+ s left$"));
        for (qsizetype k = 0; k + 1 < lines.size(); ++k)
            QVERIFY2(progress.match(QString::fromUtf8(lines[k])).hasMatch(), o.err.constData());
        QVERIFY2(lines.size() >= 2, o.err.constData());
        QVERIFY2(lines.size() - 1 <= 2 * seconds, o.err.constData());

        const Outcome brief = runCli({"sweep", "-m", "braking", "--param", "brakes.frontBias", "--from", "0.5",
                                      "--to", "0.8", "--count", "3"});
        QCOMPARE(brief.exitCode, 0);
        QVERIFY2(!brief.err.contains("points/s"), brief.err.constData());
    }

    // A sweep killed midway keeps the rows it finished in OUT.partial; resumed from
    // them, it runs only the other points, and its output is the uninterrupted
    // sweep's, byte for byte. Resuming from a file cut inside a row reruns that point.
    void sweepResumesWhereItWasKilled() {
        QTemporaryDir dir;
        const QString uninterrupted = dir.filePath("whole.csv");
        const Outcome whole = runCli(slowSweep + QStringList{"-o", uninterrupted});
        QVERIFY2(whole.exitCode == 0, whole.err.constData());
        const QByteArray expected = readFile(uninterrupted);
        QCOMPARE(expected.count('\n'), 6 + 24);

        const QString out = dir.filePath("sweep.csv");
        const QString partial = out + ".partial";
        QProcess p;
        p.start(QStringLiteral(VTW_CLI_PATH), slowSweep + QStringList{"-o", out});
        QVERIFY(p.waitForStarted());
        QElapsedTimer waited;
        waited.start();
        bool finished = false;
        while (readFile(partial).count('\n') < 6 + 5 && !finished && waited.elapsed() < 60000)
            finished = p.waitForFinished(20);
        p.kill(); // SIGKILL: the sweep gets no chance to tidy up
        p.waitForFinished();
        QVERIFY2(!finished, "the sweep ended before it could be killed");
        const QByteArray kept = readFile(partial);
        const qsizetype keptRows = kept.count('\n') - 6;
        QVERIFY2(keptRows >= 5 && keptRows < 24, kept.constData());
        QVERIFY(expected.startsWith(kept)); // the rows kept are the uninterrupted sweep's
        QVERIFY(!QFileInfo::exists(out));

        const Outcome resumed = runCli(slowSweep + QStringList{"--resume", partial, "-o", out});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.err.contains(QStringLiteral("sweep: %1 points in").arg(24 - keptRows).toUtf8()) &&
                     resumed.err.contains(QStringLiteral(", %1 more from").arg(keptRows).toUtf8()),
                 resumed.err.constData());
        QCOMPARE(readFile(out), expected);
        QVERIFY(!QFileInfo::exists(partial));

        // To stdout, from the rows cut inside the sixth: five rows kept, the rest run.
        const QString cut = dir.filePath("cut.csv");
        qsizetype end = 0;
        for (int line = 0; line < 6 + 5; ++line)
            end = expected.indexOf('\n', end) + 1;
        QVERIFY(writeFile(cut, expected.left(end + 8)));
        const Outcome fromCut = runCli(slowSweep + QStringList{"--resume", cut});
        QVERIFY2(fromCut.exitCode == 0, fromCut.err.constData());
        QVERIFY2(fromCut.err.contains("its last row was cut short; that point runs again") &&
                     fromCut.err.contains("sweep: 19 points in"),
                 fromCut.err.constData());
        QCOMPARE(fromCut.out, expected);
    }

    // A resume file of another sweep, or not a sweep table at all, is refused with
    // exit 1 and what differs; nothing is written and the file stays as it was.
    void sweepResumeRefusesOtherSweeps_data() {
        QTest::addColumn<QStringList>("earlier");
        QTest::addColumn<QString>("expected");
        QTest::newRow("other maneuver parameter")
            << QStringList{"-p", "pedal=0.5"} << "it is the output of another sweep: the maneuver differs "
                                                 "(the file: braking pedal=0.5 start_kmh=100 abs=0 traction_control=0; this sweep: "
                                                 "braking pedal=1 start_kmh=100 abs=0 traction_control=0)";
        QTest::newRow("other setup") << QStringList{"-s", "lotus_elise_s2"} << "the setup differs (the file: sha256=";
        QTest::newRow("other shard") << QStringList{"--shard", "1/2"}
                                     << "the shard count differs (the file: shard 1/2; this sweep: shard 0/1)";
        QTest::newRow("not a sweep") << QStringList{} << "no sweep identity at its top";
    }

    void sweepResumeRefusesOtherSweeps() {
        QFETCH(QStringList, earlier);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString out = dir.filePath("sweep.csv");
        const QString partial = out + ".partial"; // where an interrupted run would have left it
        if (earlier.isEmpty()) {
            QVERIFY(writeFile(partial, "time_s,throttle\n0,1\n"));
        } else {
            const Outcome other = runCli(quickSweep + earlier);
            QVERIFY2(other.exitCode == 0, other.err.constData());
            QVERIFY(writeFile(partial, other.out));
        }
        const QByteArray before = readFile(partial);
        const Outcome o = runCli(quickSweep + QStringList{"--resume", partial, "-o", out});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.err.contains(QStringLiteral("cannot resume from %1: ").arg(partial).toUtf8()) &&
                     o.err.contains(expected.toUtf8()),
                 o.err.constData());
        QCOMPARE(readFile(partial), before);
        QVERIFY(!QFileInfo::exists(out));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"sweep.csv.partial"});
    }

    // Every sweep output states its identity: the setup's hash is that of the setup
    // as export writes it without its "generator" line (so the hash stays the same
    // across versions), and a maneuver parameter given at its default changes nothing.
    void sweepStatesItsIdentity() {
        const Outcome exported = runCli({"export", "-s", "mazda_mx5_nd"});
        QCOMPARE(exported.exitCode, 0);
        const QRegularExpression generatorLine(QStringLiteral("\n    \"generator\": \"vehicle-workbench [^\"\n]*\","));
        QString setup = QString::fromUtf8(exported.out);
        QCOMPARE(setup.count(generatorLine), 1);
        setup.remove(generatorLine);
        const QByteArray hash = QCryptographicHash::hash(setup.toUtf8(), QCryptographicHash::Sha256).toHex();
        const Outcome o = runCli(quickSweep + QStringList{"-s", "mazda_mx5_nd", "--shard", "2/5"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QVERIFY2(o.out.startsWith("# vtw-cli sweep\n# setup sha256=" + hash +
                                  "\n# maneuver braking pedal=1 start_kmh=100 abs=0 traction_control=0\n"
                                  "# axis brakes.frontBias from=0.5 to=0.8 count=4\n"
                                  "# axis brakes.maxTorque from=3000 to=5000 count=3\n"
                                  "# shard 2/5\nindex,i,j,"),
                 o.out.constData());
        const Outcome given = runCli(quickSweep + QStringList{"-s", "mazda_mx5_nd", "--shard", "2/5", "-p", "start_kmh=100"});
        QCOMPARE(given.out, o.out);
    }

    // merge refuses, with exit 1 and the files named, shards of different sweeps, a
    // shard given twice and a shard missing; it writes nothing then.
    void mergeRefusesWhatIsNotOneSweep() {
        QTemporaryDir dir;
        QStringList shards;
        for (int i = 0; i < 4; ++i) {
            shards << dir.filePath(QStringLiteral("s%1.csv").arg(i));
            QCOMPARE(runCli(quickSweep + QStringList{"--shard", QStringLiteral("%1/4").arg(i), "-o", shards.last()})
                         .exitCode,
                     0);
        }
        const QString other = dir.filePath("other.csv");
        QCOMPARE(runCli(quickSweep + QStringList{"-m", "braking", "-p", "pedal=0.5", "--shard", "2/4", "-o", other})
                     .exitCode,
                 0);
        const QString copy = dir.filePath("copy.csv");
        QVERIFY(QFile::copy(shards[1], copy));
        const QString merged = dir.filePath("merged.csv");
        struct Case {
            QStringList files;
            QString expected;
        };
        const QList<Case> cases = {
            {{shards[0], shards[1], shards[3]}, "vtw-cli: merge: shard 2/4 missing"},
            {{shards[0], shards[1], copy, shards[2], shards[3]},
             QStringLiteral("vtw-cli: merge: %1 and %2 are both shard 1/4").arg(shards[1], copy)},
            {{shards[0], shards[1], other, shards[3]},
             QStringLiteral("vtw-cli: merge: %1 and %2 are not shards of one sweep: the maneuver differs (%1: "
                            "braking pedal=1 start_kmh=100 abs=0 traction_control=0; %2: braking pedal=0.5 start_kmh=100 abs=0 traction_control=0)")
                 .arg(shards[0], other)},
        };
        for (const Case& c : cases) {
            const Outcome o = runCli(QStringList{"merge", "-o", merged} + c.files);
            QCOMPARE(o.exitCode, 1);
            QVERIFY2(o.err.trimmed() == c.expected.toUtf8(), o.err.constData());
            QVERIFY(!QFileInfo::exists(merged));
        }
        const Outcome whole = runCli(quickSweep);
        const Outcome ok = runCli(QStringList{"merge"} + shards);
        QCOMPARE(ok.exitCode, 0);
        QCOMPARE(ok.out, whole.out);
    }

    // Shards that went through a Windows tool or an editor (CR LF lines, a byte order
    // mark) merge, and resume, as the tables they were.
    void convertedShardsMergeAndResume() {
        QTemporaryDir dir;
        const Outcome whole = runCli(quickSweep);
        QVERIFY2(whole.exitCode == 0, whole.err.constData());
        QStringList shards;
        for (int i = 0; i < 3; ++i) {
            shards << dir.filePath(QStringLiteral("s%1.csv").arg(i));
            const Outcome shard = runCli(quickSweep + QStringList{"--shard", QStringLiteral("%1/3").arg(i)});
            QVERIFY2(shard.exitCode == 0, shard.err.constData());
            QByteArray text = shard.out;
            if (i != 1)
                text.replace("\n", "\r\n");
            if (i != 0)
                text.prepend("\xEF\xBB\xBF");
            QVERIFY(writeFile(shards.last(), text));
        }
        const Outcome merged = runCli(QStringList{"merge"} + shards);
        QVERIFY2(merged.exitCode == 0, merged.err.constData());
        QCOMPARE(merged.out, whole.out);

        QByteArray partial = whole.out.left(whole.out.indexOf("\n5,") + 1);
        partial.replace("\n", "\r\n");
        const QString partialFile = dir.filePath("sweep.csv.partial");
        QVERIFY(writeFile(partialFile, "\xEF\xBB\xBF" + partial));
        const Outcome resumed = runCli(quickSweep + QStringList{"--resume", partialFile});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.err.contains("7 points in") && resumed.err.contains(", 5 more from"), resumed.err.constData());
        QCOMPARE(resumed.out, whole.out);
    }

    // A shard or resume file whose numbers are not the sweep's (a swept value that is
    // not its point's, a metric that is no finite figure) is refused, naming the file,
    // the line and the cell; nothing is written.
    void tablesWithWrongNumbersAreRefused() {
        QTemporaryDir dir;
        QStringList shards;
        QList<QByteArray> texts;
        for (int i = 0; i < 2; ++i) {
            shards << dir.filePath(QStringLiteral("s%1.csv").arg(i));
            const Outcome shard = runCli(quickSweep + QStringList{"--shard", QStringLiteral("%1/2").arg(i)});
            QVERIFY2(shard.exitCode == 0, shard.err.constData());
            texts << shard.out;
        }
        // Point 3 (i=1, j=0) is the second row of shard 1/2, on line 9.
        const qsizetype row = texts[1].indexOf("\n3,1,0,") + 1;
        const qsizetype rowEnd = texts[1].indexOf('\n', row);
        QList<QByteArray> cells = texts[1].mid(row, rowEnd - row).split(',');
        QCOMPARE(cells.size(), 11); // the braking run's five figures among them
        const QString merged = dir.filePath("merged.csv");
        struct Case {
            int cell;
            QByteArray value, expected;
        };
        const QList<Case> cases = {
            {3, "0.55", "line 9: point 3: brakes.frontBias is '0.55' where this point of the sweep has 0.6"},
            {6, "nan", "line 9: point 3: braking_100_0_kmh_s is 'nan': not a figure a run gives"},
            {7, "1e308", "line 9: point 3: braking_peak_decel_g is '1e308': not a figure a run gives"},
        };
        for (const Case& c : cases) {
            QList<QByteArray> changed = cells;
            changed[c.cell] = c.value;
            QVERIFY(writeFile(shards[0], texts[0]));
            QVERIFY(writeFile(shards[1], texts[1].left(row) + changed.join(',') + texts[1].mid(rowEnd)));
            const Outcome o = runCli(QStringList{"merge", "-o", merged} + shards);
            QCOMPARE(o.exitCode, 1);
            QVERIFY2(o.err.startsWith("vtw-cli: merge: " + shards[1].toUtf8() + ": " + c.expected), o.err.constData());
            QVERIFY(!QFileInfo::exists(merged));
            const Outcome resumed = runCli(quickSweep + QStringList{"--shard", "1/2", "--resume", shards[1]});
            QCOMPARE(resumed.exitCode, 1);
            QVERIFY2(resumed.err.startsWith("vtw-cli: cannot resume from " + shards[1].toUtf8() + ": " + c.expected),
                     resumed.err.constData());
            QVERIFY(resumed.out.isEmpty());
        }
    }

    // A count that is no count is named as such, not as a bad range.
    void sweepCountTooLargeIsNamed() {
        const Outcome o = runCli({"sweep", "-m", "braking", "--param", "brakes.frontBias", "--from", "0.5", "--to",
                                  "0.8", "--count", "99999999999999999999"});
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.trimmed() == "vtw-cli: sweep: --count 99999999999999999999 is not a valid count: the points "
                                    "of an axis are a whole number from 2 to 100000",
                 o.err.constData());
        const Outcome second = runCli(quickSweep + QStringList{"--count2", "1"});
        QCOMPARE(second.exitCode, 2);
        QVERIFY2(second.err.contains("--count2 1 is not a valid count"), second.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "tst_cli_sweep.moc"
