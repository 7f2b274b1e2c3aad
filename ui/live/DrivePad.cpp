#include "ui/live/DrivePad.h"

#include <QKeyEvent>
#include <QPainter>
#include <QTimer>

#include <algorithm>

namespace vtw {

namespace {
constexpr int barCount = 4;
// The longest hint, wrapped on a pad of the least width, takes this many lines.
constexpr int statusLines = 2;
} // namespace

DrivePad::DrivePad(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(200, barCount * minimumBarRowHeight() + statusLines * fontMetrics().lineSpacing() + 12);
    setToolTip(tr("Drive mode: click here, then W/Up throttle, S/Down brake, A D/Left Right "
                  "steer, E/Q or Page Up/Down shift, Space handbrake."));
    m_timer = new QTimer(this);
    m_timer->setInterval(16);
    connect(m_timer, &QTimer::timeout, this, &DrivePad::tick);
}

void DrivePad::setDriving(bool driving) {
    m_driving = driving;
    m_engagedGear.reset();
    if (driving) {
        m_clock.start();
        m_timer->start();
        setFocus(Qt::OtherFocusReason);
    } else {
        m_timer->stop();
        m_keyboard.releaseAll();
    }
    update();
}

void DrivePad::showInputs(const DriverInputs& inputs) {
    if (m_driving)
        return;
    m_shown = inputs;
    update();
}

void DrivePad::setEngagedGear(int gear) {
    if (m_engagedGear == gear)
        return;
    m_engagedGear = gear;
    update();
}

void DrivePad::tick() {
    const double dt = m_clock.restart() / 1000.0;
    m_shown = m_keyboard.update(dt);
    emit inputsChanged(m_shown);
    update();
}

void DrivePad::keyPressEvent(QKeyEvent* event) {
    if (m_driving && !event->isAutoRepeat() && m_keyboard.keyPress(event->key())) {
        event->accept();
        return;
    }
    if (m_driving && event->isAutoRepeat())
        return; // held keys: the ramp is already running
    QWidget::keyPressEvent(event);
}

void DrivePad::keyReleaseEvent(QKeyEvent* event) {
    if (m_driving && !event->isAutoRepeat() && m_keyboard.keyRelease(event->key())) {
        event->accept();
        return;
    }
    QWidget::keyReleaseEvent(event);
}

void DrivePad::focusOutEvent(QFocusEvent* event) {
    // A key released while another widget has focus would stay "held".
    m_keyboard.releaseAll();
    QWidget::focusOutEvent(event);
    update();
}

QSize DrivePad::sizeHint() const {
    return {260, minimumHeight()};
}

int DrivePad::minimumBarRowHeight() const {
    return fontMetrics().height() + 4;
}

QString DrivePad::statusText() const {
    const int gear = m_driving && m_engagedGear ? *m_engagedGear : m_shown.gear.gear;
    const QString gearText = gear < 0 ? tr("R") : gear == 0 ? tr("N") : QString::number(gear);
    const QString hint = m_driving ? (hasFocus() ? tr("driving: WASD/arrows, E/Q gear, Space handbrake")
                                                 : tr("click here to drive"))
                                   : tr("inputs of the run");
    return tr("Gear %1   %2").arg(gearText, hint);
}

int DrivePad::statusHeight() const {
    return fontMetrics()
        .boundingRect(QRect(0, 0, std::max(1, width() - 8), height()), Qt::TextWordWrap, statusText())
        .height();
}

void DrivePad::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QFontMetrics fm = fontMetrics();
    const int labelWidth = fm.horizontalAdvance(tr("Handbrake")) + 8;
    const double barLeft = labelWidth + 4, barWidth = std::max(40.0, width() - barLeft - 8.0);
    // The status under the bars wraps (a narrow pad); the bars share what it leaves.
    const int statusH = statusHeight();
    const double rowH = std::max<double>(minimumBarRowHeight(), (height() - statusH - 8) / double(barCount));

    auto bar = [&](int row, const QString& name, double value, bool centred, const QColor& colour) {
        const double y = 4 + row * rowH;
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRectF(4, y, labelWidth, rowH - 4), Qt::AlignLeft | Qt::AlignVCenter, name);
        const QRectF track(barLeft, y + 2, barWidth, rowH - 8);
        p.setPen(QPen(QColor(170, 170, 170), 1));
        p.setBrush(QColor(235, 235, 235));
        p.drawRect(track);
        QRectF fill = track;
        if (centred) {
            // Steer: + is left, drawn to the left of the centre as on the car.
            const double mid = track.center().x();
            const double w = -value * track.width() / 2.0;
            fill = QRectF(std::min(mid, mid + w), track.top(), std::abs(w), track.height());
        } else {
            fill.setWidth(std::clamp(value, 0.0, 1.0) * track.width());
        }
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        p.drawRect(fill);
        if (centred) {
            p.setPen(QPen(QColor(90, 90, 90), 1));
            p.drawLine(QPointF(track.center().x(), track.top()),
                       QPointF(track.center().x(), track.bottom()));
        }
    };
    bar(0, tr("Throttle"), m_shown.throttle, false, QColor(40, 160, 60));
    bar(1, tr("Brake"), m_shown.brake, false, QColor(210, 50, 40));
    bar(2, tr("Steer"), m_shown.steer, true, QColor(40, 100, 200));
    bar(3, tr("Handbrake"), m_shown.handbrake, false, QColor(150, 90, 30));

    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRectF(4, height() - statusH - 3, width() - 8, statusH), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
               statusText());
}

} // namespace vtw
