#include "ui/live/LiveTracePlots.h"

#include "ui/analysis/ChannelDisplay.h"
#include "ui/analysis/CursorLines.h"
#include "ui/live/LiveHistory.h"
#include "ui/mathchannels/MathChannelStore.h"
#include "ui/shared/ReadableTicker.h"
#include "ui/mathchannels/RunMathChannels.h"
#include "core/sim/Telemetry.h"
#include "ui/shared/ViewExport.h"

#include "core/setupfile/AtomicFile.h"

#include <QApplication>
#include <QBuffer>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPdfWriter>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace vtw {

namespace {

constexpr int channelRole = Qt::UserRole + 1;

// Distinct, print-friendly colours (the first ones most distinct).
const QColor traceColours[] = {QColor(31, 119, 180),  QColor(214, 39, 40),   QColor(44, 160, 44),
                               QColor(255, 127, 14),  QColor(148, 103, 189), QColor(140, 86, 75),
                               QColor(227, 119, 194), QColor(23, 190, 207)};

// Four rows by default (ax and ay share one); more once the user picks them.
const QStringList defaultChannels = {"speed", "ax", "ay", "yaw_rate", "steer_angle"};

// Before the first layout tells the rows' real margins: about a row's axis room, and the
// time axis's labels and title under the bottom row.
constexpr int estimatedRowMargins = 35;
constexpr int estimatedTimeAxisRoom = 40;

} // namespace

LiveTracePlots::LiveTracePlots(QWidget* parent) : QWidget(parent) {
    m_picker = new QTreeWidget(this);
    m_picker->setHeaderLabel(tr("Channels"));
    m_picker->setMinimumWidth(190);
    // Long channel names are shown whole: the list scrolls sideways rather than cut them.
    m_picker->header()->setStretchLastSection(false);
    m_picker->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    buildPicker();

    m_windowCombo = new QComboBox(this);
    for (int s : {10, 20, 30, 60})
        m_windowCombo->addItem(tr("Last %1 s").arg(s), s);
    m_windowCombo->addItem(tr("Whole run"), 0);
    m_windowCombo->setCurrentIndex(1);
    m_windowCombo->setToolTip(tr("Time window of the plots"));
    m_inspectBox = new QCheckBox(tr("Inspect (zoom/pan)"), this);
    m_inspectBox->setToolTip(tr("Stop scrolling; drag to pan, wheel to zoom the time axis"));
    m_readout = new QLabel(this);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setWordWrap(true);
    m_readout->setMinimumHeight(m_readout->fontMetrics().height() * 2);

    m_plot = new QCustomPlot(this);
    // Dense traces: no antialiasing, thin pens, cached labels (no OpenGL here).
    // No phFastPolylines: in QCustomPlot 2.1 it draws one line call per segment,
    // slower on the raster engine than one polyline (8.2 -> 5.5 ms a replot).
    m_plot->setNotAntialiasedElements(QCP::aeAll);
    m_plot->setPlottingHints(QCP::phCacheLabels);
    m_plot->setMinimumSize(300, 200);
    m_plot->plotLayout()->clear();
    // Many rows scroll: each keeps minimumRowHeight of traces (fitPlotHeight).
    m_plotScroll = new QScrollArea(this);
    m_plotScroll->setObjectName(QStringLiteral("liveTraceScroll"));
    m_plotScroll->setWidget(m_plot);
    m_plotScroll->setWidgetResizable(true);
    m_plotScroll->setFrameShape(QFrame::NoFrame);
    m_plotScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_plotScroll->setMinimumHeight(200);
    connect(m_plot, &QCustomPlot::afterLayout, this, &LiveTracePlots::fitPlotHeight);
    m_plot->installEventFilter(this);
    m_cursor = new WorkspaceCursor(CursorAxis::Time, this);
    m_cursorLines = new CursorLines(m_plot, m_cursor);
    connect(m_cursor, &WorkspaceCursor::moved, this, &LiveTracePlots::updateReadout);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_windowCombo);
    bar->addWidget(m_inspectBox);
    bar->addStretch(1);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(bar);
    rightLayout->addWidget(m_plotScroll, 1);
    rightLayout->addWidget(m_readout);
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_picker);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({200, 700});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_windowCombo, &QComboBox::currentIndexChanged, this,
            [this](int) { setWindowSeconds(m_windowCombo->currentData().toDouble()); });
    connect(m_inspectBox, &QCheckBox::toggled, this, &LiveTracePlots::setInspecting);
    connect(m_picker, &QTreeWidget::itemChanged, this, &LiveTracePlots::onPickerChanged);

    setSelectedChannels(defaultChannels);
}

