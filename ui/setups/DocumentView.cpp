#include "ui/setups/DocumentView.h"

#include "ui/setups/CurveEditor.h"
#include "ui/setups/ParameterPanel.h"
#include "ui/setups/TireModelView.h"
#include "ui/setups/TireTablePanel.h"
#include "ui/setups/TorqueCurvePanel.h"

#include <qcustomplot.h>

#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace vtw {

DocumentView::DocumentView(SetupDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_tabs(new QTabWidget(this)),
      m_parameters(new ParameterPanel(document)), m_torque(new TorqueCurvePanel(document)),
      m_tables(new TireTablePanel(document)), m_tireModel(new TireModelView(document)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tabs->setDocumentMode(true);
    m_tabs->setObjectName(QStringLiteral("documentViews"));
    layout->addWidget(m_tabs);
    m_tabs->addTab(m_parameters, tr("Parameters"));
    m_tabs->addTab(m_torque, tr("Engine torque"));
    m_tabs->addTab(m_tables, tr("Tire tables"));
    m_tabs->addTab(m_tireModel, tr("Tire model"));

    connect(m_parameters, &ParameterPanel::refused, this, &DocumentView::message);
    connect(m_torque, &TorqueCurvePanel::message, this, &DocumentView::message);
    connect(m_tables, &TireTablePanel::message, this, &DocumentView::message);
    connect(m_tireModel, &TireModelView::message, this, &DocumentView::message);
    connect(m_parameters, &ParameterPanel::editTablesRequested, this, [this](const QString& axle) {
        m_tables->showAxle(axle);
        m_tabs->setCurrentWidget(m_tables);
    });
}

void DocumentView::addView(QWidget* view, const QString& title) {
    m_tabs->addTab(view, title);
}

void DocumentView::setUnitSystem(UnitSystem system) {
    m_parameters->setUnitSystem(system);
    m_torque->setUnitSystem(system);
    m_tables->setUnitSystem(system);
    m_tireModel->setUnitSystem(system);
}

QCustomPlot* DocumentView::currentPlot() const {
    QWidget* current = m_tabs->currentWidget();
    if (current == m_torque)
        return m_torque->editor()->plot();
    if (current == m_tables) {
        // The plot under the focus, else the longitudinal table's.
        for (CurveEditor* e : m_tables->editors()) {
            if (e->isVisible() && e->plot()->hasFocus())
                return e->plot();
        }
        return m_tables->editor(m_tables->axle(), QStringLiteral("longitudinal"))->plot();
    }
    if (current == m_tireModel)
        return m_tireModel->currentPlot();
    return nullptr;
}

void DocumentView::saveLayout(QSettings& settings) const {
    settings.setValue(QStringLiteral("view/parameterSplitter"),
                      m_parameters->splitter()->saveState());
    settings.setValue(QStringLiteral("view/torqueSplitter"),
                      m_torque->editor()->splitter()->saveState());
    settings.setValue(QStringLiteral("view/tableSplitter"),
                      m_tables->editor(QStringLiteral("front"), QStringLiteral("longitudinal"))
                          ->splitter()
                          ->saveState());
    settings.setValue(QStringLiteral("view/tab"), m_tabs->currentIndex());
}

void DocumentView::restoreLayout(const QSettings& settings) {
    m_parameters->splitter()->restoreState(
        settings.value(QStringLiteral("view/parameterSplitter")).toByteArray());
    m_torque->editor()->splitter()->restoreState(
        settings.value(QStringLiteral("view/torqueSplitter")).toByteArray());
    const QByteArray table = settings.value(QStringLiteral("view/tableSplitter")).toByteArray();
    for (CurveEditor* e : m_tables->editors())
        e->splitter()->restoreState(table);
    m_tabs->setCurrentIndex(settings.value(QStringLiteral("view/tab"), 0).toInt());
}

} // namespace vtw
