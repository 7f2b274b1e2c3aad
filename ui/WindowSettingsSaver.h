#pragma once

// Has the window's settings written shortly after each change of what they
// hold, not only at exit, so a crash keeps them: once the changes settle, as a
// drag of a splitter or of the window's edge is dozens of changes.

#include <QObject>

#include <functional>

class QMainWindow;
class QTimer;

namespace vtw {

class WindowSettingsSaver : public QObject {
    Q_OBJECT
public:
    /// Watches the window's size and place and its docks; `save` writes the settings.
    WindowSettingsSaver(QMainWindow* window, std::function<void()> save);

    /// Watches every splitter of the page.
    void watchSplitters(QWidget* page);
    /// Something the settings hold changed: save once the changes settle.
    void schedule();
    /// The settings were just written: no save is due.
    void cancel();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QTimer* m_timer;
};

} // namespace vtw
