#include "ui/live/LiveAnalysis.h"

#include "ui/analysis/ChannelDisplay.h"
#include "ui/live/LiveHistory.h"
#include "ui/live/LiveTracePlots.h"
#include "ui/analysis/CursorLines.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/analysis/ReferenceTraces.h"
#include "core/sim/Telemetry.h"

#include <qcustomplot.h>

#include <cmath>
#include <limits>

namespace vtw {

ChannelTable channelTableOf(const LiveHistory& history) {
    ChannelTable table;
    const auto& catalogue = channelCatalogue();
    for (std::size_t c = 0; c < catalogue.size() && c < history.channelCount(); ++c) {
        ChannelColumn column{catalogue[c].name, catalogue[c].unit, catalogue[c].label, {}};
        column.values.reserve(history.size());
        column.values.assign(history.archive(c).begin(), history.archive(c).end());
        column.values.insert(column.values.end(), history.recent(c).begin(), history.recent(c).end());
        table.add(std::move(column));
    }
    return table;
}

std::vector<AbRow> liveAbRows(const LiveHistory& history, const LiveTracePlots& traces, double a, double b) {
    std::vector<AbRow> rows;
    if (history.empty())
        return rows;
    const auto& catalogue = channelCatalogue();
    const auto at = [&](std::size_t c, double t) {
        return t >= history.firstTime() && t <= history.lastTime() ? history.valueAt(c, t)
                                                                   : std::numeric_limits<double>::quiet_NaN();
    };
    QStringList names{QStringLiteral("time"), QStringLiteral("distance")};
    for (const QString& name : traces.selectedChannels()) {
        if (!names.contains(name))
            names << name;
    }
    const LiveMathChannels& math = traces.mathChannels();
    for (const QString& name : names) {
        const int c = channelIndex(name.toStdString());
        if (c < 0) {
            // A math channel the traces show: its values as they are plotted.
            for (std::size_t k = 0; k < math.count(); ++k) {
                const ChannelInfo info = math.info(k);
                if (info.name != name.toStdString())
                    continue;
                const auto mathAt = [&](double t) {
                    return t >= history.firstTime() && t <= history.lastTime() ? math.valueAt(k, t)
                                                                               : std::numeric_limits<double>::quiet_NaN();
                };
                const ChannelDisplay display = channelDisplay(info.unit, traces.unitSystem());
                rows.push_back({QString::fromStdString(info.label), display.unit, mathAt(a) * display.scale,
                                mathAt(b) * display.scale});
            }
            continue;
        }
        const ChannelInfo& info = catalogue[static_cast<std::size_t>(c)];
        const ChannelDisplay display = channelDisplay(info.unit, traces.unitSystem());
        rows.push_back({QString::fromStdString(info.label), display.unit,
                        at(static_cast<std::size_t>(c), a) * display.scale,
                        at(static_cast<std::size_t>(c), b) * display.scale});
    }
    return rows;
}

LiveAnalysis::LiveAnalysis(LiveTracePlots* traces, const LiveHistory* history, std::function<QString()> runName,
                           QObject* parent)
    : QObject(parent), m_traces(traces), m_history(history) {
    m_ab = new AbDeltaTable(traces->workspaceCursor());
    m_ab->setRowSource([this](double a, double b) { return liveAbRows(*m_history, *m_traces, a, b); });
    auto* ownRuns = new ReferenceRuns(this); // until the window shares its own
    m_reference = new ReferencePanel(ownRuns, [this, runName]() -> std::optional<RunForReference> {
        if (m_history->empty())
            return std::nullopt;
        return RunForReference{runName(), tr("Live"), channelTableOf(*m_history)};
    });
    connect(traces, &LiveTracePlots::rowsRebuilt, this, &LiveAnalysis::drawReference);
    connect(traces, &LiveTracePlots::selectionChanged, m_ab, &AbDeltaTable::refresh);
    setReferenceRuns(ownRuns);
}

void LiveAnalysis::setReferenceRuns(ReferenceRuns* runs) {
    if (ReferenceRuns* old = m_reference->runs())
        disconnect(old, nullptr, this, nullptr);
    m_reference->setRuns(runs);
    connect(runs, &ReferenceRuns::changed, this, &LiveAnalysis::drawReference);
    drawReference();
}

void LiveAnalysis::drawReference() {
    drawReferenceTraces(m_traces->plot(), m_traces->referenceTargets(), m_reference->runs()->current(),
                        CursorAxis::Time);
    replotWhenShown(m_traces->plot());
}

void LiveAnalysis::runChanged() {
    m_reference->refresh();
    m_ab->refresh();
}

} // namespace vtw
