#pragma once

// Adapter between a comparison's telemetry and QCustomPlot for overlaid
// traces: the compare page and the PDF report draw the same plots through
// these two functions.

#include "ui/compare/TraceSeries.h"

#include <QString>

#include <string>

class QCustomPlot;

namespace vtw {

struct ComparisonData;

/// One graph per setup (its colour, its name in the legend), or per maneuver of one
/// setup, axis titles with units. Returns the number of graphs drawn (runs that
/// recorded telemetry).
int plotTraceOverlay(QCustomPlot* plot, const ComparisonData& data,
                     const TraceSelection& selection);

/// Each setup minus the baseline (each maneuver minus the first), interpolated onto the
/// baseline's x samples.
int plotTraceDelta(QCustomPlot* plot, const ComparisonData& data, const TraceSelection& selection);

/// "Speed", "Longitudinal acceleration": the catalogue label of a channel.
QString channelLabel(const std::string& channel);

} // namespace vtw
