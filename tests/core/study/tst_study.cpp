// Comparisons, attribution of a change, and sweeps (core/study).
#include "core/lap/LapSimulation.h"
#include "core/setupfile/CarLibrary.h"
#include "core/study/Attribution.h"
#include "core/study/Comparison.h"
#include "core/study/SetupDiff.h"
#include "core/study/StudyTarget.h"
#include "core/study/Sweep.h"
#include "core/setupfile/SetupValidation.h"
#include "core/study/SweepMerge.h"

#include <QtTest>

#include <atomic>
#include <limits>
#include <set>

using namespace vtw;

namespace {

double runMetric(const Setup& s, const std::string& maneuver, const std::string& key) {
    std::string error;
    auto m = makeManeuver(maneuver, {}, &error);
    const RunResult r = runManeuver(s, *m);
    return findMetric(r.metrics, key)->value;
}

Setup libraryCar(const char* file) {
    return *loadLibraryCar(QStringLiteral(":/cars/%1.json").arg(QLatin1String(file))).setup;
}

} // namespace

class TestStudy : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    // The comparison's table holds exactly the numbers of single runs (runs are deterministic),
    // and the deltas and verdicts follow the metric's sense.
    void comparisonEqualsSingleRuns() {
        ComparisonRequest request;
        request.setups = {libraryCar("corvette_c5"), libraryCar("lotus_elise_s2")};
        request.maneuvers = {{"acceleration", {}}, {"braking", {}}};
        request.threads = 2;
        const Comparison c = runComparison(request);
        QVERIFY(c.error.empty());
        const std::vector<MetricComparison> table = compareMetrics(c, request.maneuvers, 0);
        QCOMPARE(table.size(), std::size_t(4 + 5)); // braking: distance, time, peak, two lock times
        for (const MetricComparison& row : table) {
            for (std::size_t s = 0; s < 2; ++s)
                QCOMPARE(row.values[s], runMetric(request.setups[s], row.maneuverId, row.metric.key));
            QCOMPARE(row.deltas[1], row.values[1] - row.values[0]);
            if (row.metric.sense == MetricSense::LowerIsBetter)
                QCOMPARE(row.verdicts[1], row.deltas[1] < 0 ? 1 : -1);
            QCOMPARE(row.verdicts[0], 0);
        }
    }

    // The parameter diff lists exactly the fields that were changed.
    void diffListsExactlyTheChangedFields() {
        const Setup a = defaultSetup();
        Setup b = a;
        b.chassis.mass = 1400.0;
        b.gearbox.forwardRatios[2] = 1.35;
        b.rearTires.magicFormula.lateral.B = 11.0;
        b.engine.torqueCurve.points()[3].y += 10.0;
        b.name = "renamed"; // not a parameter
        const std::vector<ParameterDifference> diff = diffSetups({a, b});
        std::set<QString> paths;
        for (const ParameterDifference& d : diff)
            paths.insert(d.field->path);
        const std::set<QString> expected = {"chassis.mass", "gearbox.forwardRatios",
                                            "tires.rear.magicFormula.lateral.B",
                                            "engine.torqueCurve_rpm_Nm"};
        QCOMPARE(paths, expected);
        QVERIFY(diffSetups({a, a}).empty());
        // Two library cars: every reported field really differs, every other field is equal.
        const Setup c = libraryCar("corvette_c5"), l = libraryCar("lotus_elise_s2");
        std::set<QString> reported;
        for (const ParameterDifference& d : diffSetups({c, l}))
            reported.insert(d.field->path);
        for (const FieldMeta& f : setupFields())
            QCOMPARE(reported.count(f.path) == 1, !fieldEqual(f, c, l));
    }

    // Attribution: the shares are Shapley values. With two parts a and b the closed form
    // is share(a) = ((v(a) - v(0)) + (v(ab) - v(b))) / 2, v(S) the metric with the parts
    // in S applied to the baseline; the shares add up to the total (efficiency).
    void attributionSharesAreShapleyValues() {
        const Setup base = defaultSetup();
        Setup tuned = base;
        tuned.aero.dragCoefficient = 0.36;
        tuned.gearbox.finalDrive = 3.9;
        const Attribution a = attributeChange(base, tuned, {"acceleration", {}}, "quarter_mile_s");
        QVERIFY2(a.ok, a.error.c_str());
        QVERIFY(a.exact);
        QCOMPARE(a.parts.size(), std::size_t(2));
        QCOMPARE(a.runs, std::size_t(4));
        auto quarterMile = [](const Setup& s) {
            const std::unique_ptr<StudyTarget> t = StudyTarget::make({"acceleration", {}}, nullptr);
            return findMetric(t->run(s, {}).metrics, "quarter_mile_s")->value;
        };
        Setup dragOnly = base, driveOnly = base;
        dragOnly.aero.dragCoefficient = tuned.aero.dragCoefficient;
        driveOnly.gearbox.finalDrive = tuned.gearbox.finalDrive;
        const double v0 = quarterMile(base), vab = quarterMile(tuned);
        const double vDrag = quarterMile(dragOnly), vDrive = quarterMile(driveOnly);
        constexpr double roundingTolerance = 1e-12;
        for (const Contribution& c : a.parts) {
            const bool drag = c.name == QLatin1String("aero.dragCoefficient");
            const double expected = drag ? ((vDrag - v0) + (vab - vDrive)) / 2
                                         : ((vDrive - v0) + (vab - vDrag)) / 2;
            QVERIFY(std::abs(c.contribution - expected) < roundingTolerance);
            // More drag makes the quarter mile slower: its share is positive (seconds).
            if (drag)
                QVERIFY(c.contribution > 0.0);
        }
        QVERIFY(std::abs(a.parts[0].contribution + a.parts[1].contribution - a.total) < roundingTolerance);
        QVERIFY(std::abs(a.total) > 0.05);
        // Grouped by section: two sections, same total.
        const Attribution g = attributeChange(base, tuned, {"acceleration", {}}, "quarter_mile_s",
                                              AttributionGrouping::PerSection);
        QCOMPARE(g.parts.size(), std::size_t(2));
        QCOMPARE(g.total, a.total);
    }

    // More parts than are run exhaustively: the shares come from sampled orders and
    // still add up to the total, each order's steps telescoping from baseline to tuned.
    void sampledAttributionStillAddsUp() {
        const Setup base = defaultSetup();
        Setup tuned = base;
        tuned.aero.dragCoefficient *= 1.1;
        tuned.aero.frontalArea *= 1.05;
        tuned.gearbox.finalDrive *= 1.05;
        tuned.chassis.mass += 40.0;
        tuned.gearbox.shiftTime *= 0.8;
        tuned.gearbox.efficiency *= 0.98;
        tuned.aero.rollingResistanceCoefficient *= 1.2;
        const Attribution a = attributeChange(base, tuned, {"acceleration", {}}, "quarter_mile_s");
        QVERIFY2(a.ok, a.error.c_str());
        QVERIFY(a.parts.size() > maxExactAttributionParts);
        QVERIFY(!a.exact);
        QVERIFY(a.runs <= sampledAttributionRunBudget + 2);
        double sum = 0.0;
        for (const Contribution& c : a.parts)
            sum += c.contribution;
        constexpr double roundingTolerance = 1e-9;
        QVERIFY(std::abs(sum - a.total) < roundingTolerance);
    }

    // A change that cannot be made alone (a redline lowered below the baseline's upshift
    // point) is kept together with the change that makes it valid, and says why.
    void changesThatCannotMoveAloneAreJoined() {
        const Setup base = defaultSetup();
        Setup tuned = base;
        tuned.engine.redlineRpm = base.gearbox.upshiftRpm - 300.0;
        tuned.gearbox.upshiftRpm = tuned.engine.redlineRpm - 100.0;
        tuned.aero.dragCoefficient += 0.02;
        QVERIFY(validateSetup(tuned).isEmpty());
        const Attribution a = attributeChange(base, tuned, {"acceleration", {}}, "quarter_mile_s");
        QVERIFY2(a.ok, a.error.c_str());
        QCOMPARE(a.parts.size(), std::size_t(2));
        const auto joined = std::find_if(a.parts.begin(), a.parts.end(),
                                         [](const Contribution& c) { return c.fields.size() == 2; });
        QVERIFY(joined != a.parts.end());
        QVERIFY2(joined->joinedBecause.contains(QStringLiteral("Redline")),
                 qPrintable(joined->joinedBecause));
        QVERIFY(std::abs(a.parts[0].contribution + a.parts[1].contribution - a.total) < 1e-12);
    }

    // A sweep's values equal individual runs at the same parameter values.
    void sweepEqualsIndividualRuns() {
        SweepRequest r;
        r.base = defaultSetup();
        r.first = {findField("gearbox.finalDrive"), 3.0, 4.0, 5};
        r.maneuver = {"acceleration", {}};
        QVERIFY(sweepRequestProblem(r).isEmpty());
        const std::vector<SweepPoint> points = runSweep(r);
        QCOMPARE(points.size(), std::size_t(5));
        for (const SweepPoint& p : points) {
            Setup s = defaultSetup();
            s.gearbox.finalDrive = 3.0 + 0.25 * p.i;
            QCOMPARE(p.a, s.gearbox.finalDrive);
            QCOMPARE(findMetric(p.metrics, "t_0_100_kmh_s")->value, runMetric(s, "acceleration", "t_0_100_kmh_s"));
        }
    }

    // Shards of a 2-D sweep merge back into exactly the unsharded table.
    void shardsMergeIntoTheWholeSweep() {
        SweepRequest r;
        r.base = defaultSetup();
        r.first = {findField("brakes.frontBias"), 0.5, 0.8, 4};
        r.second = SweepAxis{findField("brakes.maxTorque"), 3000.0, 5000.0, 3};
        r.maneuver = {"braking", {}};
        const std::string whole = sweepToCsv(r, runSweep(r));
        std::vector<std::string> shards;
        for (int i = 0; i < 3; ++i) {
            SweepRequest shard = r;
            shard.shardIndex = i;
            shard.shardCount = 3;
            shards.push_back(sweepToCsv(shard, runSweep(shard)));
        }
        const MergeResult merged = mergeSweepCsv({{"s0", shards[0]}, {"s1", shards[1]}, {"s2", shards[2]}});
        QVERIFY2(merged.error.empty(), merged.error.c_str());
        QCOMPARE(merged.rows, 12);
        QCOMPARE(merged.csv(), whole);
        // A shard given twice, or a table of another sweep, is refused.
        QVERIFY(!mergeSweepCsv({{"s0", shards[0]}, {"s0 again", shards[0]}}).error.empty());
        QVERIFY(!mergeSweepCsv({{"s0", shards[0]}, {"other", "index,i,j,other\n0,0,0,1\n"}}).error.empty());
    }

    // Point counts are 64-bit: two axes whose product wraps an int (to a negative
    // count, or to 65536 for 65537 x 65536) are refused by the cap, not run as a few
    // points; a shard count near INT_MAX does not wrap the shard's stepping.
    void sweepPointCountsDoNotWrap_data() {
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("second");
        QTest::addColumn<qint64>("points");
        QTest::newRow("50000 x 50000") << 50000 << 50000 << qint64(2'500'000'000);
        QTest::newRow("65537 x 65536") << 65537 << 65536 << qint64(4'295'032'832);
        QTest::newRow("1001 x 1000") << 1001 << 1000 << qint64(1'001'000);
    }
    void sweepPointCountsDoNotWrap() {
        QFETCH(int, first);
        QFETCH(int, second);
        QFETCH(qint64, points);
        SweepRequest r;
        r.base = defaultSetup();
        r.first = {findField("brakes.frontBias"), 0.5, 0.8, first};
        r.second = SweepAxis{findField("brakes.maxTorque"), 3000.0, 5000.0, second};
        r.maneuver = {"braking", {}};
        r.shardIndex = 1;
        r.shardCount = 65536;
        QCOMPARE(sweepPointCount(r), points);
        const QString problem = sweepRequestProblem(r);
        QVERIFY2(problem.contains(QStringLiteral("%1 points (%2 x %3) are more than the 1000000 a sweep may have")
                                      .arg(points).arg(first).arg(second)),
                 qPrintable(problem));
        QVERIFY(runSweep(r).empty());
    }
    void sweepAtTheCapIsAccepted() {
        SweepRequest r;
        r.base = defaultSetup();
        r.first = {findField("brakes.frontBias"), 0.5, 0.8, 1000};
        r.second = SweepAxis{findField("brakes.maxTorque"), 3000.0, 5000.0, 1000};
        r.maneuver = {"braking", {}};
        QCOMPARE(sweepPointCount(r), qint64(maxSweepPoints));
        QVERIFY(sweepRequestProblem(r).isEmpty());
        // With a shard count near INT_MAX, shard 5 holds point 5 only and the last shard
        // none. (A pre-set cancel keeps these from running a maneuver.)
        std::atomic<bool> cancel{true};
        r.cancel = &cancel;
        r.shardCount = std::numeric_limits<int>::max();
        r.shardIndex = 5;
        const std::vector<SweepPoint> fifth = runSweep(r);
        QCOMPARE(fifth.size(), std::size_t(1));
        QCOMPARE(fifth.front().index, 5);
        r.shardIndex = r.shardCount - 1;
        QVERIFY(runSweep(r).empty());
    }

    // pointDone sees every point once, in index order, though the points run on
    // several threads; its rows under the header are sweepToCsv's table.
    void pointsAreHandedOnInIndexOrder() {
        SweepRequest r;
        r.base = defaultSetup();
        r.first = {findField("brakes.frontBias"), 0.5, 0.8, 6};
        r.second = SweepAxis{findField("brakes.maxTorque"), 3000.0, 5000.0, 3};
        r.maneuver = {"braking", {}};
        r.threads = 4;
        r.shardIndex = 1;
        r.shardCount = 2;
        std::vector<int> order;
        std::string streamed = sweepCsvHeader(r);
        r.pointDone = [&](const SweepPoint& p) {
            order.push_back(p.index);
            streamed += sweepCsvRow(r, p);
        };
        const std::vector<SweepPoint> points = runSweep(r);
        QCOMPARE(order, (std::vector<int>{1, 3, 5, 7, 9, 11, 13, 15, 17}));
        QCOMPARE(streamed, sweepToCsv(r, points));
    }

    // Points whose setup would be invalid are reported, not run.
    void invalidPointsAreReported() {
        SweepRequest r;
        r.base = defaultSetup();
        // Upshift between 5000 and 6500 rpm; redline is 6000: upshift above it is invalid.
        QVERIFY(findField("gearbox.upshift_rpm"));
        r.first = {findField("gearbox.upshift_rpm"), 5000.0, 6500.0, 4};
        r.maneuver = {"acceleration", {}};
        const std::vector<SweepPoint> points = runSweep(r);
        QVERIFY(points.front().ok);
        QVERIFY(!points.back().ok);
        QVERIFY2(points.back().error.find("invalid") == 0, points.back().error.c_str());
        // Enum and curve fields cannot be swept.
        r.first = {findField("driveline.layout"), 0.0, 1.0, 2};
        QVERIFY(!sweepRequestProblem(r).isEmpty());
    }

    // The lap is a study target like any maneuver: a comparison's lap figures are the
    // laps' own, a sweep's columns are the lap's metrics, and which change mattered
    // shares out a lap time (shedding 100 kg makes the lap faster).
    void lapIsAStudyTarget() {
        const ManeuverSpec lap{"lap", {}, {{"track", "monza"}}};
        const Setup base = libraryCar("corvette_c5");
        Setup tuned = base;
        tuned.gearbox.finalDrive = 3.8;
        tuned.chassis.mass -= 100.0;
        ComparisonRequest request;
        request.setups = {base, tuned};
        request.maneuvers = {lap};
        request.threads = 2;
        const Comparison c = runComparison(request);
        QVERIFY(c.error.empty());
        const auto track = prepareTrack(QStringLiteral("monza"), LineChoice::RaceLine, 1.0).prepared;
        std::vector<double> direct;
        for (std::size_t s = 0; s < 2; ++s) {
            direct.push_back(simulateLap(PerformanceEnvelope(request.setups[s]), track->path, track->sectorStarts).lapTime);
            QCOMPARE(findMetric(c.runs[0][s].metrics, "lap_time_s")->value, direct[s]);
        }
        SweepRequest sweep;
        sweep.base = base;
        sweep.first = {findField(QStringLiteral("chassis.mass")), 1400.0, 1600.0, 3};
        sweep.maneuver = lap;
        QVERIFY(sweepRequestProblem(sweep).isEmpty());
        QVERIFY(QString::fromStdString(sweepCsvColumns(sweep)).startsWith("index,i,j,chassis.mass,lap_time_s,sector_1_s"));
        const std::vector<SweepPoint> points = runSweep(sweep);
        QVERIFY(findMetric(points[0].metrics, "lap_time_s")->value < findMetric(points[2].metrics, "lap_time_s")->value);

        const Attribution a = attributeChange(base, tuned, lap, "lap_time_s");
        QVERIFY2(a.ok, a.error.c_str());
        QCOMPARE(a.baselineValue, direct[0]);
        QCOMPARE(a.tunedValue, direct[1]);
        QCOMPARE(a.parts.size(), std::size_t(2));
        for (const Contribution& part : a.parts) {
            if (part.name == QLatin1String("chassis.mass"))
                QVERIFY(part.contribution < 0.0);
        }
        std::string error;
        QVERIFY(!StudyTarget::make({"lap", {}, {{"track", "nowhere"}}}, &error));
        QVERIFY2(error.find("nowhere") != std::string::npos, error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestStudy)
#include "tst_study.moc"
