#include "LoggedDataImport.h"

#include "LogImportDialog.h"
#include "TrackPage.h"

#include <QDir>
#include <QFileDialog>
#include <QMessageBox>

namespace vtw {

bool importLoggedData(QWidget* parent, TrackPage* track, const QString& directory) {
    const QString path = QFileDialog::getOpenFileName(parent, QObject::tr("Import logged data"), directory,
                                                      QObject::tr("Logged data (*.csv *.txt);;All files (*)"));
    if (path.isEmpty())
        return false;
    LogImportDialog dialog(parent);
    if (!dialog.openLog(path)) {
        QMessageBox::warning(parent, QObject::tr("Import logged data"),
                             QObject::tr("%1 cannot be read as a log:\n%2")
                                 .arg(QDir::toNativeSeparators(path), dialog.problems()));
        return false;
    }
    if (dialog.exec() != QDialog::Accepted || !dialog.loggedLap())
        return false;
    track->setLoggedRun(LoggedRun{dialog.loggedLap()->name, dialog.loggedLap()->table});
    return true;
}

} // namespace vtw
