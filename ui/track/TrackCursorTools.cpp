#include "ui/track/TrackCursorTools.h"

#include "ui/analysis/CursorLines.h"
#include "ui/track/LapChannels.h"
#include "ui/track/LapTracePlots.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/analysis/ReferenceTraces.h"
#include "ui/track/TrackMapPlot.h"
#include "ui/track/TrackPage.h"
#include "core/lap/LapTelemetry.h"

#include <algorithm>

namespace vtw {

namespace {

// The traces' graphs by their names in LapTracePlots, and the table channel each shows.
struct TraceChannel {
    const char* graphName;
    const char* channel;
};
const TraceChannel traceChannels[] = {{"Speed", "speed"}, {"Gear", "gear"},         {"Engine speed", "rpm"},
                                      {"ax", "ax"},       {"ay", "ay"},             {"Throttle", "throttle"},
                                      {"Brake", "brake"}};

// Shown value per SI value of a table channel in the traces, as LapChannels converts it.
double shownScale(const char* channel, UnitSystem units) {
    const LapChannel* lap = findLapChannel(QLatin1String(channel));
    return lap ? lap->scale * metricDisplayUnit(QString::fromLatin1(lap->unit), units).scale : 1.0;
}

const char* const abChannels[] = {"speed", "gear", "rpm", "ax", "ay", "throttle", "brake"};

} // namespace

TrackCursorTools::TrackCursorTools(TrackPage* page)
    : QObject(page), m_page(page), m_cursor(new WorkspaceCursor(CursorAxis::Distance, this)) {
    // The traces draw their own cursor line; hovering moves it, and the map's marker.
    m_lines = new CursorLines(page->traces(), m_cursor, {false, true});
    connect(page->traces(), &LapTracePlots::distanceChosen, m_cursor, &WorkspaceCursor::setPosition);
    connect(page->map(), &TrackMapPlot::distanceClicked, m_cursor, &WorkspaceCursor::setPosition);
    connect(m_cursor, &WorkspaceCursor::moved, this, [this] {
        const LapRun* run = m_page->lastRun();
        const auto at = m_cursor->position();
        // Nothing past the lap: the cursor stops at its ends.
        if (at && run && run->lap.ok && *at != m_page->cursorDistance())
            m_page->setCursorDistance(std::clamp(*at, 0.0, run->lap.length));
    });
    m_ab = new AbDeltaTable(m_cursor);
    m_ab->setRowSource([this](double a, double b) {
        const LapRun* run = m_page->lastRun();
        std::vector<AbRow> rows;
        if (!run || !run->lap.ok)
            return rows;
        rows = abRowsOf(channelTableOf(run->lap.trace), CursorAxis::Distance, a, b,
                        std::vector<std::string>(std::begin(abChannels), std::end(abChannels)));
        // In the units the traces show (km/h, g, %): the channels follow time and distance.
        for (std::size_t i = 0; i < std::size(abChannels) && i + 2 < rows.size(); ++i) {
            AbRow& row = rows[i + 2];
            const double scale = shownScale(abChannels[i], m_page->unitSystem());
            row.a *= scale;
            row.b *= scale;
            if (const LapChannel* lap = findLapChannel(QLatin1String(abChannels[i])))
                row.unit = metricDisplayUnit(QString::fromLatin1(lap->unit), m_page->unitSystem()).symbol;
        }
        return rows;
    });
    m_reference = new ReferencePanel(new ReferenceRuns(this), [this]() -> std::optional<RunForReference> {
        const LapRun* run = m_page->lastRun();
        if (!run || !run->lap.ok || !run->track)
            return std::nullopt;
        return RunForReference{tr("%1 - %2").arg(m_page->setupName(), QString::fromStdString(run->track->track.name)),
                               tr("Track"), channelTableOf(run->lap.trace)};
    });
    setReferenceRuns(m_reference->runs());
}

void TrackCursorTools::setReferenceRuns(ReferenceRuns* runs) {
    if (ReferenceRuns* old = m_reference->runs())
        disconnect(old, nullptr, this, nullptr);
    m_reference->setRuns(runs);
    connect(runs, &ReferenceRuns::changed, this, &TrackCursorTools::drawReference);
    drawReference();
}

void TrackCursorTools::lapChanged() {
    m_cursor->clearMarkers();
    drawReference();
    m_reference->refresh();
    m_ab->refresh();
}

void TrackCursorTools::drawReference() {
    LapTracePlots* traces = m_page->traces();
    std::vector<ReferenceTarget> targets;
    for (int i = 0; i < traces->graphCount(); ++i) {
        QCPGraph* graph = traces->graph(i);
        for (const TraceChannel& c : traceChannels) {
            if (graph->name() == QLatin1String(c.graphName))
                targets.push_back({graph, c.channel, shownScale(c.channel, m_page->unitSystem())});
        }
    }
    drawReferenceTraces(traces, targets, m_reference->runs()->current(), CursorAxis::Distance);
    replotWhenShown(traces);
}

} // namespace vtw
