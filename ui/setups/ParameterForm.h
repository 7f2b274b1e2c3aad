#pragma once

// A form of setup fields generated from the metadata: one row per field with
// its label (tooltip: what it means) and an editor in the chosen display unit.

#include "ui/document/SetupDocument.h"
#include "core/setupfile/SetupMetadata.h"

#include <QWidget>

#include <vector>

namespace vtw {

class FieldEditor;

/// Every non-curve field whose path starts with prefix, in table order.
std::vector<const FieldMeta*> fieldsWithPrefix(const QString& prefix);

/// False for a field the current setup ignores (e.g. the AWD front share of a
/// rear-driven car); the form greys such fields out rather than hiding them.
bool fieldApplies(const QString& path, const Setup& setup);

class ParameterForm : public QWidget {
    Q_OBJECT
public:
    ParameterForm(SetupDocument* document, const std::vector<const FieldMeta*>& fields,
                  QWidget* parent = nullptr);

    void setUnitSystem(UnitSystem system);
    /// The editor of a field path, or nullptr.
    FieldEditor* editor(const QString& path) const;
    const std::vector<FieldEditor*>& editors() const { return m_editors; }

signals:
    void refused(const QString& reason);

private:
    void onChanged(const SetupChange& change);
    void updateApplicability();
    SetupDocument* m_document;
    std::vector<FieldEditor*> m_editors;
};

} // namespace vtw
