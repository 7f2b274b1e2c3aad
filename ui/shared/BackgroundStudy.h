#pragma once

// Runs one study (a comparison, a sweep, an attribution) off the GUI thread.
// The work reports progress through atomics that a timer reads a few times a
// second, so no signal crosses threads per run; the only cross-thread event is
// the future finishing. Cancelling sets the flag the core polls between steps.

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <functional>

namespace vtw {

class BackgroundStudy : public QObject {
    Q_OBJECT
public:
    using Progress = std::function<void(int done, int total)>;
    /// The study itself: runs on a pool thread; must poll `cancel` (core does)
    /// and may call `progress` from any thread.
    using Work = std::function<void(const std::atomic<bool>* cancel, const Progress& progress)>;

    explicit BackgroundStudy(QObject* parent = nullptr);
    /// Cancels a running study and waits for it: the work may reference its owner.
    ~BackgroundStudy() override;

    /// Starts the work; false (and nothing started) while another one runs.
    bool start(Work work);
    void cancel();
    bool isRunning() const;
    /// Whether the last study was cancelled before it finished.
    bool wasCancelled() const { return m_cancelled; }
    /// Blocks until the current study ends (tests, shutdown).
    void waitForFinished();

signals:
    void progressChanged(int done, int total);
    /// On the GUI thread, once the work has returned (cancelled or not).
    void finished();

private:
    void pollProgress();

    std::atomic<bool> m_cancel{false};
    std::atomic<int> m_done{0};
    std::atomic<int> m_total{0};
    bool m_cancelled = false;
    QFutureWatcher<void> m_watcher;
    QTimer m_poll;
};

} // namespace vtw
