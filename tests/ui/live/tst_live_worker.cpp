// The live-simulation worker in its thread: control calls, live setup
// edits, telemetry hand-over, divergence and shutdown; a maneuver run here is the
// CLI's run (runManeuver), telemetry and metrics bit for bit, however it is paused,
// resumed and single-stepped. No timing asserts: every wait is for a state, with a
// generous timeout.

#include "ui/live/SimulationThread.h"
#include "core/sim/Telemetry.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/setupfile/CarLibrary.h"

#include <QTest>

#include <bit>
#include <cmath>
#include <cstdio>
#include <map>

using namespace vtw;

namespace {

constexpr int waitMs = 30000;

RunRequest driveRequest() {
    RunRequest r;
    r.mode = RunMode::Drive;
    r.setup = defaultSetup();
    return r;
}

/// Drain until the predicate holds; returns every sample drained.
std::vector<StepSample> drainAll(SimulationWorker& w) {
    std::vector<StepSample> all, batch;
    w.queue().drain(batch);
    all.insert(all.end(), batch.begin(), batch.end());
    return all;
}

RunRequest maneuverRequest(const QString& id) {
    RunRequest r;
    r.mode = RunMode::Maneuver;
    r.maneuverId = id.toStdString();
    return r;
}

/// The CLI's run of a catalogue maneuver on the default setup, every step recorded.
RunResult cliRun(const QString& id) {
    RunResult failed;
    auto maneuver = makeManeuver(id.toStdString(), {}, &failed.error);
    if (!maneuver) {
        failed.ok = false;
        return failed;
    }
    RunOptions options;
    options.recordTelemetry = true;
    return runManeuver(defaultSetup(), *maneuver, options);
}

/// Why the samples the worker streamed are not rows of the CLI's telemetry, bit for bit
/// in every channel; empty if they are. Each sample is matched to the row of its time;
/// the first must be the first step's, the last the run's last step's, and with
/// `everyStep` there must be one per step.
QString streamedDiffers(const std::vector<StepSample>& streamed, const Telemetry& reference,
                        bool everyStep) {
    const auto bits = [](double v) { return std::bit_cast<std::uint64_t>(v); };
    const std::vector<double>& times = reference.column("time");
    std::map<std::uint64_t, std::size_t> rowOfTime;
    for (std::size_t r = 0; r < times.size(); ++r)
        rowOfTime[bits(times[r])] = r;
    if (streamed.empty() || times.empty())
        return "nothing streamed or recorded";
    if (everyStep && streamed.size() != times.size())
        return QString("%1 samples streamed for %2 steps").arg(streamed.size()).arg(times.size());
    const auto& channels = channelCatalogue();
    std::size_t previous = 0;
    for (std::size_t i = 0; i < streamed.size(); ++i) {
        const auto row = rowOfTime.find(bits(streamed[i].time));
        if (row == rowOfTime.end())
            return QString("sample %1 (t = %2 s) is at no step of the CLI's run").arg(i).arg(streamed[i].time);
        if (i > 0 && row->second <= previous)
            return QString("sample %1 is not after sample %2").arg(i).arg(i - 1);
        previous = row->second;
        for (std::size_t c = 0; c < channels.size(); ++c) {
            if (!reference.recorded(c)) { // a rigid car's run has no suspension channels
                if (streamed[i].suspension.active)
                    return QString("sample %1 carries a suspension the CLI's run did not record").arg(i);
                continue;
            }
            if (bits(channels[c].read(streamed[i])) != bits(reference.column(c)[row->second]))
                return QString("sample %1 (t = %2 s): channel %3 differs")
                    .arg(i).arg(streamed[i].time).arg(QString::fromStdString(channels[c].name));
        }
    }
    if (rowOfTime.at(bits(streamed.front().time)) != 0)
        return "the first step's sample is missing";
    if (previous != times.size() - 1)
        return "the last step's sample is missing";
    return {};
}

QString metricsDiffer(const MetricList& metrics, const MetricList& reference) {
    if (metrics.empty() || metrics.size() != reference.size())
        return QString("%1 metrics, the CLI's run has %2").arg(metrics.size()).arg(reference.size());
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        const Metric& m = metrics[i];
        const Metric& r = reference[i];
        // bit-identical: the same session, step for step
        if (m.key != r.key || m.reached != r.reached ||
            (m.reached && std::bit_cast<std::uint64_t>(m.value) != std::bit_cast<std::uint64_t>(r.value)))
            return QString::fromStdString("metric " + m.key + " differs from the CLI's " + r.key);
    }
    return {};
}

