#include "ui/shared/ManeuverParameterEditor.h"

#include "ui/shared/StoredValueSpinBox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>

#include <cmath>

namespace vtw {

namespace {

/// A decimal parameter: a StoredValueSpinBox in the parameter's unit, and the parameter
/// it edits (for its label and its unit).
class ParameterNumberBox : public StoredValueSpinBox {
public:
    ParameterNumberBox(const ManeuverParameter& p, double value, UnitSystem system, QWidget* parent)
        : StoredValueSpinBox(p.min, p.max, value, parameterDisplay(p.unit, system), parent), m_parameter(p) {
        showTip();
    }

    void setUnits(UnitSystem system) {
        setDisplay(parameterDisplay(m_parameter.unit, system));
        showTip();
    }

    const ManeuverParameter& parameter() const { return m_parameter; }

private:
    void showTip() {
        const double shownDefault = display().toDisplay(m_parameter.defaultValue);
        setToolTip(QStringLiteral("%1 (default %2)").arg(rangeText(), QLocale().toString(shownDefault, 'g', 6)));
    }

    ManeuverParameter m_parameter;
};

} // namespace

QString parameterLabel(const ManeuverParameter& p, UnitSystem system) {
    const QString label = QString::fromStdString(p.label);
    const QString unit = parameterDisplay(p.unit, system).unit.symbol;
    return unit.isEmpty() ? label : QStringLiteral("%1 (%2)").arg(label, unit);
}

QWidget* makeParameterEditor(const ManeuverParameter& p, double value, QWidget* parent, UnitSystem system) {
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
    case ParameterKind::Choice: {
        auto* box = new QComboBox(parent);
        for (const std::string& choice : p.choices)
            box->addItem(QString::fromStdString(choice));
        box->setCurrentIndex(static_cast<int>(std::lround(value)));
        box->setToolTip(QStringLiteral("Default: %1")
                            .arg(QString::fromStdString(p.choices.at(static_cast<std::size_t>(p.defaultValue)))));
        editor = box;
        break;
    }
    case ParameterKind::WholeNumber: {
        auto* box = new QSpinBox(parent);
        box->setRange(static_cast<int>(std::ceil(p.min)), static_cast<int>(std::floor(p.max)));
        box->setValue(static_cast<int>(std::lround(value)));
        box->setToolTip(QStringLiteral("%1 to %2 (default %3)").arg(p.min).arg(p.max).arg(p.defaultValue));
        editor = box;
        break;
    }
    case ParameterKind::Number:
        editor = new ParameterNumberBox(p, value, system, parent);
        break;
    }
    editor->setObjectName(QString::fromStdString("param_" + p.key));
    return editor;
}

double parameterEditorValue(const QWidget* editor) {
    if (const auto* box = qobject_cast<const QCheckBox*>(editor))
        return box->isChecked() ? 1.0 : 0.0;
    if (const auto* box = qobject_cast<const QSpinBox*>(editor))
        return box->value();
    if (const auto* box = qobject_cast<const QComboBox*>(editor))
        return box->currentIndex();
    if (const auto* box = qobject_cast<const StoredValueSpinBox*>(editor))
        return box->storedValue();
    return 0.0;
}

void setParameterEditorValue(QWidget* editor, double value) {
    if (auto* box = qobject_cast<QCheckBox*>(editor))
        box->setChecked(value != 0.0);
    else if (auto* box = qobject_cast<QSpinBox*>(editor))
        box->setValue(static_cast<int>(std::lround(value)));
    else if (auto* box = qobject_cast<QComboBox*>(editor))
        box->setCurrentIndex(static_cast<int>(std::lround(value)));
    else if (auto* box = qobject_cast<StoredValueSpinBox*>(editor))
        box->setStoredValue(value);
}

void setParameterEditorUnits(QWidget* editor, UnitSystem system, QFormLayout* form) {
    auto* box = dynamic_cast<ParameterNumberBox*>(editor);
    if (!box)
        return; // counts and yes/no have no unit
    box->setUnits(system);
    if (auto* label = form ? qobject_cast<QLabel*>(form->labelForField(editor)) : nullptr)
        label->setText(parameterLabel(box->parameter(), system));
}

void onParameterEditorChanged(QWidget* editor, QObject* context, std::function<void()> changed) {
    if (auto* box = qobject_cast<QCheckBox*>(editor))
        QObject::connect(box, &QCheckBox::toggled, context, [changed] { changed(); });
    else if (auto* box = qobject_cast<QSpinBox*>(editor))
        QObject::connect(box, &QSpinBox::valueChanged, context, [changed] { changed(); });
    else if (auto* box = qobject_cast<QComboBox*>(editor))
        QObject::connect(box, &QComboBox::currentIndexChanged, context, [changed] { changed(); });
    else if (auto* box = qobject_cast<QDoubleSpinBox*>(editor))
        QObject::connect(box, &QDoubleSpinBox::valueChanged, context, [changed] { changed(); });
}

} // namespace vtw
