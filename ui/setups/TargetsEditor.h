#pragma once

// The published figures of a setup ("targets"): a small table of metric,
// value (stored in the metric key's unit, shown and typed in the window's unit
// system: mph for km/h, ft for m) and source, with a row to add one and a
// button to remove the selected ones. Every edit goes through the document's
// undo stack and is checked first, so an invalid figure never gets in.

#include "ui/document/SetupDocument.h"
#include "core/setupfile/SetupMetadata.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace vtw {

class TargetsEditor : public QWidget {
    Q_OBJECT
public:
    explicit TargetsEditor(SetupDocument* document, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }
    QComboBox* newMetric() const { return m_metric; }
    QLineEdit* newValue() const { return m_value; }
    QLineEdit* newSource() const { return m_source; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }

    /// Shows the document's figures again (after an undo, say).
    void refresh();
    /// Shows and takes the values in `system`'s units; the stored figures stay as they are.
    void setUnitSystem(UnitSystem system);

signals:
    void refused(const QString& reason);

private:
    void commit(const std::vector<PublishedFigure>& targets);
    void cellEdited(int row, int column);
    void applyCellText(int row, int column, const QString& text);
    void addFigure();
    void removeSelected();
    void updateAddRow();

    SetupDocument* m_document;
    QTableWidget* m_table;
    QComboBox* m_metric;
    QLineEdit* m_value;
    QLineEdit* m_source;
    QPushButton* m_add;
    QPushButton* m_remove;
    bool m_filling = false;
    UnitSystem m_units = UnitSystem::SI;
};

} // namespace vtw
