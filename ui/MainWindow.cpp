#include "MainWindow.h"

namespace vtw {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_setup(defaultSetup()) {
    setWindowTitle(QString::fromStdString(m_setup.name) + QStringLiteral(" - Vehicle Tuning Workbench"));
    resize(1280, 800);
}

} // namespace vtw
