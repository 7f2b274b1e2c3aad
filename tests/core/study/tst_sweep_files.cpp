// Sweep files: the identity every sweep CSV states, reading a table back with its
// rows checked, merging shards (and refusing what is not one whole sweep), and
// resuming an interrupted sweep from the rows it wrote.
#include "core/setupfile/SetupJson.h"
#include "core/study/Sweep.h"
#include "core/study/SweepIdentity.h"
#include "core/study/SweepMerge.h"
#include "core/study/SweepTable.h"
#include "core/study/SweepText.h"

#include <QCryptographicHash>
#include <QtTest>

using namespace vtw;

namespace {

// 12 points (4 x 3) of a maneuver that takes milliseconds.
SweepRequest brakingSweep(int shardIndex = 0, int shardCount = 1) {
    SweepRequest r;
    r.base = defaultSetup();
    r.first = {findField("brakes.frontBias"), 0.5, 0.8, 4};
    r.second = SweepAxis{findField("brakes.maxTorque"), 3000.0, 5000.0, 3};
    r.maneuver = {"braking", {}};
    r.shardIndex = shardIndex;
    r.shardCount = shardCount;
    return r;
}

std::string run(const SweepRequest& r) { return sweepToCsv(r, runSweep(r)); }

// text with the first occurrence of `from` replaced by `to` (which must be there).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    if (at == std::string::npos)
        qFatal("'%s' is not in the text", from.c_str());
    return text.replace(at, from.size(), to);
}

std::string parseError(const std::string& text) {
    SweepTable table;
    std::string error;
    if (parseSweepTable(text, table, error))
        return "(parsed)";
    return error;
}

} // namespace

class TestSweepFiles : public QObject {
    Q_OBJECT
    std::string m_whole;                // the 12-point sweep in one run
    std::vector<std::string> m_shards;  // its three shards

private slots:
    void initTestCase() {
        m_whole = run(brakingSweep());
        for (int i = 0; i < 3; ++i)
            m_shards.push_back(run(brakingSweep(i, 3)));
    }

    // The header states the setup (hash of the setup as saved), the maneuver with
    // every parameter, the axes and the shard, in lines a spreadsheet shows in one
    // cell each; they read back to the same identity.
    void identityStatesTheSweep() {
        const SweepRequest r = brakingSweep(1, 3);
        const std::string hash =
            QCryptographicHash::hash(writeSetup(r.base), QCryptographicHash::Sha256).toHex().toStdString();
        const std::string lines = "# vtw-cli sweep\n"
                                  "# setup sha256=" + hash + "\n"
                                  "# maneuver braking pedal=1 start_kmh=100 abs=0 traction_control=0\n"
                                  "# axis brakes.frontBias from=0.5 to=0.8 count=4\n"
                                  "# axis brakes.maxTorque from=3000 to=5000 count=3\n"
                                  "# shard 1/3\n";
        QCOMPARE(sweepIdentityLines(sweepIdentity(r)), lines);
        QCOMPARE(sweepCsvHeader(r), lines + sweepCsvColumns(r));
        QVERIFY(lines.find(',') == std::string::npos);

        SweepIdentity read;
        std::size_t consumed = 0;
        std::string error;
        QVERIFY2(parseSweepIdentity(m_shards[1], read, consumed, error), error.c_str());
        QCOMPARE(consumed, lines.size());
        QCOMPARE(read.setup, "sha256=" + hash);
        QCOMPARE(read.maneuver, std::string("braking pedal=1 start_kmh=100 abs=0 traction_control=0"));
        QCOMPARE(read.axes.size(), std::size_t(2));
        QCOMPARE(read.axes[1].count, 3);
        QCOMPARE(read.shardIndex, 1);
        QCOMPARE(read.shardCount, 3);
        QCOMPARE(read.points(), std::int64_t(12));
        QCOMPARE(read.secondCount(), 3);
        QCOMPARE(read.shardPoints(), std::int64_t(4)); // 1, 4, 7, 10
        read.shardIndex = 7;
        read.shardCount = 8;
        QCOMPARE(read.shardPoints(), std::int64_t(1)); // 7
        read.shardIndex = 13;
        read.shardCount = 20;
        QCOMPARE(read.shardPoints(), std::int64_t(0));
    }

