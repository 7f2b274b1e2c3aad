#pragma once

// The parameters of one axle's tires: the model chosen from a list, the
// wheel, and below them only the chosen model's parameters.

#include "ui/document/SetupDocument.h"
#include "core/tires/TireModels.h"

#include <QWidget>

class QStackedWidget;
class QGroupBox;
class QLabel;
class QLayout;

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
    QWidget* currentPage() const;
    QList<ParameterForm*> forms() const { return m_forms; }

signals:
    void refused(const QString& reason);
    /// The table model's points are edited in the tire tables view.
    void editTablesRequested(const QString& axle);
    /// The user asked to import a .tir file onto this axle.
    void importTirRequested(const QString& axle);

private:
    void showModel();
    /// A model's page: its boxes of fields under `section` (tires.<axle>.<key>.) and its extra.
    QWidget* addModelPage(const TireModelInfo& model, const QString& section);
    QWidget* tablePointsNote(QWidget* parent);
    QLayout* calspanPresetRow(QWidget* parent);
    QWidget* tirFileRow(QWidget* parent);
    /// "From file.tir (MF 6.1, FNOMIN 4000 N)": the .tir row's source, in the shown units.
    void showTirSource();
    ParameterForm* addForm(const QString& prefix, QWidget* parent);
    void applyCalspanPreset(int index);
    SetupDocument* m_document;
    QString m_axle;
    QStackedWidget* m_pages;
    QGroupBox* m_modelBox;
    QList<ParameterForm*> m_forms;
    QLabel* m_tirSource = nullptr;
    UnitSystem m_units = UnitSystem::SI;
};

} // namespace vtw
