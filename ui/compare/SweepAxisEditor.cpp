#include "ui/compare/SweepAxisEditor.h"

#include "ui/compare/FieldDisplayText.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace vtw {

SweepAxisEditor::SweepAxisEditor(QWidget* parent)
    : QWidget(parent), m_reference(defaultSetup()), m_field(new QComboBox(this)),
      m_from(new QDoubleSpinBox(this)), m_to(new QDoubleSpinBox(this)), m_count(new QSpinBox(this)),
      m_unit(new QLabel(this)) {
    m_field->setObjectName(QStringLiteral("sweepField"));
    m_from->setObjectName(QStringLiteral("sweepFrom"));
    m_to->setObjectName(QStringLiteral("sweepTo"));
    m_count->setObjectName(QStringLiteral("sweepCount"));
    // Only numbers can be swept; enums, lists and curves have no range.
    for (const FieldMeta& f : setupFields()) {
        if (f.kind == FieldKind::Number || f.kind == FieldKind::Integer)
            m_field->addItem(fieldDisplayName(f), f.path);
    }
    m_field->setMaxVisibleItems(24);
    m_field->setMinimumContentsLength(18);
    m_field->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_count->setRange(2, 1000);
    m_count->setValue(11);
    m_count->setToolTip(tr("Points on this axis, ends included"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_field, 3);
    layout->addWidget(new QLabel(tr("from"), this));
    layout->addWidget(m_from, 1);
    layout->addWidget(new QLabel(tr("to"), this));
    layout->addWidget(m_to, 1);
    layout->addWidget(m_unit);
    layout->addWidget(new QLabel(tr("points"), this));
    layout->addWidget(m_count);
    connect(m_field, &QComboBox::currentIndexChanged, this, &SweepAxisEditor::fieldChosen);
    setField(QStringLiteral("gearbox.finalDrive"));
    fieldChosen();
}

const FieldMeta* SweepAxisEditor::field() const {
    return findField(m_field->currentData().toString());
}

SweepAxis SweepAxisEditor::axis() const {
    SweepAxis a;
    a.field = field();
    if (!a.field)
        return a;
    const double scale = displayUnit(a.field->quantity, m_units).scale;
    a.from = m_from->value() / scale;
    a.to = m_to->value() / scale;
    a.count = m_count->value();
    return a;
}

bool SweepAxisEditor::setField(const QString& path) {
    const int index = m_field->findData(path);
    if (index < 0)
        return false;
    m_field->setCurrentIndex(index);
    return true;
}

void SweepAxisEditor::setRange(double from, double to, int count) {
    m_from->setValue(from);
    m_to->setValue(to);
    m_count->setValue(count);
}

void SweepAxisEditor::setReferenceSetup(const Setup& setup) {
    m_reference = setup;
    fieldChosen();
}

void SweepAxisEditor::setUnitSystem(UnitSystem system) {
    m_units = system;
    fieldChosen();
}

void SweepAxisEditor::fieldChosen() {
    const FieldMeta* f = field();
    if (!f)
        return;
    const DisplayUnit unit = displayUnit(f->quantity, m_units);
    const int decimals = std::max(2, fieldDisplayDecimals(*f, m_units));
    // The spin boxes hold the field's limits, so an out-of-range sweep cannot be typed.
    const double lo = f->min > -1e12 ? f->min * unit.scale : -1e12;
    const double hi = f->max < 1e12 ? f->max * unit.scale : 1e12;
    const double value = f->get(m_reference) * unit.scale;
    const double span = value != 0.0 ? 0.2 * std::fabs(value) : 1.0;
    for (QDoubleSpinBox* box : {m_from, m_to}) {
        box->setDecimals(decimals);
        box->setRange(lo, hi);
        box->setSingleStep(f->step * unit.scale);
    }
    m_from->setValue(std::clamp(value - span, lo, hi));
    m_to->setValue(std::clamp(value + span, lo, hi));
    m_unit->setText(unit.symbol);
    m_field->setToolTip(QStringLiteral("%1\n%2").arg(f->path, f->tooltip));
}

} // namespace vtw