    // A parameter given at its default is the same sweep as one left out; another
    // value, setup, range or shard count is another sweep, and the difference says which.
    void differencesAreNamed_data() {
        QTest::addColumn<int>("change");
        QTest::addColumn<QString>("expected");
        QTest::newRow("default given") << 0 << QString();
        QTest::newRow("shard index") << 1 << QString();
        QTest::newRow("setup") << 2 << "the setup differs (a: sha256=";
        QTest::newRow("maneuver") << 3
                                  << "the maneuver differs (a: braking pedal=1 start_kmh=100 abs=0 traction_control=0; b: braking "
                                     "pedal=0.5 start_kmh=100 abs=0 traction_control=0)";
        QTest::newRow("axes") << 4
                              << "the axes differ (a: brakes.frontBias from=0.5 to=0.8 count=4, "
                                 "brakes.maxTorque from=3000 to=5000 count=3; b: brakes.frontBias from=0.5 "
                                 "to=0.75 count=4, brakes.maxTorque from=3000 to=5000 count=3)";
        QTest::newRow("shard count") << 5 << "the shard count differs (a: shard 0/2; b: shard 0/3)";
    }
    void differencesAreNamed() {
        QFETCH(int, change);
        QFETCH(QString, expected);
        SweepRequest b = brakingSweep(0, 2);
        switch (change) {
        case 0: b.maneuver.options["start_kmh"] = 100.0; break;
        case 1: b.shardIndex = 1; break; // another shard of the same split
        case 2: b.base.chassis.mass += 1.0; break;
        case 3: b.maneuver.options["pedal"] = 0.5; break;
        case 4: b.first.to = 0.75; break;
        case 5: b.shardCount = 3; break;
        }
        const std::string difference =
            sweepDifference(sweepIdentity(brakingSweep(0, 2)), "a", sweepIdentity(b), "b");
        if (expected.isEmpty())
            QVERIFY2(difference.empty(), difference.c_str());
        else
            QVERIFY2(difference.find(expected.toStdString()) == 0, difference.c_str());
    }

