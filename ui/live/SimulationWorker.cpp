#include "ui/live/SimulationWorker.h"

#include "core/sim/FrictionEnvelope.h"
#include "core/vehicle/WheelLayout.h"
#include "core/maneuvers/ScriptedManeuver.h"

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
    DriverInputs inputs;
    PacingOptions pacing;
    {
        std::lock_guard lock(m_inputMutex);
        setup.swap(m_pendingSetup);
        if (setup)
            m_appliedSerial = m_pendingSerial;
        inputs = m_sharedInputs;
        pacing = m_sharedPacing;
    }
    if (m_session) {
        m_session->setDriverInputs(inputs);
        // The step boundary: the motion state is kept, the model is rebuilt. (An edit
        // the session refuses ends the run; the caller's next look reports it.)
        if (setup && m_session->applySetup(*setup)) {
            std::lock_guard lock(m_statusMutex);
            m_status.geometry = geometryOf(m_session->simulator()->setup());
            m_lastLimits = {}; // the envelope changed with the tires
        }
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
    m_session.reset(); // before the maneuver it drives
    m_maneuver.reset();
    std::string error;
    if (request.mode == RunMode::Maneuver) {
        if (request.maneuverId == "scripted")
            m_maneuver = std::make_unique<ScriptedManeuver>(request.script);
        else
            m_maneuver = makeManeuver(request.maneuverId, request.options, &error, request.words);
    }
    m_generation += 1;
    m_queue.clear(m_generation);
    m_stepsPerSecond = m_realTimeRatio = 0.0;
    if (request.mode == RunMode::Maneuver && !m_maneuver) {
        failToStart(error);
        return;
    }
    RunOptions options;
    options.streamSamples = true; // handed on to the queue in batches
    m_stopRequested.store(false, std::memory_order_relaxed);
    options.cancel = &m_stopRequested;
    // A maneuver that prepares at length (the limit driver learns for seconds) holds
    // this thread meanwhile: it says how far it has got through the status, which the
    // window reads on its own timer, and a stop reaches it through the cancel flag.
    options.preparationProgress = [this](const std::string& progress) {
        std::lock_guard lock(m_statusMutex);
        m_status.preparation = progress;
    };
    m_session = std::make_unique<ManeuverSession>(request.setup, m_maneuver.get(), options, request.driveStart);
    m_session->setDriveAssist(request.mode == RunMode::Drive && request.driveAssist);
    if (!m_session->simulator()) { // refused before its first step
        failToStart(m_session->error());
        return;
    }
    {
        std::lock_guard lock(m_statusMutex);
        m_status = WorkerStatus{};
        m_status.generation = m_generation;
        m_status.geometry = geometryOf(m_session->simulator()->setup());
        m_status.maneuverTitle = m_maneuver ? m_maneuver->title() : std::string();
    }
    takePendingInputs();
    setState(WorkerState::Paused);
    publish(true);
}

void SimulationWorker::failToStart(const std::string& error) {
    m_session.reset();
    {
        std::lock_guard lock(m_statusMutex);
        m_status = WorkerStatus{};
        m_status.generation = m_generation;
        m_status.error = error;
    }
    setState(WorkerState::Failed);
    emit runFailed(QString::fromStdString(error));
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
    m_session->keepLastSample();
    flushBatch();
    setState(WorkerState::Paused);
    publish(true);
}

void SimulationWorker::resume() {
    if (m_state != WorkerState::Paused || !m_session)
        return;
    takePendingInputs();
    anchorClock();
    m_rateStart = Clock::now();
    m_rateSteps = 0;
    m_rateSim = 0.0;
    // Real time keeps every step; fast mode refines this once it has measured.
    m_session->setDecimation(m_pacing.realTime ? 1 : 64);
    setState(WorkerState::Running);
    armTimer();
}

void SimulationWorker::stop() {
    if (m_state != WorkerState::Running && m_state != WorkerState::Paused)
        return;
    m_timer->stop();
    m_session->keepLastSample();
    flushBatch();
    m_session->cancel();
    setState(WorkerState::Stopped);
    publish(true);
}

void SimulationWorker::singleStep() {
    if (m_state != WorkerState::Paused || !m_session)
        return;
    takePendingInputs();
    // Every single step is recorded, whatever the decimation.
    m_session->keepNextSample();
    m_session->advance(1);
    flushBatch();
    publish(true);
    if (!m_session->running())
        finishRun();
}

void SimulationWorker::shutdown() {
    m_timer->stop();
    if (m_state == WorkerState::Running || m_state == WorkerState::Paused) {
        m_session->cancel();
        setState(WorkerState::Stopped);
    }
}

