#include "SweepOutput.h"

#include "CliCommon.h"

#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace vtw::cli {

SweepOutput::SweepOutput(const QString& path, std::vector<SweepRow> earlier)
    : m_path(path), m_toStdout(path == QLatin1String("-")), m_earlier(std::move(earlier)) {}

QString SweepOutput::partialPath() const {
    return m_toStdout ? QString() : m_path + QStringLiteral(".partial");
}

bool SweepOutput::begin(const std::string& header) {
    if (m_toStdout) {
        printOut(header);
        return true;
    }
    const QString fresh = partialPath() + QStringLiteral(".new");
    for (const QString& path : {m_path, partialPath(), fresh}) {
        const QFileInfo target(path);
        if (target.exists() && !target.isFile()) {
            printError(QStringLiteral("cannot write %1: it is not a regular file").arg(path));
            return false;
        }
    }
    // Unbuffered: each row reaches the file as its point finishes, so a killed
    // sweep keeps every row it finished.
    m_partial.setFileName(fresh);
    if (!m_partial.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Unbuffered)) {
        printError(QStringLiteral("cannot write %1: %2").arg(fresh, m_partial.errorString()));
        return false;
    }
    std::string start = header;
    for (const SweepRow& row : m_earlier)
        start += row.text;
    // Renamed while open: the rows that follow go on into the same file.
    const bool placed = log(start) && std::rename(QFile::encodeName(fresh).constData(),
                                                  QFile::encodeName(partialPath()).constData()) == 0;
    if (!placed) {
        if (!m_failed)
            printError(QStringLiteral("cannot write %1: %2")
                           .arg(partialPath(), QString::fromLocal8Bit(std::strerror(errno))));
        m_partial.close();
        QFile::remove(fresh);
        m_failed = true;
        return false;
    }
    m_table = header;
    return true;
}

std::string SweepOutput::earlierRowsBefore(int index) {
    std::string out;
    while (m_nextEarlier < m_earlier.size() && (index < 0 || m_earlier[m_nextEarlier].index < index))
        out += m_earlier[m_nextEarlier++].text;
    return out;
}

bool SweepOutput::log(const std::string& text) {
    if (m_failed)
        return false;
    if (m_partial.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size())) {
        printError(QStringLiteral("cannot write %1: %2").arg(partialPath(), m_partial.errorString()));
        m_failed = true;
    }
    return !m_failed;
}

void SweepOutput::row(int index, const std::string& text) {
    const std::string due = earlierRowsBefore(index) + text;
    if (m_toStdout) {
        printOut(due);
        return;
    }
    m_table += due;
    log(text);
}

bool SweepOutput::finish() {
    const std::string rest = earlierRowsBefore(-1);
    if (m_toStdout) {
        printOut(rest);
        return true;
    }
    m_partial.close();
    if (m_failed) {
        // A row cut short at its end is left out when resuming.
        printError(QStringLiteral("the rows finished so far are kept in %1: --resume %1 runs the rest")
                       .arg(partialPath()));
        return false;
    }
    // The finished table replaces the output through the checked, atomic writer.
    m_table += rest;
    if (!writeTextFile(m_path, m_table)) {
        printError(QStringLiteral("the sweep's rows are kept in %1").arg(partialPath()));
        return false;
    }
    QFile::remove(partialPath());
    return true;
}

} // namespace vtw::cli
