#pragma once

// A plot whose two axes keep one scale (a metre, or a g, as many pixels across as up),
// so a track keeps its shape and a friction circle stays round at any size.

#include <qcustomplot.h>

namespace vtw {

class EqualScalePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit EqualScalePlot(QWidget* parent = nullptr);

    /// Shows at least these ranges, widening one of them to keep the scale.
    void showRanges(const QCPRange& x, const QCPRange& y);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Widens the axis with room to spare so that one unit spans as many pixels on both.
    void keepEqualScale();
};

} // namespace vtw
