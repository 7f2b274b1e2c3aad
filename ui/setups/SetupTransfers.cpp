#include "ui/setups/SetupTransfers.h"

#include "ui/setups/AcCarDataDialogs.h"
#include "ui/document/DocumentManager.h"
#include "ui/document/ProblemListDialog.h"
#include "core/gamefiles/CurveFiles.h"
#include "core/setupfile/AtomicFile.h"
#include "core/setupfile/BoundedRead.h"
#include "core/setupfile/CsvIo.h"
#include "core/setupfile/TirFileRead.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace vtw {

QString curveTitle(const FieldMeta& f) {
    if (f.path.startsWith(QLatin1String("tires.front.")))
        return QObject::tr("Front tires: %1").arg(f.label);
    if (f.path.startsWith(QLatin1String("tires.rear.")))
        return QObject::tr("Rear tires: %1").arg(f.label);
    return f.label;
}

SetupTransfers::SetupTransfers(QWidget* window, DocumentManager* documents, CurrentDocument current)
    : QObject(window), m_window(window), m_documents(documents), m_current(std::move(current)) {}

void SetupTransfers::showProblems(const QString& title, const QString& text, const QStringList& problems) {
    (new ProblemListDialog(title, text, problems, m_window))->open();
}

void SetupTransfers::exportSetupCopy() {
    SetupDocument* d = m_current();
    if (!d)
        return;
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export setup"), m_documents->dialogDirectory(m_current()) + QLatin1Char('/') + d->displayName() + ".json",
        DocumentManager::setupFileFilter());
    if (path.isEmpty())
        return;
    const SaveResult r = saveSetupFile(path, d->setup(), d->unknownKeys());
    if (!r.ok)
        QMessageBox::critical(m_window, tr("Export failed"), r.error);
    else
        emit statusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
}

void SetupTransfers::exportCurve(const QString& fieldPath) {
    SetupDocument* d = m_current();
    const FieldMeta* f = findField(fieldPath);
    if (!d || !f)
        return;
    const QString name = QString(fieldPath).replace(QLatin1Char('.'), QLatin1Char('_'));
    // Stored (SI) units in every format, so the file means the same anywhere. The
    // engine formats of other games hold the torque curve only.
    QStringList filters{tr("CSV files (*.csv)"), tr("Lookup tables, rpm|value (*.lut)")};
    const Setup& setup = d->setup();
    if (writeCurveFile(CurveFileFormat::BeamNG, *f, setup))
        filters << tr("rFactor 2 engine lines (*.ini)") << tr("BeamNG jbeam torque table (*.jbeam)");
    QString selected = filters.front();
    QString path = QFileDialog::getSaveFileName(m_window, tr("Export %1").arg(curveTitle(*f)),
                                                m_documents->dialogDirectory(m_current()) + QLatin1Char('/') + name + ".csv",
                                                filters.join(QStringLiteral(";;")), &selected);
    if (path.isEmpty())
        return;
    // The extension decides; a name without one of the filter's takes the filter's.
    const QString filterSuffix = selected.section(QStringLiteral("*."), 1).section(QLatin1Char(')'), 0, 0);
    if (curveFormatOfPath(path) != curveFormatOfPath(QStringLiteral("x.") + filterSuffix) &&
        QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + filterSuffix;
    exportCurveFile(fieldPath, path);
}

bool SetupTransfers::exportCurveFile(const QString& fieldPath, const QString& path) {
    SetupDocument* d = m_current();
    const FieldMeta* f = findField(fieldPath);
    if (!d || !f)
        return false;
    const std::optional<QByteArray> bytes = writeCurveFile(curveFormatOfPath(path), *f, d->setup());
    const SaveResult r = bytes ? writeFileAtomically(path, *bytes)
                               : SaveResult{false, tr("rFactor 2 and BeamNG files hold the engine's torque curve "
                                                      "only: export %1 as CSV or .lut")
                                                       .arg(curveTitle(*f))};
    if (!r.ok)
        QMessageBox::critical(m_window, tr("Export failed"), r.error);
    else
        emit statusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
    return r.ok;
}

void SetupTransfers::importCurve(const QString& fieldPath) {
    SetupDocument* d = m_current();
    const FieldMeta* f = findField(fieldPath);
    if (!d || !f)
        return;
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Import %1").arg(curveTitle(*f)), m_documents->dialogDirectory(m_current()),
                                     tr("Curve files (*.csv *.lut *.txt);;All files (*)"));
    if (!path.isEmpty())
        importCurveFile(fieldPath, path);
}

