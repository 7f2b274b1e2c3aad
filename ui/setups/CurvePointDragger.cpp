#include "ui/setups/CurvePointDragger.h"

#include "ui/shared/DisplayUnits.h"

#include <qcustomplot.h>

#include <QKeyEvent>
#include <QMenu>

#include <cmath>
#include <limits>

namespace vtw {

namespace {

constexpr double pickRadiusPx = 9.0;

// A round resolution of about a thousandth of the visible range: drags land on
// 4400 rpm or 0.062, not on 4400.2718.
double resolutionFor(const QCPRange& range) {
    const double size = range.size();
    if (!(size > 0.0))
        return 0.0;
    return std::pow(10.0, std::floor(std::log10(size / 1000.0)));
}

double snapTo(double v, double resolution) {
    return resolution > 0.0 ? std::round(v / resolution) * resolution : v;
}

} // namespace

CurvePointDragger::CurvePointDragger(SetupDocument* document, const FieldMeta& field,
                                     QCustomPlot* plot, QObject* parent)
    : QObject(parent), m_document(document), m_field(field), m_plot(plot),
      m_graph(plot->addGraph()), m_selectedGraph(plot->addGraph()),
      m_readout(new QCPItemText(plot)) {
    const QColor colour(0x1f, 0x5f, 0xbf);
    m_graph->setName(field.label);
    m_graph->setPen(QPen(colour, 1));
    m_graph->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(colour, 1), QBrush(Qt::white), 8));
    m_graph->setSelectable(QCP::stNone);
    m_selectedGraph->setLineStyle(QCPGraph::lsNone);
    m_selectedGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                                     QPen(QColor(0xd3, 0x54, 0x00), 1),
                                                     QBrush(QColor(0xd3, 0x54, 0x00)), 10));
    m_selectedGraph->setSelectable(QCP::stNone);
    m_selectedGraph->removeFromLegend();
    m_readout->setVisible(false);
    m_readout->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_readout->setPadding(QMargins(4, 2, 4, 2));
    m_readout->setBrush(QColor(255, 255, 255, 220));
    m_readout->setPen(QPen(Qt::gray));
    m_readout->setLayer(QStringLiteral("overlay"));

    m_plot->setFocusPolicy(Qt::ClickFocus);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    m_plot->installEventFilter(this);
    connect(m_plot, &QCustomPlot::mousePress, this, &CurvePointDragger::onPress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &CurvePointDragger::onMove);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &CurvePointDragger::onRelease);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, &CurvePointDragger::onDoubleClick);
    connect(m_plot, &QWidget::customContextMenuRequested, this, &CurvePointDragger::onContextMenu);
    connect(document, &SetupDocument::changed, this, [this](const SetupChange& change) {
        if (change.affects(m_field.path))
            refresh();
    });
    refresh();
}

void CurvePointDragger::setScale(CurveScale scale, const QString& xUnit, const QString& yUnit) {
    m_scale = scale;
    m_xUnit = xUnit;
    m_yUnit = yUnit;
    refresh();
}

