#include "ui/shared/DisplayUnits.h"

#include "core/base/Units.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace vtw {

double ValueDisplay::tidyConverted(double value) {
    if (!std::isfinite(value))
        return value;
    return QString::number(value, 'g', 15).toDouble();
}

ValueDisplay valueDisplay(Quantity quantity, UnitSystem system) {
    return {displayUnit(quantity, system)};
}

int displayDecimals(const FieldMeta& field, UnitSystem system) {
    if (field.kind == FieldKind::Integer || field.kind == FieldKind::Enum)
        return 0;
    const double scale = displayUnit(field.quantity, system).scale;
    // A scale of 100 (share as %) needs two decimals fewer; 57.3 (deg) two fewer too,
    // rounded so that the shown resolution stays at least as fine as the stored one.
    const int shift = int(std::floor(std::log10(scale)));
    return std::clamp(field.decimals - shift, 0, 8);
}

QString formatForField(const FieldMeta& field, UnitSystem system, double stored) {
    const double shown = valueDisplay(field.quantity, system).toDisplay(stored);
    return formatNumber(shown, displayDecimals(field, system));
}

QString rangeMessage(const FieldMeta& field, UnitSystem system, double stored) {
    if (!std::isfinite(stored))
        return QStringLiteral("must be a finite number");
    const ValueDisplay d = valueDisplay(field.quantity, system);
    const QString unit = d.unit.symbol.isEmpty() ? QString() : QStringLiteral(" ") + d.unit.symbol;
    const auto limit = [&](double v) { return QLocale().toString(d.toDisplay(v), 'g', 8) + unit; };
    const bool lowOk = field.minExclusive ? stored > field.min : stored >= field.min;
    const bool highOk = field.maxExclusive ? stored < field.max : stored <= field.max;
    if (lowOk && highOk)
        return {};
    // Both limits when there are two, whichever is broken (as validation says it), so
    // that a value far too small also shows how large it may be.
    const bool hasMin = field.min > -std::numeric_limits<double>::max() / 2;
    const bool hasMax = field.max < std::numeric_limits<double>::max() / 2;
    if (!hasMax)
        return QStringLiteral("must be %1 %2")
            .arg(field.minExclusive ? ">" : "≥", limit(field.min));
    if (!hasMin)
        return QStringLiteral("must be %1 %2")
            .arg(field.maxExclusive ? "<" : "≤", limit(field.max));
    return QStringLiteral("must be %1 %2 and %3 %4")
        .arg(field.minExclusive ? ">" : "≥", limit(field.min), field.maxExclusive ? "<" : "≤",
             limit(field.max));
}

ValueDisplay powerDisplay(UnitSystem system) {
    return system == UnitSystem::Imperial
               ? ValueDisplay{{QStringLiteral("hp"), 1.0 / units::wattsPerHorsepower}}
               : ValueDisplay{{QStringLiteral("kW"), 1e-3}};
}

ValueDisplay distanceDisplay(UnitSystem system) {
    return system == UnitSystem::Imperial ? ValueDisplay{{QStringLiteral("ft"), 1.0 / units::metresPerFoot}}
                                          : ValueDisplay{{QStringLiteral("m"), 1.0}};
}

ValueDisplay tyreLoadDisplay(UnitSystem system) {
    return system == UnitSystem::Imperial ? valueDisplay(Quantity::Force, system)
                                          : ValueDisplay{{QStringLiteral("kN"), 1e-3}};
}

ShownMetric showMetric(double value, const QString& unit, UnitSystem system) {
    const DisplayUnit shown = metricDisplayUnit(unit, system);
    return {value * shown.scale, shown.symbol};
}

ValueDisplay parameterDisplay(const std::string& unit, UnitSystem system) {
    return {metricDisplayUnit(QString::fromStdString(unit), system)};
}

bool parseNumber(const QString& text, double* value) {
    const QString t = text.trimmed();
    bool ok = false;
    double v = QLocale().toDouble(t, &ok);
    if (!ok)
        v = QLocale::c().toDouble(t, &ok);
    if (ok && value)
        *value = v;
    return ok;
}

double shownAtDecimals(double value, int decimals) {
    return std::abs(value) < 0.5 * std::pow(10.0, -decimals) ? 0.0 : value;
}

QString formatNumber(double value, int decimals) {
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(shownAtDecimals(value, decimals), 'f', decimals);
}

QString formatSignedPercent(double share) {
    const double percent = shownAtDecimals(100.0 * share, 1);
    return QStringLiteral("%1%2 %").arg(percent > 0.0 ? QStringLiteral("+") : QString(), formatNumber(percent, 1));
}

QString axisTitle(const QString& label, const QString& unit) {
    return unit.isEmpty() ? label : QStringLiteral("%1 (%2)").arg(label, unit);
}

} // namespace vtw
