#pragma once

// The raw tables of a comparison as CSV: the metrics with deltas against the
// baseline, and the parameter diff. Numbers in shortest exact form (metrics)
// so a script reads the same figures the table shows rounded.

#include "core/setupfile/SetupMetadata.h"

#include <QByteArray>

namespace vtw {

struct ComparisonData;

/// maneuver,metric,label,unit,sense,<setup>...,delta <setup>...,verdict <setup>...
/// (no delta or verdict columns for the baseline).
QByteArray metricsTableCsv(const ComparisonData& data);

/// path,parameter,unit,<setup>... with values in display units.
QByteArray parameterDiffCsv(const ComparisonData& data, UnitSystem system);

} // namespace vtw
