#pragma once

// The lap's traces by distance, stacked on one distance axis: speed; gear and engine
// speed; longitudinal and lateral acceleration; throttle and brake; and which limit held
// the car back. A cursor line runs through all of them: pressing or dragging in the
// plots moves it, and the wheel zooms the distance axis of every trace at once.

#include "ui/track/LapChannels.h"

#include <qcustomplot.h>

namespace vtw {

struct LapRun;

class LapTracePlots : public QCustomPlot {
    Q_OBJECT
public:
    explicit LapTracePlots(QWidget* parent = nullptr);

    void setLap(const LapRun* run, UnitSystem units);
    void setCursorDistance(double distance);
    double cursorDistance() const { return m_cursor; }

    /// The stacked plots: speed, gear, accelerations, pedals, limit (top to bottom),
    /// then the math channels' row when there is one (shown above the limit).
    const QList<QCPAxisRect*>& rows() const { return m_rows; }
    /// The row of the user's math channels; nullptr when none computes on this lap.
    QCPAxisRect* mathRow() const { return m_mathRow; }
    /// The pixel x of a distance, for tests that press on the plots.
    double pixelOfDistance(double distance) const;

signals:
    /// The user pressed or dragged in the traces: the distance under the mouse, m.
    void distanceChosen(double distance);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    /// A row at that place in the layout, on the shared distance axis, with its cursor line.
    QCPAxisRect* addRow(int layoutRow, QCPMarginGroup* margins);
    QCPGraph* addTrace(QCPAxisRect* row, QCPAxis* valueAxis, const QVector<double>& x,
                       const std::vector<double>& y, const QColor& colour, const QString& name);
    void chooseAt(int pixelX);
    /// Adds, fills or removes the math channels' row (analysis/LapMathRow.cpp).
    void showMathChannels(const LapTrace* trace);
    void resetZoom();
    /// Makes each row at least as tall as its axis titles are long, and the plot as tall
    /// as its rows then need: QCustomPlot cuts a title longer than its axis, so on a small
    /// window the rows scroll (TrackPage holds them in a scroll area) rather than lose them.
    void keepTitlesWhole();

    QList<QCPAxisRect*> m_rows;
    QList<QCPItemStraightLine*> m_cursorLines;
    double m_cursor = 0.0;
    double m_length = 0.0;
    QCPAxisRect* m_mathRow = nullptr;
};

} // namespace vtw
