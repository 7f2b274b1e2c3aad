#include "ui/shared/StoredValueSpinBox.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace vtw {

StoredValueSpinBox::StoredValueSpinBox(double min, double max, double stored, const ValueDisplay& display,
                                       QWidget* parent)
    : QDoubleSpinBox(parent), m_min(min), m_max(max), m_stored(stored), m_display(display) {
    // Only a change not made from here (the user's typing or stepping) is converted back;
    // this connection comes first, so other listeners read the converted value.
    connect(this, &QDoubleSpinBox::valueChanged, this, [this](double shown) {
        if (!m_settingShown)
            m_stored = std::clamp(m_display.fromDisplay(shown), m_min, m_max);
    });
    setDisplay(display);
}

void StoredValueSpinBox::setStoredValue(double stored) {
    m_stored = stored;
    show(true);
}

void StoredValueSpinBox::setDisplay(const ValueDisplay& display) {
    m_display = display;
    const double low = m_display.toDisplay(m_min);
    const double high = m_display.toDisplay(m_max);
    int decimals = high - low <= 5.0 ? 3 : 1;
    if (low > 0.0) // a ramp of 0.01 m/s^2 is 0.0010 g, not 0.001
        decimals = std::max(decimals, int(std::ceil(-std::log10(low))) + 1);
    m_settingShown = true;
    const bool blocked = blockSignals(true);
    setDecimals(std::min(decimals, 6));
    setRange(low, high);
    setSingleStep(std::pow(10.0, std::min(0, 1 - decimals)));
    blockSignals(blocked);
    m_settingShown = false;
    show(false);
}

QString StoredValueSpinBox::rangeText() const {
    const QString unit = m_display.unit.symbol.isEmpty() ? QString() : QLatin1Char(' ') + m_display.unit.symbol;
    return QStringLiteral("%1 to %2%3")
        .arg(QLocale().toString(m_display.toDisplay(m_min), 'g', 6),
             QLocale().toString(m_display.toDisplay(m_max), 'g', 6), unit);
}

void StoredValueSpinBox::show(bool notify) {
    m_settingShown = true;
    const bool blocked = notify ? signalsBlocked() : blockSignals(true);
    setValue(m_display.toDisplay(m_stored));
    blockSignals(blocked);
    m_settingShown = false;
}

} // namespace vtw
