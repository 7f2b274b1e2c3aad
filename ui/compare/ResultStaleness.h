#pragma once

// Whether a finished comparison still describes the setups it names: a setup edited,
// renamed or closed since the run makes every table, plot and export of it out of date.

#include "ComparisonData.h"
#include "SetupPicker.h"

#include <QString>

namespace vtw {

/// Why the results no longer match the setups offered now ("Corvette C5 was edited
/// since the run"), or an empty string while they still do.
QString staleResultsReason(const ComparisonData& results, const QList<NamedSetup>& offered);

} // namespace vtw
