#include "ui/shared/BackgroundStudy.h"

#include <QtConcurrent/QtConcurrentRun>

namespace vtw {

BackgroundStudy::BackgroundStudy(QObject* parent) : QObject(parent) {
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, &BackgroundStudy::pollProgress);
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] {
        m_poll.stop();
        m_cancelled = m_cancel.load();
        pollProgress();
        emit finished();
    });
}

BackgroundStudy::~BackgroundStudy() {
    m_cancel = true;
    m_watcher.waitForFinished();
}

bool BackgroundStudy::start(Work work) {
    if (isRunning())
        return false;
    m_cancel = false;
    m_cancelled = false;
    m_done = 0;
    m_total = 0;
    emit progressChanged(0, 0);
    m_watcher.setFuture(QtConcurrent::run([this, work = std::move(work)] {
        work(&m_cancel, [this](int done, int total) {
            // Runs finish out of order on several threads: keep the largest count.
            m_total = total;
            int seen = m_done.load();
            while (done > seen && !m_done.compare_exchange_weak(seen, done)) {
            }
        });
    }));
    m_poll.start();
    return true;
}

void BackgroundStudy::cancel() {
    m_cancel = true;
}

bool BackgroundStudy::isRunning() const {
    return m_watcher.isRunning();
}

void BackgroundStudy::waitForFinished() {
    m_watcher.waitForFinished();
}

void BackgroundStudy::pollProgress() {
    emit progressChanged(m_done.load(), m_total.load());
}

} // namespace vtw
