#pragma once

#include "ui/setups/TirImport.h"

// The workbench window in four workspaces: Setups (the open setups as tabs,
// each a DocumentView, with the live derived figures and the undo history as
// docks), Live simulation (the current setup on the track, edits applied as it
// runs), Compare (open setups and library cars side by side) and Track (a lap
// of a track with the current setup). Menus and
// toolbar for files, export, undo and display units. The open documents and
// their files (open, save, close prompts, recent files, recovery) are the
// DocumentManager's; the window shows them and wires its menus to it.

#include "ui/document/SetupDocument.h"

#include <QMainWindow>
#include <QPointer>

class QAction;
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
class DocumentManager;
class SetupTransfers;
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
    /// The car shown when the window starts with nothing else open; unmodified
    /// (DocumentManager::addStartingCar).
    DocumentView* openStartingCar(Setup setup);
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
    DocumentManager* documents() const { return m_documents; }
    RecentFiles* recentFiles() const;
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
    QString recoveryFolder() const;
    /// DocumentManager::autosaveNow(); a failure also shows in the status bar.
    bool autosaveNow();
    /// At start-up: DocumentManager::offerRecovery().
    RecoveryDialog* offerRecovery();
    /// DocumentManager::restoreRecovered().
    int restoreRecovered();

    /// Writes the window's settings (geometry, dock layout, units, splitters, live
    /// channels). They are written shortly after each change, not only at exit, so
    /// a crash keeps them.
    void saveSettings();

    // What the Import and Export menus do once a file is chosen (SetupTransfers).
    bool importCurveFile(const QString& fieldPath, const QString& path);
    bool exportCurveFile(const QString& fieldPath, const QString& path);
    bool importAcCarData(const QString& folder);
    bool importTirFile(const TirImportRequest& request);

protected:
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void moveEvent(QMoveEvent* event) override;

private:
    void createActions();
    /// The File menu (MainWindowFileMenu.cpp), with the actions the toolbar shows too.
    struct FileActions {
        QAction* newSetup;
        QMenu* library;
        QAction* open;
        QAction* save;
    };
    FileActions createFileMenu();
    void rebuildRecentMenu();
    void updateTitles();
    void onCurrentChanged();
    DocumentView* viewOf(const SetupDocument* document) const;
    /// A tab for a document the manager took; removeView() takes it away again.
    void addView(SetupDocument* document);
    void removeView(SetupDocument* document);
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
    QString dialogDirectory() const;
    /// saveSettings() once the changes settle (a drag of a splitter or the window's
    /// edge is dozens of changes).
    void scheduleSettingsSave();
    /// Every splitter of a page reports its moves to scheduleSettingsSave().
    void watchSplitters(QWidget* page);

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
    QTimer* m_settingsSave = nullptr;
    QUndoGroup* m_undoGroup;
    DerivedFiguresPanel* m_figures;
    DocumentManager* m_documents;
    SetupTransfers* m_transfers;
    QMenu* m_recentMenu = nullptr;
    QComboBox* m_unitCombo = nullptr;
    QActionGroup* m_unitActions = nullptr;
    UnitSystem m_unitSystem = UnitSystem::SI;
    QString m_editRefusal; ///< the refusal the status bar shows, if it still does
    QLabel* m_autosaveProblem; ///< in the status bar while autosave fails
};

} // namespace vtw
