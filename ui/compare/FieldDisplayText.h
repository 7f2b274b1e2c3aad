#pragma once

// A setup field's value as the compare view shows it: in the display unit the
// metadata names for the chosen unit system (degrees, %, km/h ...), so the
// diff reads like the editor forms, not like the stored SI numbers.

#include "core/setupfile/SetupMetadata.h"

#include <QString>

namespace vtw {

/// The unit the field is shown in ("deg", "%", "kg"); for a curve "x unit, y unit".
QString fieldDisplayUnit(const FieldMeta& field, UnitSystem system);

/// The value in that unit with the field's precision ("35.00", "rwd",
/// "[2.66, 1.78]"); a curve is summarised in the display units of its axes.
QString fieldDisplayValue(const FieldMeta& field, const Setup& setup, UnitSystem system);

/// A curve in the display units of its axes: "9 points, peak 350.3 at 4400" (lb-ft, rpm).
QString curveDisplaySummary(const FieldMeta& field, const Curve& curve, UnitSystem system);

/// A number to four significant digits without exponent or trailing zeros ("505.3", "4400").
QString significantText(double value);

/// Decimals worth showing once scaled to the display unit (0.550 stored as a
/// share is 55.0 %).
int fieldDisplayDecimals(const FieldMeta& field, UnitSystem system);

/// The readable name of the field's section: "Chassis", "Engine", "Front tires".
QString fieldSectionName(const FieldMeta& field);

/// A readable name with its section, e.g. "Chassis: Mass" or "Front tires: B (stiffness)".
QString fieldDisplayName(const FieldMeta& field);

} // namespace vtw
