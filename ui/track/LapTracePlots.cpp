#include "ui/track/LapTracePlots.h"

#include "ui/shared/ReadableTicker.h"

#include "ui/analysis/ShownAxis.h"

#include "ui/shared/CompareStyle.h"
#include "ui/track/LapRun.h"
#include "ui/shared/PlotStyle.h"

#include <algorithm>

namespace vtw {

namespace {

QVector<double> toVector(const std::vector<double>& v) {
    return QVector<double>(v.begin(), v.end());
}

// The rows and how tall each is against the others.
enum Row { SpeedRow, GearRow, AccelRow, PedalRow, LimitRow, RowCount };
constexpr double rowStretch[RowCount] = {3.0, 2.0, 2.0, 1.5, 1.1};

} // namespace

LapTracePlots::LapTracePlots(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("lapTraces"));
    plotLayout()->clear();
    auto* margins = new QCPMarginGroup(this);
    for (int r = 0; r < RowCount; ++r) {
        QCPAxisRect* rect = addRow(r, margins);
        rect->axis(QCPAxis::atRight)->setVisible(r == GearRow);
        rect->axis(QCPAxis::atBottom)->setTickLabels(r == LimitRow);
        // Rows are short: as many value ticks as each row's height holds without their
        // labels overlapping; whole gears on the gear axis. The limit row names its limits.
        if (r == GearRow) {
            useReadableTicks(rect->axis(QCPAxis::atRight));
            useReadableTicks(rect->axis(QCPAxis::atLeft), true);
        }
        else if (r != LimitRow)
            useReadableTicks(rect->axis(QCPAxis::atLeft));
        rect->setAutoMargins(QCP::msLeft | QCP::msRight | (r == LimitRow ? QCP::msBottom : QCP::msNone));
        plotLayout()->setRowStretchFactor(r, rowStretch[r]);
    }
    plotLayout()->setRowSpacing(2);
    showAxisIn(m_rows[LimitRow]->axis(QCPAxis::atBottom), tr("Distance"), "m", UnitSystem::SI);
    setAutoAddPlottableToLegend(false);
    setInteractions(QCP::iRangeZoom);
    setNoAntialiasingOnDrag(true);
    setToolTip(tr("Press or drag to move the cursor; the wheel zooms the distance, a double click shows the whole lap."));
}

QCPAxisRect* LapTracePlots::addRow(int layoutRow, QCPMarginGroup* margins) {
    auto* rect = new QCPAxisRect(this);
    plotLayout()->addElement(layoutRow, 0, rect);
    rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    rect->setRangeDrag(Qt::Horizontal);
    rect->setRangeZoom(Qt::Horizontal);
    rect->setAutoMargins(QCP::msLeft | QCP::msRight);
    rect->setMargins(QMargins(0, 4, 0, 0));
    const QPen grid(QColor(0xdd, 0xdd, 0xdd), 1, Qt::DotLine);
    for (QCPAxis* axis : rect->axes())
        axis->grid()->setPen(grid);
    m_rows << rect;
    auto* cursor = new QCPItemStraightLine(this);
    cursor->setClipAxisRect(rect);
    for (QCPItemPosition* p : {cursor->point1, cursor->point2})
        p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    cursor->setPen(QPen(QColor(0xc0, 0x10, 0x10), 1.2));
    m_cursorLines << cursor;
    // Every row follows the others' distance range.
    connect(rect->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& range) {
                for (QCPAxisRect* other : std::as_const(m_rows)) {
                    if (other->axis(QCPAxis::atBottom)->range() != range)
                        other->axis(QCPAxis::atBottom)->setRange(range);
                }
            });
    return rect;
}

QCPGraph* LapTracePlots::addTrace(QCPAxisRect* row, QCPAxis* valueAxis, const QVector<double>& x,
                                  const std::vector<double>& y, const QColor& colour, const QString& name) {
    QCPGraph* g = addGraph(row->axis(QCPAxis::atBottom), valueAxis);
    g->setData(x, toVector(y), true);
    g->setPen(QPen(colour, 1.6));
    g->setName(name);
    return g;
}

