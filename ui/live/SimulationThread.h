#pragma once

#include "ui/live/SimulationWorker.h"

#include <QThread>

namespace vtw {

/// Owns a SimulationWorker and the QThread it lives in, and shuts both down
/// cleanly when destroyed, even mid-run (the Tiled pattern: interrupt, quit,
/// wait). Control calls are queued to the worker's thread as argument-less
/// slot calls; run requests go through SimulationWorker::submit().
class SimulationThread {
public:
    SimulationThread();
    ~SimulationThread();
    SimulationThread(const SimulationThread&) = delete;
    SimulationThread& operator=(const SimulationThread&) = delete;

    SimulationWorker* worker() const { return m_worker; }

    void start(const RunRequest& request);
    void prepare(const RunRequest& request);
    void pause();
    void resume();
    void stop();
    void singleStep();

    /// Stop the run, the thread and its event loop; idempotent.
    void shutdown();
    bool isRunning() const { return m_thread.isRunning(); }

private:
    void invoke(const char* slot, Qt::ConnectionType type = Qt::QueuedConnection);

    QThread m_thread;
    SimulationWorker* m_worker = nullptr;
};

} // namespace vtw
