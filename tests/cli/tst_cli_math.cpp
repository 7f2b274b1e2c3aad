// vtw-cli --math: math channels added to the telemetry `run -t` writes and the trace
// `lap --trace` writes, with the values their formulas give; a failing channel is
// named with its place and left out, the others still written.
#include "tests/support/CliRun.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace vtw::test;

namespace {

constexpr double gravity = 9.80665; // the formula's divisor
// Both sides are printed in shortest round-trip form: the division's rounding only.
constexpr double valueTolerance = 1e-12;

const QByteArray mathJson = R"({"fileType": "vtw-math-channels", "version": 1, "channels": [
 {"name": "ax_g", "unit": "g", "formula": "ax / 9.80665"},
 {"name": "bad", "unit": "", "formula": "speed * * 2"},
 {"name": "twice", "unit": "g", "formula": "2 * ax_g"}
]})";

struct Csv {
    QStringList header;
    std::vector<std::vector<double>> rows;
};

Csv readCsv(const QString& path) {
    QFile f(path);
    Csv csv;
    if (!f.open(QIODevice::ReadOnly))
        return csv;
    csv.header = QString::fromUtf8(f.readLine().trimmed()).split(QLatin1Char(','));
    while (!f.atEnd()) {
        std::vector<double> row;
        for (const QByteArray& cell : f.readLine().trimmed().split(','))
            row.push_back(cell.toDouble()); // text cells (a lap's limit) read as 0
        csv.rows.push_back(std::move(row));
    }
    return csv;
}

} // namespace

class CliMathTest : public QObject {
    Q_OBJECT
private slots:
    void runAddsMathColumns() {
        QTemporaryDir dir;
        const QString math = dir.filePath(QStringLiteral("math.json"));
        const QString out = dir.filePath(QStringLiteral("run.csv"));
        QVERIFY(writeFile(math, mathJson));
        const Outcome o = runCli({"run", "-m", "acceleration", "--decimation", "20", "-t", out, "--math", math});
        QCOMPARE(o.exitCode, 1); // one channel failed
        QVERIFY2(o.err.contains("math channel bad: unexpected '*'") && o.err.contains("(at character 9"), o.err.constData());
        const Csv csv = readCsv(out);
        QCOMPARE(csv.header.mid(csv.header.size() - 2), QStringList({"ax_g [g]", "twice [g]"}));
        const auto ax = csv.header.indexOf(QStringLiteral("ax [m/s^2]"));
        const auto axg = csv.header.indexOf(QStringLiteral("ax_g [g]"));
        QVERIFY(ax >= 0 && csv.rows.size() > 10);
        for (const auto& row : csv.rows) {
            QVERIFY(std::abs(row[axg] - row[ax] / gravity) < valueTolerance);
            QCOMPARE(row[axg + 1], 2.0 * row[axg]);
        }
    }

    void lapAddsMathColumnsToTheTrace() {
        QTemporaryDir dir;
        const QString math = dir.filePath(QStringLiteral("math.json"));
        const QString out = dir.filePath(QStringLiteral("lap.csv"));
        QVERIFY(writeFile(math, mathJson));
        const Outcome o = runCli({"lap", "--track", "monza", "-t", out, "--math", math});
        QCOMPARE(o.exitCode, 1);
        const Csv csv = readCsv(out);
        QVERIFY(csv.header.join(',').endsWith(QStringLiteral("limit,ax_g [g],twice [g]")));
        const auto ax = csv.header.indexOf(QStringLiteral("ax [m/s^2]"));
        const auto axg = csv.header.indexOf(QStringLiteral("ax_g [g]"));
        QVERIFY(ax >= 0 && csv.rows.size() > 100);
        for (const auto& row : csv.rows)
            QVERIFY(std::abs(row[axg] - row[ax] / gravity) < valueTolerance);
    }

    void refusals() {
        QTemporaryDir dir;
        const QString math = dir.filePath(QStringLiteral("math.json"));
        QVERIFY(writeFile(math, R"({"fileType": "vtw-math-channels", "version": 1, "channels": [{"name": "2x"}]})"));
        Outcome o = runCli({"run", "-m", "acceleration", "-t", dir.filePath(QStringLiteral("a.csv")), "--math", math});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.err.contains("channels[0]"), o.err.constData());
        o = runCli({"run", "-m", "acceleration", "--math", math});
        QCOMPARE(o.exitCode, 2); // --math without -t
    }
};

QTEST_GUILESS_MAIN(CliMathTest)
#include "tst_cli_math.moc"
