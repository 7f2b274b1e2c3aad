#include "ui/compare/ManeuverPicker.h"

#include "ui/compare/LapTargetText.h"
#include "ui/compare/ManeuverParameterForm.h"

#include "core/study/LapTarget.h"

#include <QListWidget>
#include <QVBoxLayout>

namespace vtw {

namespace {
constexpr int idRole = Qt::UserRole;

QListWidgetItem* addTarget(QListWidget* list, const QString& title, const std::string& id, const QString& tip) {
    auto* item = new QListWidgetItem(title, list);
    item->setData(idRole, QString::fromStdString(id));
    item->setToolTip(tip);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Unchecked);
    return item;
}
} // namespace

ManeuverPicker::ManeuverPicker(QWidget* parent)
    : QWidget(parent), m_list(new QListWidget(this)), m_form(new ManeuverParameterForm(this)) {
    m_list->setObjectName(QStringLiteral("maneuverList"));
    for (const ManeuverDescription& d : maneuverCatalogue())
        addTarget(m_list, QString::fromStdString(d.title), d.id, QString::fromStdString(d.description));
    // The lap of a track after the maneuvers in time: its metrics are lap and sector times.
    addTarget(m_list, lapTargetTitle(), lapTargetId, lapTargetDescription());
    m_specs[lapTargetId] = defaultLapSpec();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_form);
    connect(m_list, &QListWidget::currentRowChanged, this, &ManeuverPicker::showCurrent);
    connect(m_list, &QListWidget::itemChanged, this, &ManeuverPicker::selectionChanged);
    connect(m_form, &ManeuverParameterForm::specChanged, this,
            [this](const ManeuverSpec& spec) { m_specs[spec.id] = spec; });
    m_list->setCurrentRow(0);
}

std::vector<ManeuverSpec> ManeuverPicker::checkedManeuvers() const {
    std::vector<ManeuverSpec> out;
    for (int i = 0; i < m_list->count(); ++i) {
        const QListWidgetItem* item = m_list->item(i);
        if (item->checkState() != Qt::Checked)
            continue;
        const std::string id = item->data(idRole).toString().toStdString();
        const auto it = m_specs.find(id);
        out.push_back(it != m_specs.end() ? it->second : ManeuverSpec{id, {}});
    }
    return out;
}

void ManeuverPicker::setChecked(const std::string& id, bool checked) {
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(idRole).toString().toStdString() == id)
            m_list->item(i)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    }
}

void ManeuverPicker::setOption(const std::string& id, const std::string& key, double value) {
    ManeuverSpec& spec = specOf(id);
    spec.options[key] = value;
    if (m_form->maneuverId() == id)
        m_form->setManeuver(spec);
}

void ManeuverPicker::setTextOption(const std::string& id, const std::string& key, const std::string& value) {
    ManeuverSpec& spec = specOf(id);
    spec.textOptions[key] = value;
    if (m_form->maneuverId() == id)
        m_form->setManeuver(spec);
}

ManeuverSpec& ManeuverPicker::specOf(const std::string& id) {
    ManeuverSpec& spec = m_specs[id];
    spec.id = id;
    return spec;
}

void ManeuverPicker::showCurrent() {
    const QListWidgetItem* item = m_list->currentItem();
    if (!item)
        return;
    m_form->setManeuver(specOf(item->data(idRole).toString().toStdString()));
}

} // namespace vtw
