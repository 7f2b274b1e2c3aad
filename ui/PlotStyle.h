#pragma once

// The look shared by every plot of the workbench (one place to change it).

#include <QColor>

class QCustomPlot;

namespace vtw {

/// Fonts, grid, legend, interactions (wheel zoom, drag to pan) for a plot.
void applyPlotStyle(QCustomPlot* plot);

/// Colour of series i of a plot (a small, colour-blind-friendly cycle).
QColor seriesColour(int index);

} // namespace vtw