/// A worker in its thread whose figures and streamed samples this (the UI) thread
/// collects (a QSignalSpy would record in the worker's thread).
struct WatchedRun {
    SimulationThread thread;
    QObject receiver; ///< in this thread; signals queued for it die with it
    int finished = 0;
    MetricList metrics;
    std::vector<StepSample> streamed;

    WatchedRun() {
        QObject::connect(thread.worker(), &SimulationWorker::maneuverFinished, &receiver,
                         [this](const MetricList& m) {
                             metrics = m;
                             ++finished;
                         });
    }
    SimulationWorker& worker() { return *thread.worker(); }
    /// Take what the queue holds; true, so that it can lead a QTRY condition.
    bool drain() {
        std::vector<StepSample> batch;
        worker().queue().drain(batch);
        streamed.insert(streamed.end(), batch.begin(), batch.end());
        return true;
    }
};

/// Why a finished run of maneuver `id` is not the CLI's (its steps, time, figures,
/// streamed samples); empty if it is.
QString differsFromCli(WatchedRun& run, const QString& id, bool everyStep) {
    const RunResult reference = cliRun(id);
    if (!reference.ok)
        return QString::fromStdString("the CLI's run failed: " + reference.error);
    const WorkerStatus status = run.worker().status();
    if (status.state != WorkerState::Finished || status.steps != reference.steps ||
        status.simTime != reference.simulatedTime)
        return QString("the run stands at %1 steps, %2 s (state %3); the CLI's took %4 steps, %5 s")
            .arg(status.steps).arg(status.simTime).arg(workerStateName(status.state))
            .arg(reference.steps).arg(reference.simulatedTime);
    const QString metrics = metricsDiffer(run.metrics, reference.metrics);
    return metrics.isEmpty() ? streamedDiffers(run.streamed, reference.telemetry, everyStep) : metrics;
}

} // namespace

class TestLiveWorker : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }
    void rapidSetupEditsPauseResumeStop();
    void maneuverMetricsEqualRunManeuver_data();
    void maneuverMetricsEqualRunManeuver();
    void pausesAndSingleStepsGiveTheCliRun();
    void stopEndsAManeuverWithoutFigures();
    void realTimeRecordsEveryStep();
    void divergenceStopsWithMessage();
    void editPastTheStepCapFailsTheRun();
    void singleStepWhilePaused();
    void shutdownMidRun();
    void stopReachesALimitLapStillLearning();
};

