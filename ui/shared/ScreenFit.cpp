#include "ui/shared/ScreenFit.h"

#include <QEvent>
#include <QGuiApplication>
#include <QScreen>
#include <QVariant>
#include <QScrollArea>
#include <QTimer>
#include <QWidget>

#include <algorithm>

namespace vtw {

namespace {

// Fits the window again when it is first shown: only then is its frame (title bar,
// borders) known, and it must fit too.
class FitWhenShown : public QObject {
public:
    explicit FitWhenShown(QWidget* window) : QObject(window) { window->installEventFilter(this); }

    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Show) {
            auto* window = static_cast<QWidget*>(watched);
            window->removeEventFilter(this);
            // After the show has been handled, when the platform window has its frame.
            QTimer::singleShot(0, window, [window] { fitWindowToScreen(window); });
            deleteLater();
        }
        return false;
    }
};

} // namespace

void fitWindowToScreen(QWidget* window) {
    if (!window || window->isMaximized() || window->isFullScreen())
        return;
    // Once per window: the filter removes itself at the first show.
    static const char* const fitPending = "vtwFitWhenShown";
    if (!window->isVisible() && !window->property(fitPending).toBool()) {
        window->setProperty(fitPending, true);
        new FitWhenShown(window);
    }
    QScreen* screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    // The frame (title bar, borders) is known once the window has been shown; before
    // that the frame and the window are the same size.
    const QSize frameExtra = window->frameGeometry().size() - window->geometry().size();
    const QSize fitting = (available.size() - frameExtra).expandedTo(QSize(1, 1));
    if (window->width() > fitting.width() || window->height() > fitting.height())
        window->resize(window->size().boundedTo(fitting));
    const QRect frame = window->frameGeometry();
    const int x = std::clamp(frame.x(), available.left(), std::max(available.left(), available.right() + 1 - frame.width()));
    const int y = std::clamp(frame.y(), available.top(), std::max(available.top(), available.bottom() + 1 - frame.height()));
    if (x != frame.x() || y != frame.y())
        window->move(x, y);
}

QWidget* scrollableWhenSmall(QWidget* page) {
    auto* area = new QScrollArea;
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setWidget(page);
    return area;
}

} // namespace vtw
