#include "ui/document/DocumentManager.h"

#include "ui/document/ProblemListDialog.h"
#include "ui/document/RecentFiles.h"
#include "ui/document/RecoveryDialog.h"
#include "core/setupfile/CarLibrary.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>

namespace vtw {

namespace {

constexpr int autosaveIntervalMs = 30'000;

QString defaultRecoveryFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

} // namespace

DocumentManager::DocumentManager(QWidget* dialogParent, QObject* parent)
    : QObject(parent), m_dialogParent(dialogParent), m_recent(new RecentFiles(this)),
      m_recovery(defaultRecoveryFolder()), m_autosave(new QTimer(this)) {
    m_autosave->setInterval(autosaveIntervalMs);
    connect(m_autosave, &QTimer::timeout, this, &DocumentManager::autosaveNow);
    m_autosave->start();
}

DocumentManager::~DocumentManager() = default;

QString DocumentManager::setupFileFilter() {
    return tr("Vehicle setups (*.json);;All files (*)");
}

SetupDocument* DocumentManager::addLibraryCar(const QString& resourcePath) {
    SetupLoadResult r = loadLibraryCar(resourcePath);
    if (!r.ok()) {
        showProblems(tr("Library car"), tr("The library car could not be loaded."), r.errorStrings());
        return nullptr;
    }
    return add(std::move(*r.setup), {}, r.unknownKeys);
}

SetupDocument* DocumentManager::add(Setup setup, const QString& filePath, const UnknownKeys& unknownKeys) {
    if (filePath.isEmpty()) {
        const auto taken = [this](const QString& name) {
            return std::any_of(m_documents.cbegin(), m_documents.cend(),
                               [&](const SetupDocument* d) { return d->displayName() == name; });
        };
        const QString base = QString::fromStdString(setup.name);
        QString name = base;
        for (int n = 2; taken(name); ++n)
            name = QStringLiteral("%1 (%2)").arg(base).arg(n);
        setup.name = name.toStdString();
    }
    auto* document = new SetupDocument(std::move(setup), filePath, unknownKeys, this);
    if (filePath.isEmpty())
        document->markModified();
    m_documents.append(document);
    emit documentAdded(document);
    return document;
}

SetupDocument* DocumentManager::addStartingCar(Setup setup) {
    SetupDocument* document = add(std::move(setup));
    document->undoStack()->setClean();
    return document;
}

SetupDocument* DocumentManager::open(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (SetupDocument* d : std::as_const(m_documents)) {
        if (!d->filePath().isEmpty() && QFileInfo(d->filePath()).absoluteFilePath() == absolute) {
            emit documentShown(d);
            return d;
        }
    }
    SetupLoadResult result = loadSetupFile(path, InputKinds::RegularFilesOnly);
    if (!result.ok()) {
        showProblems(tr("Cannot open setup"),
                     tr("<b>%1</b> was not opened: it has %n problem(s). Nothing was changed.", nullptr,
                        int(result.errors.size()))
                         .arg(QFileInfo(path).fileName().toHtmlEscaped()),
                     result.errorStrings());
        if (!QFileInfo::exists(path))
            m_recent->remove(path);
        return nullptr;
    }
    SetupDocument* document = add(std::move(*result.setup), absolute, result.unknownKeys);
    m_recent->add(absolute);
    if (!result.warnings.isEmpty())
        emit statusMessage(result.warnings.join(QStringLiteral("; ")));
    return document;
}

QString DocumentManager::dialogDirectory(const SetupDocument* document) const {
    if (document && !document->filePath().isEmpty())
        return QFileInfo(document->filePath()).absolutePath();
    if (!m_recent->files().isEmpty())
        return QFileInfo(m_recent->files().first()).absolutePath();
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

bool DocumentManager::save(SetupDocument* document) {
    return saveAs(document, document->filePath());
}

bool DocumentManager::saveAs(SetupDocument* document, const QString& path) {
    QString target = path;
    if (target.isEmpty()) {
        const QString suggestion = document->filePath().isEmpty()
                                       ? dialogDirectory(document) + QLatin1Char('/') + document->displayName() + ".json"
                                       : document->filePath();
        target = askForPath(document, suggestion);
        if (target.isEmpty())
            return false;
    }
    const SaveResult result = document->saveAs(target);
    if (!result.ok) {
        QMessageBox::critical(m_dialogParent, tr("Save failed"),
                              tr("The setup could not be saved to %1:\n%2").arg(target, result.error));
        return false;
    }
    m_recovery.remove(document->id());
    m_recent->add(target);
    emit statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(target)));
    emit documentSaved(document);
    return true;
}

bool DocumentManager::maybeSave(SetupDocument* document) {
    if (!document->isModified())
        return true;
    switch (askToSave(document)) {
    case SaveAnswer::Cancel:
        return false;
    case SaveAnswer::Save:
        return save(document);
    case SaveAnswer::Discard:
        break;
    }
    return true;
}