void TestLiveWorker::rapidSetupEditsPauseResumeStop() {
    SimulationThread thread;
    SimulationWorker& w = *thread.worker();
    w.setPacing({false, 1.0});
    DriverInputs inputs;
    inputs.throttle = 0.6;
    inputs.steer = 0.05;
    w.setDriverInputs(inputs);
    thread.start(driveRequest());
    QTRY_COMPARE_WITH_TIMEOUT(w.status().state, WorkerState::Running, waitMs);
    QTRY_VERIFY_WITH_TIMEOUT(w.status().steps > 1000, waitMs);

    // 1000 edits in a burst from this (the UI) thread while the car runs,
    // draining telemetry in between as the UI would.
    std::vector<StepSample> samples;
    std::vector<StepSample> batch;
    Setup setup = defaultSetup();
    std::uint64_t lastSerial = 0;
    for (int i = 0; i < 1000; ++i) {
        setup.chassis.mass = 1400.0 + 0.2 * i;
        setup.engine.redlineRpm = 6000.0 + (i % 7);
        lastSerial = w.setSetup(setup);
        if (i % 50 == 0) {
            w.queue().drain(batch);
            samples.insert(samples.end(), batch.begin(), batch.end());
        }
    }
    QCOMPARE(lastSerial, std::uint64_t(1000));
    QTRY_COMPARE_WITH_TIMEOUT(w.status().setupSerial, lastSerial, waitMs);

    thread.pause();
    QTRY_COMPARE_WITH_TIMEOUT(w.status().state, WorkerState::Paused, waitMs);
    const WorkerStatus paused = w.status();
    QTest::qWait(100);
    const WorkerStatus stillPaused = w.status();
    QCOMPARE(stillPaused.simTime, paused.simTime);
    QCOMPARE(stillPaused.steps, paused.steps);

    thread.resume();
    QTRY_VERIFY_WITH_TIMEOUT(w.status().steps > paused.steps + 1000, waitMs);
    thread.stop();
    QTRY_COMPARE_WITH_TIMEOUT(w.status().state, WorkerState::Stopped, waitMs);
    const WorkerStatus final = w.status();
    w.queue().drain(batch);
    samples.insert(samples.end(), batch.begin(), batch.end());

    // Consistent: telemetry strictly increasing in time on the step grid, all
    // finite, ending at the last step; the status agrees; nothing diverged.
    QVERIFY(final.error.empty());
    QVERIFY(samples.size() > 100);
    const double dt = defaultSetup().simulation.timeStep;
    for (std::size_t i = 1; i < samples.size(); ++i) {
        const double gap = samples[i].time - samples[i - 1].time;
        QVERIFY2(gap > 0.0, qPrintable(QString("sample %1 not after %2").arg(i).arg(i - 1)));
        QVERIFY(std::abs(gap / dt - std::round(gap / dt)) < 1e-6);
        QVERIFY(std::isfinite(samples[i].body.vx) && std::isfinite(samples[i].body.x));
    }
    QVERIFY(samples.back().time <= final.simTime);
    QCOMPARE(final.latest.time, samples.back().time); // stop flushed the last sample
    QCOMPARE(final.steps, std::lround(final.simTime / dt));
    QVERIFY(final.latest.body.vx > 1.0); // it really drove
}

void TestLiveWorker::maneuverMetricsEqualRunManeuver_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("realTime");
    QTest::newRow("braking, fast") << "braking" << false;
    QTest::newRow("step steer, fast") << "step-steer" << false;
    QTest::newRow("braking, real time x10") << "braking" << true;
}

void TestLiveWorker::maneuverMetricsEqualRunManeuver() {
    QFETCH(QString, id);
    QFETCH(bool, realTime);
    WatchedRun run;
    run.worker().setPacing({realTime, 10.0});
    run.thread.start(maneuverRequest(id));
    QTRY_VERIFY_WITH_TIMEOUT(run.drain() && run.finished == 1, waitMs);
    run.drain();
    // The CLI's steps, figures and telemetry for the same setup and maneuver: real time
    // streams every step, fast mode every n-th (and the last).
    const QString differs = differsFromCli(run, id, realTime);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
    // A run shorter than the rate's one-second window still reports how fast it ran.
    const WorkerStatus status = run.worker().status();
    QVERIFY2(status.stepsPerSecond > 0.0 && status.realTimeRatio > 0.0,
             qPrintable(QString("%1 steps/s, %2x real time").arg(status.stepsPerSecond).arg(status.realTimeRatio)));
}

