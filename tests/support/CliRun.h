#pragma once

// Running vtw-cli as a user does, for the command-line tests (VTW_CLI_PATH names the
// program): its exit code and what it wrote to stdout and stderr.

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QStringList>

namespace vtw::test {

struct Outcome {
    int exitCode = -1;
    QByteArray out, err;
};

/// Runs vtw-cli with args and waits up to two minutes; exit code -1 when it did not
/// finish or crashed.
inline Outcome runCli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(VTW_CLI_PATH), args);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

/// The whole of the file at path; empty if it cannot be read.
inline QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Writes data to path whole; false if it could not.
inline bool writeFile(const QString& path, const QByteArray& data) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

} // namespace vtw::test
