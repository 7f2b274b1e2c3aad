#pragma once

// A FIFO in a test's temporary folder that nobody writes: the input that made the
// window hang in open(). So that a reader which does open it cannot hang the test
// run, a thread watches for a reader and, once one is waiting, opens the write end
// and closes it at once: the reader sees an empty input and the test fails on its
// message instead of timing out. `readerArrived()` says whether that happened.

#include <QFile>
#include <QString>

#include <atomic>
#include <chrono>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

class FifoWithoutWriter {
public:
    explicit FifoWithoutWriter(const QString& path) : m_path(QFile::encodeName(path)) {
        m_created = ::mkfifo(m_path.constData(), 0600) == 0;
        if (m_created)
            m_watcher = std::thread([this] { releaseReaders(); });
    }
    ~FifoWithoutWriter() {
        m_stop = true;
        if (m_watcher.joinable())
            m_watcher.join();
    }
    FifoWithoutWriter(const FifoWithoutWriter&) = delete;
    FifoWithoutWriter& operator=(const FifoWithoutWriter&) = delete;

    bool created() const { return m_created; }
    bool readerArrived() const { return m_readerArrived; }

private:
    void releaseReaders() {
        while (!m_stop) {
            // A non-blocking open for writing succeeds only while a reader waits.
            const int fd = ::open(m_path.constData(), O_WRONLY | O_NONBLOCK);
            if (fd >= 0) {
                m_readerArrived = true;
                ::close(fd);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }

    QByteArray m_path;
    bool m_created = false;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_readerArrived{false};
    std::thread m_watcher;
};
