#pragma once

// Another instance of the program, as a process of its own (recovery_owner):
// it autosaves one copy into a recovery folder and owns it while it runs.
// crash() kills it (SIGKILL), so it leaves its copy and lock behind as a
// crashed instance does.

#include <QProcess>
#include <QStringList>

class RecoveryOwnerProcess {
public:
    RecoveryOwnerProcess(const QString& folder, const QString& documentId,
                         const QString& setupName) {
        m_process.start(QStringLiteral(VTW_RECOVERY_OWNER_PATH), {folder, documentId, setupName});
        m_saved = m_process.waitForStarted() && m_process.waitForReadyRead(30'000) &&
                  m_process.readLine().trimmed() == "saved";
    }
    ~RecoveryOwnerProcess() { crash(); }

    /// True once the process has written its copy (and owns it).
    bool saved() const { return m_saved; }
    qint64 pid() const { return m_process.processId(); }
    bool running() const { return m_process.state() == QProcess::Running; }

    /// Kills the process without letting it clean up, and waits for its end:
    /// from then on its lock names a process that does not exist.
    void crash() {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.kill();
        m_process.waitForFinished();
    }

private:
    QProcess m_process;
    bool m_saved = false;
};
