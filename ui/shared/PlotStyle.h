#pragma once

// The look shared by every plot of the workbench (one place to change it).

#include <QColor>

class QCPColorGradient;
class QCustomPlot;

namespace vtw {

/// Fonts, grid, legend, interactions (wheel zoom, drag to pan) for a plot.
void applyPlotStyle(QCustomPlot* plot);

/// Colour of series i of a plot (a small, colour-blind-friendly cycle).
QColor seriesColour(int index);

/// The colours of a lap's speed, slow to fast (a perceptually even, colour-blind-safe
/// ramp): the track map's scale, the G-G-V points and the live path on a track.
QCPColorGradient lapColourGradient();

} // namespace vtw
