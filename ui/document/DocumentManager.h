#pragma once

// The open setups and everything done to them as files: new, open, save, save
// as, close with the unsaved-changes prompt, the recent-files list, and the
// autosave copies that bring unsaved work back after a crash (cf. Tiled's
// DocumentManager). The window shows the documents and wires menus to these
// functions; it learns of documents coming and going from the signals.
//
// The prompts (save unsaved changes? save where?) are functions that can be
// replaced, so that a caller without a user, such as a test, answers them.

#include "ui/document/SetupDocument.h"
#include "core/setupfile/Recovery.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>

class QTimer;
class QWidget;

namespace vtw {

class RecentFiles;
class RecoveryDialog;

class DocumentManager : public QObject {
    Q_OBJECT
public:
    enum class SaveAnswer { Save, Discard, Cancel };
    /// Asked before an unsaved document goes.
    using SavePrompt = std::function<SaveAnswer(SetupDocument* document)>;
    /// Asked for a file to save to; an empty answer cancels.
    using PathPrompt = std::function<QString(SetupDocument* document, const QString& suggestion)>;

    /// Dialogs (prompts, problem lists, the recovery offer) open over `dialogParent`.
    explicit DocumentManager(QWidget* dialogParent, QObject* parent = nullptr);
    ~DocumentManager() override;

    const QList<SetupDocument*>& documents() const { return m_documents; }
    RecentFiles* recentFiles() const { return m_recent; }

    /// The file dialogs' filter for setup files.
    static QString setupFileFilter();

    /// Takes a setup as a new open document. One never saved and named like an
    /// open one gets a number ("Corvette C5 (2)"), so lists can tell them apart.
    /// A document with no file exists only in memory (a new car, an import, a
    /// sweep's variant): it is modified from birth, so closing or quitting asks to
    /// save it and autosave keeps a recovery copy of it.
    SetupDocument* add(Setup setup, const QString& filePath = {}, const UnknownKeys& unknownKeys = {});
    /// The car the window opens with when nothing else is open: an untouched copy
    /// of a library car, which a click brings back, so it starts unmodified and
    /// only an edit makes it worth keeping.
    SetupDocument* addStartingCar(Setup setup);
    /// A car of the library as a new document; nullptr, with the problems listed, if it
    /// does not load.
    SetupDocument* addLibraryCar(const QString& resourcePath);
    /// Opens a file; one already open is shown again (documentShown). A file that
    /// does not load opens nothing and lists every problem in a dialog; nullptr then.
    SetupDocument* open(const QString& path);
    /// Saves to the document's file, asking for one if it has none.
    bool save(SetupDocument* document);
    /// Saves under a new name (asks for it when path is empty); atomic, as every write.
    bool saveAs(SetupDocument* document, const QString& path = {});
    /// Asks to save unsaved changes; false if the user cancelled (or the save failed).
    bool maybeSave(SetupDocument* document);
    /// Closes a document after maybeSave(); false if it stays open.
    bool close(SetupDocument* document);
    /// maybeSave() for every document, for the end of the program: true when all
    /// may go, and then their recovery copies are removed.
    bool prepareToQuit();

    /// A folder for file dialogs: the document's, else the newest recent file's.
    QString dialogDirectory(const SetupDocument* document) const;

    void setSavePrompt(SavePrompt prompt) { m_savePrompt = std::move(prompt); }
    void setPathPrompt(PathPrompt prompt) { m_pathPrompt = std::move(prompt); }

    /// Recovery folder (default: AppDataLocation/recovery).
    void setRecoveryFolder(const QString& folder);
    QString recoveryFolder() const { return m_recovery.folder(); }
    /// Writes the autosave copy of every modified document now (also every 30 s);
    /// the failures go out as autosaveFailures(). False when any copy failed.
    bool autosaveNow();
    /// Claims the copies no running instance owns and offers them in a RecoveryDialog,
    /// opened without blocking: Restore brings them back as modified documents,
    /// Discard deletes them, Not now keeps them for the next start. nullptr when
    /// there is nothing to offer.
    RecoveryDialog* offerRecovery();
    /// Claims and restores every copy no running instance owns; how many came back.
    int restoreRecovered();

signals:
    void documentAdded(vtw::SetupDocument* document);
    /// open() of a file that is open already.
    void documentShown(vtw::SetupDocument* document);
    /// After the prompt, just before the document is deleted.
    void documentClosing(vtw::SetupDocument* document);
    /// A document was saved (its title and file may have changed).
    void documentSaved(vtw::SetupDocument* document);
    void statusMessage(const QString& text);
    /// After each autosave: what failed, empty when everything was written.
    void autosaveFailures(const QStringList& failures);

private:
    int restoreCopies(const QList<RecoveredFile>& copies);
    void showProblems(const QString& title, const QString& text, const QStringList& problems);
    SaveAnswer askToSave(SetupDocument* document) const;
    QString askForPath(SetupDocument* document, const QString& suggestion) const;

    QPointer<QWidget> m_dialogParent;
    RecentFiles* m_recent;
    RecoveryStore m_recovery;
    QTimer* m_autosave;
    bool m_autosaveFailureShown = false; ///< the dialog comes once a session
    SavePrompt m_savePrompt;
    PathPrompt m_pathPrompt;
    QList<SetupDocument*> m_documents;
};

} // namespace vtw
