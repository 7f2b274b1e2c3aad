#include "SimulationWorker.h"

#include "FrictionEnvelope.h"
#include "WheelLayout.h"
#include "maneuvers/ScriptedManeuver.h"

#include <QThread>
#include <QTimer>

#include <algorithm>
#include <bit>
#include <cmath>

namespace vtw {

namespace {

// Batches this large are handed over at once even mid-slice, so the queue
// sees steady traffic in fast mode.
constexpr std::size_t batchFlushSize = 4096;
// Real time: if the machine falls behind by more than this (wall seconds),
// the lost time is dropped instead of being caught up in a burst.
constexpr double maxRealTimeLag = 0.25;
// Friction envelopes cost a few hundred tire evaluations for Calspan: refresh
// them at display rate, not per slice.
constexpr std::chrono::milliseconds limitsInterval{15};
constexpr std::chrono::milliseconds rateWindow{500};

double seconds(std::chrono::steady_clock::duration d) {
    return std::chrono::duration<double>(d).count();
}

CarGeometry geometryOf(const Setup& setup) {
    const WheelLayout wheels = wheelLayout(setup);
    CarGeometry g;
    g.wheelX = wheels.x;
    g.wheelY = wheels.y;
    g.wheelRadius = wheels.radius;
    g.maxSteerAngle = setup.steering.maxSteerAngle;
    return g;
}

} // namespace

const char* workerStateName(WorkerState state) {
    switch (state) {
    case WorkerState::Idle:
        return "Idle";
    case WorkerState::Paused:
        return "Paused";
    case WorkerState::Running:
        return "Running";
    case WorkerState::Finished:
        return "Finished";
    case WorkerState::Stopped:
        return "Stopped";
    case WorkerState::Failed:
        return "Failed";
    }
    return "?";
}

SimulationWorker::SimulationWorker(QObject* parent) : QObject(parent) {
    qRegisterMetaType<vtw::MetricList>();
    // A child, so moveToThread() takes it along to the worker's thread.
    m_timer = new QTimer(this);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &SimulationWorker::runSlice);
    m_batch.reserve(batchFlushSize);
}

SimulationWorker::~SimulationWorker() = default;

std::uint64_t SimulationWorker::setSetup(const Setup& setup) {
    std::lock_guard lock(m_inputMutex);
    m_pendingSetup = setup;
    m_pendingSerial = ++m_nextSerial;
    m_inputsChanged.store(true, std::memory_order_release);
    return m_pendingSerial;
}

void SimulationWorker::setDriverInputs(const DriverInputs& inputs) {
    std::lock_guard lock(m_inputMutex);
    m_sharedInputs = inputs;
    m_inputsChanged.store(true, std::memory_order_release);
}

void SimulationWorker::setPacing(const PacingOptions& pacing) {
    std::lock_guard lock(m_inputMutex);
    m_sharedPacing = pacing;
    m_sharedPacing.speedFactor = std::clamp(pacing.speedFactor, 0.1, 10.0);
    m_inputsChanged.store(true, std::memory_order_release);
}

WorkerStatus SimulationWorker::status() const {
    std::lock_guard lock(m_statusMutex);
    return m_status;
}

void SimulationWorker::takePendingInputs() {
    // One relaxed look per slice; the lock only when something did change.
    if (!m_inputsChanged.exchange(false, std::memory_order_acquire))
        return;
    std::optional<Setup> setup;
    PacingOptions pacing;
    {
        std::lock_guard lock(m_inputMutex);
        setup.swap(m_pendingSetup);
        if (setup)
            m_appliedSerial = m_pendingSerial;
        m_driveInputs = m_sharedInputs;
        pacing = m_sharedPacing;
    }
    if (setup && m_sim) {
        // The step boundary: the motion state is kept, the model is rebuilt.
        m_sim->setSetup(m_maneuver ? m_maneuver->adaptSetup(*setup) : *setup);
        std::lock_guard lock(m_statusMutex);
        m_status.geometry = geometryOf(m_sim->setup());
        m_lastLimits = {}; // the envelope changed with the tires
    }
    if (pacing.realTime != m_pacing.realTime || pacing.speedFactor != m_pacing.speedFactor) {
        m_pacing = pacing;
        anchorClock();
        if (m_state == WorkerState::Running)
            armTimer();
    }
}