void LiveTracePlots::buildPicker() {
    const auto& catalogue = channelCatalogue();
    std::map<std::string, QTreeWidgetItem*> groups;
    for (std::size_t c = 0; c < catalogue.size(); ++c) {
        const ChannelInfo& info = catalogue[c];
        if (info.name == "time")
            continue;
        QTreeWidgetItem*& group = groups[info.group];
        if (!group) {
            group = new QTreeWidgetItem(m_picker, {QString::fromStdString(info.group)});
            group->setFlags(Qt::ItemIsEnabled);
        }
        auto* item = new QTreeWidgetItem(group);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(0, Qt::Unchecked);
        item->setData(0, channelRole, static_cast<int>(c));
        labelPickerItem(item, info, QString::fromStdString(info.name));
    }
    rebuildMathPicker();
    connect(&MathChannelStore::instance(), &MathChannelStore::changed, this, [this] {
        // Channels are picked by index: the math ones after the store changed are others.
        const std::size_t first = channelCatalogue().size();
        std::erase_if(m_selected, [first](std::size_t c) { return c >= first; });
        rebuildMathPicker();
        rebuildRows();
        emit selectionChanged();
    });
}

void LiveTracePlots::rebuildMathPicker() {
    const QString groupName = mathChannelGroup();
    QTreeWidgetItem* group = nullptr;
    for (int g = 0; g < m_picker->topLevelItemCount() && !group; ++g) {
        if (m_picker->topLevelItem(g)->text(0) == groupName)
            group = m_picker->topLevelItem(g);
    }
    m_updatingPicker = true;
    delete group;
    group = nullptr;
    const std::size_t first = channelCatalogue().size();
    for (std::size_t k = 0; k < m_math.count(); ++k) {
        const ChannelInfo info = m_math.info(k);
        if (channelIndex(info.name) >= 0)
            continue; // named as a recorded channel: never computed
        if (!group) {
            group = new QTreeWidgetItem(m_picker, {groupName});
            group->setFlags(Qt::ItemIsEnabled);
        }
        auto* item = new QTreeWidgetItem(group);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(0, Qt::Unchecked);
        item->setData(0, channelRole, static_cast<int>(first + k));
        labelPickerItem(item, info, QString::fromStdString(MathChannelStore::instance().channels()[k].formula));
    }
    m_updatingPicker = false;
}

void LiveTracePlots::labelPickerItem(QTreeWidgetItem* item, const ChannelInfo& info, const QString& detail) const {
    const QString title = channelTitle(QString::fromStdString(info.label), channelDisplay(info.unit, m_units).unit);
    item->setText(0, title);
    // The whole title in the tooltip too, for a list narrower than its names.
    item->setToolTip(0, QStringLiteral("%1\n%2").arg(title, detail));
}

ChannelInfo LiveTracePlots::channelInfoAt(std::size_t channel) const {
    const auto& catalogue = channelCatalogue();
    return channel < catalogue.size() ? catalogue[channel] : m_math.info(channel - catalogue.size());
}

std::span<const double> LiveTracePlots::archiveOf(std::size_t channel) const {
    const std::size_t first = channelCatalogue().size();
    return channel < first ? m_history->archive(channel) : m_math.archive(channel - first);
}

std::span<const double> LiveTracePlots::recentOf(std::size_t channel) const {
    const std::size_t first = channelCatalogue().size();
    return channel < first ? m_history->recent(channel) : m_math.recent(channel - first);
}

std::span<const double> LiveTracePlots::archiveTimeOf(std::size_t channel) const {
    return channel < channelCatalogue().size() ? m_history->archiveTime() : m_math.archiveTime();
}

std::span<const double> LiveTracePlots::recentTimeOf(std::size_t channel) const {
    return channel < channelCatalogue().size() ? m_history->recentTime() : m_math.recentTime();
}

