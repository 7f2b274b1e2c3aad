#include "ManeuverParameterEditor.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QSpinBox>

#include <cmath>

namespace vtw {

QWidget* makeParameterEditor(const ManeuverParameter& p, double value, QWidget* parent) {
    QWidget* editor = nullptr;
    switch (p.kind) {
    case ParameterKind::YesNo: {
        auto* box = new QCheckBox(parent);
        box->setChecked(value != 0.0);
        box->setToolTip(QStringLiteral("Default: %1").arg(p.defaultValue != 0.0 ? QStringLiteral("yes")
                                                                                 : QStringLiteral("no")));
        editor = box;
        break;
    }
    case ParameterKind::WholeNumber: {
        auto* box = new QSpinBox(parent);
        box->setRange(static_cast<int>(std::ceil(p.min)), static_cast<int>(std::floor(p.max)));
        box->setValue(static_cast<int>(std::lround(value)));
        editor = box;
        break;
    }
    case ParameterKind::Number: {
        auto* box = new QDoubleSpinBox(parent);
        // Enough decimals for the smallest meaningful step of the range.
        const int decimals = p.max - p.min <= 5.0 ? 3 : 1;
        box->setDecimals(decimals);
        box->setRange(p.min, p.max);
        box->setSingleStep(std::pow(10.0, std::min(0, 1 - decimals)));
        box->setValue(value);
        editor = box;
        break;
    }
    }
    if (p.kind != ParameterKind::YesNo)
        editor->setToolTip(QStringLiteral("%1 to %2 (default %3)").arg(p.min).arg(p.max).arg(p.defaultValue));
    editor->setObjectName(QString::fromStdString("param_" + p.key));
    return editor;
}

double parameterEditorValue(const QWidget* editor) {
    if (const auto* box = qobject_cast<const QCheckBox*>(editor))
        return box->isChecked() ? 1.0 : 0.0;
    if (const auto* box = qobject_cast<const QSpinBox*>(editor))
        return box->value();
    if (const auto* box = qobject_cast<const QDoubleSpinBox*>(editor))
        return box->value();
    return 0.0;
}

void setParameterEditorValue(QWidget* editor, double value) {
    if (auto* box = qobject_cast<QCheckBox*>(editor))
        box->setChecked(value != 0.0);
    else if (auto* box = qobject_cast<QSpinBox*>(editor))
        box->setValue(static_cast<int>(std::lround(value)));
    else if (auto* box = qobject_cast<QDoubleSpinBox*>(editor))
        box->setValue(value);
}

void onParameterEditorChanged(QWidget* editor, QObject* context, std::function<void()> changed) {
    if (auto* box = qobject_cast<QCheckBox*>(editor))
        QObject::connect(box, &QCheckBox::toggled, context, [changed] { changed(); });
    else if (auto* box = qobject_cast<QSpinBox*>(editor))
        QObject::connect(box, &QSpinBox::valueChanged, context, [changed] { changed(); });
    else if (auto* box = qobject_cast<QDoubleSpinBox*>(editor))
        QObject::connect(box, &QDoubleSpinBox::valueChanged, context, [changed] { changed(); });
}

} // namespace vtw
