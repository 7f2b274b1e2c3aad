#pragma once

// Whether a finished comparison still describes the setups it names: a setup edited,
// renamed or closed since the run makes every table, plot and export of it out of date.

#include "ui/compare/ComparisonData.h"
#include "ui/compare/SetupPicker.h"

#include <QString>

namespace vtw {

/// Why the results no longer match the setups offered now ("Corvette C5 changed since
/// the run"), or an empty string while they still do. Setups are matched by id, so a
/// renamed document is the same setup, changed.
QString staleResultsReason(const ComparisonData& results, const QList<OfferedSetup>& offered);

} // namespace vtw
