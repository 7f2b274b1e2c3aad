#pragma once

// Stored (SI) values against what the user sees. The metadata table names
// each field's quantity; this file picks the unit a quantity is shown in for
// the chosen unit system and converts both ways. Storage never changes.
// Accelerations are shown in g in both systems (core's displayUnit for
// Quantity::Acceleration, which metrics, channels and maneuver forms share).

#include "core/setupfile/SetupMetadata.h"

#include <QString>

#include <string>

namespace vtw {

/// Converts one quantity between stored and shown values.
struct ValueDisplay {
    DisplayUnit unit;
    double toDisplay(double stored) const { return stored * unit.scale; }
    /// The stored value of a shown one. A converted value is kept to 15 significant
    /// digits, so that a typed 55.1 % is stored as 0.551, not 0.5509999999999999:
    /// the division's last-bit noise would otherwise reach saved files.
    double fromDisplay(double shown) const { return unit.scale == 1.0 ? shown : tidyConverted(shown / unit.scale); }
    static double tidyConverted(double value);
};

ValueDisplay valueDisplay(Quantity quantity, UnitSystem system);

/// Decimals worth showing for a field whose metadata counts decimals in the
/// stored unit (a share of 0.550 is 55.0 %, 0.6109 rad is 35.00 deg).
int displayDecimals(const FieldMeta& field, UnitSystem system);

/// The stored value as the form shows it, e.g. "1500" or "35.00".
QString formatForField(const FieldMeta& field, UnitSystem system, double stored);

/// "must be > 0 kg", "must be between 0 and 100 %": a range problem in shown units.
QString rangeMessage(const FieldMeta& field, UnitSystem system, double stored);

/// Engine power is not a setup field; it is shown in kW or hp.
ValueDisplay powerDisplay(UnitSystem system);
/// Distances of the derived figures (stopping distance): m or ft.
ValueDisplay distanceDisplay(UnitSystem system);
/// A tyre's normal load: kN (a wheel carries a few) or lbf.
ValueDisplay tyreLoadDisplay(UnitSystem system);

/// A metric reported by core in its own unit ("km/h", "m", "s", "g"), in the
/// unit system's unit: speeds to mph and distances to ft in imperial.
struct ShownMetric {
    double value = 0.0;
    QString unit;
};
ShownMetric showMetric(double value, const QString& unit, UnitSystem system);

/// A maneuver parameter given in `unit` ("km/h", "m", "m/s^2", "deg"), as a form shows
/// and takes it: by the same rules as a metric (mph, ft, g).
ValueDisplay parameterDisplay(const std::string& unit, UnitSystem system);

/// Parses a number the way a user types it: the locale's form, then the C form.
bool parseNumber(const QString& text, double* value);

/// "12 345.6" style formatting in the locale with a fixed number of decimals. A value
/// that rounds to zero is "0.0", never "-0.0".
QString formatNumber(double value, int decimals);

/// `value`, or 0 when it rounds to zero at `decimals`: the sign of a number too small to
/// show says nothing, so none is shown.
double shownAtDecimals(double value, int decimals);

/// A share as a signed percentage with one decimal: "+7.1 %", "-2.0 %", "0.0 %".
QString formatSignedPercent(double share);

/// Axis title "Label (unit)", or just the label for a dimensionless axis.
QString axisTitle(const QString& label, const QString& unit);

} // namespace vtw
