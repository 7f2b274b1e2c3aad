// Runs set against each other (core/analysis/RunAlignment, RunCorrelation): a run against
// itself differs by nothing; a run whose clock started later is found at its offset; a
// lap written as the workbench's CSV and read back as a log is the lap it was.
#include "core/analysis/RunAlignment.h"
#include "core/analysis/RunCorrelation.h"
#include "core/lap/LapSimulation.h"
#include "core/lap/LapTelemetry.h"
#include "core/lap/LapTraceCsv.h"
#include "core/logs/LogPresets.h"
#include "core/logs/LoggedLap.h"
#include "core/setupfile/CarLibrary.h"
#include "core/trackfiles/TrackPreparation.h"

#include <QtTest>

#include <cmath>

using namespace vtw;

namespace {

// The offset search refines its step twice tenfold: 0.05 s becomes 0.0005 s; the lap's
// stations are about 0.02 s apart at speed, so the found offset is within a few of those
// steps of the true one.
constexpr double searchStep = 0.05;
constexpr double offsetTolerance = 0.005;

const LapResult& monzaLap() {
    static const LapResult lap = [] {
        const PreparedTrackResult track = prepareTrack(QStringLiteral("monza"), LineChoice::RaceLine, 1.0);
        if (!track.prepared)
            qFatal("monza does not load");
        return simulateLap(PerformanceEnvelope(defaultLibraryCar()), track.prepared->path, track.prepared->sectorStarts);
    }();
    return lap;
}

ChannelTable lapTable() {
    return lapChannelTable(monzaLap().trace);
}

// The samples from `first` on, with the clock started there: a logger switched on later.
ChannelTable startedLater(const ChannelTable& run, std::size_t first) {
    ChannelTable out;
    for (const ChannelColumn& c : run.columns()) {
        ChannelColumn part{c.name, c.unit, c.label, {c.values.begin() + std::ptrdiff_t(first), c.values.end()}};
        if (c.name == "time" || c.name == "distance") {
            const double zero = part.values.front();
            for (double& v : part.values)
                v -= zero;
        }
        out.add(std::move(part));
    }
    return out;
}

} // namespace

class RunCorrelationTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); } // the library's car and tracks

    void runAgainstItselfDiffersByNothing_data() {
        QTest::addColumn<int>("axis");
        QTest::newRow("distance") << int(AlignAxis::Distance);
        QTest::newRow("time") << int(AlignAxis::Time);
    }
    void runAgainstItselfDiffersByNothing() {
        QFETCH(int, axis);
        const ChannelTable run = lapTable();
        const ChannelTable aligned = alignOnto(run, run, AlignAxis(axis));
        const RunCorrelation c = correlateRuns(run, aligned, alignAxisChannel(AlignAxis(axis)));
        QCOMPARE(c.channels.size(), run.channelCount() - 1);
        for (const ChannelCorrelation& row : c.channels) {
            QCOMPARE(row.samples, run.sampleCount());
            QVERIFY2(row.rms == 0.0 && row.maxAbs == 0.0, row.name.c_str());
        }
    }

    void correlationFindsTheLargestDifferenceAndWhere() {
        ChannelTable reference, other;
        reference.add({"distance", "m", "Distance", {0, 10, 20, 30}});
        reference.add({"speed", "m/s", "Speed", {10, 10, 10, 10}});
        other.add({"distance", "m", "Distance", {0, 10, 20, 30}});
        other.add({"speed", "m/s", "Speed", {10, 13, 6, 10}});
        const RunCorrelation c = correlateRuns(reference, alignOnto(reference, other, AlignAxis::Distance), "distance");
        QCOMPARE(c.channels.size(), std::size_t(1));
        QCOMPARE(c.channels[0].maxAbs, 4.0);
        QCOMPARE(c.channels[0].at, 20.0);
        // RMS of (0, 3, -4, 0): sqrt(25 / 4).
        QCOMPARE(c.channels[0].rms, 2.5);
        QCOMPARE(c.axisUnit, std::string("m"));
    }

    void alignmentFindsAKnownTimeOffset() {
        const ChannelTable run = lapTable();
        const std::size_t first = run.sampleCount() / 10;
        const double truth = run.find("time")->values[first];
        const ChannelTable later = startedLater(run, first);
        const TimeOffsetFit fit = findTimeOffset(run, later, "speed", 30.0, searchStep);
        QVERIFY(fit.found);
        qInfo("offset found %.5f s, the truth %.5f s", fit.offset, truth);
        QVERIFY2(std::abs(fit.offset - truth) < offsetTolerance,
                 qPrintable(QString("found %1 s, the truth %2 s").arg(fit.offset).arg(truth)));
        // At that offset the speeds match to the interpolation between stations.
        const RunCorrelation c = correlateRuns(run, alignOnto(run, later, AlignAxis::Time, fit.offset), "time");
        const auto speed = std::find_if(c.channels.begin(), c.channels.end(),
                                        [](const ChannelCorrelation& r) { return r.name == "speed"; });
        QVERIFY(speed != c.channels.end());
        QVERIFY(speed->rms < 0.05);
        // Without the offset they do not.
        const RunCorrelation unshifted = correlateRuns(run, alignOnto(run, later, AlignAxis::Time), "time");
        const auto speed0 = std::find_if(unshifted.channels.begin(), unshifted.channels.end(),
                                         [](const ChannelCorrelation& r) { return r.name == "speed"; });
        QVERIFY(speed0->rms > 100.0 * speed->rms);
    }

    void lapWrittenAsCsvAndReadBackIsTheLap() {
        const ChannelTable run = lapTable();
        const QByteArray csv = QByteArray::fromStdString(lapTraceCsv(monzaLap().trace));
        const LoggedLapResult log = loggedLapFromBytes(csv, "lap.csv", *findBuiltInLogPreset("workbench"), {});
        QVERIFY2(log.lap, qPrintable(log.errors.join('\n')));
        const RunCorrelation c =
            correlateRuns(run, alignOnto(run, log.lap->table, AlignAxis::Distance), "distance");
        QCOMPARE(c.channels.size(), findBuiltInLogPreset("workbench")->channels.size() - 1);
        for (const ChannelCorrelation& row : c.channels) {
            QCOMPARE(row.samples, run.sampleCount());
            QVERIFY2(row.maxAbs == 0.0, row.name.c_str());
        }
    }

    void missingAxisIsNamed() {
        ChannelTable a;
        a.add({"speed", "m/s", "Speed", {1.0}});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, alignOnto(a, a, AlignAxis::Distance));
        QVERIFY(!findTimeOffset(a, a, "speed", 1.0, 0.1).found);
    }
};

QTEST_GUILESS_MAIN(RunCorrelationTest)
#include "tst_run_correlation.moc"