void SimulationWorker::armTimer() {
    // Fast: come back as soon as queued calls are handled. Real time: ~1 ms
    // slices keep the simulated clock within a millisecond of the wall clock.
    m_timer->start(m_pacing.realTime ? 1 : 0);
}

void SimulationWorker::anchorClock() {
    m_anchorWall = Clock::now();
    m_anchorSim = m_session ? m_session->time() : 0.0;
}

void SimulationWorker::runSlice() {
    if (m_state != WorkerState::Running)
        return;
    takePendingInputs();
    const Clock::time_point sliceStart = Clock::now();
    const double dt = m_session->simulator()->setup().simulation.timeStep;
    long allowed = std::numeric_limits<long>::max();
    if (m_pacing.realTime) {
        double behind =
            m_anchorSim + seconds(sliceStart - m_anchorWall) * m_pacing.speedFactor - m_session->time();
        if (behind > maxRealTimeLag * m_pacing.speedFactor) {
            anchorClock();
            m_anchorSim -= maxRealTimeLag * m_pacing.speedFactor;
            behind = maxRealTimeLag * m_pacing.speedFactor;
        }
        allowed = behind > 0.0 ? static_cast<long>(behind / dt) : 0;
    }

    const double simBefore = m_session->time();
    long done = 0;
    QThread* thread = QThread::currentThread();
    while (done < allowed && m_session->running()) {
        // Look at the clock only every few dozen steps: it costs as much as a step.
        done += m_session->advance(std::min<long>(64, allowed - done));
        if (m_session->pendingSamples().size() >= batchFlushSize)
            flushBatch();
        if (Clock::now() - sliceStart > sliceBudget || thread->isInterruptionRequested())
            break;
    }
    flushBatch();
    updateRate(done, m_session->time() - simBefore, !m_session->running());
    publish(false);
    if (!m_session->running())
        finishRun();
}

void SimulationWorker::updateRate(long steps, double simAdvance, bool runEnded) {
    m_rateSteps += steps;
    m_rateSim += simAdvance;
    const Clock::time_point now = Clock::now();
    const double wall = seconds(now - m_rateStart);
    // A run that ends within the window (a short maneuver as fast as possible) is
    // measured over what it ran, not left at no rate at all.
    const bool lastStretch = runEnded && m_rateSteps > 0 && wall > 0.0;
    if (now - m_rateStart < rateWindow && !lastStretch)
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
        m_session->setDecimation(static_cast<int>(std::bit_ceil(wanted)));
    } else {
        m_session->setDecimation(1);
    }
}

void SimulationWorker::flushBatch() {
    if (!m_session || m_session->pendingSamples().empty())
        return;
    m_queue.push(m_session->pendingSamples(), m_generation);
    m_session->clearPendingSamples();
}

void SimulationWorker::publish(bool forceLimits) {
    if (!m_session)
        return;
    const bool hasSample = m_session->steps() > 0;
    const Clock::time_point now = Clock::now();
    if (hasSample && (forceLimits || now - m_lastLimits >= limitsInterval)) {
        m_limits = frictionEnvelopes(*m_session->simulator(), m_session->lastSample());
        m_lastLimits = now;
    }
    std::lock_guard lock(m_statusMutex);
    m_status.state = m_state;
    m_status.generation = m_generation;
    m_status.setupSerial = m_appliedSerial;
    m_status.simTime = m_session->time();
    m_status.steps = m_session->steps();
    m_status.stepsPerSecond = m_stepsPerSecond;
    m_status.realTimeRatio = m_realTimeRatio;
    m_status.recordStride = m_session->decimation();
    m_status.timedOut = m_session->state() == SessionState::TimedOut;
    m_status.hasSample = hasSample;
    if (hasSample)
        m_status.latest = m_session->lastSample();
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

void SimulationWorker::finishRun() {
    m_timer->stop();
    m_session->keepLastSample();
    flushBatch();
    if (m_session->state() == SessionState::Cancelled) {
        publish(true);
        setState(WorkerState::Stopped);
        return;
    }
    if (m_session->state() == SessionState::Failed) {
        const QString message = QString::fromStdString(m_session->error());
        {
            std::lock_guard lock(m_statusMutex);
            m_status.error = m_session->error();
        }
        publish(true);
        setState(WorkerState::Failed);
        emit runFailed(message);
        return;
    }
    const MetricList metrics = m_session->metrics();
    {
        std::lock_guard lock(m_statusMutex);
        m_status.metrics = metrics;
    }
    publish(true);
    setState(WorkerState::Finished);
    emit maneuverFinished(metrics);
}

} // namespace vtw
