#pragma once

#include "TirImport.h"

// The workbench window in four workspaces: Setups (the open setups as tabs,
// each a DocumentView, with the live derived figures and the undo history as
// docks), Live simulation (the current setup on the track, edits applied as it
// runs), Compare (open setups and library cars side by side) and Track (a lap
// of a track with the current setup). Menus and
// toolbar for files, export, undo and display units; autosave to a recovery
// folder.

#include "SetupDocument.h"
#include "setupfile/Recovery.h"

#include <QMainWindow>
#include <QPointer>

class QActionGroup;
class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QStackedWidget;
class QTabWidget;
class QTimer;
class QToolBar;
class QUndoGroup;

namespace vtw {

class ComparePage;
class TrackPage;
class DerivedFiguresPanel;
class DocumentView;
class LiveSimulationPage;
class RecoveryDialog;
class ReferenceRuns;
class RecentFiles;
class SimulatedSetupBar;

/// The window's workspaces, in the order of the mode buttons.
enum class Workspace { Setups, Live, Compare, Track };

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens a setup in a new tab and makes it current.
    DocumentView* newDocument(Setup setup, const QString& filePath = {},
                              const UnknownKeys& unknownKeys = {});
    /// Opens a file in a new tab (or shows it if already open). A file that
    /// does not load opens nothing and lists every problem in a dialog.
    bool openFile(const QString& path);
    /// Saves to the document's file, asking for one if it has none.
    bool saveDocument(SetupDocument* document);
    /// Saves under a new name (asks for it when path is empty).
    bool saveDocumentAs(SetupDocument* document, const QString& path = {});
    /// Closes a tab, asking to save unsaved changes; false if the user cancelled.
    bool closeDocument(int index);

    SetupDocument* currentDocument() const;
    DocumentView* currentView() const;
    QList<DocumentView*> views() const;
    QTabWidget* documentTabs() const { return m_tabs; }
    DerivedFiguresPanel* derivedFigures() const { return m_figures; }
    RecentFiles* recentFiles() const { return m_recent; }
    LiveSimulationPage* livePage() const { return m_live; }
    ComparePage* comparePage() const { return m_compare; }
    TrackPage* trackPage() const { return m_track; }
    /// The runs pinned as references, shared by the Live, Compare and Track workspaces.
    ReferenceRuns* referenceRuns() const { return m_referenceRuns; }
    SimulatedSetupBar* simulatedSetupBar() const { return m_simulatedBar; }

    void setWorkspace(Workspace workspace);
    Workspace workspace() const;

    void setUnitSystem(UnitSystem system);
    UnitSystem unitSystem() const { return m_unitSystem; }

    /// Recovery folder (default: AppDataLocation/recovery).
    void setRecoveryFolder(const QString& folder);
    QString recoveryFolder() const { return m_recovery.folder(); }
    /// Writes the autosave copy of every modified document now. A copy that
    /// cannot be written is named in the status bar, and the first failure
    /// of the session also in a dialog; false then.
    bool autosaveNow();
    /// At start-up: claims the copies no running instance owns (left by a
    /// session that crashed) and offers them in a RecoveryDialog, opened
    /// without blocking. Restore brings them back as modified documents,
    /// Discard deletes them, Not now keeps them for the next start. Returns
    /// the dialog, or nullptr when there is nothing to offer.
    RecoveryDialog* offerRecovery();
    /// Claims and restores every copy no running instance owns, as Restore
    /// in the prompt does; returns how many came back.
    int restoreRecovered();

    void saveSettings();

    /// What "Import > Curve from CSV" does once a file is chosen: reads it
    /// through the bounded reader (the CLI's 16 MiB limit) into the current
    /// document's curve at fieldPath. A file that cannot be read or checked
    /// changes nothing and lists its problems in a dialog.
    bool importCurveFile(const QString& fieldPath, const QString& path);
    /// What "Export > Curve" does once a file is chosen: the format from its extension
    /// (.csv, .lut/.txt, .ini rFactor 2 engine lines, .jbeam BeamNG table; the last two
    /// for the torque curve only). False, with the reason shown, when it was not written.
    bool exportCurveFile(const QString& fieldPath, const QString& path);
    /// What "Import > Assetto Corsa car data" does once a folder is chosen: the car
    /// opens as a new document and the mapping report is shown; false (with the
    /// reasons shown) when the folder was refused.
    bool importAcCarData(const QString& folder);
    /// Imports a .tir file onto the current document's axles; false (with the reasons
    /// shown) when it was refused.
    bool importTirFile(const TirImportRequest& request);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void rebuildRecentMenu();
    void updateTitles();
    void onCurrentChanged();
    bool maybeSave(SetupDocument* document);
    void exportSetupCopy();
    void exportCurve(const QString& path);
    void importCurve(const QString& path);
    /// Asks where and how to write the current setup as Assetto Corsa car data.
    void exportAcCarData();
    /// Asks for a .tir file, then which axles take it ("front", "rear" or "both" preselected).
    void importTir(const QString& axle);
    void exportPlot();
    void createWorkspaceActions(QMenu* view, QToolBar* bar);
    void followCurrentDocumentLive();
    void scheduleCompareRefresh();
    void refreshCompareSetups();
    void showStatus(const QString& text);
    /// An edit a view refused: shown until it times out or the next accepted edit,
    /// so a fixed value does not leave its old error on screen.
    void showEditRefusal(const QString& text);
    void clearEditRefusal();
    int restoreCopies(const QList<RecoveredFile>& copies);
    void showAutosaveFailures(const QStringList& failures);
    QString dialogDirectory() const;

    QStackedWidget* m_workspaces;
    QTabWidget* m_tabs;
    QWidget* m_livePane;
    SimulatedSetupBar* m_simulatedBar;
    LiveSimulationPage* m_live;
    ComparePage* m_compare;
    QWidget* m_trackPane;
    SimulatedSetupBar* m_trackSetupBar;
    TrackPage* m_track;
    ReferenceRuns* m_referenceRuns;
    /// The document the live page simulates: another one is another car.
    QPointer<SetupDocument> m_liveDocument;
    QActionGroup* m_workspaceActions = nullptr;
    QList<QDockWidget*> m_setupDocks;
    QList<QDockWidget*> m_docksShownInSetups; ///< restored on return to Setups
    QTimer* m_compareRefresh;
    QUndoGroup* m_undoGroup;
    DerivedFiguresPanel* m_figures;
    RecentFiles* m_recent;
    QMenu* m_recentMenu = nullptr;
    QComboBox* m_unitCombo = nullptr;
    QActionGroup* m_unitActions = nullptr;
    UnitSystem m_unitSystem = UnitSystem::SI;
    QString m_editRefusal; ///< the refusal the status bar shows, if it still does
    RecoveryStore m_recovery;
    QTimer* m_autosave;
    QLabel* m_autosaveProblem;           ///< in the status bar while autosave fails
    bool m_autosaveFailureShown = false; ///< the dialog comes once a session
    QList<SetupDocument*> m_documents;
};

} // namespace vtw