bool DocumentManager::close(SetupDocument* document) {
    if (!m_documents.contains(document) || !maybeSave(document))
        return false;
    emit documentClosing(document);
    m_recovery.remove(document->id());
    m_documents.removeOne(document);
    delete document;
    return true;
}

bool DocumentManager::prepareToQuit() {
    for (SetupDocument* d : std::as_const(m_documents)) {
        if (!maybeSave(d))
            return false;
    }
    for (SetupDocument* d : std::as_const(m_documents))
        m_recovery.remove(d->id());
    return true;
}

DocumentManager::SaveAnswer DocumentManager::askToSave(SetupDocument* document) const {
    if (m_savePrompt)
        return m_savePrompt(document);
    const auto answer = QMessageBox::warning(
        m_dialogParent, tr("Unsaved changes"), tr("“%1” has unsaved changes. Save them?").arg(document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return SaveAnswer::Save;
    return answer == QMessageBox::Discard ? SaveAnswer::Discard : SaveAnswer::Cancel;
}

QString DocumentManager::askForPath(SetupDocument* document, const QString& suggestion) const {
    if (m_pathPrompt)
        return m_pathPrompt(document, suggestion);
    return QFileDialog::getSaveFileName(m_dialogParent, tr("Save setup"), suggestion, setupFileFilter());
}

void DocumentManager::showProblems(const QString& title, const QString& text, const QStringList& problems) {
    (new ProblemListDialog(title, text, problems, m_dialogParent))->open();
}

void DocumentManager::setRecoveryFolder(const QString& folder) {
    m_recovery = RecoveryStore(folder);
}

bool DocumentManager::autosaveNow() {
    QStringList failures;
    for (SetupDocument* d : std::as_const(m_documents)) {
        if (!d->isModified()) {
            m_recovery.remove(d->id());
            continue;
        }
        const SaveResult r = m_recovery.save(d->id(), d->setup(), d->unknownKeys(), d->filePath());
        if (!r.ok)
            failures << tr("%1: %2").arg(d->displayName(), r.error);
    }
    emit autosaveFailures(failures);
    if (!failures.isEmpty()) {
        emit statusMessage(tr("Autosave failed: %1").arg(failures.join(QStringLiteral("; "))));
        if (!m_autosaveFailureShown) {
            m_autosaveFailureShown = true;
            showProblems(tr("Autosave failed"),
                         tr("Unsaved changes could not be copied to the recovery folder %1: if the program ends "
                            "unexpectedly, they are lost. Save your setups to keep them. The status bar shows "
                            "while autosave keeps failing; this message comes once.")
                             .arg(QDir::toNativeSeparators(m_recovery.folder())),
                         failures);
        }
    }
    return failures.isEmpty();
}

int DocumentManager::restoreRecovered() {
    return restoreCopies(m_recovery.claimOrphans());
}

int DocumentManager::restoreCopies(const QList<RecoveredFile>& copies) {
    int restored = 0;
    QStringList problems;
    for (const RecoveredFile& copy : copies) {
        SetupLoadResult r = loadSetupFile(copy.setupPath);
        if (!r.ok()) {
            for (const QString& e : r.errorStrings())
                problems << tr("%1: %2").arg(recoveredTitle(copy), e);
            m_recovery.release(copy.documentId); // kept for inspection and the next start
            continue;
        }
        SetupDocument* document = add(std::move(*r.setup), copy.originalPath, r.unknownKeys);
        // The copy stays on disk, now this instance's, until the document's next
        // autosave replaces it or a save removes it: a crash right after the
        // restore still finds it.
        document->setId(copy.documentId);
        document->markModified();
        ++restored;
    }
    if (!problems.isEmpty())
        showProblems(tr("Not restored"),
                     tr("These recovery copies could not be restored; they are kept in %1.")
                         .arg(QDir::toNativeSeparators(m_recovery.folder())),
                     problems);
    if (restored > 0)
        emit statusMessage(tr("Restored %n unsaved setup(s)", nullptr, restored));
    return restored;
}

RecoveryDialog* DocumentManager::offerRecovery() {
    const QList<RecoveredFile> copies = m_recovery.claimOrphans();
    if (copies.isEmpty())
        return nullptr;
    auto* dialog = new RecoveryDialog(copies, m_dialogParent);
    connect(dialog, &QDialog::finished, this, [this, copies](int choice) {
        for (const RecoveredFile& c : copies) {
            if (choice == RecoveryDialog::Discard)
                m_recovery.remove(c.documentId);
            else if (choice != RecoveryDialog::Restore)
                m_recovery.release(c.documentId);
        }
        if (choice == RecoveryDialog::Restore)
            restoreCopies(copies);
    });
    dialog->open();
    return dialog;
}

} // namespace vtw
