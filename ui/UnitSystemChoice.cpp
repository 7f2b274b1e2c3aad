#include "ui/UnitSystemChoice.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QToolBar>

namespace vtw {

UnitSystemChoice::UnitSystemChoice(QObject* parent) : QObject(parent), m_actions(new QActionGroup(this)) {
    connect(m_actions, &QActionGroup::triggered, this,
            [this](QAction* a) { emit chosen(UnitSystem(a->data().toInt())); });
}

void UnitSystemChoice::addActionsTo(QMenu* menu) {
    QAction* si = menu->addAction(tr("&SI units (km/h, N m, kW)"));
    QAction* imperial = menu->addAction(tr("&Imperial units (mph, lb-ft, hp)"));
    for (QAction* a : {si, imperial}) {
        a->setCheckable(true);
        m_actions->addAction(a);
    }
    si->setData(int(UnitSystem::SI));
    imperial->setData(int(UnitSystem::Imperial));
}

void UnitSystemChoice::addBoxTo(QToolBar* bar) {
    bar->addWidget(new QLabel(tr(" Units: "), bar));
    m_box = new QComboBox(bar);
    m_box->setObjectName(QStringLiteral("unitSystem"));
    m_box->addItem(tr("SI (km/h, N m, kW)"), int(UnitSystem::SI));
    m_box->addItem(tr("Imperial (mph, lb-ft, hp)"), int(UnitSystem::Imperial));
    connect(m_box, &QComboBox::activated, this,
            [this](int index) { emit chosen(UnitSystem(m_box->itemData(index).toInt())); });
    bar->addWidget(m_box);
}

void UnitSystemChoice::show(UnitSystem system) {
    if (m_box)
        m_box->setCurrentIndex(m_box->findData(int(system)));
    for (QAction* a : m_actions->actions())
        a->setChecked(a->data().toInt() == int(system));
}

} // namespace vtw