void CurvePointDragger::setShowLine(bool show) {
    m_graph->setLineStyle(show ? QCPGraph::lsLine : QCPGraph::lsNone);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CurvePointDragger::setEditable(bool editable) {
    m_editable = editable;
    m_graph->setVisible(editable);
    m_selectedGraph->setVisible(editable);
    if (!editable) {
        m_readout->setVisible(false);
        m_graph->removeFromLegend();
    } else {
        m_graph->addToLegend();
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CurvePointDragger::refresh() {
    const auto& pts = curve().points();
    QVector<double> xs, ys;
    xs.reserve(qsizetype(pts.size()));
    ys.reserve(qsizetype(pts.size()));
    for (const CurvePoint& p : pts) {
        xs << p.x * m_scale.x;
        ys << p.y * m_scale.y;
    }
    m_graph->setData(xs, ys, true);
    if (m_selected >= int(pts.size()))
        m_selected = -1;
    if (m_selected >= 0)
        m_selectedGraph->setData({xs[m_selected]}, {ys[m_selected]});
    else
        m_selectedGraph->data()->clear();
    if (m_dragIndex >= 0)
        showReadout(m_dragIndex);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CurvePointDragger::setSelectedPoint(int index) {
    const int count = int(curve().size());
    const int next = index >= 0 && index < count ? index : -1;
    if (next == m_selected)
        return;
    m_selected = next;
    refresh();
    emit selectionChanged(m_selected);
}

QPointF CurvePointDragger::pixelOf(int index) const {
    const CurvePoint p = curve().points().at(std::size_t(index));
    return {m_graph->keyAxis()->coordToPixel(p.x * m_scale.x),
            m_graph->valueAxis()->coordToPixel(p.y * m_scale.y)};
}

int CurvePointDragger::pointAt(const QPointF& pixel) const {
    int best = -1;
    double bestDistance = pickRadiusPx;
    for (int i = 0; i < int(curve().size()); ++i) {
        const QPointF d = pixelOf(i) - pixel;
        const double distance = std::hypot(d.x(), d.y());
        if (distance <= bestDistance) {
            best = i;
            bestDistance = distance;
        }
    }
    return best;
}

QPointF CurvePointDragger::storedAt(const QPointF& pixel, bool snap) const {
    double x = m_graph->keyAxis()->pixelToCoord(pixel.x());
    double y = m_graph->valueAxis()->pixelToCoord(pixel.y());
    if (snap) {
        x = snapTo(x, m_snapX);
        y = snapTo(y, m_snapY);
    }
    return {x / m_scale.x, y / m_scale.y};
}

bool CurvePointDragger::commit(const Curve& candidate, int mergeSession) {
    const EditResult result = m_document->changeCurve(m_field.path, candidate, mergeSession);
    if (!result.accepted())
        emit message(issueForPeople(result.problems.first()));
    return result.accepted();
}

bool CurvePointDragger::movePoint(int index, double x, double y, int mergeSession) {
    Curve c = curve();
    auto& pts = c.points();
    if (index < 0 || index >= int(pts.size()))
        return false;
    // x strictly between the neighbours: keep a gap of one drag resolution (or a
    // millionth of the curve's span when there is none).
    const double span = std::max(c.maxX() - c.minX(), 1e-12);
    const double gap = m_snapX > 0.0 ? m_snapX / m_scale.x : span * 1e-6;
    double lo = index > 0 ? pts[std::size_t(index - 1)].x + gap : m_field.curveRules.xMin;
    double hi = index + 1 < int(pts.size()) ? pts[std::size_t(index + 1)].x - gap
                                            : std::numeric_limits<double>::max();
    if (lo > hi) { // neighbours closer than two gaps: keep the point where it is
        lo = hi = pts[std::size_t(index)].x;
    }
    pts[std::size_t(index)].x = std::clamp(x, lo, hi);
    pts[std::size_t(index)].y = std::max(y, m_field.curveRules.yMin);
    return commit(c, mergeSession);
}

bool CurvePointDragger::addPoint(double x, double y) {
    Curve c = curve();
    auto& pts = c.points();
    if (int(pts.size()) >= m_field.curveRules.maxPoints) {
        emit message(tr("%1 has the most points allowed").arg(m_field.label));
        return false;
    }
    if (x < m_field.curveRules.xMin) {
        emit message(tr("x must be at least %1").arg(m_field.curveRules.xMin));
        return false;
    }
    const auto at = std::lower_bound(pts.begin(), pts.end(), x,
                                     [](const CurvePoint& p, double v) { return p.x < v; });
    if (at != pts.end() && at->x == x) {
        emit message(tr("there is already a point at this x"));
        return false;
    }
    const int index = int(at - pts.begin());
    pts.insert(at, CurvePoint{x, std::max(y, m_field.curveRules.yMin)});
    if (!commit(c, 0))
        return false;
    setSelectedPoint(index);
    return true;
}

bool CurvePointDragger::removePoint(int index) {
    Curve c = curve();
    if (index < 0 || index >= int(c.size()))
        return false;
    if (int(c.size()) <= m_field.curveRules.minPoints) {
        emit message(
            tr("%1 needs at least %2 points").arg(m_field.label).arg(m_field.curveRules.minPoints));
        return false;
    }
    c.points().erase(c.points().begin() + index);
    if (!commit(c, 0))
        return false;
    m_selected = -1;
    refresh();
    emit selectionChanged(-1);
    return true;
}

void CurvePointDragger::showReadout(int index) {
    if (index < 0 || index >= int(curve().size())) {
        m_readout->setVisible(false);
        return;
    }
    const double x = m_graph->data()->at(index)->key;
    const double y = m_graph->data()->at(index)->value;
    const auto decimals = [](double resolution) {
        return resolution > 0.0 ? std::max(0, int(-std::floor(std::log10(resolution)))) : 3;
    };
    const auto withUnit = [](const QString& n, const QString& u) {
        return u.isEmpty() ? n : n + QLatin1Char(' ') + u;
    };
    m_readout->setText(withUnit(formatNumber(x, decimals(m_snapX)), m_xUnit) +
                       QStringLiteral(", ") +
                       withUnit(formatNumber(y, decimals(m_snapY)), m_yUnit));
    m_readout->position->setCoords(x, y);
    // Keep the readout inside the plot near the right edge.
    const bool rightHalf =
        m_graph->keyAxis()->coordToPixel(x) > m_graph->keyAxis()->axisRect()->center().x();
    m_readout->setPositionAlignment((rightHalf ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignBottom);
    m_readout->setVisible(true);
}

void CurvePointDragger::onPress(QMouseEvent* event) {
    if (!m_editable || event->button() != Qt::LeftButton)
        return;
    const int index = pointAt(event->position());
    setSelectedPoint(index);
    if (index < 0)
        return;
    // Take the gesture from the plot's own range dragging.
    m_rangeDragWasOn = m_plot->interactions().testFlag(QCP::iRangeDrag);
    m_plot->setInteraction(QCP::iRangeDrag, false);
    m_dragIndex = index;
    m_dragSession = SetupDocument::newMergeSession();
    m_pressPixel = event->position();
    m_pointPixel = pixelOf(index);
    m_pointStored = curve().points().at(std::size_t(index));
    m_xFree = m_yFree = false;
    m_snapX = resolutionFor(m_graph->keyAxis()->range());
    m_snapY = resolutionFor(m_graph->valueAxis()->range());
    showReadout(index);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CurvePointDragger::onMove(QMouseEvent* event) {
    if (!m_editable)
        return;
    if (m_dragIndex < 0) {
        m_plot->setCursor(pointAt(event->position()) >= 0 ? Qt::OpenHandCursor : Qt::ArrowCursor);
        return;
    }
    m_plot->setCursor(Qt::ClosedHandCursor);
    const QPointF travel = event->position() - m_pressPixel;
    // A drag straight up keeps the rpm although a hand never moves exactly straight:
    // an axis is free once the mouse has gone further than this along it.
    constexpr double axisDeadZonePx = 3.0;
    m_xFree = m_xFree || std::abs(travel.x()) > axisDeadZonePx;
    m_yFree = m_yFree || std::abs(travel.y()) > axisDeadZonePx;
    bool moveX = m_xFree, moveY = m_yFree;
    // Shift holds the drag to the axis it has travelled most along.
    if (event->modifiers().testFlag(Qt::ShiftModifier)) {
        const bool sideways = std::abs(travel.x()) >= std::abs(travel.y());
        moveX = moveX && sideways;
        moveY = moveY && !sideways;
    }
    const QPointF stored = storedAt(m_pointPixel + travel, true);
    movePoint(m_dragIndex, moveX ? stored.x() : m_pointStored.x, moveY ? stored.y() : m_pointStored.y,
              m_dragSession);
}

void CurvePointDragger::onRelease(QMouseEvent*) {
    if (m_dragIndex < 0)
        return;
    m_dragIndex = -1;
    m_plot->setInteraction(QCP::iRangeDrag, m_rangeDragWasOn);
    m_plot->setCursor(Qt::OpenHandCursor);
    m_readout->setVisible(false);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    emit dragFinished();
}

void CurvePointDragger::onDoubleClick(QMouseEvent* event) {
    if (!m_editable || event->button() != Qt::LeftButton || pointAt(event->position()) >= 0)
        return;
    m_snapX = resolutionFor(m_graph->keyAxis()->range());
    m_snapY = resolutionFor(m_graph->valueAxis()->range());
    const QPointF stored = storedAt(event->position(), true);
    addPoint(stored.x(), stored.y());
}

void CurvePointDragger::onContextMenu(const QPoint& pos) {
    if (!m_editable)
        return;
    const int index = pointAt(pos);
    auto* menu = new QMenu(m_plot);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (index >= 0) {
        setSelectedPoint(index);
        menu->addAction(tr("Delete point"), this, [this, index] { removePoint(index); });
    } else {
        const QPointF at = pos;
        menu->addAction(tr("Add point here"), this, [this, at] {
            m_snapX = resolutionFor(m_graph->keyAxis()->range());
            m_snapY = resolutionFor(m_graph->valueAxis()->range());
            const QPointF stored = storedAt(at, true);
            addPoint(stored.x(), stored.y());
        });
    }
    menu->popup(m_plot->mapToGlobal(pos));
}

bool CurvePointDragger::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_plot && m_editable && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if ((key == Qt::Key_Delete || key == Qt::Key_Backspace) && m_selected >= 0) {
            removePoint(m_selected);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace vtw
