#include "ManeuverPicker.h"

#include "ManeuverParameterForm.h"

#include <QListWidget>
#include <QVBoxLayout>

namespace vtw {

namespace {
constexpr int idRole = Qt::UserRole;
}

ManeuverPicker::ManeuverPicker(QWidget* parent)
    : QWidget(parent), m_list(new QListWidget(this)), m_form(new ManeuverParameterForm(this)) {
    m_list->setObjectName(QStringLiteral("maneuverList"));
    for (const ManeuverDescription& d : maneuverCatalogue()) {
        auto* item = new QListWidgetItem(QString::fromStdString(d.title), m_list);
        item->setData(idRole, QString::fromStdString(d.id));
        item->setToolTip(QString::fromStdString(d.description));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_form);
    connect(m_list, &QListWidget::currentRowChanged, this, &ManeuverPicker::showCurrent);
    connect(m_list, &QListWidget::itemChanged, this, &ManeuverPicker::selectionChanged);
    connect(m_form, &ManeuverParameterForm::optionsChanged, this,
            [this](const ManeuverOptions& options) { m_options[m_form->maneuverId()] = options; });
    m_list->setCurrentRow(0);
}

std::vector<ManeuverSpec> ManeuverPicker::checkedManeuvers() const {
    std::vector<ManeuverSpec> out;
    for (int i = 0; i < m_list->count(); ++i) {
        const QListWidgetItem* item = m_list->item(i);
        if (item->checkState() != Qt::Checked)
            continue;
        const std::string id = item->data(idRole).toString().toStdString();
        const auto it = m_options.find(id);
        out.push_back({id, it != m_options.end() ? it->second : ManeuverOptions{}});
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
    m_options[id][key] = value;
    if (m_form->maneuverId() == id)
        m_form->setManeuver(id, m_options[id]);
}

void ManeuverPicker::showCurrent() {
    const QListWidgetItem* item = m_list->currentItem();
    if (!item)
        return;
    const std::string id = item->data(idRole).toString().toStdString();
    m_form->setManeuver(id, m_options[id]);
}

} // namespace vtw
