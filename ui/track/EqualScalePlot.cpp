#include "ui/track/EqualScalePlot.h"

namespace vtw {

EqualScalePlot::EqualScalePlot(QWidget* parent) : QCustomPlot(parent) {}

void EqualScalePlot::showRanges(const QCPRange& x, const QCPRange& y) {
    xAxis->setRange(x);
    yAxis->setRange(y);
    keepEqualScale();
    replot();
}

void EqualScalePlot::resizeEvent(QResizeEvent* event) {
    QCustomPlot::resizeEvent(event);
    keepEqualScale();
}

void EqualScalePlot::keepEqualScale() {
    // Twice: the first pass changes the tick labels, and with them the margins, a little.
    for (int pass = 0; pass < 2; ++pass) {
        updateLayout();
        const QRect r = axisRect()->rect();
        if (r.width() <= 0 || r.height() <= 0)
            return;
        const double perPixelX = xAxis->range().size() / r.width();
        const double perPixelY = yAxis->range().size() / r.height();
        if (perPixelX > perPixelY)
            yAxis->setScaleRatio(xAxis, 1.0);
        else
            xAxis->setScaleRatio(yAxis, 1.0);
    }
}

} // namespace vtw