    // A table whose rows do not fit its identity is refused, naming the line.
    void malformedTablesAreRefused_data() {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no identity") << "# vtw-cli sweep\n" << "" << "no sweep identity at its top";
        QTest::newRow("bad shard") << "# shard 1/3" << "# shard 3/3" << "its identity has a bad shard: 3/3";
        QTest::newRow("axis too long") << "count=4" << "count=2000000" << "its identity has a bad axis line";
        QTest::newRow("no columns") << "index,i,j," << "x,i,j," << "line 7: no column line";
        QTest::newRow("point of another shard") << "\n4,1,1," << "\n5,1,2,"
                                                << "line 9: point 5 is not a point of shard 1/3";
        QTest::newRow("point elsewhere") << "\n4,1,1," << "\n4,1,2,"
                                         << "line 9: point 4 is at i=1, j=1 in this sweep, not at i=1, j=2";
        QTest::newRow("no index") << "\n4,1,1," << "\nfour,1,1,"
                                  << "line 9: a row must start with its index, i and j";
        QTest::newRow("a cell more") << "\n4,1,1," << "\n4,1,1,0,"
                                     << "line 9: 12 cells where the column line has 11";
    }
    void malformedTablesAreRefused() {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, expected);
        const std::string error = parseError(replaced(m_shards[1], from.toStdString(), to.toStdString()));
        QVERIFY2(error.find(expected.toStdString()) != std::string::npos, error.c_str());
    }

    // A row's numbers must be those the sweep gives: its swept values those of its point,
    // its metrics empty or finite figures. Otherwise the table is refused, naming the
    // line, the column and the cell: merged or resumed, they would pass as results.
    void rowsWithWrongNumbersAreRefused_data() {
        QTest::addColumn<int>("cell"); // of the row of point 4, line 9 of shard 1/3
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("first value") << 3 << "0.7"
                                     << "line 9: point 4: brakes.frontBias is '0.7' where this point of the "
                                        "sweep has 0.6";
        QTest::newRow("second value") << 4 << "3000"
                                      << "line 9: point 4: brakes.maxTorque is '3000' where this point of the "
                                         "sweep has 4000";
        QTest::newRow("nan") << 5 << "nan"
                             << "line 9: point 4: braking_100_0_kmh_m is 'nan': not a figure a run gives (a "
                                "finite number of magnitude at most 1e+12)";
        QTest::newRow("inf") << 6 << "inf" << "line 9: point 4: braking_100_0_kmh_s is 'inf': not a figure";
        QTest::newRow("huge") << 7 << "1e308" << "line 9: point 4: braking_peak_decel_g is '1e308': not a figure";
        QTest::newRow("negative huge") << 7 << "-2e12"
                                       << "line 9: point 4: braking_peak_decel_g is '-2e12': not a figure";
        QTest::newRow("no number") << 5 << "fast" << "line 9: point 4: braking_100_0_kmh_m is 'fast': not a figure";
    }
    void rowsWithWrongNumbersAreRefused() {
        QFETCH(int, cell);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        const std::size_t rowStart = m_shards[1].find("\n4,1,1,") + 1;
        const std::size_t rowEnd = m_shards[1].find('\n', rowStart);
        QStringList cells = QString::fromStdString(m_shards[1].substr(rowStart, rowEnd - rowStart)).split(',');
        QCOMPARE(cells.size(), 11); // the braking run's five figures among them
        QVERIFY(!cells[cell].isEmpty()); // a braking run reaches every metric
        cells[cell] = value;
        const std::string text =
            m_shards[1].substr(0, rowStart) + cells.join(',').toStdString() + m_shards[1].substr(rowEnd);
        const std::string error = parseError(text);
        QVERIFY2(error.find(expected.toStdString()) == 0, error.c_str());
        const MergeResult merged = mergeSweepCsv({{"s0.csv", m_shards[0]}, {"s1.csv", text}, {"s2.csv", m_shards[2]}});
        QCOMPARE(merged.error, "s1.csv: " + error);
        QCOMPARE(readSweepResume(brakingSweep(1, 3), text).error, error);
        // The same row as the sweep wrote it passes.
        QCOMPARE(parseError(m_shards[1]), std::string("(parsed)"));
    }

    // A copy that went through a Windows tool (CR LF lines, a byte order mark) is the
    // table it was once restored; a table written with LF keeps a CR LF in a quoted cell.
    void convertedCopiesAreRestored() {
        QByteArray converted = QByteArray::fromStdString(m_shards[1]);
        converted.replace("\n", "\r\n");
        converted.prepend("\xEF\xBB\xBF");
        QCOMPARE(parseError(converted.toStdString()), std::string("(parsed)")); // the reader takes it as it is
        restoreSweepText(converted);
        QCOMPARE(converted.toStdString(), m_shards[1]);
        QByteArray quoted = QByteArray::fromStdString(m_whole) + "12,4,0,0.9,,,,\"a\r\nb\"\n";
        const QByteArray before = quoted;
        restoreSweepText(quoted);
        QCOMPARE(quoted, before);
    }

    // A quoted cell may hold commas, quotes and newlines: it is one row. A last row
    // without its newline (an interrupted write) is flagged and left out.
    void quotedCellsAndACutRow() {
        SweepRequest r = brakingSweep();
        r.second.reset();
        const std::string header = sweepCsvHeader(r);
        const std::string quoted = "0,0,0,0.5,,,,,,\"diverged, \"\"unstable\"\"\nat t=1 s\"\n";
        const std::string text = header + quoted + "1,1,0,0.6,51,3";
        SweepTable table;
        std::string error;
        QVERIFY2(parseSweepTable(text, table, error), error.c_str());
        QCOMPARE(table.rows.size(), std::size_t(1));
        QCOMPARE(std::string(table.rows[0].text), quoted);
        QVERIFY(table.lastRowCut);
        const std::string third = "2,2,0," + sweepNumberText(r.first.valueAt(2)) + ",,,,,,\n"; // 0.7000000000000001
        QVERIFY2(parseError(header + quoted + third) == "(parsed)", "rows after a quoted newline");
    }

    // Merge refuses, naming the files: shards of different sweeps, a shard twice, a
    // shard missing, one that stops short or ends in a cut row.
    void mergeRefusesWhatIsNotOneSweep_data() {
        QTest::addColumn<int>("variant");
        QTest::addColumn<QString>("expected");
        QTest::newRow("other setup") << 0 << "s0.csv and s1.csv are not shards of one sweep: the setup differs";
        QTest::newRow("other maneuver") << 1 << "s0.csv and s1.csv are not shards of one sweep: the maneuver differs";
        QTest::newRow("other axes") << 2 << "s0.csv and s1.csv are not shards of one sweep: the axes differ";
        QTest::newRow("other split") << 3 << "s0.csv and s1.csv are not shards of one sweep: the shard count differs";
        QTest::newRow("twice") << 4 << "s1.csv and copy.csv are both shard 1/3";
        QTest::newRow("one missing") << 5 << "shard 1/3 missing";
        QTest::newRow("two missing") << 6 << "shards 0/3, 2/3 missing";
        QTest::newRow("short") << 7 << "s1.csv: shard 1/3 is incomplete: 3 of its 4 points";
        QTest::newRow("cut") << 8 << "s1.csv: its last row is cut short";
    }
    void mergeRefusesWhatIsNotOneSweep() {
        QFETCH(int, variant);
        QFETCH(QString, expected);
        std::string s1 = m_shards[1];
        std::vector<std::string> names = {"s0.csv", "s1.csv", "s2.csv"};
        SweepRequest other = brakingSweep(1, 3);
        switch (variant) {
        case 0: other.base.chassis.mass += 1.0; break;
        case 1: other.maneuver.options["pedal"] = 0.5; break;
        case 2: other.first.count = 5; break;
        case 3: other.shardCount = 4; break;
        case 4: names = {"s0.csv", "s1.csv", "s2.csv", "copy.csv"}; break;
        case 5: names = {"s0.csv", "s2.csv"}; break;
        case 6: names = {"s1.csv"}; break;
        case 7: s1 = s1.substr(0, s1.rfind('\n', s1.size() - 2) + 1); break; // the last row gone
        case 8: s1.pop_back(); break;                                      // its newline gone
        }
        if (variant <= 3)
            s1 = run(other);
        std::vector<SweepShardText> shards;
        for (const std::string& name : names) {
            const std::string& text = name == "s1.csv" || name == "copy.csv" ? s1
                                      : name == "s0.csv"                     ? m_shards[0]
                                                                             : m_shards[2];
            shards.push_back({name, text});
        }
        const MergeResult merged = mergeSweepCsv(shards);
        QVERIFY2(merged.error.find(expected.toStdString()) == 0, merged.error.c_str());
        QVERIFY(merged.pieces.empty());
    }

    // The shards, in any order, merge into the bytes of the single run; so does a
    // single run on its own.
    void mergeIsTheSingleRun() {
        const MergeResult merged =
            mergeSweepCsv({{"s2.csv", m_shards[2]}, {"s0.csv", m_shards[0]}, {"s1.csv", m_shards[1]}});
        QVERIFY2(merged.error.empty(), merged.error.c_str());
        QCOMPARE(merged.csv(), m_whole);
        QCOMPARE(merged.rows, std::int64_t(12));
        QCOMPARE(mergeSweepCsv({{"whole.csv", m_whole}}).csv(), m_whole);
    }

    // Resuming: the rows an interrupted run wrote (here five and a cut sixth) are kept,
    // only the other points run, and together they are the single run's table.
    void resumeRunsOnlyWhatIsMissing() {
        SweepRequest r = brakingSweep();
        std::size_t at = sweepCsvHeader(r).size();
        for (int row = 0; row < 5; ++row)
            at = m_whole.find('\n', at) + 1;
        const std::string partial = m_whole.substr(0, at + 10);
        const SweepResume resume = readSweepResume(r, partial);
        QVERIFY2(resume.error.empty(), resume.error.c_str());
        QCOMPARE(resume.rows.size(), std::size_t(5));
        QCOMPARE(resume.note, std::string("its last row was cut short; that point runs again"));
        r.alreadyDone = [&](int k) { return resume.done[static_cast<std::size_t>(k)] != 0; };
        std::vector<int> ran;
        std::string table = sweepCsvHeader(r);
        for (const SweepRow& row : resume.rows)
            table += row.text;
        r.pointDone = [&](const SweepPoint& p) {
            ran.push_back(p.index);
            table += sweepCsvRow(r, p);
        };
        QCOMPARE(runSweep(r).size(), std::size_t(7));
        QCOMPARE(ran, (std::vector<int>{5, 6, 7, 8, 9, 10, 11}));
        QCOMPARE(table, m_whole);
    }

    // A resume file must be this very sweep and shard, with each point once;
    // cancelled points run again.
    void resumeRefusesOtherSweeps() {
        auto error = [](const SweepRequest& r, const std::string& text) { return readSweepResume(r, text).error; };
        QVERIFY2(error(brakingSweep(1, 3), m_shards[1]).empty(), error(brakingSweep(1, 3), m_shards[1]).c_str());
        QCOMPARE(error(brakingSweep(2, 3), m_shards[1]),
                 std::string("it is the output of another sweep: the shard differs (the file: 1/3; this sweep: 2/3)"));
        QVERIFY(error(brakingSweep(), m_shards[1]).find("the shard count differs") != std::string::npos);
        SweepRequest gentle = brakingSweep(1, 3);
        gentle.maneuver.options["pedal"] = 0.5;
        QVERIFY(error(gentle, m_shards[1]).find("the maneuver differs") != std::string::npos);
        const std::size_t rowsStart = sweepCsvHeader(brakingSweep(1, 3)).size();
        const std::string firstRow =
            m_shards[1].substr(rowsStart, m_shards[1].find('\n', rowsStart) + 1 - rowsStart);
        QCOMPARE(error(brakingSweep(1, 3), m_shards[1] + firstRow), std::string("point 1 has two rows"));

        const std::string cancelled = m_shards[1] + replaced(firstRow, ",\n", ",cancelled\n");
        const SweepResume resume = readSweepResume(brakingSweep(1, 3), cancelled);
        QVERIFY2(resume.error.empty(), resume.error.c_str());
        QCOMPARE(resume.rows.size(), std::size_t(4));
        QCOMPARE(resume.note, std::string("1 cancelled point runs again"));
    }
};

QTEST_GUILESS_MAIN(TestSweepFiles)
#include "tst_sweep_files.moc"