void LapTracePlots::setLap(const LapRun* run, UnitSystem units) {
    // The legends go before the graphs they list.
    for (QCPAxisRect* rect : std::as_const(m_rows)) {
        if (QCPLegend* legend = rect->insetLayout()->elementCount() > 0
                                    ? qobject_cast<QCPLegend*>(rect->insetLayout()->elementAt(0))
                                    : nullptr) {
            rect->insetLayout()->take(legend);
            delete legend;
        }
    }
    clearGraphs();
    m_length = 0.0;
    // Distance in m or ft: titled on the bottom row, ticks on every row so that the grids
    // line up with it.
    for (QCPAxisRect* rect : std::as_const(m_rows))
        showAxisTicksIn(rect->axis(QCPAxis::atBottom), "m", units);
    showAxisIn(m_rows[LimitRow]->axis(QCPAxis::atBottom), tr("Distance"), "m", units);
    if (!run || !run->lap.ok || run->lap.trace.distance.empty()) {
        showMathChannels(nullptr);
        replot();
        return;
    }
    const LapTrace& t = run->lap.trace;
    const QVector<double> x = toVector(t.distance);
    m_length = t.distance.back();
    auto channel = [&](const char* key) { return showLapChannel(t, *findLapChannel(QLatin1String(key)), units); };
    auto label = [](QCPAxisRect* rect, QCPAxis::AxisType type, const QString& text) {
        rect->axis(type)->setLabel(text);
    };

    const ShownLapChannel speed = channel("speed");
    addTrace(m_rows[SpeedRow], m_rows[SpeedRow]->axis(QCPAxis::atLeft), x, speed.values, seriesColour(0), tr("Speed"));
    // The rows are short: each value axis is titled with its unit, and the legends name
    // the traces (a title longer than its row would be cut).
    label(m_rows[SpeedRow], QCPAxis::atLeft, speed.unit);

    std::vector<double> gear(t.gear.begin(), t.gear.end());
    QCPGraph* gearGraph = addTrace(m_rows[GearRow], m_rows[GearRow]->axis(QCPAxis::atLeft), x, gear,
                                   seriesColour(2), tr("Gear"));
    gearGraph->setLineStyle(QCPGraph::lsStepLeft);
    label(m_rows[GearRow], QCPAxis::atLeft, tr("Gear"));
    const ShownLapChannel rpm = channel("rpm");
    addTrace(m_rows[GearRow], m_rows[GearRow]->axis(QCPAxis::atRight), x, rpm.values, seriesColour(1),
             tr("Engine speed"));
    label(m_rows[GearRow], QCPAxis::atRight, rpm.unit);

    const ShownLapChannel ax = channel("ax"), ay = channel("ay");
    addTrace(m_rows[AccelRow], m_rows[AccelRow]->axis(QCPAxis::atLeft), x, ax.values, seriesColour(0), tr("ax"));
    addTrace(m_rows[AccelRow], m_rows[AccelRow]->axis(QCPAxis::atLeft), x, ay.values, seriesColour(3), tr("ay"));
    label(m_rows[AccelRow], QCPAxis::atLeft, ax.unit);

    const ShownLapChannel throttle = channel("throttle"), brake = channel("brake");
    addTrace(m_rows[PedalRow], m_rows[PedalRow]->axis(QCPAxis::atLeft), x, throttle.values, seriesColour(2),
             tr("Throttle"));
    addTrace(m_rows[PedalRow], m_rows[PedalRow]->axis(QCPAxis::atLeft), x, brake.values, seriesColour(1),
             tr("Brake"));
    label(m_rows[PedalRow], QCPAxis::atLeft, throttle.unit);

    QCPGraph* limit = addTrace(m_rows[LimitRow], m_rows[LimitRow]->axis(QCPAxis::atLeft), x, limitLevels(t),
                               QColor(0x55, 0x55, 0x55), tr("Limit"));
    limit->setLineStyle(QCPGraph::lsStepLeft);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const QStringList names = limitNames();
    for (int i = 0; i < names.size(); ++i)
        ticker->addTick(i, names[i]);
    m_rows[LimitRow]->axis(QCPAxis::atLeft)->setTicker(ticker);
    m_rows[LimitRow]->axis(QCPAxis::atLeft)->setRange(-0.5, names.size() - 0.5);
    label(m_rows[LimitRow], QCPAxis::atLeft, tr("Limit"));

    // A legend in every row of traces.
    for (Row r : {SpeedRow, GearRow, AccelRow, PedalRow}) {
        auto* legend = new QCPLegend;
        m_rows[r]->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
        legend->setLayer(QStringLiteral("legend"));
        legend->setBrush(QColor(255, 255, 255, 210));
        legend->setBorderPen(QPen(QColor(0xbb, 0xbb, 0xbb)));
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        legend->setFont(small);
        legend->setIconSize(14, 8);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        for (int i = 0; i < graphCount(); ++i) {
            if (graph(i)->keyAxis()->axisRect() == m_rows[r])
                graph(i)->addToLegend(legend);
        }
    }
    for (Row r : {SpeedRow, GearRow, AccelRow, PedalRow}) {
        m_rows[r]->axis(QCPAxis::atLeft)->rescale();
        m_rows[r]->axis(QCPAxis::atLeft)->scaleRange(1.1);
    }
    m_rows[GearRow]->axis(QCPAxis::atLeft)->setRange(0.5, *std::max_element(gear.begin(), gear.end()) + 0.5);
    m_rows[GearRow]->axis(QCPAxis::atRight)->rescale();
    m_rows[GearRow]->axis(QCPAxis::atRight)->scaleRange(1.1);
    m_rows[PedalRow]->axis(QCPAxis::atLeft)->setRange(-5, 105);
    // The short rows get few ticks, so their labels do not run into one another.
    for (QCPAxis* axis : {m_rows[GearRow]->axis(QCPAxis::atRight), m_rows[AccelRow]->axis(QCPAxis::atLeft),
                          m_rows[PedalRow]->axis(QCPAxis::atLeft)})
        axis->ticker()->setTickCount(3);
    showMathChannels(&t);
    keepTitlesWhole();
    resetZoom();
    setCursorDistance(std::clamp(m_cursor, 0.0, m_length));
}

