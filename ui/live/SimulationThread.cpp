#include "ui/live/SimulationThread.h"

#include <QMetaObject>

namespace vtw {

SimulationThread::SimulationThread() {
    m_thread.setObjectName(QStringLiteral("vtw-simulation"));
    m_worker = new SimulationWorker;
    m_worker->moveToThread(&m_thread);
    m_thread.start();
}

SimulationThread::~SimulationThread() {
    shutdown();
    // The thread has finished: nothing runs in it any more and its timer is stopped.
    delete m_worker;
}

void SimulationThread::invoke(const char* slot, Qt::ConnectionType type) {
    QMetaObject::invokeMethod(m_worker, slot, type);
}

void SimulationThread::start(const RunRequest& request) {
    m_worker->submit(request);
    invoke("startSubmitted");
}

void SimulationThread::prepare(const RunRequest& request) {
    m_worker->submit(request);
    invoke("prepareSubmitted");
}

void SimulationThread::pause() {
    invoke("pause");
}
void SimulationThread::resume() {
    invoke("resume");
}
void SimulationThread::stop() {
    m_worker->requestStop(); // reaches a maneuver still preparing, which holds the thread
    invoke("stop");
}
void SimulationThread::singleStep() {
    invoke("singleStep");
}

void SimulationThread::shutdown() {
    if (!m_thread.isRunning())
        return;
    // The interruption ends a slice early; the blocking call then stops the
    // worker's timer in its own thread (a timer cannot be stopped from another),
    // and only then does the event loop quit.
    m_thread.requestInterruption();
    m_worker->requestStop();
    invoke("shutdown", Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

} // namespace vtw
