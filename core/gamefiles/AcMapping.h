#pragma once

// The one table of what corresponds between Assetto Corsa's car data and a setup
// (docs/physics.md 15). Each entry reads its keys into the setup and writes them
// back, side by side, so the two directions cannot drift apart; the import and
// the export walk the same list.

#include "core/gamefiles/AcCarData.h"
#include "core/gamefiles/AcFiles.h"

#include <functional>
#include <vector>

namespace vtw::ac {

struct MappingEntry {
    QString name; ///< the keys, e.g. "suspensions.ini [BASIC] WHEELBASE, CG_LOCATION"
    /// Reads the keys into the setup; adds its line to the report, or to errors.
    std::function<void(Files&, Setup&, AcMappingReport&, QStringList& errors)> read;
    /// Writes the setup's values into the files (creating keys a new folder lacks).
    std::function<void(const Setup&, Files&, AcMappingReport&)> write;
    /// Whether two setups agree on every field the entry covers: an in-place export
    /// leaves the keys of an entry whose values did not change untouched.
    std::function<bool(const Setup&, const Setup&)> same;
};

/// Every entry, in the order they are read (the aero entry needs the axle positions).
const std::vector<MappingEntry>& mappingEntries();

/// The car data's content that has no equivalent in the workbench, and the setup's
/// fields that the car data has no key for: named in every report.
QStringList unmappedContent();

} // namespace vtw::ac