// Paused at steps that depend on the machine's speed, stepped singly in between: the
// run is the CLI's still, every step's sample and every figure bit for bit.
void TestLiveWorker::pausesAndSingleStepsGiveTheCliRun() {
    WatchedRun run;
    SimulationWorker& w = run.worker();
    // Real time keeps every step; at 1x the 3 s stop outlasts the four pauses.
    w.setPacing({true, 1.0});
    run.thread.prepare(maneuverRequest("braking"));
    QTRY_COMPARE_WITH_TIMEOUT(w.status().state, WorkerState::Paused, waitMs);
    long expectedSteps = 0;
    for (int round = 0; round < 4; ++round) {
        for (int k = 0; k < 3; ++k)
            run.thread.singleStep();
        expectedSteps += 3;
        QTRY_COMPARE_WITH_TIMEOUT(w.status().steps, expectedSteps, waitMs);
        run.thread.resume();
        QTRY_VERIFY_WITH_TIMEOUT(run.drain() && w.status().steps > expectedSteps + 100, waitMs);
        run.thread.pause();
        QTRY_COMPARE_WITH_TIMEOUT(w.status().state, WorkerState::Paused, waitMs);
        expectedSteps = w.status().steps;
    }
    run.thread.resume();
    QTRY_VERIFY_WITH_TIMEOUT(run.drain() && run.finished == 1, waitMs);
    run.drain();
    const QString differs = differsFromCli(run, "braking", true);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
}

// Stop is the session's cancel: the run ends where it stands, with no figures.
void TestLiveWorker::stopEndsAManeuverWithoutFigures() {
    WatchedRun run;
    SimulationWorker& w = run.worker();
    w.setPacing({true, 1.0}); // a braking run takes seconds: stopped well before its end
    run.thread.start(maneuverRequest("braking"));
    QTRY_VERIFY_WITH_TIMEOUT(w.status().steps > 100, waitMs);
    run.thread.stop();
    QTRY_COMPARE_WITH_TIMEOUT(w.status().state, WorkerState::Stopped, waitMs);
    const WorkerStatus stopped = w.status();
    run.thread.resume(); // a stopped run does not go on
    run.thread.singleStep();
    QTest::qWait(100);
    QCOMPARE(w.status().steps, stopped.steps);
    QCOMPARE(w.status().state, WorkerState::Stopped);
    QCOMPARE(run.finished, 0);
    QVERIFY(w.status().metrics.empty());
    QVERIFY(stopped.steps < cliRun("braking").steps);
}

void TestLiveWorker::realTimeRecordsEveryStep() {
    SimulationThread thread;
    SimulationWorker& w = *thread.worker();
    w.setPacing({true, 2.0});
    thread.start(driveRequest());
    QTRY_VERIFY_WITH_TIMEOUT(w.status().simTime > 0.3, waitMs);
    thread.stop();
    QTRY_COMPARE_WITH_TIMEOUT(w.status().state, WorkerState::Stopped, waitMs);
    const std::vector<StepSample> samples = drainAll(w);
    QCOMPARE(static_cast<long>(samples.size()), w.status().steps);
    QCOMPARE(w.status().recordStride, 1);
}

void TestLiveWorker::divergenceStopsWithMessage() {
    QStringList failed;
    SimulationThread thread;
    SimulationWorker& w = *thread.worker();
    connect(&w, &SimulationWorker::runFailed, this, [&](const QString& m) { failed << m; });
    w.setPacing({false, 1.0});
    RunRequest request;
    request.mode = RunMode::Maneuver;
    request.maneuverId = "step-steer";
    // A step far too long for the explicit integrator with a tiny yaw inertia:
    // the yaw rate blows up about a second into the run.
    request.setup.simulation.timeStep = 0.05;
    request.setup.simulation.integrator = Integrator::ExplicitEuler;
    request.setup.chassis.yawInertia = 5.0;
    thread.start(request);
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, waitMs);
    const QString message = failed.front();
    QVERIFY2(message.contains("diverged"), qPrintable(message));
    QCOMPARE(w.status().state, WorkerState::Failed);
    QCOMPARE(QString::fromStdString(w.status().error), message);

    // The worker is still usable afterwards.
    thread.start(driveRequest());
    QTRY_COMPARE_WITH_TIMEOUT(w.status().state, WorkerState::Running, waitMs);
    QVERIFY(w.status().error.empty());
}