void LapTracePlots::keepTitlesWhole() {
    constexpr int titlePadding = 12; // px beyond the title's length
    int rowsHeight = 0;
    for (QCPAxisRect* rect : std::as_const(m_rows)) {
        int need = 0;
        for (QCPAxis* axis : {rect->axis(QCPAxis::atLeft), rect->axis(QCPAxis::atRight)}) {
            if (!axis->visible())
                continue;
            if (!axis->label().isEmpty())
                need = std::max(need, QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label()) + titlePadding);
            // A named ticker's names (the limits) one above the other, each a line.
            if (auto* names = dynamic_cast<QCPAxisTickerText*>(axis->ticker().data()))
                need = std::max(need, static_cast<int>(names->ticks().size()) *
                                          QFontMetrics(axis->tickLabelFont()).height());
        }
        rect->setMinimumSize(0, need);
        rowsHeight += need + rect->margins().top() + plotLayout()->rowSpacing();
    }
    // Below the last row: the distance's tick labels and title.
    const QCPAxis* distance = m_rows.back()->axis(QCPAxis::atBottom);
    const int below = QFontMetrics(distance->tickLabelFont()).height() + QFontMetrics(distance->labelFont()).height() +
                      distance->tickLabelPadding() + distance->labelPadding() + titlePadding;
    setMinimumHeight(rowsHeight + below);
}

void LapTracePlots::resetZoom() {
    m_rows.front()->axis(QCPAxis::atBottom)->setRange(0.0, m_length > 0.0 ? m_length : 1.0);
}

void LapTracePlots::setCursorDistance(double distance) {
    m_cursor = distance;
    for (QCPItemStraightLine* line : std::as_const(m_cursorLines)) {
        line->point1->setCoords(distance, 0.0);
        line->point2->setCoords(distance, 1.0);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

double LapTracePlots::pixelOfDistance(double distance) const {
    return m_rows.front()->axis(QCPAxis::atBottom)->coordToPixel(distance);
}

void LapTracePlots::chooseAt(int pixelX) {
    if (m_length <= 0.0)
        return;
    const double d = std::clamp(m_rows.front()->axis(QCPAxis::atBottom)->pixelToCoord(pixelX), 0.0, m_length);
    setCursorDistance(d);
    emit distanceChosen(d);
}

void LapTracePlots::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton)
        chooseAt(event->pos().x());
    QCustomPlot::mousePressEvent(event);
}

void LapTracePlots::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & Qt::LeftButton)
        chooseAt(event->pos().x());
    QCustomPlot::mouseMoveEvent(event);
}

void LapTracePlots::mouseDoubleClickEvent(QMouseEvent* event) {
    resetZoom();
    replot();
    QCustomPlot::mouseDoubleClickEvent(event);
}

} // namespace vtw
