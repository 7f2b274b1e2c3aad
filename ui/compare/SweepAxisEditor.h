#pragma once

// One axis of a sweep: a numeric setup field (from the metadata) and its range,
// entered in display units and handed to core in stored units.

#include "core/study/Sweep.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace vtw {

class SweepAxisEditor : public QWidget {
    Q_OBJECT
public:
    explicit SweepAxisEditor(QWidget* parent = nullptr);

    /// The axis in stored units (field nullptr if none is chosen).
    SweepAxis axis() const;
    /// Picks a field by path; its range defaults to +/-20 % around the reference setup's value.
    bool setField(const QString& path);
    /// The range in display units.
    void setRange(double from, double to, int count);
    void setReferenceSetup(const Setup& setup);
    void setUnitSystem(UnitSystem system);
    const FieldMeta* field() const;

    QComboBox* fieldChoice() const { return m_field; }
    QDoubleSpinBox* fromEdit() const { return m_from; }
    QDoubleSpinBox* toEdit() const { return m_to; }
    QSpinBox* countEdit() const { return m_count; }

private:
    void fieldChosen();

    Setup m_reference;
    UnitSystem m_units = UnitSystem::SI;
    QComboBox* m_field;
    QDoubleSpinBox* m_from;
    QDoubleSpinBox* m_to;
    QSpinBox* m_count;
    QLabel* m_unit;
};

} // namespace vtw
