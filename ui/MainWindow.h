#pragma once

#include "ui/setups/TirImport.h"

// The workbench window in four workspaces: Setups (SetupsWorkspace: the open
// setups as tabs, with the live derived figures and the undo history as
// docks), Live simulation (the current setup on the track, edits applied as it
// runs), Compare (open setups and library cars side by side) and Track (a lap
// of a track with the current setup). Menus and
// toolbar for files, export, undo and display units. The open documents and
// their files (open, save, close prompts, recent files, recovery) are the
// DocumentManager's; the window shows them and wires its menus to it. What the
// window keeps between sessions is WindowSettings'.

#include "ui/document/SetupDocument.h"
#include "ui/WorkspaceActions.h"

#include <QMainWindow>
#include <QPointer>

class QAction;
class QMenu;
class QStackedWidget;
class QTabWidget;
class QTimer;

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
class SetupsWorkspace;
class SimulatedSetupBar;
class UnitSystemChoice;
class WindowSettingsSaver;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    /// Opens a setup in a new tab and makes it current.
    DocumentView* newDocument(Setup setup, const QString& filePath = {},
                              const UnknownKeys& unknownKeys = {});
    /// The car shown when the window starts with nothing else open; unmodified
    /// (DocumentManager::addStartingCar).
    DocumentView* openStartingCar(Setup setup);
    /// Opens a file in a new tab (or shows it if already open). A file that
    /// does not load opens nothing and lists every problem in a dialog.
    bool openFile(const QString& path);
    /// Saves under a new name (asks for it when path is empty).
    bool saveDocumentAs(SetupDocument* document, const QString& path = {});
    /// Closes a tab, asking to save unsaved changes; false if the user cancelled.
    bool closeDocument(int index);

    SetupDocument* currentDocument() const;
    DocumentView* currentView() const;
    QList<DocumentView*> views() const;
    SetupsWorkspace* setupsWorkspace() const { return m_setups; }
    QTabWidget* documentTabs() const;
    DerivedFiguresPanel* derivedFigures() const;
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
    /// The window's title and the setup bars' lists, after the tabs' titles.
    void updateTitles();
    void exportPlot();
    void followCurrentDocumentLive();
    void refreshCompareSetups();
    void showStatus(const QString& text);
    QString dialogDirectory() const;
    void restoreSettings();
    /// saveSettings() once the changes settle (WindowSettingsSaver).
    void scheduleSettingsSave();

    QStackedWidget* m_workspaces;
    DocumentManager* m_documents;
    SetupsWorkspace* m_setups;
    SimulatedSetupBar* m_simulatedBar;
    LiveSimulationPage* m_live;
    ComparePage* m_compare;
    SimulatedSetupBar* m_trackSetupBar;
    TrackPage* m_track;
    ReferenceRuns* m_referenceRuns;
    /// The document the live page simulates: another one is another car.
    QPointer<SetupDocument> m_liveDocument;
    WorkspaceActions* m_workspaceActions = nullptr;
    QTimer* m_compareRefresh;
    WindowSettingsSaver* m_settingsSaver = nullptr;
    QMenu* m_recentMenu = nullptr;
    UnitSystemChoice* m_units;
    UnitSystem m_unitSystem = UnitSystem::SI;
};

} // namespace vtw
