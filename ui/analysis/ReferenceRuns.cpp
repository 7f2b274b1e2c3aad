#include "ui/analysis/ReferenceRuns.h"

#include "core/setupfile/AtomicFile.h"
#include "core/setupfile/CsvIo.h"

#include <QFileInfo>

namespace vtw {

ReferenceRuns::ReferenceRuns(QObject* parent) : QObject(parent) {}

bool ReferenceRuns::usable(const ChannelTable& table, QString* error) {
    QString why;
    if (table.sampleCount() == 0)
        why = tr("the run has no samples");
    else if (!table.has(channelTableTime) && !table.has(channelTableDistance))
        why = tr("the run has neither a time nor a distance channel");
    if (error)
        *error = why;
    return why.isEmpty();
}

bool ReferenceRuns::pin(const QString& name, const QString& source, ChannelTable table, QString* error) {
    if (!usable(table, error))
        return false;
    m_runs.push_back({name, source, std::move(table)});
    keepWithinBounds();
    emit changed();
    return true;
}

bool ReferenceRuns::replaceCurrent(const QString& name, const QString& source, ChannelTable table,
                                   QString* error) {
    if (!usable(table, error))
        return false;
    if (m_runs.empty())
        m_runs.push_back({name, source, std::move(table)});
    else
        m_runs.back() = {name, source, std::move(table)};
    keepWithinBounds();
    emit changed();
    return true;
}

void ReferenceRuns::keepWithinBounds() {
    const auto bytes = [this] {
        std::size_t total = 0;
        for (const PinnedRun& run : m_runs)
            total += run.table.sampleCount() * run.table.channelCount() * sizeof(double);
        return total;
    };
    while (m_runs.size() > 1 && (m_runs.size() > maxPinned || bytes() > maxPinnedBytes))
        m_runs.erase(m_runs.begin());
}

void ReferenceRuns::unpin(std::size_t index) {
    if (index >= m_runs.size())
        return;
    m_runs.erase(m_runs.begin() + static_cast<std::ptrdiff_t>(index));
    emit changed();
}

void ReferenceRuns::unpinCurrent() {
    if (!m_runs.empty())
        unpin(m_runs.size() - 1);
}

void ReferenceRuns::clear() {
    if (m_runs.empty())
        return;
    m_runs.clear();
    emit changed();
}

QString referenceRunPath(const QString& telemetryPath, std::size_t n) {
    const QFileInfo info(telemetryPath);
    const QString base = info.suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0
                             ? info.path() + QLatin1Char('/') + info.completeBaseName()
                             : telemetryPath;
    return QStringLiteral("%1.reference-%2.csv").arg(base).arg(n);
}

QByteArray channelTableCsv(const ChannelTable& table) {
    std::vector<TableColumn> columns;
    columns.reserve(table.channelCount());
    for (const ChannelColumn& c : table.columns())
        columns.push_back({QString::fromStdString(c.name), QString::fromStdString(c.unit), c.values});
    return writeTableCsv(columns);
}

bool ReferenceRuns::exportBeside(const QString& telemetryPath, QStringList* written, QString* error) const {
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        const QString path = referenceRunPath(telemetryPath, i + 1);
        const SaveResult saved = writeFileAtomically(path, channelTableCsv(m_runs[i].table));
        if (!saved.ok) {
            if (error)
                *error = saved.error;
            return false;
        }
        if (written)
            *written << path;
    }
    return true;
}

} // namespace vtw