bool SetupTransfers::importCurveFile(const QString& fieldPath, const QString& path) {
    SetupDocument* d = m_current();
    const FieldMeta* f = findField(fieldPath);
    if (!d || !f)
        return false;
    // Bounded, with the CLI's limit, and files only: a FIFO would block the window
    // in open(), a device would be read without end.
    const BoundedReadResult read = readFileBounded(path, maxCsvBytes, InputKinds::RegularFilesOnly);
    QStringList problems;
    CurveImportResult result;
    if (!read.data)
        problems << read.error;
    else
        result = readCurveFile(curveFormatOfPath(path), *read.data, *f);
    if (problems.isEmpty() && !result.ok())
        problems = result.errors;
    if (problems.isEmpty()) {
        for (const SetupIssue& issue : d->changeCurve(fieldPath, *result.curve).problems)
            problems << issueForPeople(issue);
    }
    if (!problems.isEmpty()) {
        showProblems(
             tr("Import refused"),
             tr("%1 was not imported; the curve is unchanged.").arg(QFileInfo(path).fileName()),
             problems);
        return false;
    }
    emit statusMessage(tr("Imported %1 points into %2").arg(result.curve->size()).arg(curveTitle(*f)));
    return true;
}

bool SetupTransfers::importAcCarData(const QString& folder) {
    AcImportResult imported = importAcFolder(folder);
    const QString name = QDir::toNativeSeparators(folder);
    if (!imported.setup) {
        showProblems(tr("Import refused"), tr("%1 was not imported; nothing was changed.").arg(name),
                               imported.errors);
        return false;
    }
    m_documents->add(std::move(*imported.setup));
    const AcMappingReport& r = imported.report;
    createAcReportDialog(tr("Assetto Corsa car data imported"),
                         tr("%1 opened as a new setup: %2 keys mapped exactly, %3 approximated, %4 items without "
                            "an equivalent (the default car's values kept).")
                             .arg(name)
                             .arg(r.exact.size())
                             .arg(r.approximated.size())
                             .arg(r.unmapped.size()),
                         r, m_window)
        ->open();
    return true;
}

void SetupTransfers::exportAcCarData() {
    SetupDocument* d = m_current();
    if (!d)
        return;
    auto* dialog = new AcExportDialog(d->setup(), m_documents->dialogDirectory(m_current()), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const AcExportResult r = dialog->exportNow();
        if (!r.ok) {
            showProblems(tr("Export failed"), tr("The car data was not written; the details name every file and what was done with it."), r.errors);
            return;
        }
        QString summary = r.writtenFiles.isEmpty()
                              ? tr("Nothing changed: no file was written.")
                              : tr("Written: %1.").arg(r.writtenFiles.join(QStringLiteral(", ")));
        if (!r.backups.isEmpty())
            summary += QLatin1Char(' ') + tr("Backups: %1.").arg(r.backups.join(QStringLiteral(", ")));
        createAcReportDialog(tr("Assetto Corsa car data exported"), summary, r.report, m_window)->open();
        emit statusMessage(tr("Exported Assetto Corsa car data"));
    });
    dialog->open();
}

void SetupTransfers::importTir(const QString& axle) {
    SetupDocument* d = m_current();
    if (!d)
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import a tyre property file"), m_documents->dialogDirectory(m_current()),
                                                      tr("Tyre property files (*.tir);;All files (*)"));
    if (path.isEmpty())
        return;
    // Read once to show what the file is; the import reads it again, bounded the same way.
    const TirLoadResult read = readTirFile(path, InputKinds::RegularFilesOnly);
    if (!read.ok()) {
        showProblems(tr("Import refused"),
                     tr("%1 was not imported; the tires are unchanged.").arg(QFileInfo(path).fileName()),
                     {QString::fromStdString(read.error)});
        return;
    }
    const double radius = axle == QLatin1String("rear") ? d->setup().rearTires.radius : d->setup().frontTires.radius;
    auto* dialog = new TirImportDialog(path, *read.coefficients, radius, axle, m_window, m_unitSystem);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { importTirFile(dialog->request()); });
    dialog->open();
}

bool SetupTransfers::importTirFile(const TirImportRequest& request) {
    SetupDocument* d = m_current();
    if (!d)
        return false;
    const TirImportOutcome outcome = importTirIntoDocument(d, request);
    const QString name = QFileInfo(request.path).fileName();
    if (!outcome.problems.isEmpty()) {
        showProblems(tr("Import refused"), tr("%1 was not imported; the tires are unchanged.").arg(name),
                               outcome.problems);
        return false;
    }
    emit statusMessage(outcome.warnings.isEmpty()
                   ? tr("Imported %1").arg(name)
                   : tr("Imported %1 (%2 defaults taken: %3)")
                         .arg(name)
                         .arg(outcome.warnings.size())
                         .arg(outcome.warnings.join(QStringLiteral("; "))));
    return true;
}

} // namespace vtw
