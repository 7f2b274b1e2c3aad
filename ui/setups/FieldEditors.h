#pragma once

// Editors for single setup fields, built from the metadata. Each one parses
// what was typed and hands the value to the document, whose gate checks it; a
// refused edit stays in the field, outlined, with the gate's reason written
// under it, until the user fixes it or presses Escape.

#include "ui/document/SetupDocument.h"
#include "core/setupfile/SetupMetadata.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace vtw {

class FieldEditor : public QWidget {
    Q_OBJECT
public:
    FieldEditor(SetupDocument* document, const FieldMeta& field, QWidget* parent = nullptr);

    const FieldMeta& field() const { return m_field; }
    void setUnitSystem(UnitSystem system);
    /// Shows the document's value (drops a refused edit).
    virtual void refresh() = 0;

    /// The reason the last edit was refused; empty if it was accepted.
    QString problem() const;

    /// Builds the editor that fits the field's kind (not for curves).
    static FieldEditor* create(SetupDocument* document, const FieldMeta& field,
                               QWidget* parent = nullptr);

signals:
    /// An edit was refused (for the status bar).
    void refused(const QString& reason);

protected:
    SetupDocument* document() const { return m_document; }
    UnitSystem unitSystem() const { return m_system; }
    /// Adds the editor widget in the top row (unit label after it, if any).
    void setEditorWidget(QWidget* editor, QLabel* unitLabel = nullptr);
    /// Shows the gate's answer: clears the reason when accepted, else shows it
    /// (ownReason, when given, in place of the gate's words about this field).
    bool settle(const EditResult& result, const QString& ownReason = {});
    void showProblem(const QString& reason);
    void clearProblem();
    virtual void markInvalid(bool invalid) = 0;
    /// Undo and Redo in a line edit that shows the document's value go to the
    /// document (the window's Edit menu), as anywhere else; with typing not yet
    /// committed they undo the typing.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    SetupDocument* m_document;
    const FieldMeta& m_field;
    UnitSystem m_system = UnitSystem::SI;
    QLabel* m_problem = nullptr;
};

/// Number and integer fields: a line edit in the display unit; Up/Down step.
class NumberFieldEditor : public FieldEditor {
    Q_OBJECT
public:
    NumberFieldEditor(SetupDocument* document, const FieldMeta& field, QWidget* parent = nullptr);
    void refresh() override;
    QLineEdit* lineEdit() const { return m_edit; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void markInvalid(bool invalid) override;

private:
    void commit();
    void step(int direction);
    QLineEdit* m_edit;
    QLabel* m_unit;
};

/// Enum fields: a combo box of readable names.
class EnumFieldEditor : public FieldEditor {
    Q_OBJECT
public:
    EnumFieldEditor(SetupDocument* document, const FieldMeta& field, QWidget* parent = nullptr);
    void refresh() override;
    QComboBox* comboBox() const { return m_combo; }

protected:
    void markInvalid(bool invalid) override;

private:
    QComboBox* m_combo;
};

/// Number lists (gear ratios): comma-separated values in one line edit.
class NumberListEditor : public FieldEditor {
    Q_OBJECT
public:
    NumberListEditor(SetupDocument* document, const FieldMeta& field, QWidget* parent = nullptr);
    void refresh() override;
    QLineEdit* lineEdit() const { return m_edit; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void markInvalid(bool invalid) override;

private:
    void commit();
    QLineEdit* m_edit;
    QLabel* m_count;
};

} // namespace vtw
