#pragma once

// Validation of a Setup, shared by the GUI, the CLI, the loader and the tests.
// Every problem is reported with the file path of the field and a reason, and
// all problems are reported at once.

#include "Setup.h"
#include "setupfile/SetupMetadata.h"

#include <QList>
#include <QString>

namespace vtw {

struct SetupIssue {
    QString path;    ///< field path as in the file, e.g. "tires.front.magicFormula.lateral.C"
    QString message; ///< reason, e.g. "must be > 0"
    QString toString() const { return path.isEmpty() ? message : path + ": " + message; }
    friend bool operator==(const SetupIssue&, const SetupIssue&) = default;
};
using SetupIssues = QList<SetupIssue>;

/// Every problem of a setup: ranges from the metadata, NaN/inf, curve rules and
/// cross-field rules. Empty when the setup can be simulated.
SetupIssues validateSetup(const Setup& setup);

/// The point-list rules of one curve (count, finite, x strictly increasing,
/// x and y lower bounds, positive peak), reported under path.
SetupIssues validateCurve(const Curve& curve, const CurveRules& rules, const QString& path);

/// The rules that involve more than one field (gear order, rpm thresholds,
/// tire-model consistency). Part of validateSetup().
SetupIssues validateCrossFieldRules(const Setup& setup);

/// The published figures: known metric key, at most one per key, finite
/// positive value, a source. Part of validateSetup().
SetupIssues validateTargets(const Setup& setup);

} // namespace vtw
