#pragma once

// Adapter between a comparison's telemetry and QCustomPlot for overlaid
// traces: the compare page and the PDF report draw the same plots through
// these two functions.

#include <QString>

#include <string>

class QCustomPlot;

namespace vtw {

struct ComparisonData;

enum class TraceAxis { Time, Distance };

struct TraceSelection {
    std::size_t maneuver = 0;
    std::string channel = "speed"; ///< a channelCatalogue() name
    TraceAxis x = TraceAxis::Time;
};

/// One graph per setup (its colour, its name in the legend), axis titles with units.
/// Returns the number of graphs drawn (setups whose run recorded telemetry).
int plotTraceOverlay(QCustomPlot* plot, const ComparisonData& data,
                     const TraceSelection& selection);

/// Each setup minus the baseline, interpolated onto the baseline's x samples.
int plotTraceDelta(QCustomPlot* plot, const ComparisonData& data, const TraceSelection& selection);

/// "Speed", "Longitudinal acceleration": the catalogue label of a channel.
QString channelLabel(const std::string& channel);

} // namespace vtw
