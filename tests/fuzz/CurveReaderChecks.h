#pragma once

// The promises of the two curve readers (CSV and rpm|value tables), checked the
// same way on both: a curve or its problems, never both; an accepted curve keeps
// its rules and comes back the same through its writer.

#include "FuzzSupport.h"

#include "core/setupfile/CsvIo.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/setupfile/SetupValidation.h"

namespace vtw::fuzz {

/// Reads bytes with read under the rules of each curve of a setup that has
/// different ones (the torque curve, a table tire's force curve); write is the
/// reader's own writer.
template <class Read, class Write>
void checkCurveReader(const QByteArray& bytes, Read read, Write write) {
    for (const char* path : {"engine.torqueCurve_rpm_Nm", "tires.front.table.lateral"}) {
        const CurveRules& rules = findField(path)->curveRules;
        const CurveImportResult r = read(bytes, rules);
        require(r.ok() == r.errors.isEmpty(), "a curve exactly when there are no errors");
        if (!r.ok())
            continue;
        require(validateCurve(*r.curve, rules, path).isEmpty(), "an accepted curve keeps its rules");
        const CurveImportResult again = read(write(*r.curve), rules);
        require(again.ok() && *again.curve == *r.curve, "an accepted curve reads back the same");
    }
}

} // namespace vtw::fuzz
