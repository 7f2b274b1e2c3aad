#pragma once

#include "ui/live/RunRequest.h"
#include "ui/live/SampleQueue.h"
#include "core/sim/Simulator.h"
#include "ui/live/WorkerStatus.h"
#include "core/maneuvers/Maneuver.h"
#include "core/maneuvers/ManeuverSession.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <mutex>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>

class QTimer;

namespace vtw {

/// Runs one simulation in its own thread: a worker object fed setup snapshots by queued signals.
///
/// The worker lives in a QThread and advances the car in slices of at most a
/// few milliseconds, each started by a timer of the thread's event loop: so the
/// queued control calls (pause, stop, ...) are handled between slices, at a step
/// boundary, and the thread can always be shut down within one slice.
///
/// Data that changes often goes through locks, never through signals: setup
/// snapshots and driver inputs come in through thread-safe setters (the latest
/// wins, so 1000 edits in a burst cost one model rebuild per slice), telemetry
/// goes out in batches through a SampleQueue, and the UI copies a WorkerStatus
/// on its own timer. Signals are emitted only when the state changes.
///
/// The run itself is a ManeuverSession, the class runManeuver() drives for the CLI
/// and the studies: the worker only paces it (slices, real time or as fast as
/// possible), hands it the live edits and inputs, and passes its kept samples on.
/// So a run here takes the CLI's steps exactly and gives its metrics bit for bit.
class SimulationWorker : public QObject {
    Q_OBJECT
public:
    explicit SimulationWorker(QObject* parent = nullptr);
    ~SimulationWorker() override;

    // --- Thread-safe: call from any thread. ---

    /// A live edit: applied at the next slice boundary. Returns its serial
    /// (status().setupSerial reaches it once applied).
    std::uint64_t setSetup(const Setup& setup);
    /// Inputs for drive mode (the keyboard's current values).
    void setDriverInputs(const DriverInputs& inputs);
    void setPacing(const PacingOptions& pacing);
    WorkerStatus status() const;
    SampleQueue& queue() { return m_queue; }

    /// Telemetry budget of as-fast-as-possible mode: the session's decimation is
    /// chosen so about this many samples per wall second reach the queue (the
    /// maneuver itself still observes every step).
    static constexpr double fastSampleBudget = 50000.0;
    /// Longest slice of stepping between two visits to the event loop.
    static constexpr std::chrono::microseconds sliceBudget{4000};

    /// Hand a request over for the next startSubmitted()/prepareSubmitted().
    void submit(const RunRequest& request);
    /// Ask the run to stop, from any thread: it ends at its next step, and a maneuver's
    /// long preparation (which holds this thread) ends at its next step too. stop()
    /// follows as usual.
    void requestStop() { m_stopRequested.store(true, std::memory_order_relaxed); }

    // --- Call in the worker's thread (queued from the UI). ---

    /// Build the simulator for a request and wait, paused at t = 0.
    void prepare(const RunRequest& request);
    /// prepare() then resume().
    void start(const RunRequest& request);

public slots:
    // Slots without arguments, so a queued call carries no data through Qt's
    // event queue: requests travel through submit() under our own lock.
    void startSubmitted();
    void prepareSubmitted();
    void pause();
    void resume();
    void stop();
    /// One step while paused.
    void singleStep();
    /// Stop the timers before the thread quits.
    void shutdown();

signals:
    void stateChanged(int state); ///< a WorkerState
    void maneuverFinished(const vtw::MetricList& metrics);
    void runFailed(const QString& message);

private:
    void runSlice();
    void takePendingInputs();
    void flushBatch();
    void publish(bool forceLimits);
    void setState(WorkerState state);
    /// Report a run that could not start (an unknown maneuver, a refused session).
    void failToStart(const std::string& error);
    /// Report the session's end (finished, timed out, failed or cancelled).
    void finishRun();
    void anchorClock();
    void updateRate(long steps, double simAdvance, bool runEnded);
    void armTimer();

    using Clock = std::chrono::steady_clock;

    // Worker-thread state.
    QTimer* m_timer = nullptr;
    std::unique_ptr<Maneuver> m_maneuver;        ///< the run's maneuver (null in drive mode)
    std::unique_ptr<ManeuverSession> m_session;  ///< drives m_maneuver; reset before it
    RunMode m_mode = RunMode::Drive;
    WorkerState m_state = WorkerState::Idle;
    std::uint64_t m_generation = 0;
    std::uint64_t m_appliedSerial = 0;
    PacingOptions m_pacing;
    Clock::time_point m_anchorWall;
    double m_anchorSim = 0.0;
    Clock::time_point m_rateStart;
    long m_rateSteps = 0;
    double m_rateSim = 0.0;
    double m_stepsPerSecond = 0.0;
    double m_realTimeRatio = 0.0;
    Clock::time_point m_lastLimits;
    std::array<FrictionLimits, WheelCount> m_limits{};

    // Shared with other threads (std::mutex so ThreadSanitizer sees the locking).
    mutable std::mutex m_inputMutex;
    std::optional<Setup> m_pendingSetup;
    std::optional<RunRequest> m_submitted;
    std::uint64_t m_nextSerial = 0;
    std::uint64_t m_pendingSerial = 0;
    DriverInputs m_sharedInputs;
    PacingOptions m_sharedPacing;
    std::atomic<bool> m_inputsChanged{false};

    mutable std::mutex m_statusMutex;
    WorkerStatus m_status;

    SampleQueue m_queue;
    /// Set by requestStop(); cleared when a run is prepared. The run's cancel flag.
    std::atomic<bool> m_stopRequested{false};
};

} // namespace vtw
