#pragma once

// Validation of a Setup, shared by the GUI, the CLI, the loader and the tests.
// Every problem is reported with the file path of the field and a reason, and
// all problems are reported at once.

#include "core/vehicle/Setup.h"
#include "core/setupfile/SetupMetadata.h"

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

/// What validateSetup holds an axle's tire model to beyond its parameters' ranges
/// (docs/physics.md 0): finite forces over the slips and loads a car meets around
/// `load` (0.1 to 2.5 times it), none above 5 times the load, and at `load` itself a
/// force that follows a small slip both ways. `loadName` names the load in the
/// messages ("the static wheel load"); the paths start with prefix.
SetupIssues validateTireBehaviour(const TireParams& tires, double load, const QString& prefix,
                                  const QString& loadName);

/// The point-list rules of one curve (count, finite, x strictly increasing,
/// x and y lower bounds, positive peak), reported under path.
SetupIssues validateCurve(const Curve& curve, const CurveRules& rules, const QString& path);

/// The band a car's radius of gyration in yaw, sqrt(Iz / m), is held to, as shares
/// of its wheelbase (the reasons are in SetupValidation.cpp).
inline constexpr double minYawGyrationShare = 0.2;
inline constexpr double maxYawGyrationShare = 0.8;

/// The rules that involve more than one field (gear order, rpm thresholds,
/// tire-model consistency). Part of validateSetup(), which also holds the yaw
/// inertia to a band around the mass and wheelbase once the chassis fields passed.
SetupIssues validateCrossFieldRules(const Setup& setup);

/// The published figures: known metric key, at most one per key, finite
/// positive value, a source. Part of validateSetup().
SetupIssues validateTargets(const Setup& setup);

/// The issue as the window shows it: fields named by their form labels instead of
/// their file paths ("Upshift: must be at most Redline (6000)"); a label shared by
/// several fields keeps its section ("tires.front" -> "front tires"). The file
/// paths (toString) stay for the command line, whose users edit the files.
QString issueForPeople(const SetupIssue& issue);
/// Just the reason, with any field path in it named by its label.
QString issueMessageForPeople(const SetupIssue& issue);

} // namespace vtw
