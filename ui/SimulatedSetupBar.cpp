#include "ui/SimulatedSetupBar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace vtw {

SimulatedSetupBar::SimulatedSetupBar(QWidget* parent)
    : QWidget(parent), m_chooser(new QComboBox(this)), m_hint(new QLabel(this)) {
    m_chooser->setObjectName(QStringLiteral("simulatedSetup"));
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_chooser->setToolTip(tr("The open setup the simulation drives"));
    m_hint->setText(tr("Edits to this setup reach the running car at its next step."));
    m_hint->setEnabled(false); // drawn in the muted colour of a hint
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 2);
    layout->addWidget(new QLabel(tr("Simulated setup:"), this));
    layout->addWidget(m_chooser);
    layout->addSpacing(12);
    layout->addWidget(m_hint, 1);
    connect(m_chooser, &QComboBox::activated, this, &SimulatedSetupBar::documentChosen);
}

void SimulatedSetupBar::setDocuments(const QStringList& names, int current) {
    const QSignalBlocker block(m_chooser);
    m_chooser->clear();
    m_chooser->addItems(names);
    m_chooser->setCurrentIndex(current);
    m_chooser->setEnabled(!names.isEmpty());
}

void SimulatedSetupBar::setHint(const QString& text) {
    m_hint->setText(text);
}

QWidget* paneWithSetupBar(SimulatedSetupBar* bar, QWidget* page) {
    auto* pane = new QWidget;
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(page, 1);
    return pane;
}

} // namespace vtw
