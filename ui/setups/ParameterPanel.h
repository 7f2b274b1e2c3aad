#pragma once

// Every parameter of a setup, grouped as a car is thought about (chassis,
// aero, engine, ...): a list of groups beside the chosen group's form.

#include "ui/document/SetupDocument.h"

#include <QWidget>

class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSplitter;
class QStackedWidget;

namespace vtw {

class FieldEditor;
class ParameterForm;
class TargetsEditor;
class TireParameterForm;

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(SetupDocument* document, QWidget* parent = nullptr);

    void setUnitSystem(UnitSystem system);
    QSplitter* splitter() const { return m_splitter; }
    /// Shows the group with this title ("Chassis", "Front tires", ...); false if none.
    bool showGroup(const QString& title);
    QStringList groupTitles() const;
    /// The editor of a field path in any group, or nullptr.
    FieldEditor* editor(const QString& path) const;
    /// The published figures' table on the General page.
    TargetsEditor* targetsEditor() const { return m_targets; }

signals:
    void refused(const QString& reason);
    void editTablesRequested(const QString& axle);
    void importTirRequested(const QString& axle);

private:
    void addPage(const QString& title, QWidget* content, const QString& note = {});
    QWidget* generalPage();
    /// A refused name or notes edit goes out as refused().
    void report(const EditResult& result);
    SetupDocument* m_document;
    QSplitter* m_splitter;
    QListWidget* m_groups;
    QStackedWidget* m_pages;
    QList<ParameterForm*> m_forms;
    QList<TireParameterForm*> m_tireForms;
    QLineEdit* m_name = nullptr;
    QPlainTextEdit* m_notes = nullptr;
    TargetsEditor* m_targets = nullptr;
};

} // namespace vtw
