#include "ui/AboutBox.h"
#include "ui/MainWindow.h"
#include "core/setupfile/ProgramVersion.h"
#include "core/trackfiles/LibraryTracks.h"
#include "ui/WorkbenchStartup.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char* argv[]) {
    // The car library lives in a static library: its resources must be registered.
    Q_INIT_RESOURCE(resources);
    vtw::useLibraryTracks();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Vehicle Tuning Workbench"));
    QApplication::setOrganizationName(QStringLiteral("VehicleTuningWorkbench"));
    QApplication::setApplicationVersion(QLatin1String(vtw::programVersion));
    QApplication::setWindowIcon(vtw::applicationIcon());
    // Matches the desktop entry's name (vehicle-workbench.desktop), so a desktop
    // shows the running window under its menu entry and icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("vehicle-workbench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Edit vehicle setups and see what they do."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Setup files to open."),
                                 QStringLiteral("[files...]"));
    parser.process(app);

    vtw::MainWindow window;
    vtw::startWorkbench(window, parser.positionalArguments());
    return QApplication::exec();
}
