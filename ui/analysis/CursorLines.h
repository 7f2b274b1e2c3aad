#pragma once

// The workspace cursor drawn on a QCustomPlot: a vertical line through every axis rect
// of the plot at the cursor's position, and the A and B markers. Hovering moves the
// cursor, a click places it; Ctrl+click places marker A and Shift+click marker B.
//
// Moving the cursor asks for one queued replot; the lines are placed just before the
// plot draws, so a burst of mouse moves costs one replot per event-loop pass. The lines
// are made again when the plot's own code clears its items or rebuilds its rects.

#include "ui/analysis/WorkspaceCursor.h"

#include <QList>
#include <QObject>
#include <QPointer>

class QCPAxisRect;
class QCPItemStraightLine;
class QCustomPlot;
class QMouseEvent;

namespace vtw {

/// One queued replot (requests in the same event-loop pass coalesce), and none for a plot
/// not on screen or without size: it draws what it holds when it shows.
void replotWhenShown(QCustomPlot* plot);

class CursorLines : public QObject {
    Q_OBJECT
public:
    struct Options {
        /// Off for a plot that draws its own cursor line (it still gets A and B).
        bool drawCursor = true;
        /// Off for a plot whose moves mean something else; clicks still place the cursor.
        bool followHover = true;
    };

    CursorLines(QCustomPlot* plot, WorkspaceCursor* cursor, Options options);
    CursorLines(QCustomPlot* plot, WorkspaceCursor* cursor) : CursorLines(plot, cursor, Options{}) {}

    /// The cursor line drawn in an axis rect (nullptr before the first replot).
    QCPItemStraightLine* cursorLine(const QCPAxisRect* rect) const;
    QCPItemStraightLine* markerLine(const QCPAxisRect* rect, WorkspaceCursor::Marker which) const;

    /// The pixel x of an axis position in the plot's first axis rect, for tests that point at it.
    double pixelOf(double x) const;

private:
    struct Lines {
        QPointer<QCPAxisRect> rect;
        QPointer<QCPItemStraightLine> cursor, a, b;
    };
    void place();
    const Lines* linesOf(const QCPAxisRect* rect) const;
    QCPItemStraightLine* makeLine(QCPAxisRect* rect, const QColor& colour, Qt::PenStyle style);
    std::optional<double> positionAt(QMouseEvent* event) const;
    void onMove(QMouseEvent* event);
    void onPress(QMouseEvent* event);

    QCustomPlot* m_plot;
    QPointer<WorkspaceCursor> m_cursor;
    Options m_options;
    QList<Lines> m_lines;
};

} // namespace vtw
