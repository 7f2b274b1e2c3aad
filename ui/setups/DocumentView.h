#pragma once

// Everything shown for one open setup: the parameter forms and the curve and
// tire views as tabs (addView adds another).

#include "ui/document/SetupDocument.h"

#include <QWidget>

class QCustomPlot;
class QSettings;
class QTabWidget;

namespace vtw {

class ParameterPanel;
class TireModelView;
class TireTablePanel;
class TorqueCurvePanel;

class DocumentView : public QWidget {
    Q_OBJECT
public:
    explicit DocumentView(SetupDocument* document, QWidget* parent = nullptr);

    SetupDocument* document() const { return m_document; }
    ParameterPanel* parameters() const { return m_parameters; }
    TorqueCurvePanel* torque() const { return m_torque; }
    TireTablePanel* tireTables() const { return m_tables; }
    TireModelView* tireModel() const { return m_tireModel; }
    QTabWidget* tabs() const { return m_tabs; }

    void addView(QWidget* view, const QString& title);
    void setUnitSystem(UnitSystem system);
    /// The plot of the current tab (for export), or nullptr.
    QCustomPlot* currentPlot() const;

    /// Splitter sizes and the current tab, shared by every document's view.
    void saveLayout(QSettings& settings) const;
    void restoreLayout(const QSettings& settings);

signals:
    void message(const QString& text);

private:
    SetupDocument* m_document;
    QTabWidget* m_tabs;
    ParameterPanel* m_parameters;
    TorqueCurvePanel* m_torque;
    TireTablePanel* m_tables;
    TireModelView* m_tireModel;
};

} // namespace vtw
