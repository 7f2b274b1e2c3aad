#pragma once

// The read-out of overlaid traces at the cursor: every run's value of the channel there,
// in the window's units, as the overlay draws it (linear between samples; nothing said
// for a run whose trace does not reach that far).

#include "ui/compare/TraceSeries.h"

#include <QString>

namespace vtw {

struct ComparisonData;

/// "Speed at 12.30 s: Corvette C5 123.4 km/h, Lotus Elise S2 120.1 km/h"; empty for a
/// channel unknown to the catalogue and the math channels.
QString traceReadoutText(const ComparisonData& data, const TraceSelection& selection, double x);

} // namespace vtw