void SimulationWorker::prepare(const RunRequest& request) {
    m_timer->stop();
    {
        // The request carries the newest setup: an older pending snapshot must
        // not replace it (and a rebuild would break bit-identity with the CLI).
        std::lock_guard lock(m_inputMutex);
        m_pendingSetup.reset();
        m_appliedSerial = m_nextSerial;
    }
    m_inputsChanged.store(true, std::memory_order_release); // pick up inputs and pacing
    m_mode = request.mode;
    m_maneuver.reset();
    std::string error;
    if (request.mode == RunMode::Maneuver) {
        if (request.maneuverId == "scripted")
            m_maneuver = std::make_unique<ScriptedManeuver>(request.script);
        else
            m_maneuver = makeManeuver(request.maneuverId, request.options, &error);
    }
    m_generation += 1;
    m_queue.clear(m_generation);
    m_batch.clear();
    m_steps = 0;
    m_lastRecordedStep = 0;
    m_strideCounter = 0;
    m_timedOut = false;
    m_stepsPerSecond = m_realTimeRatio = 0.0;
    if (request.mode == RunMode::Maneuver && !m_maneuver) {
        m_sim.reset();
        {
            std::lock_guard lock(m_statusMutex);
            m_status = WorkerStatus{};
            m_status.generation = m_generation;
            m_status.error = error;
        }
        setState(WorkerState::Failed);
        emit runFailed(QString::fromStdString(error));
        return;
    }
    const Setup setup = m_maneuver ? m_maneuver->adaptSetup(request.setup) : request.setup;
    m_sim = std::make_unique<Simulator>(setup);
    m_sim->reset(m_maneuver ? m_maneuver->initialConditions(setup) : InitialConditions{});
    {
        std::lock_guard lock(m_statusMutex);
        m_status = WorkerStatus{};
        m_status.generation = m_generation;
        m_status.geometry = geometryOf(m_sim->setup());
        m_status.maneuverTitle = m_maneuver ? m_maneuver->title() : std::string();
    }
    takePendingInputs();
    setState(WorkerState::Paused);
    publish(true);
}

void SimulationWorker::submit(const RunRequest& request) {
    std::lock_guard lock(m_inputMutex);
    m_submitted = request;
}

void SimulationWorker::startSubmitted() {
    prepareSubmitted();
    resume();
}

void SimulationWorker::prepareSubmitted() {
    std::optional<RunRequest> request;
    {
        std::lock_guard lock(m_inputMutex);
        request.swap(m_submitted);
    }
    if (request)
        prepare(*request);
}

void SimulationWorker::start(const RunRequest& request) {
    prepare(request);
    resume();
}

void SimulationWorker::pause() {
    if (m_state != WorkerState::Running)
        return;
    m_timer->stop();
    recordLatest();
    flushBatch();
    setState(WorkerState::Paused);
    publish(true);
}

void SimulationWorker::resume() {
    if (m_state != WorkerState::Paused || !m_sim)
        return;
    takePendingInputs();
    anchorClock();
    m_rateStart = Clock::now();
    m_rateSteps = 0;
    m_rateSim = 0.0;
    m_stride = m_pacing.realTime ? 1 : 64; // fast mode refines this once it has measured
    setState(WorkerState::Running);
    armTimer();
}

void SimulationWorker::stop() {
    if (m_state != WorkerState::Running && m_state != WorkerState::Paused)
        return;
    m_timer->stop();
    recordLatest();
    flushBatch();
    setState(WorkerState::Stopped);
    publish(true);
}

void SimulationWorker::singleStep() {
    if (m_state != WorkerState::Paused || !m_sim)
        return;
    takePendingInputs();
    // Every single step is recorded, whatever the stride.
    m_strideCounter = m_stride - 1;
    const StepOutcome outcome = stepOnce();
    flushBatch();
    publish(true);
    if (outcome != StepOutcome::Continue)
        finishRun(outcome);
}

void SimulationWorker::shutdown() {
    m_timer->stop();
    if (m_state == WorkerState::Running || m_state == WorkerState::Paused)
        setState(WorkerState::Stopped);
}

void SimulationWorker::armTimer() {
    // Fast: come back as soon as queued calls are handled. Real time: ~1 ms
    // slices keep the simulated clock within a millisecond of the wall clock.
    m_timer->start(m_pacing.realTime ? 1 : 0);
}

void SimulationWorker::anchorClock() {
    m_anchorWall = Clock::now();
    m_anchorSim = m_sim ? m_sim->time() : 0.0;
}

SimulationWorker::StepOutcome SimulationWorker::stepOnce() {
    DriverInputs inputs = m_driveInputs;
    if (m_maneuver) {
        // The same order as runManeuver(): finished, time limit, control, step, observe.
        if (m_maneuver->finished())
            return StepOutcome::Finished;
        if (m_sim->time() >= m_maneuver->timeLimit()) {
            m_timedOut = true;
            return StepOutcome::Finished;
        }
        inputs = m_maneuver->control(*m_sim);
    }
    if (!m_sim->step(inputs))
        return StepOutcome::Failed;
    ++m_steps;
    const StepSample& sample = m_sim->lastSample();
    if (m_maneuver)
        m_maneuver->observe(sample);
    if (++m_strideCounter >= m_stride) {
        m_strideCounter = 0;
        m_batch.push_back(sample);
        m_lastRecordedStep = m_steps;
        if (m_batch.size() >= batchFlushSize)
            flushBatch();
    }
    if (m_maneuver && m_maneuver->finished())
        return StepOutcome::Finished;
    return StepOutcome::Continue;
}

