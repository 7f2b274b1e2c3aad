#pragma once

#include "ui/live/DriveKeyboard.h"

#include <QElapsedTimer>

#include <optional>
#include <QWidget>

class QTimer;

namespace vtw {

/// The driving surface of drive mode: takes keyboard focus, ramps the keys
/// into inputs (DriveKeyboard) at 60 Hz and shows them as bars (throttle,
/// brake, steer, handbrake) with the requested gear.
class DrivePad : public QWidget {
    Q_OBJECT
public:
    explicit DrivePad(QWidget* parent = nullptr);

    const DriverInputs& inputs() const { return m_keyboard.inputs(); }
    DriveKeyboard& keyboard() { return m_keyboard; }
    /// Show inputs that come from elsewhere (a maneuver), without driving.
    void showInputs(const DriverInputs& inputs);
    /// What the pad shows (its gear is the one it prints).
    const DriverInputs& shownInputs() const { return m_shown; }
    void setDriving(bool driving);
    /// The gear the car has engaged, which the status line shows while driving: an
    /// automatic box's request is only "drive", and a manual one's lags by the shift.
    void setEngagedGear(int gear);
    bool isDriving() const { return m_driving; }

    QSize sizeHint() const override;
    /// The line under the bars: the gear and what the keys do ("Gear 3   driving: ...").
    QString statusText() const;
    /// The height the status text takes at the pad's width, wrapped onto as many lines as it needs.
    int statusHeight() const;
    /// The least height of a bar's row that keeps its name readable.
    int minimumBarRowHeight() const;

signals:
    void inputsChanged(const vtw::DriverInputs& inputs);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    void tick();

    DriveKeyboard m_keyboard;
    DriverInputs m_shown;
    QTimer* m_timer = nullptr;
    QElapsedTimer m_clock;
    bool m_driving = false;
    std::optional<int> m_engagedGear; ///< unknown until the run reports one
};

} // namespace vtw
