#pragma once

// A hover over a widget: a mouse move with no button held, sent straight to the widget
// so that a test does not depend on where the platform keeps the pointer.

#include <QApplication>
#include <QMouseEvent>
#include <QWidget>

inline void hover(QWidget* widget, QPoint at) {
    QMouseEvent move(QEvent::MouseMove, QPointF(at), widget->mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(widget, &move);
}
