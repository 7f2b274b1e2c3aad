#pragma once

// Help > Keyboard shortcuts and Help > Getting started. The shortcut list is read from
// the window's menus when it opens, so it always names the bindings the menus have.

#include <QList>
#include <QPair>
#include <QString>

class QDialog;
class QMainWindow;
class QMenuBar;
class QWidget;

namespace vtw {

/// Every menu action with a shortcut: ("File > Save As", "Ctrl+Shift+S"), in menu order,
/// followed by the driving keys of the live view.
QList<QPair<QString, QString>> keyboardShortcuts(const QMenuBar* menus);

/// The dialog listing keyboardShortcuts (not yet shown; deleted on close).
QDialog* createShortcutsDialog(const QMenuBar* menus, QWidget* parent);

/// A short guide to the workspaces and where setups live (not yet shown; deleted on close).
QDialog* createGuideDialog(QWidget* parent);

/// The window's Help menu: the guide, the shortcut list and the About box.
void addHelpMenu(QMainWindow* window);

} // namespace vtw
