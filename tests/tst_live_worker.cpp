// The live-simulation worker in its thread: control calls, live setup
// edits, telemetry hand-over, divergence and shutdown. No timing asserts: every
// wait is for a state, with a generous timeout.

#include "SimulationThread.h"
#include "maneuvers/ManeuverRunner.h"

#include <QTest>

#include <cmath>

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

} // namespace

class TestLiveWorker : public QObject {
    Q_OBJECT
private slots:
    void rapidSetupEditsPauseResumeStop();
    void maneuverMetricsEqualRunManeuver_data();
    void maneuverMetricsEqualRunManeuver();
    void realTimeRecordsEveryStep();
    void divergenceStopsWithMessage();
    void singleStepWhilePaused();
    void shutdownMidRun();
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
    // Collected in this thread (a QSignalSpy would record in the worker's thread).
    int finished = 0;
    MetricList metrics;
    SimulationThread thread;
    SimulationWorker& w = *thread.worker();
    connect(&w, &SimulationWorker::maneuverFinished, this, [&](const MetricList& m) {
        metrics = m;
        ++finished;
    });
    w.setPacing({realTime, 10.0});
    RunRequest request;
    request.mode = RunMode::Maneuver;
    request.maneuverId = id.toStdString();
    thread.start(request);
    QTRY_COMPARE_WITH_TIMEOUT(finished, 1, waitMs);

    // The CLI's numbers for the same setup and maneuver.
    std::string error;
    auto maneuver = makeManeuver(id.toStdString(), {}, &error);
    QVERIFY(maneuver);
    const RunResult reference = runManeuver(defaultSetup(), *maneuver);
    QVERIFY(reference.ok);
    QCOMPARE(metrics.size(), reference.metrics.size());
    QVERIFY(!metrics.empty());
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        QCOMPARE(metrics[i].key, reference.metrics[i].key);
        QCOMPARE(metrics[i].reached, reference.metrics[i].reached);
        if (metrics[i].reached) // bit-identical: the same loop, step for step
            QCOMPARE(metrics[i].value, reference.metrics[i].value);
    }
    QCOMPARE(w.status().state, WorkerState::Finished);
    QCOMPARE(w.status().steps, reference.steps);
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

QTEST_GUILESS_MAIN(TestLiveWorker)
#include "tst_live_worker.moc"
