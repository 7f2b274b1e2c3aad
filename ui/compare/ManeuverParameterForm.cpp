#include "ManeuverParameterForm.h"

#include "ComparisonData.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>

#include <cmath>

namespace vtw {

ManeuverParameterForm::ManeuverParameterForm(QWidget* parent)
    : QWidget(parent), m_form(new QFormLayout(this)),
      m_none(new QLabel(tr("No parameters"), this)) {
    m_form->setContentsMargins(0, 0, 0, 0);
    m_none->setEnabled(false);
    m_form->addRow(m_none);
}

void ManeuverParameterForm::setManeuver(const std::string& id, const ManeuverOptions& values) {
    m_id = id;
    for (auto& [key, box] : m_editors)
        m_form->removeRow(box);
    m_editors.clear();
    const ManeuverDescription* d = findManeuver(id);
    const bool any = d && !d->parameters.empty();
    m_none->setVisible(!any);
    if (!any)
        return;
    for (const ManeuverParameter& p : d->parameters) {
        auto* box = new QDoubleSpinBox(this);
        box->setObjectName(QString::fromStdString("param_" + p.key));
        // Enough decimals for the smallest meaningful step of the range.
        const int decimals = p.max - p.min <= 5.0 ? 3 : 1;
        box->setDecimals(decimals);
        box->setRange(p.min, p.max);
        box->setSingleStep(std::pow(10.0, -decimals + 1 > 0 ? 0 : -decimals + 1));
        const auto it = values.find(p.key);
        box->setValue(it != values.end() ? it->second : p.defaultValue);
        box->setToolTip(
            QStringLiteral("%1 to %2 (default %3)").arg(p.min).arg(p.max).arg(p.defaultValue));
        m_form->addRow(QString::fromStdString(p.label), box);
        m_editors.emplace_back(p.key, box);
        connect(box, &QDoubleSpinBox::valueChanged, this,
                [this] { emit optionsChanged(options()); });
    }
}

ManeuverOptions ManeuverParameterForm::options() const {
    ManeuverOptions out;
    for (const auto& [key, box] : m_editors)
        out[key] = box->value();
    return out;
}

QDoubleSpinBox* ManeuverParameterForm::editor(const std::string& key) const {
    for (const auto& [k, box] : m_editors) {
        if (k == key)
            return box;
    }
    return nullptr;
}

} // namespace vtw
