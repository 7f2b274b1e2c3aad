#include "ui/shared/CompareStyle.h"
#include "ui/shared/DisplayUnits.h"

#include "core/base/Metric.h"

#include "ui/shared/PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace vtw {

QColor setupColour(int index) {
    static const QColor colours[] = {QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00),
                                     QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                     QColor(0xe6, 0x9f, 0x00), QColor(0x56, 0xb4, 0xe9),
                                     QColor(0x40, 0x40, 0x40)};
    constexpr int count = sizeof colours / sizeof colours[0];
    return colours[((index % count) + count) % count];
}

QColor betterColour() {
    return QColor(0x1a, 0x7f, 0x37);
}
QColor worseColour() {
    return QColor(0xb3, 0x26, 0x1e);
}
QColor betterTint() {
    return QColor(0xdc, 0xf2, 0xe0);
}
QColor worseTint() {
    return QColor(0xf8, 0xdc, 0xd9);
}

QColor gradedChangeTint(int verdict, double relativeChange) {
    const double size = std::abs(relativeChange);
    if (verdict == 0 || !(size >= neutralChangeShare))
        return {};
    const QColor full = verdict > 0 ? betterTint() : worseTint();
    // A quarter of the tint at the band's edge, all of it at fullTintChangeShare.
    const double strength =
        std::clamp(0.25 + 0.75 * (size - neutralChangeShare) / (fullTintChangeShare - neutralChangeShare), 0.25, 1.0);
    const auto mix = [strength](int tint) { return static_cast<int>(std::lround(255 - strength * (255 - tint))); };
    return QColor(mix(full.red()), mix(full.green()), mix(full.blue()));
}

void styleComparePlot(QCustomPlot* plot) {
    applyPlotStyle(plot);
}

void placeLegendAbove(QCustomPlot* plot) {
    QCPLayoutGrid* layout = plot->plotLayout();
    if (layout->rowCount() > 1 && layout->element(0, 0) == plot->legend)
        return;
    plot->axisRect()->insetLayout()->take(plot->legend);
    layout->insertRow(0);
    layout->addElement(0, 0, plot->legend);
    layout->setRowStretchFactor(0, 0.001);
    layout->setRowSpacing(0);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setWrap(4);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setBrush(Qt::NoBrush);
    plot->legend->setMargins(QMargins(4, 2, 4, 0));
}

void replotIfSized(QCustomPlot* plot) {
    if (plot->viewport().width() > 0 && plot->viewport().height() > 0)
        plot->replot();
}

QString axisTitleWithUnit(const QString& label, const QString& unit) {
    if (unit.isEmpty() || unit == QLatin1String("1"))
        return label;
    return QStringLiteral("%1 (%2)").arg(label, unit);
}

namespace {
int decimalsFor(double value) {
    const double magnitude = std::fabs(value);
    if (magnitude >= 1000.0)
        return 0;
    if (magnitude >= 100.0)
        return 1;
    if (magnitude >= 10.0)
        return 2;
    return 3;
}
} // namespace

QString formatFigure(double value) {
    if (!std::isfinite(value))
        return QStringLiteral("\u2013");
    const int decimals = decimalsFor(value);
    return QString::number(shownAtDecimals(value, decimals), 'f', decimals);
}

QString formatDelta(double value) {
    if (!std::isfinite(value))
        return QStringLiteral("\u2013");
    const int decimals = decimalsFor(value);
    const double shown = shownAtDecimals(value, decimals);
    const QString text = QString::number(shown, 'f', decimals);
    return shown > 0.0 ? QLatin1Char('+') + text : text;
}

QString formatMetricFigure(double value, const std::string& unit) {
    if (unit == yesNoUnit && std::isfinite(value))
        return QObject::tr(yesNoText(value));
    return formatFigure(value);
}

QString formatMetricDelta(double delta, const std::string& unit) {
    if (unit == yesNoUnit && std::isfinite(delta))
        return delta != 0.0 ? QObject::tr("changed") : QObject::tr("same");
    return formatDelta(delta);
}

} // namespace vtw
