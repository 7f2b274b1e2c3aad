#include "ui/shared/PlotStyle.h"

#include <qcustomplot.h>

namespace vtw {

void applyPlotStyle(QCustomPlot* plot) {
    plot->setNoAntialiasingOnDrag(true);
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    const QPen gridPen(QColor(0xdd, 0xdd, 0xdd), 1, Qt::DotLine);
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
        axis->grid()->setPen(gridPen);
        axis->setLabelPadding(4);
    }
    plot->legend->setVisible(true);
    plot->legend->setBrush(QColor(255, 255, 255, 210));
    plot->legend->setBorderPen(QPen(QColor(0xbb, 0xbb, 0xbb)));
    QFont legendFont = plot->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    plot->legend->setFont(legendFont);
    plot->legend->setIconSize(18, 10);
    plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
}

QColor seriesColour(int index) {
    // Okabe-Ito palette.
    static const QColor colours[] = {QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00),
                                     QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                     QColor(0xe6, 0x9f, 0x00), QColor(0x56, 0xb4, 0xe9)};
    return colours[index % 6];
}

QCPColorGradient lapColourGradient() {
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorStopAt(0.0, QColor(0x44, 0x01, 0x54));
    g.setColorStopAt(0.25, QColor(0x3b, 0x52, 0x8b));
    g.setColorStopAt(0.5, QColor(0x21, 0x91, 0x8c));
    g.setColorStopAt(0.75, QColor(0x5e, 0xc9, 0x62));
    g.setColorStopAt(1.0, QColor(0xd8, 0xc8, 0x0f));
    return g;
}

} // namespace vtw