void LiveTracePlots::setHistory(const LiveHistory* history) {
    m_history = history;
    refresh();
}

void LiveTracePlots::setSelectedChannels(const QStringList& names) {
    m_selected.clear();
    const auto& math = MathChannelStore::instance().channels();
    for (const QString& name : names) {
        const int index = channelIndex(name.toStdString());
        const auto mathAt = std::find_if(math.begin(), math.end(),
                                         [&](const MathChannel& c) { return c.name == name.toStdString(); });
        if (index >= 0)
            m_selected.push_back(static_cast<std::size_t>(index));
        else if (mathAt != math.end())
            m_selected.push_back(channelCatalogue().size() + static_cast<std::size_t>(mathAt - math.begin()));
    }
    m_updatingPicker = true;
    for (int g = 0; g < m_picker->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = m_picker->topLevelItem(g);
        bool any = false;
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem* item = group->child(i);
            const auto c = static_cast<std::size_t>(item->data(0, channelRole).toInt());
            const bool on = std::find(m_selected.begin(), m_selected.end(), c) != m_selected.end();
            item->setCheckState(0, on ? Qt::Checked : Qt::Unchecked);
            any = any || on;
        }
        group->setExpanded(any);
    }
    m_updatingPicker = false;
    rebuildRows();
    emit selectionChanged();
}

QStringList LiveTracePlots::selectedChannels() const {
    QStringList names;
    for (std::size_t c : m_selected)
        names << QString::fromStdString(channelInfoAt(c).name);
    return names;
}

void LiveTracePlots::onPickerChanged(QTreeWidgetItem* item) {
    if (m_updatingPicker || !item->data(0, channelRole).isValid())
        return;
    const auto c = static_cast<std::size_t>(item->data(0, channelRole).toInt());
    const auto it = std::find(m_selected.begin(), m_selected.end(), c);
    if (item->checkState(0) == Qt::Checked && it == m_selected.end())
        m_selected.push_back(c);
    else if (item->checkState(0) != Qt::Checked && it != m_selected.end())
        m_selected.erase(it);
    rebuildRows();
    emit selectionChanged();
}

