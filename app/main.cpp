#include "MainWindow.h"
#include "RecoveryDialog.h"
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
    QDialog* recovery = window.offerRecovery();
    for (const QString& path : parser.positionalArguments())
        window.openFile(path);
    // Something to work on, unless the recovery prompt brings setups back.
    const auto openDefaultCar = [&window] {
        if (window.views().isEmpty())
            window.newDocument(vtw::defaultLibraryCar());
    };
    if (recovery)
        QObject::connect(recovery, &QDialog::finished, &window, openDefaultCar);
    else
        openDefaultCar();
    return QApplication::exec();
}
