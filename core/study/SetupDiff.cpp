#include "core/study/SetupDiff.h"

namespace vtw {

bool fieldEqual(const FieldMeta& field, const Setup& a, const Setup& b) {
    switch (field.kind) {
    case FieldKind::Number:
    case FieldKind::Integer:
    case FieldKind::Enum: return field.get(a) == field.get(b);
    case FieldKind::NumberList: return field.listOf(a) == field.listOf(b);
    case FieldKind::Curve: return field.curveOf(a) == field.curveOf(b);
    }
    return true;
}

void copyField(const FieldMeta& field, const Setup& source, Setup& target) {
    switch (field.kind) {
    case FieldKind::Number:
    case FieldKind::Integer:
    case FieldKind::Enum: field.set(target, field.get(source)); break;
    case FieldKind::NumberList: field.list(target) = field.listOf(source); break;
    case FieldKind::Curve: field.curve(target) = field.curveOf(source); break;
    }
}

QString fieldValueText(const FieldMeta& field, const Setup& setup) {
    switch (field.kind) {
    case FieldKind::Number: return QString::number(field.get(setup), 'g', 10);
    case FieldKind::Integer: return QString::number(static_cast<long long>(field.get(setup)));
    case FieldKind::Enum: return field.enumKeys.value(static_cast<int>(field.get(setup)));
    case FieldKind::NumberList: {
        QStringList parts;
        for (double v : field.listOf(setup))
            parts << QString::number(v, 'g', 10);
        return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
    }
    case FieldKind::Curve: {
        const Curve& c = field.curveOf(setup);
        const CurvePoint peak = c.peak();
        return QStringLiteral("%1 points, peak %2 at %3")
            .arg(c.size())
            .arg(QString::number(peak.y, 'g', 6), QString::number(peak.x, 'g', 6));
    }
    }
    return {};
}

std::vector<ParameterDifference> diffSetups(const std::vector<Setup>& setups) {
    std::vector<ParameterDifference> out;
    if (setups.size() < 2)
        return out;
    for (const FieldMeta& field : setupFields()) {
        bool differs = false;
        for (std::size_t i = 1; i < setups.size() && !differs; ++i)
            differs = !fieldEqual(field, setups.front(), setups[i]);
        if (!differs)
            continue;
        ParameterDifference d;
        d.field = &field;
        for (const Setup& s : setups)
            d.values << fieldValueText(field, s);
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace vtw