void LiveTracePlots::rebuildRows() {
    // While inspecting, the rows rebuilt for a changed choice of channels keep the
    // stretch of time the user zoomed to (new axes would start at 0-5).
    const std::optional<QCPRange> heldRange =
        m_inspecting && !m_rows.empty()
            ? std::optional<QCPRange>(m_rows.front().rect->axis(QCPAxis::atBottom)->range())
            : std::nullopt;
    m_plot->clearItems();
    m_plot->clearPlottables();
    m_plot->plotLayout()->clear();
    m_rows.clear();
    std::map<std::size_t, ChannelInfo> catalogue; // the selected channels' descriptions
    for (std::size_t c : m_selected)
        catalogue[c] = channelInfoAt(c);

    // One row per shown unit, in order of first appearance.
    std::vector<QString> rowUnits;
    std::vector<std::vector<std::size_t>> rowChannels;
    for (std::size_t c : m_selected) {
        const QString unit = channelDisplay(catalogue[c].unit, m_units).unit;
        auto it = std::find(rowUnits.begin(), rowUnits.end(), unit);
        if (it == rowUnits.end()) {
            rowUnits.push_back(unit);
            rowChannels.push_back({c});
        } else {
            rowChannels[static_cast<std::size_t>(it - rowUnits.begin())].push_back(c);
        }
    }

    auto* margins = new QCPMarginGroup(m_plot);
    int colour = 0;
    for (std::size_t r = 0; r < rowUnits.size(); ++r) {
        Row row;
        row.rect = new QCPAxisRect(m_plot);
        row.rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        row.rect->setRangeDrag(Qt::Horizontal);
        row.rect->setRangeZoom(Qt::Horizontal);
        row.rect->setMinimumSize(0, minimumRowHeight);
        m_plot->plotLayout()->addElement(static_cast<int>(r), 0, row.rect);
        QCPAxis* x = row.rect->axis(QCPAxis::atBottom);
        QCPAxis* y = row.rect->axis(QCPAxis::atLeft);
        const bool bottom = r + 1 == rowUnits.size();
        x->setTickLabels(bottom);
        if (bottom)
            x->setLabel(tr("Time (s)"));
        // The y title: the channel when alone, else the channels' common group.
        const ChannelInfo& first = catalogue[rowChannels[r].front()];
        QString label =
            QString::fromStdString(rowChannels[r].size() == 1 ? first.label : first.group);
        for (std::size_t c : rowChannels[r]) {
            if (catalogue[c].group != first.group)
                label = rowUnits[r].isEmpty() ? tr("Value") : QString();
        }
        y->setLabel(label.isEmpty() ? QStringLiteral("(%1)").arg(rowUnits[r])
                                    : channelTitle(label, rowUnits[r]));
        y->setNumberFormat(QStringLiteral("gb"));
        QFont labelFont = font();
        labelFont.setPointSizeF(labelFont.pointSizeF() * 0.9);
        y->setLabelFont(labelFont);
        y->setTickLabelFont(labelFont);
        x->setTickLabelFont(labelFont);
        // As many ticks as the row's height and width hold without their labels touching.
        useReadableTicks(y);
        useReadableTicks(x);
        connect(x, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
                &LiveTracePlots::syncTimeAxes);

        auto* legend = new QCPLegend;
        row.rect->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignLeft);
        legend->setLayer(QStringLiteral("legend"));
        legend->setBrush(QColor(255, 255, 255, 200));
        legend->setBorderPen(QPen(QColor(180, 180, 180)));
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        legend->setFont(small);
        legend->setRowSpacing(0);
        legend->setWrap(4);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        legend->setVisible(rowChannels[r].size() > 1);
        row.legend = legend;

        for (std::size_t c : rowChannels[r]) {
            Trace trace;
            trace.channel = c;
            trace.scale = channelDisplay(catalogue[c].unit, m_units).scale;
            trace.graph = m_plot->addGraph(x, y);
            trace.graph->setPen(QPen(traceColours[colour++ % std::size(traceColours)], 1));
            trace.graph->setName(QString::fromStdString(catalogue[c].label));
            trace.graph->setAdaptiveSampling(true);
            trace.graph->removeFromLegend(m_plot->legend);
            trace.graph->addToLegend(legend);
            row.traces.push_back(trace);
        }
        m_rows.push_back(row);
    }
    m_plot->setMinimumHeight(std::max(200, static_cast<int>(m_rows.size()) *
                                                 (minimumRowHeight + estimatedRowMargins) +
                                             estimatedTimeAxisRoom));
    if (heldRange) {
        m_syncing = true;
        for (const Row& row : m_rows)
            row.rect->axis(QCPAxis::atBottom)->setRange(*heldRange);
        m_syncing = false;
    }
    setInspecting(m_inspecting);
    refresh();
    emit rowsRebuilt();
}

void LiveTracePlots::setUnitSystem(UnitSystem system) {
    if (system == m_units)
        return;
    m_units = system;
    // Relabel the picker in place: its checks and expanded groups stay.
    for (QTreeWidgetItemIterator it(m_picker); *it; ++it) {
        const QVariant channel = (*it)->data(0, channelRole);
        if (!channel.isValid())
            continue;
        const ChannelInfo info = channelInfoAt(static_cast<std::size_t>(channel.toInt()));
        const QString tip = (*it)->toolTip(0);
        labelPickerItem(*it, info, tip.mid(tip.indexOf(QLatin1Char('\n')) + 1));
    }
    rebuildRows();
    refresh();
}

void LiveTracePlots::setWindowSeconds(double seconds) {
    m_windowSeconds = std::max(0.0, seconds);
    const int index = m_windowCombo->findData(static_cast<int>(m_windowSeconds));
    if (index >= 0 && index != m_windowCombo->currentIndex())
        m_windowCombo->setCurrentIndex(index);
    refresh();
}

void LiveTracePlots::setInspecting(bool inspecting) {
    m_inspecting = inspecting;
    if (m_inspectBox->isChecked() != inspecting)
        m_inspectBox->setChecked(inspecting);
    m_plot->setInteractions(inspecting ? QCP::Interactions(QCP::iRangeDrag | QCP::iRangeZoom)
                                       : QCP::Interactions());
    if (!inspecting)
        refresh();
}

