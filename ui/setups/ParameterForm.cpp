#include "ui/setups/ParameterForm.h"

#include "ui/setups/FieldEditors.h"

#include <QFormLayout>
#include <QLabel>

namespace vtw {

std::vector<const FieldMeta*> fieldsWithPrefix(const QString& prefix) {
    std::vector<const FieldMeta*> out;
    for (const FieldMeta& f : setupFields()) {
        if (f.kind != FieldKind::Curve && f.path.startsWith(prefix))
            out.push_back(&f);
    }
    return out;
}

// A limited-slip coupling's field (preload, powerLocking, coastLocking: the clutch
// type's; viscousCoefficient: the viscous type's) applies to a differential of its type.
bool couplingFieldApplies(const QString& field, DifferentialType type) {
    if (field == QLatin1String("viscousCoefficient"))
        return type == DifferentialType::Viscous;
    return type == DifferentialType::ClutchLimitedSlip;
}

bool fieldApplies(const QString& path, const Setup& s) {
    if (path == QLatin1String("aero.rollingResistanceLinear"))
        return s.aero.rollingResistanceModel == RollingResistanceModel::SpeedLinear;
    if (path == QLatin1String("aero.rollingResistanceCoefficient"))
        return s.aero.rollingResistanceModel == RollingResistanceModel::LoadBased;
    // docs/physics.md 3.1: the front axle's own differential and the centre one are an
    // AWD car's; each coupling's fields go with its differential's type.
    const bool awd = s.driveline.layout == DrivelineLayout::AllWheelDrive;
    if (path == QLatin1String("driveline.frontTorqueShare") || path == QLatin1String("driveline.frontDifferential") ||
        path == QLatin1String("driveline.centreDifferential"))
        return awd;
    const QString field = path.section(QLatin1Char('.'), -1);
    if (path.startsWith(QLatin1String("driveline.axleLimitedSlip.")))
        return couplingFieldApplies(field, s.driveline.differential);
    if (path.startsWith(QLatin1String("driveline.frontLimitedSlip.")))
        return awd && couplingFieldApplies(field, s.driveline.frontDifferential);
    if (path.startsWith(QLatin1String("driveline.centreLimitedSlip.")))
        return awd && couplingFieldApplies(field, s.driveline.centreDifferential);
    if (path == QLatin1String("aids.absSlipTarget") || path == QLatin1String("aids.absCycleRate"))
        return s.aids.abs == AidSwitch::On;
    if (path == QLatin1String("aids.tractionSlipTarget"))
        return s.aids.tractionControl == AidSwitch::On;
    if (path == QLatin1String("gearbox.upshift_rpm") ||
        path == QLatin1String("gearbox.downshift_rpm"))
        return s.gearbox.shiftMode == ShiftMode::Automatic;
    // docs/physics.md 16: the rigid model reads none of the suspension but its level; a
    // one-stage damper (no knee) no high-speed rate.
    if (path.startsWith(QLatin1String("suspension.")) && path != QLatin1String("suspension.model")) {
        if (s.suspension.model != SuspensionModel::Dynamic)
            return false;
        if (path.endsWith(QLatin1String("DampingHigh")))
            return (path.startsWith(QLatin1String("suspension.front.")) ? s.suspension.front : s.suspension.rear)
                       .kneeSpeed > 0.0;
    }
    return true;
}

ParameterForm::ParameterForm(SetupDocument* document, const std::vector<const FieldMeta*>& fields,
                             QWidget* parent)
    : QWidget(parent), m_document(document) {
    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    for (const FieldMeta* f : fields) {
        FieldEditor* editor = FieldEditor::create(document, *f, this);
        if (!editor)
            continue;
        auto* label = new QLabel(f->label, this);
        label->setToolTip(f->tooltip);
        label->setBuddy(editor);
        form->addRow(label, editor);
        connect(editor, &FieldEditor::refused, this, &ParameterForm::refused);
        m_editors.push_back(editor);
    }
    connect(document, &SetupDocument::changed, this, &ParameterForm::onChanged);
    updateApplicability();
}

void ParameterForm::setUnitSystem(UnitSystem system) {
    for (FieldEditor* e : m_editors)
        e->setUnitSystem(system);
}

FieldEditor* ParameterForm::editor(const QString& path) const {
    for (FieldEditor* e : m_editors) {
        if (e->field().path == path)
            return e;
    }
    return nullptr;
}

void ParameterForm::onChanged(const SetupChange& change) {
    for (FieldEditor* e : m_editors) {
        if (change.affects(e->field().path))
            e->refresh();
    }
    updateApplicability();
}

void ParameterForm::updateApplicability() {
    auto* form = static_cast<QFormLayout*>(layout());
    for (FieldEditor* e : m_editors) {
        const bool applies = fieldApplies(e->field().path, m_document->setup());
        e->setEnabled(applies);
        if (QWidget* label = form->labelForField(e))
            label->setEnabled(applies);
    }
}

} // namespace vtw
