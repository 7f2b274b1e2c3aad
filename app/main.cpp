#include "MainWindow.h"

#include <QApplication>

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Vehicle Tuning Workbench"));
    QApplication::setOrganizationName(QStringLiteral("VehicleTuningWorkbench"));
    vtw::MainWindow window;
    window.show();
    return QApplication::exec();
}
