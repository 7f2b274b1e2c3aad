#include "ui/WindowSettingsSaver.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QSplitter>
#include <QTimer>

namespace vtw {

namespace {
/// Settings are written this long after the last change that needs them.
constexpr int settleDelayMs = 500;
} // namespace

WindowSettingsSaver::WindowSettingsSaver(QMainWindow* window, std::function<void()> save)
    : QObject(window), m_timer(new QTimer(this)) {
    m_timer->setSingleShot(true);
    m_timer->setInterval(settleDelayMs);
    connect(m_timer, &QTimer::timeout, this, std::move(save));
    window->installEventFilter(this);
    for (QDockWidget* dock : window->findChildren<QDockWidget*>()) {
        connect(dock, &QDockWidget::dockLocationChanged, this, &WindowSettingsSaver::schedule);
        connect(dock, &QDockWidget::topLevelChanged, this, &WindowSettingsSaver::schedule);
        connect(dock, &QDockWidget::visibilityChanged, this, &WindowSettingsSaver::schedule);
    }
}

void WindowSettingsSaver::watchSplitters(QWidget* page) {
    for (QSplitter* splitter : page->findChildren<QSplitter*>())
        connect(splitter, &QSplitter::splitterMoved, this, &WindowSettingsSaver::schedule);
}

void WindowSettingsSaver::schedule() {
    m_timer->start();
}

void WindowSettingsSaver::cancel() {
    m_timer->stop();
}

bool WindowSettingsSaver::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize || event->type() == QEvent::Move)
        schedule();
    return QObject::eventFilter(watched, event);
}

} // namespace vtw
