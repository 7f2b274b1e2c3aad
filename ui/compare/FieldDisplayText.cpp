#include "ui/compare/FieldDisplayText.h"

#include <algorithm>
#include <cmath>

namespace vtw {

QString fieldDisplayUnit(const FieldMeta& field, UnitSystem system) {
    if (field.kind == FieldKind::Curve) {
        const QString x = displayUnit(field.xQuantity, system).symbol;
        const QString y = displayUnit(field.yQuantity, system).symbol;
        return x.isEmpty() && y.isEmpty() ? QString() : QStringLiteral("%1, %2").arg(x, y);
    }
    if (field.kind == FieldKind::Enum)
        return {};
    return displayUnit(field.quantity, system).symbol;
}

int fieldDisplayDecimals(const FieldMeta& field, UnitSystem system) {
    if (field.kind == FieldKind::Integer)
        return 0;
    const double scale = displayUnit(field.quantity, system).scale;
    const int shift = scale > 0.0 ? static_cast<int>(std::lround(std::log10(scale))) : 0;
    return std::clamp(field.decimals - shift, 0, 6);
}

QString fieldDisplayValue(const FieldMeta& field, const Setup& setup, UnitSystem system) {
    const double scale = displayUnit(field.quantity, system).scale;
    const int decimals = fieldDisplayDecimals(field, system);
    switch (field.kind) {
    case FieldKind::Number:
    case FieldKind::Integer:
        return QString::number(field.get(setup) * scale, 'f', decimals);
    case FieldKind::Enum: {
        const int index = static_cast<int>(field.get(setup));
        return index >= 0 && index < field.enumKeys.size() ? field.enumKeys[index]
                                                           : QString::number(index);
    }
    case FieldKind::NumberList: {
        QStringList parts;
        // Lists are long (gear ratios): drop trailing zeros so they fit a cell.
        for (double v : field.listOf(setup)) {
            QString text = QString::number(v * scale, 'f', decimals);
            if (text.contains(QLatin1Char('.'))) {
                while (text.endsWith(QLatin1Char('0')))
                    text.chop(1);
                if (text.endsWith(QLatin1Char('.')))
                    text.chop(1);
            }
            parts << text;
        }
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    case FieldKind::Curve: return curveDisplaySummary(field, field.curveOf(setup), system);
    }
    return {};
}

QString curveDisplaySummary(const FieldMeta& field, const Curve& curve, UnitSystem system) {
    if (curve.empty())
        return QStringLiteral("0 points");
    const CurvePoint peak = curve.peak();
    const double x = displayUnit(field.xQuantity, system).scale * peak.x;
    const double y = displayUnit(field.yQuantity, system).scale * peak.y;
    return QStringLiteral("%1 points, peak %2 at %3")
        .arg(curve.size())
        .arg(significantText(y), significantText(x));
}

QString significantText(double value) {
    if (!std::isfinite(value) || value == 0.0)
        return QString::number(value);
    // Four significant digits, never in exponent form: a torque of 505.313 is 505.3,
    // an rpm of 4400 stays 4400, a slip of 0.1234 stays 0.1234.
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(value))));
    const int decimals = std::clamp(3 - magnitude, 0, 6);
    QString text = QString::number(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

QString fieldSectionName(const FieldMeta& field) {
    const QStringList keys = field.keys();
    QString section = keys.first();
    if (keys.size() > 2 && section == QLatin1String("tires"))
        return keys[1] == QLatin1String("front") ? QStringLiteral("Front tires")
                                                 : QStringLiteral("Rear tires");
    // An axle's suspension, named as its setup page is.
    if (keys.size() > 2 && section == QLatin1String("suspension"))
        return keys[1] == QLatin1String("front") ? QStringLiteral("Front suspension")
                                                 : QStringLiteral("Rear suspension");
    if (!section.isEmpty())
        section[0] = section[0].toUpper();
    return section;
}

QString fieldDisplayName(const FieldMeta& field) {
    const QStringList keys = field.keys();
    QString section = fieldSectionName(field);
    // The model sub-keys tell lateral B from longitudinal B.
    if (keys.size() > 3 && keys.first() == QLatin1String("tires"))
        section += QStringLiteral(" (%1)").arg(keys.mid(2, keys.size() - 3).join(QLatin1Char('.')));
    return QStringLiteral("%1: %2").arg(section, field.label);
}

} // namespace vtw
