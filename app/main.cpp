#include "MainWindow.h"
#include "setupfile/CarLibrary.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char* argv[]) {
    // The car library lives in a static library: its resources must be registered.
    Q_INIT_RESOURCE(resources);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Vehicle Tuning Workbench"));
    QApplication::setOrganizationName(QStringLiteral("VehicleTuningWorkbench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Edit vehicle setups and see what they do."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Setup files to open."),
                                 QStringLiteral("[files...]"));
    parser.process(app);

    vtw::MainWindow window;
    window.show();
    window.offerRecovery();
    for (const QString& path : parser.positionalArguments())
        window.openFile(path);
    if (window.views().isEmpty())
        window.newDocument(vtw::defaultLibraryCar());
    return QApplication::exec();
}
