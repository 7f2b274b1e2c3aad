#pragma once

// One table describing every parameter of a Setup: its file path, label, unit,
// limits, editor step and meaning, and how to read and write it. The JSON
// reader/writer, the validator and the editor forms are all driven by this
// table, so adding a field to Setup means adding one line here (the metadata
// test counts the members of each parameter struct to catch a forgotten one).

#include "core/base/FieldDescription.h"
#include "core/vehicle/Setup.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <limits>
#include <vector>

namespace vtw {

enum class FieldKind {
    Number,     ///< a double
    Integer,    ///< an int, stored in the file as an integral number
    Enum,       ///< one of enumKeys; get/set use the enumerator index
    NumberList, ///< a list of doubles (gear ratios)
    Curve       ///< a point list, stored as [[x, y], ...]
};

enum class UnitSystem { SI, Imperial };

/// How to show a stored value: shown = stored * scale, labelled with symbol.
struct DisplayUnit {
    QString symbol;
    double scale = 1.0;
};

/// The display unit of a quantity in a unit system (angles in degrees,
/// speeds in km/h or mph, torque in N m or lb-ft, ...).
DisplayUnit displayUnit(Quantity quantity, UnitSystem system);

/// The display unit of a metric core reports in its own unit ("km/h", "m",
/// "s", "g", ...): speeds in mph and distances in ft for imperial, accelerations
/// ("m/s^2") in g in both systems; the rest, and everything in SI, as reported.
DisplayUnit metricDisplayUnit(const QString& unit, UnitSystem system);

struct FieldMeta {
    QString path;  ///< file path, sections joined by '.', e.g. "chassis.mass"
    QString label; ///< short label for a form
    QString unit;  ///< stored unit symbol ("kg", "rpm", "" for dimensionless)
    Quantity quantity = Quantity::Dimensionless;
    double min = -std::numeric_limits<double>::max();
    double max = std::numeric_limits<double>::max();
    bool minExclusive = false; ///< value must be > min instead of >= min
    bool maxExclusive = false; ///< value must be < max instead of <= max
    double step = 1.0;         ///< editor step in the stored unit
    int decimals = 3;          ///< editor decimals in the stored unit
    QString tooltip;           ///< what the parameter means
    FieldKind kind = FieldKind::Number;

    // Number, Integer and Enum (the enumerator index as a double).
    std::function<double(const Setup&)> get;
    std::function<void(Setup&, double)> set;
    QStringList enumKeys;  ///< Enum: the allowed keys, in enumerator order
    QStringList enumNames; ///< Enum: their display names, in the same order

    // NumberList: the list; min/max apply to each element.
    std::function<std::vector<double>&(Setup&)> list;
    int minCount = 1;
    int maxCount = 1;

    // Curve: the curve, units and quantities of its axes, its rules.
    std::function<Curve&(Setup&)> curve;
    QString xUnit, yUnit;
    QString xLabel, yLabel;
    Quantity xQuantity = Quantity::Dimensionless;
    Quantity yQuantity = Quantity::Dimensionless;
    CurveRules curveRules;

    /// A file without the field (or its section) gets the default without a warning: a
    /// field added with a neutral default after files without it existed.
    bool optional = false;
    /// When set, the field is written to a file only if this returns true (a model's
    /// section that still holds its defaults is left out); unset: always written.
    std::function<bool(const Setup&)> written;

    /// The path split at '.' (the JSON object keys leading to the value).
    QStringList keys() const { return path.split(QLatin1Char('.')); }

    const std::vector<double>& listOf(const Setup& s) const {
        return list(const_cast<Setup&>(s)); // read-only use of a non-const accessor
    }
    const Curve& curveOf(const Setup& s) const { return curve(const_cast<Setup&>(s)); }

    /// "must be > 0", "must be <= 1", ... for a value outside [min, max]; empty if inside.
    QString rangeProblem(double value) const;
};

/// Every field of a Setup except name and notes, in file order.
const std::vector<FieldMeta>& setupFields();

/// The field with this path, or nullptr.
const FieldMeta* findField(const QString& path);

} // namespace vtw
