#include "ui/compare/CompareTraceTools.h"

#include "ui/analysis/ChannelDisplay.h"
#include "ui/compare/ComparisonData.h"
#include "ui/analysis/CursorLines.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/analysis/ReferenceTraces.h"
#include "ui/mathchannels/RunMathChannels.h"
#include "ui/compare/TraceOverlayPanel.h"

#include "core/analysis/TraceInterpolation.h"

#include <QComboBox>
#include <QSplitter>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace vtw {

namespace {

CursorAxis cursorAxisOf(TraceAxis axis) {
    return axis == TraceAxis::Time ? CursorAxis::Time : CursorAxis::Distance;
}

} // namespace

std::optional<RunForReference> baselineRunOf(const ComparisonData& data, const TraceOverlayPanel& panel) {
    const TraceSelection s = panel.selection();
    const std::size_t m = s.overlayManeuvers ? 0 : s.maneuver;
    const std::size_t setup = s.overlayManeuvers ? s.setup : data.baseline;
    const RunResult* run = data.run(m, setup);
    if (!run || run->telemetry.sampleCount() == 0)
        return std::nullopt;
    ChannelTable table = channelTableOf(run->telemetry);
    if (const auto lap = lapDistanceTrace(run->telemetry, data.maneuvers[m])) {
        // The lap only, on the line's distance and the crossing's time, as the traces draw it.
        ChannelTable onLap;
        for (const ChannelColumn& c : table.columns()) {
            ChannelColumn column{c.name, c.unit, c.label, {}};
            if (c.name == channelTableDistance)
                column.values = lap->distance;
            else if (c.name == channelTableTime)
                column.values = lap->time;
            else
                for (std::size_t k : lap->samples)
                    column.values.push_back(c.values[k]);
            onLap.add(std::move(column));
        }
        table = std::move(onLap);
    }
    return RunForReference{QStringLiteral("%1 - %2").arg(data.names.value(static_cast<int>(setup)),
                                                          maneuverSummary(data.maneuvers[m])),
                           QObject::tr("Compare"), std::move(table)};
}

CompareTraceTools::CompareTraceTools(TraceOverlayPanel* panel, QWidget* parent)
    : QWidget(parent), m_panel(panel), m_cursor(new WorkspaceCursor(cursorAxisOf(panel->selection().x), this)) {
    setObjectName(QStringLiteral("compareTraceTools"));
    m_traceLines = new CursorLines(panel->tracePlot(), m_cursor);
    new CursorLines(panel->deltaPlot(), m_cursor);
    m_ab = new AbDeltaTable(m_cursor);
    m_ab->setRowSource([this](double a, double b) { return rowsAt(a, b); });
    m_reference = new ReferencePanel(new ReferenceRuns(this), [this]() -> std::optional<RunForReference> {
        return m_data ? baselineRunOf(*m_data, *m_panel) : std::nullopt;
    });

    auto* tools = new QSplitter(Qt::Horizontal);
    tools->addWidget(m_ab);
    tools->addWidget(m_reference);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(panel);
    split->addWidget(tools);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    // The overlay redraws its graphs on every choice: the reference follows just before
    // the plot draws, so no change of the overlay's code or extra replot is needed.
    connect(panel->tracePlot(), &QCustomPlot::beforeReplot, this, &CompareTraceTools::beforeTraceReplot);
    panel->setCursor(m_cursor);
    connect(panel, &TraceOverlayPanel::channelsChanged, m_ab, &AbDeltaTable::refresh);
    for (QComboBox* box : {panel->channelChoice(), panel->axisChoice(), panel->maneuverChoice(), panel->overlayChoice()})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            m_ab->refresh();
            m_reference->refresh();
        });
    setReferenceRuns(m_reference->runs());
}

void CompareTraceTools::setComparison(const ComparisonData* data) {
    m_data = data;
    m_cursor->clear();
    m_ab->refresh();
    m_reference->refresh();
}

void CompareTraceTools::setReferenceRuns(ReferenceRuns* runs) {
    if (ReferenceRuns* old = m_reference->runs())
        disconnect(old, nullptr, this, nullptr);
    m_reference->setRuns(runs);
    connect(runs, &ReferenceRuns::changed, this, [this] {
        drawReferenceTraces(m_panel->tracePlot(), {}, nullptr, m_cursor->axis()); // redrawn before the replot
        replotWhenShown(m_panel->tracePlot());
    });
}

void CompareTraceTools::beforeTraceReplot() {
    const TraceSelection s = m_panel->selection();
    m_cursor->setAxis(cursorAxisOf(s.x));
    QCustomPlot* plot = m_panel->tracePlot();
    const PinnedRun* reference = m_reference->runs()->current();
    if (!reference || !referenceGraphs(plot).empty() || plot->graphCount() == 0)
        return;
    const auto info = channelOrMathInfo(s.channel);
    const double scale = info ? channelDisplay(info->unit, s.units).scale : 1.0;
    drawReferenceTraces(plot, {{plot->graph(0), s.channel, scale}}, reference, m_cursor->axis());
}

std::vector<AbRow> CompareTraceTools::rowsAt(double a, double b) const {
    std::vector<AbRow> rows;
    if (!m_data)
        return rows;
    TraceSelection s = m_panel->selection();
    const auto addRows = [&](const TraceSelection& selection) {
        const int index = channelIndex(selection.channel);
        if (index < 0)
            return;
        const ChannelInfo& info = channelCatalogue()[static_cast<std::size_t>(index)];
        const ChannelDisplay shown = channelDisplay(info.unit, selection.units);
        for (const TraceSeries& series : traceSeries(*m_data, selection)) {
            const std::vector<double> at = interpolateOnto(series.x, series.y, {a, b});
            rows.push_back({QStringLiteral("%1: %2").arg(series.name, QString::fromStdString(info.label)),
                            shown.unit, at[0] * shown.scale, at[1] * shown.scale});
        }
    };
    const QStringList channels = m_panel->channels();
    if (s.x == TraceAxis::Distance && !channels.contains(QLatin1String(channelTableTime.data(), static_cast<qsizetype>(channelTableTime.size())))) {
        TraceSelection time = s;
        time.channel = std::string(channelTableTime);
        addRows(time);
    }
    // Every plotted channel, in the plots' order.
    for (const QString& channel : channels) {
        s.channel = channel.toStdString();
        addRows(s);
    }
    return rows;
}

} // namespace vtw
