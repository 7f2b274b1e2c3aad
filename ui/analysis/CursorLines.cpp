#include "ui/analysis/CursorLines.h"

#include <qcustomplot.h>

namespace vtw {

namespace {

void placeLine(QCPItemStraightLine* line, std::optional<double> x) {
    line->setVisible(x.has_value());
    if (x) {
        line->point1->setCoords(*x, 0.0);
        line->point2->setCoords(*x, 1.0);
    }
}

} // namespace

void replotWhenShown(QCustomPlot* plot) {
    if (plot->isVisible() && plot->viewport().width() > 0 && plot->viewport().height() > 0)
        plot->replot(QCustomPlot::rpQueuedReplot);
}

CursorLines::CursorLines(QCustomPlot* plot, WorkspaceCursor* cursor, Options options)
    : QObject(plot), m_plot(plot), m_cursor(cursor), m_options(options) {
    connect(plot, &QCustomPlot::beforeReplot, this, &CursorLines::place);
    connect(plot, &QCustomPlot::mouseMove, this, &CursorLines::onMove);
    connect(plot, &QCustomPlot::mousePress, this, &CursorLines::onPress);
    const auto replot = [this] { replotWhenShown(m_plot); };
    connect(cursor, &WorkspaceCursor::moved, this, replot);
    connect(cursor, &WorkspaceCursor::markersChanged, this, replot);
}

QCPItemStraightLine* CursorLines::makeLine(QCPAxisRect* rect, const QColor& colour, Qt::PenStyle style) {
    auto* line = new QCPItemStraightLine(m_plot);
    line->setClipAxisRect(rect);
    line->setSelectable(false);
    for (QCPItemPosition* p : {line->point1, line->point2})
        p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    line->setPen(QPen(colour, 1, style));
    return line;
}

void CursorLines::place() {
    if (!m_cursor)
        return;
    // Rects the plot rebuilt or items it cleared: their lines are gone or stale.
    QList<Lines> kept;
    for (QCPAxisRect* rect : m_plot->axisRects()) {
        Lines lines;
        if (const Lines* old = linesOf(rect))
            lines = *old;
        lines.rect = rect;
        const auto alive = [&](const QPointer<QCPItemStraightLine>& line) {
            return line && m_plot->hasItem(line) && line->clipAxisRect() == rect;
        };
        if (m_options.drawCursor && !alive(lines.cursor))
            lines.cursor = makeLine(rect, QColor(90, 90, 90), Qt::DashLine);
        if (!alive(lines.a))
            lines.a = makeLine(rect, QColor(31, 119, 180), Qt::SolidLine);
        if (!alive(lines.b))
            lines.b = makeLine(rect, QColor(230, 120, 20), Qt::SolidLine);
        if (lines.cursor)
            placeLine(lines.cursor, m_cursor->position());
        placeLine(lines.a, m_cursor->marker(WorkspaceCursor::Marker::A));
        placeLine(lines.b, m_cursor->marker(WorkspaceCursor::Marker::B));
        kept << lines;
    }
    m_lines = kept;
}

const CursorLines::Lines* CursorLines::linesOf(const QCPAxisRect* rect) const {
    for (const Lines& lines : m_lines) {
        if (lines.rect == rect)
            return &lines;
    }
    return nullptr;
}

QCPItemStraightLine* CursorLines::cursorLine(const QCPAxisRect* rect) const {
    const Lines* lines = linesOf(rect);
    return lines ? lines->cursor.data() : nullptr;
}

QCPItemStraightLine* CursorLines::markerLine(const QCPAxisRect* rect, WorkspaceCursor::Marker which) const {
    const Lines* lines = linesOf(rect);
    return lines ? (which == WorkspaceCursor::Marker::A ? lines->a : lines->b).data() : nullptr;
}

double CursorLines::pixelOf(double x) const {
    return m_plot->axisRect() ? m_plot->axisRect()->axis(QCPAxis::atBottom)->coordToPixel(x) : 0.0;
}

std::optional<double> CursorLines::positionAt(QMouseEvent* event) const {
    QCPAxisRect* rect = m_plot->axisRectAt(event->position());
    if (!rect || !rect->rect().contains(event->position().toPoint()))
        return std::nullopt;
    return rect->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x());
}

void CursorLines::onMove(QMouseEvent* event) {
    if (!m_cursor || !m_options.followHover)
        return;
    if (const auto x = positionAt(event))
        m_cursor->setPosition(*x);
}

void CursorLines::onPress(QMouseEvent* event) {
    const auto x = positionAt(event);
    if (!m_cursor || !x || event->button() != Qt::LeftButton)
        return;
    if (event->modifiers() & Qt::ControlModifier)
        m_cursor->setMarker(WorkspaceCursor::Marker::A, *x);
    else if (event->modifiers() & Qt::ShiftModifier)
        m_cursor->setMarker(WorkspaceCursor::Marker::B, *x);
    else
        m_cursor->setPosition(*x);
}

} // namespace vtw
