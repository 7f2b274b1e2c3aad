#include "ui/WorkbenchStartup.h"

#include "ui/setups/DocumentView.h"
#include "ui/MainWindow.h"
#include "ui/document/RecoveryDialog.h"
#include "core/setupfile/CarLibrary.h"

namespace vtw {

void startWorkbench(MainWindow& window, const QStringList& files) {
    window.show();
    QDialog* recovery = window.offerRecovery();
    for (const QString& path : files)
        window.openFile(path);
    // Something to work on, unless the recovery prompt brings setups back.
    const auto openDefaultCar = [&window] {
        if (window.views().isEmpty())
            window.openStartingCar(defaultLibraryCar());
    };
    if (recovery)
        QObject::connect(recovery, &QDialog::finished, &window, openDefaultCar);
    else
        openDefaultCar();
}

} // namespace vtw
