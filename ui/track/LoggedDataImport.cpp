#include "ui/track/LoggedDataImport.h"

#include "ui/logs/LogImportDialog.h"
#include "ui/logs/LoggedRun.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/track/TrackPage.h"

#include <QDir>
#include <QFileDialog>
#include <QMessageBox>

namespace vtw {

bool pinLoggedRun(ReferenceRuns& references, const LoggedRun& run, QString* error) {
    return references.pin(run.name, QObject::tr("Log"), run.table, error);
}

bool importLoggedData(QWidget* parent, TrackPage* track, ReferenceRuns* references, const QString& directory) {
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
    const LoggedRun run{dialog.loggedLap()->name, dialog.loggedLap()->table};
    track->setLoggedRun(run);
    QString error;
    if (references && !pinLoggedRun(*references, run, &error))
        QMessageBox::warning(parent, QObject::tr("Import logged data"),
                             QObject::tr("The log is shown on the track but cannot be a reference run: %1").arg(error));
    return true;
}

} // namespace vtw