void LiveTracePlots::syncTimeAxes(const QCPRange& range) {
    // Zooming or panning one plot moves them all: they share the time axis.
    if (m_syncing)
        return;
    m_syncing = true;
    for (const Row& row : m_rows)
        row.rect->axis(QCPAxis::atBottom)->setRange(range);
    m_syncing = false;
    if (m_inspecting)
        refresh();
}

QCPGraph* LiveTracePlots::graph(int selectedIndex) const {
    if (selectedIndex < 0 || selectedIndex >= static_cast<int>(m_selected.size()))
        return nullptr;
    const std::size_t channel = m_selected[static_cast<std::size_t>(selectedIndex)];
    for (const Row& row : m_rows) {
        for (const Trace& t : row.traces) {
            if (t.channel == channel)
                return t.graph;
        }
    }
    return nullptr;
}

QCPAxisRect* LiveTracePlots::rowRect(int row) const {
    return row >= 0 && row < rowCount() ? m_rows[static_cast<std::size_t>(row)].rect : nullptr;
}

void LiveTracePlots::refresh() {
    if (m_rows.empty())
        return;
    const bool haveData = m_history && !m_history->empty();
    const bool showsMath = std::any_of(m_selected.begin(), m_selected.end(),
                                       [](std::size_t c) { return c >= channelCatalogue().size(); });
    if (haveData && showsMath)
        m_math.update(*m_history);
    double t0 = 0.0, t1 = std::max(1.0, m_windowSeconds);
    if (m_inspecting) {
        const QCPRange range = m_rows.front().rect->axis(QCPAxis::atBottom)->range();
        t0 = range.lower;
        t1 = range.upper;
    } else if (haveData) {
        t1 = m_history->lastTime();
        if (m_windowSeconds > 0.0) {
            // Scroll: the window ends at the newest sample once it is full.
            t1 = std::max(t1, m_windowSeconds);
            t0 = t1 - m_windowSeconds;
        } else {
            t0 = m_history->firstTime();
            t1 = std::max(t1, t0 + 1.0);
        }
    }

    for (Row& row : m_rows) {
        const int columns = std::max(100, row.rect->width());
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (Trace& trace : row.traces) {
            m_points.clear();
            // A math channel that fails on this run has no values: no trace.
            if (haveData && recentOf(trace.channel).size() == recentTimeOf(trace.channel).size()) {
                // Old history (thinned) first, then the full-rate tier.
                decimateMinMax(archiveTimeOf(trace.channel), archiveOf(trace.channel), t0, t1,
                               columns, trace.scale, m_points);
                decimateMinMax(recentTimeOf(trace.channel), recentOf(trace.channel), t0, t1,
                               columns, trace.scale, m_points);
            }
            QVector<QCPGraphData> data;
            data.reserve(static_cast<qsizetype>(m_points.size()));
            for (const TracePoint& p : m_points) {
                data.append(QCPGraphData(p.t, p.v));
                if (p.t >= t0 && p.t <= t1) {
                    lo = std::min(lo, p.v);
                    hi = std::max(hi, p.v);
                }
            }
            trace.graph->data()->set(data, true);
        }
        if (!m_inspecting) {
            m_syncing = true;
            row.rect->axis(QCPAxis::atBottom)->setRange(t0, t1);
            m_syncing = false;
        }
        // The values fit the rows in Inspect too (only time zooms), so a row added
        // while inspecting shows its data at once.
        if (lo <= hi) {
            const double pad = hi > lo ? 0.06 * (hi - lo) : std::max(1.0, std::abs(hi) * 0.1);
            // Room above the traces for the legend, so that it never hides them.
            const double legendShare = legendHeadroom(row);
            const double span = (hi - lo + 2.0 * pad) / (1.0 - legendShare);
            row.rect->axis(QCPAxis::atLeft)->setRange(lo - pad, lo - pad + span);
        } else if (!m_inspecting) {
            row.rect->axis(QCPAxis::atLeft)->setRange(-1.0, 1.0);
        }
    }
    if (m_cursor->position())
        updateReadout();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool LiveTracePlots::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_plot && event->type() == QEvent::Wheel && !m_inspecting) {
        QApplication::sendEvent(m_plotScroll->verticalScrollBar(), event);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void LiveTracePlots::fitPlotHeight() {
    // Each row's margins (its axis room; the bottom row's time axis) are known once laid
    // out: the plot is as tall as the rows' traces at their minimum, those margins and
    // the spacing between the rows.
    const QCPLayoutGrid* grid = m_plot->plotLayout();
    int needed = grid->margins().top() + grid->margins().bottom() +
                 grid->rowSpacing() * std::max(0, static_cast<int>(m_rows.size()) - 1);
    for (const Row& row : m_rows)
        needed += row.rect->outerRect().height() - row.rect->height() + minimumRowHeight;
    needed = std::max(200, needed);
    if (needed != m_plot->minimumHeight())
        m_plot->setMinimumHeight(needed);
}

double LiveTracePlots::legendHeadroom(const Row& row) {
    if (!row.legend || !row.legend->visible())
        return 0.0;
    const int plotHeight = row.rect->height();
    if (plotHeight <= 0)
        return 0.0;
    // At most half the row: a row too short for its legend keeps readable traces.
    const double legendHeight = row.legend->minimumOuterSizeHint().height() + 4.0;
    return std::min(0.5, legendHeight / plotHeight);
}

void LiveTracePlots::showCursorAt(double t) {
    m_cursor->setPosition(t);
}

void LiveTracePlots::updateReadout() {
    const std::optional<double> t = m_cursor->position();
    if (!m_history || m_history->empty() || !t) {
        m_readout->clear();
        return;
    }
    // Outside the run there is no sample: saying the last one's value would mislead.
    if (*t < m_history->firstTime() || *t > m_history->lastTime()) {
        m_readout->setText(tr("t = %1 s: no data (the run covers %2 to %3 s)")
                               .arg(*t, 0, 'f', 3)
                               .arg(m_history->firstTime(), 0, 'f', 3)
                               .arg(m_history->lastTime(), 0, 'f', 3));
        return;
    }
    const std::size_t first = channelCatalogue().size();
    QStringList parts;
    parts << tr("t = %1 s").arg(*t, 0, 'f', 3);
    for (std::size_t c : m_selected) {
        const ChannelInfo info = channelInfoAt(c);
        const ChannelDisplay display = channelDisplay(info.unit, m_units);
        const double v = (c < first ? m_history->valueAt(c, *t) : m_math.valueAt(c - first, *t)) * display.scale;
        parts << QStringLiteral("%1 %2%3")
                     .arg(QString::fromStdString(info.label))
                     .arg(v, 0, 'g', 5)
                     .arg(display.unit.isEmpty() ? QString() : QStringLiteral(" ") + display.unit);
    }
    m_readout->setText(parts.join(QStringLiteral("   ")));
}

std::vector<ReferenceTarget> LiveTracePlots::referenceTargets() const {
    std::vector<ReferenceTarget> out;
    for (const Row& row : m_rows) {
        for (const Trace& t : row.traces)
            out.push_back({t.graph, channelInfoAt(t.channel).name, t.scale});
    }
    return out;
}

QString LiveTracePlots::cursorReadout() const {
    return m_readout->text();
}

QWidget* LiveTracePlots::imageSource() const {
    return m_plot;
}

bool LiveTracePlots::exportTo(const QString& path, QString* error) {
    // Drawn in memory, then saved by the one checked writer: QCustomPlot's
    // savePdf/savePng write the file themselves, unchecked.
    const bool pdf = path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool drawn = false;
    if (pdf) {
        QPdfWriter writer(&buffer);
        setViewSizedPage(writer, m_plot->size());
        QCPPainter painter;
        if (painter.begin(&writer)) {
            painter.setMode(QCPPainter::pmVectorized);
            m_plot->toPainter(&painter, m_plot->width(), m_plot->height());
            drawn = painter.end();
        }
    } else {
        drawn = m_plot->toPixmap().save(&buffer, "PNG");
    }
    if (!drawn) {
        if (error)
            *error = tr("Could not write %1").arg(path);
        return false;
    }
    const SaveResult saved = writeFileAtomically(path, bytes);
    if (!saved.ok && error)
        *error = saved.error;
    return saved.ok;
}

} // namespace vtw
