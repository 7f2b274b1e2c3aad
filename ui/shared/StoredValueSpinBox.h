#pragma once

// A decimal box that shows a value in the chosen unit and keeps it in its own unit
// (the stored one: m, km/h, N). Switching units re-shows the kept value and never
// rewrites it, so that no round trip through a rounded display drifts it; a value
// the user types or steps to is converted once, on the way in (ValueDisplay, which
// keeps 100 ft as exactly 30.48 m).

#include "ui/shared/DisplayUnits.h"

#include <QDoubleSpinBox>

namespace vtw {

class StoredValueSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    /// `min`..`max` in the stored unit; shown in `display` until setDisplay.
    StoredValueSpinBox(double min, double max, double stored, const ValueDisplay& display, QWidget* parent = nullptr);

    double storedValue() const { return m_stored; }
    /// Sets the kept value; valueChanged reports it when the shown value changes.
    void setStoredValue(double stored);
    /// Shows the kept value in another unit (signals blocked: the value is unchanged).
    /// Decimals: enough for the range's step and for two figures of its smallest value.
    void setDisplay(const ValueDisplay& display);
    const ValueDisplay& display() const { return m_display; }
    /// "0.1 to 50 kN": the limits in the shown unit, for a tool tip.
    QString rangeText() const;

private:
    void show(bool notify);

    double m_min, m_max;
    double m_stored;
    ValueDisplay m_display;
    bool m_settingShown = false;
};

} // namespace vtw