void SimulationWorker::runSlice() {
    if (m_state != WorkerState::Running)
        return;
    takePendingInputs();
    const Clock::time_point sliceStart = Clock::now();
    const double dt = m_sim->setup().simulation.timeStep;
    long allowed = std::numeric_limits<long>::max();
    if (m_pacing.realTime) {
        double behind =
            m_anchorSim + seconds(sliceStart - m_anchorWall) * m_pacing.speedFactor - m_sim->time();
        if (behind > maxRealTimeLag * m_pacing.speedFactor) {
            anchorClock();
            m_anchorSim -= maxRealTimeLag * m_pacing.speedFactor;
            behind = maxRealTimeLag * m_pacing.speedFactor;
        }
        allowed = behind > 0.0 ? static_cast<long>(behind / dt) : 0;
    }

    const double simBefore = m_sim->time();
    long done = 0;
    StepOutcome outcome = StepOutcome::Continue;
    QThread* thread = QThread::currentThread();
    while (done < allowed && outcome == StepOutcome::Continue) {
        // Look at the clock only every few dozen steps: it costs as much as a step.
        const long chunk = std::min<long>(64, allowed - done);
        for (long k = 0; k < chunk; ++k) {
            outcome = stepOnce();
            if (outcome != StepOutcome::Continue)
                break;
            ++done;
        }
        if (Clock::now() - sliceStart > sliceBudget || thread->isInterruptionRequested())
            break;
    }
    flushBatch();
    updateRate(done, m_sim->time() - simBefore);
    publish(false);
    if (outcome != StepOutcome::Continue)
        finishRun(outcome);
}

void SimulationWorker::updateRate(long steps, double simAdvance) {
    m_rateSteps += steps;
    m_rateSim += simAdvance;
    const Clock::time_point now = Clock::now();
    const double wall = seconds(now - m_rateStart);
    if (now - m_rateStart < rateWindow)
        return;
    m_stepsPerSecond = static_cast<double>(m_rateSteps) / wall;
    m_realTimeRatio = m_rateSim / wall;
    m_rateStart = now;
    m_rateSteps = 0;
    m_rateSim = 0.0;
    if (!m_pacing.realTime) {
        // A power of two keeps the recorded samples on a regular time grid
        // between refinements.
        const auto wanted =
            static_cast<unsigned>(std::clamp(m_stepsPerSecond / fastSampleBudget, 1.0, 1024.0));
        m_stride = static_cast<int>(std::bit_ceil(wanted));
    } else {
        m_stride = 1;
    }
}

void SimulationWorker::recordLatest() {
    // Whatever the stride, the history ends with the state the run stopped in.
    if (m_steps > 0 && m_lastRecordedStep != m_steps) {
        m_batch.push_back(m_sim->lastSample());
        m_lastRecordedStep = m_steps;
    }
}

void SimulationWorker::flushBatch() {
    if (m_batch.empty())
        return;
    m_queue.push(m_batch, m_generation);
    m_batch.clear();
}

void SimulationWorker::publish(bool forceLimits) {
    if (!m_sim)
        return;
    const bool hasSample = m_steps > 0;
    const Clock::time_point now = Clock::now();
    if (hasSample && (forceLimits || now - m_lastLimits >= limitsInterval)) {
        m_limits = frictionEnvelopes(m_sim->model(), m_sim->lastSample());
        m_lastLimits = now;
    }
    std::lock_guard lock(m_statusMutex);
    m_status.state = m_state;
    m_status.generation = m_generation;
    m_status.setupSerial = m_appliedSerial;
    m_status.simTime = m_sim->time();
    m_status.steps = m_steps;
    m_status.stepsPerSecond = m_stepsPerSecond;
    m_status.realTimeRatio = m_realTimeRatio;
    m_status.recordStride = m_stride;
    m_status.timedOut = m_timedOut;
    m_status.hasSample = hasSample;
    if (hasSample)
        m_status.latest = m_sim->lastSample();
    m_status.limits = m_limits;
}

void SimulationWorker::setState(WorkerState state) {
    if (state == m_state)
        return;
    m_state = state;
    {
        std::lock_guard lock(m_statusMutex);
        m_status.state = state;
    }
    emit stateChanged(static_cast<int>(state));
}

void SimulationWorker::finishRun(StepOutcome outcome) {
    m_timer->stop();
    recordLatest();
    flushBatch();
    if (outcome == StepOutcome::Failed) {
        const QString message = QString::fromStdString(m_sim->error());
        {
            std::lock_guard lock(m_statusMutex);
            m_status.error = m_sim->error();
        }
        publish(true);
        setState(WorkerState::Failed);
        emit runFailed(message);
        return;
    }
    const MetricList metrics = m_maneuver ? m_maneuver->metrics() : MetricList{};
    {
        std::lock_guard lock(m_statusMutex);
        m_status.metrics = metrics;
    }
    publish(true);
    setState(WorkerState::Finished);
    emit maneuverFinished(metrics);
}

} // namespace vtw
