#pragma once

// The parameters of one axle's tires: the model chosen from a list, the
// wheel, and below them only the chosen model's parameters.

#include "SetupDocument.h"

#include <QWidget>

class QStackedWidget;
class QGroupBox;

namespace vtw {

class FieldEditor;
class ParameterForm;

class TireParameterForm : public QWidget {
    Q_OBJECT
public:
    /// axle: "front" or "rear".
    TireParameterForm(SetupDocument* document, const QString& axle, QWidget* parent = nullptr);

    void setUnitSystem(UnitSystem system);
    /// The page of the model currently shown (for tests).
    int currentModelPage() const;
    QList<ParameterForm*> forms() const { return m_forms; }

signals:
    void refused(const QString& reason);
    /// The table model's points are edited in the tire tables view.
    void editTablesRequested(const QString& axle);

private:
    void showModel();
    ParameterForm* addForm(const QString& prefix, QWidget* parent);
    void applyCalspanPreset(int index);
    SetupDocument* m_document;
    QString m_axle;
    QStackedWidget* m_pages;
    QGroupBox* m_modelBox;
    QList<ParameterForm*> m_forms;
};

} // namespace vtw
