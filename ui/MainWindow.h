#pragma once

#include "Setup.h"

#include <QMainWindow>

namespace vtw {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

private:
    Setup m_setup;
};

} // namespace vtw
