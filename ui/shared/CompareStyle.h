#pragma once

// The look of the compare view's plots and tables: one colour per setup that
// stays the same in every plot, the table and the report, so a setup is
// recognised at a glance wherever it appears.

#include <QColor>
#include <QString>

#include <string>

class QCustomPlot;

namespace vtw {

/// The colour of setup i of a comparison (Okabe-Ito, safe for colour-blind readers).
QColor setupColour(int index);

/// Colours for a better or worse figure than the baseline (text and cell tint).
QColor betterColour();
QColor worseColour();
QColor betterTint();
QColor worseTint();

/// Grid, fonts, legend and zoom/pan for a compare plot.
void styleComparePlot(QCustomPlot* plot);

/// Moves the legend out of the axis rect into a row above it, items side by
/// side, so it never hides a trace (traces fill the whole plot).
void placeLegendAbove(QCustomPlot* plot);

/// Replots unless the plot has no size yet (a hidden tab): QCustomPlot
/// cannot paint into an empty buffer, and it replots itself when resized.
void replotIfSized(QCustomPlot* plot);

/// "Speed (m/s)", or the label alone for a dimensionless quantity (unit "" or "1").
QString axisTitleWithUnit(const QString& label, const QString& unit);

/// A figure with as many decimals as its size deserves ("5.237", "41.52",
/// "312.4"); an en dash for a figure that is not a number.
QString formatFigure(double value);

/// A change within this share of the baseline's value is shown neutral (uncoloured):
/// half a percent is within what a setup's rounding or a run's step moves.
inline constexpr double neutralChangeShare = 0.005;
/// From this share on, a change gets the full tint; smaller ones fade towards white.
inline constexpr double fullTintChangeShare = 0.10;
/// The background of a difference: better or worse tint by verdict, graded by how large
/// the change is against the baseline (|delta / baseline|); no colour (an invalid QColor)
/// inside the neutral band or without a verdict.
QColor gradedChangeTint(int verdict, double relativeChange);
/// A metric's value as the tables show it: "yes"/"no" for a pass/fail metric (unit
/// yesNoUnit), else formatFigure.
QString formatMetricFigure(double value, const std::string& unit);
/// A change of a metric: "changed"/"same" for a pass/fail metric, else formatDelta.
QString formatMetricDelta(double delta, const std::string& unit);

/// A difference with its sign ("+0.124", "-3.10"), or an en dash.
QString formatDelta(double value);

} // namespace vtw