// A live edit goes through the session's step cap as a new run does: a time step
// that would take the rest of the maneuver past it ends the run, saying why.
void TestLiveWorker::editPastTheStepCapFailsTheRun() {
    QStringList failed;
    SimulationThread thread;
    SimulationWorker& w = *thread.worker();
    connect(&w, &SimulationWorker::runFailed, this, [&](const QString& m) { failed << m; });
    w.setPacing({true, 1.0}); // a braking run takes seconds: edited well before its end
    thread.start(maneuverRequest("braking"));
    QTRY_VERIFY_WITH_TIMEOUT(w.status().steps > 100, waitMs);
    Setup tiny = defaultSetup();
    tiny.simulation.timeStep = 1e-9;
    w.setSetup(tiny);
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, waitMs);
    QVERIFY2(failed.front().contains("cap of 40000000 steps per run"), qPrintable(failed.front()));
    QCOMPARE(w.status().state, WorkerState::Failed);
    QCOMPARE(w.status().error, failed.front().toStdString());
}

void TestLiveWorker::singleStepWhilePaused() {
    SimulationThread thread;
    SimulationWorker& w = *thread.worker();
    thread.prepare(driveRequest());
    QTRY_COMPARE_WITH_TIMEOUT(w.status().state, WorkerState::Paused, waitMs);
    for (int i = 0; i < 5; ++i)
        thread.singleStep();
    QTRY_COMPARE_WITH_TIMEOUT(w.status().steps, 5L, waitMs);
    const std::vector<StepSample> samples = drainAll(w);
    QCOMPARE(samples.size(), std::size_t(5));
    QCOMPARE(w.status().state, WorkerState::Paused);
}

void TestLiveWorker::shutdownMidRun() {
    // Destroying the owner while the worker runs flat out must not hang or crash.
    for (int round = 0; round < 5; ++round) {
        auto thread = std::make_unique<SimulationThread>();
        thread->worker()->setPacing({false, 1.0});
        DriverInputs in;
        in.throttle = 1.0;
        thread->worker()->setDriverInputs(in);
        thread->start(driveRequest());
        QTRY_VERIFY_WITH_TIMEOUT(thread->worker()->status().steps > 100, waitMs);
        for (int i = 0; i < 20; ++i)
            thread->worker()->setSetup(defaultSetup());
        thread.reset();
    }
}

// The limit driver learns for seconds before its first step, holding the worker's thread
// (docs/physics.md 14.5): the status says how far it has got, and a stop reaches it
// at its next step instead of after the last learning lap (14 at Zandvoort).
void TestLiveWorker::stopReachesALimitLapStillLearning() {
    WatchedRun run;
    SimulationWorker& w = run.worker();
    RunRequest request = maneuverRequest("dynamic-lap");
    request.setup = defaultLibraryCar();
    request.words = {{"track", "zandvoort"}, {"driver", "limit"}};
    run.thread.start(request);
    const auto lapsLearned = [&w] {
        int laps = 0;
        std::sscanf(w.status().preparation.c_str(), "learning the limit: %d of", &laps);
        return laps;
    };
    QTRY_VERIFY_WITH_TIMEOUT(lapsLearned() > 0, waitMs);
    const int atStop = lapsLearned();
    run.thread.stop();
    // At most the lap under way when the stop was asked for ends afterwards.
    int mostLaps = atStop;
    for (int waited = 0; waited < waitMs && w.status().state != WorkerState::Stopped; waited += 5) {
        mostLaps = std::max(mostLaps, lapsLearned());
        QTest::qWait(5);
    }
    QCOMPARE(w.status().state, WorkerState::Stopped);
    QVERIFY2(mostLaps <= atStop + 1,
             qPrintable(QString("still learning after the stop: %1 laps, %2 when it was asked").arg(mostLaps).arg(atStop)));
    QCOMPARE(run.finished, 0);
    QVERIFY(w.status().metrics.empty());
}

QTEST_GUILESS_MAIN(TestLiveWorker)
#include "tst_live_worker.moc"
