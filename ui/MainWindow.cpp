#include "ui/MainWindow.h"

#include "ui/AboutBox.h"
#include "ui/HelpDialogs.h"
#include "ui/document/AutosaveProblemLabel.h"
#include "ui/shared/ImageExportDialog.h"
#include "ui/mathchannels/MathChannelsDialog.h"
#include "ui/compare/ComparePage.h"
#include "ui/compare/CompareTraceTools.h"
#include "ui/track/TrackCursorTools.h"
#include "ui/track/TrackPage.h"
#include "ui/document/DocumentManager.h"
#include "ui/setups/DocumentView.h"
#include "ui/setups/SetupsWorkspace.h"
#include "ui/setups/SetupTransfers.h"
#include "ui/live/LiveSimulationPage.h"
#include "ui/live/LiveTracePlots.h"
#include "ui/document/RecentFiles.h"
#include "ui/analysis/ReferencePanel.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/SimulatedSetupBar.h"
#include "ui/UnitSystemChoice.h"
#include "ui/WindowSettings.h"
#include "ui/WindowSettingsSaver.h"
#include "ui/RunAction.h"
#include "ui/shared/SplitterState.h"
#include "ui/shared/ScreenFit.h"

#include <QAction>
#include <QCloseEvent>
#include <QDockWidget>
#include <QMenuBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

namespace vtw {

namespace {

constexpr int compareRefreshDelayMs = 250;

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_workspaces(new QStackedWidget(this)),
      m_documents(new DocumentManager(this, this)), m_setups(new SetupsWorkspace(m_documents, this)),
      m_simulatedBar(new SimulatedSetupBar), m_live(new LiveSimulationPage), m_compare(new ComparePage),
      m_trackSetupBar(new SimulatedSetupBar), m_track(new TrackPage), m_compareRefresh(new QTimer(this)),
      m_units(new UnitSystemChoice(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(applicationIcon());
    m_trackSetupBar->setHint(tr("Edits to this setup run the lap shown again."));
    // Same order as the Workspace enum.
    m_workspaces->addWidget(scrollableWhenSmall(m_setups));
    m_workspaces->addWidget(scrollableWhenSmall(paneWithSetupBar(m_simulatedBar, m_live)));
    m_workspaces->addWidget(scrollableWhenSmall(m_compare));
    m_workspaces->addWidget(scrollableWhenSmall(paneWithSetupBar(m_trackSetupBar, m_track)));
    setCentralWidget(m_workspaces);
    for (SimulatedSetupBar* bar : {m_simulatedBar, m_trackSetupBar})
        connect(bar, &SimulatedSetupBar::documentChosen, m_setups->tabs(), &QTabWidget::setCurrentIndex);
    // One set of pinned runs for every workspace: a run pinned in one is there in all.
    m_referenceRuns = new ReferenceRuns(this);
    m_live->setReferenceRuns(m_referenceRuns);
    m_compare->setReferenceRuns(m_referenceRuns);
    m_track->setReferenceRuns(m_referenceRuns);
    for (ReferencePanel* panel : {m_compare->traceTools()->referencePanel(), m_track->cursorTools()->referencePanel()})
        connect(panel, &ReferencePanel::message, this, &MainWindow::showStatus);
    connect(m_track, &TrackPage::statusMessage, this, &MainWindow::showStatus);
    connect(m_live, &LiveSimulationPage::statusMessage, this, &MainWindow::showStatus);
    connect(m_compare, &ComparePage::openSetupRequested, this,
            [this](const Setup& setup, const QString& name) {
                Setup named = setup;
                named.name = name.toStdString();
                newDocument(std::move(named));
                setWorkspace(Workspace::Setups);
            });
    // Drags edit the setup dozens of times a second; the compare page needs
    // only the settled value.
    m_compareRefresh->setSingleShot(true);
    m_compareRefresh->setInterval(compareRefreshDelayMs);
    connect(m_compareRefresh, &QTimer::timeout, this, &MainWindow::refreshCompareSetups);

    m_setups->addDocksTo(this);
    connect(m_setups, &SetupsWorkspace::currentDocumentChanged, this, &MainWindow::followCurrentDocumentLive);
    connect(m_setups, &SetupsWorkspace::titlesChanged, this, &MainWindow::updateTitles);
    connect(m_setups, &SetupsWorkspace::documentEdited, this, [this](SetupDocument* document) {
        if (document == currentDocument())
            followCurrentDocumentLive();
    });
    connect(m_setups, &SetupsWorkspace::openSetupsChanged, m_compareRefresh, qOverload<>(&QTimer::start));
    connect(m_setups, &SetupsWorkspace::editRefused, this, &MainWindow::showStatus);
    connect(m_setups, &SetupsWorkspace::editRefusalOutdated, this, [this](const QString& text) {
        if (statusBar()->currentMessage() == text)
            statusBar()->clearMessage();
    });
    connect(m_setups, &SetupsWorkspace::layoutChanged, this, &MainWindow::scheduleSettingsSave);
    connect(m_setups, &SetupsWorkspace::statusMessage, this, &MainWindow::showStatus);

    createActions();
    connect(m_documents->recentFiles(), &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    connect(m_documents, &DocumentManager::statusMessage, this, &MainWindow::showStatus);
    statusBar()->addPermanentWidget(new AutosaveProblemLabel(m_documents));

    restoreSettings();
    updateTitles();

    // From here on every change of what the settings hold is written soon after.
    m_settingsSaver = new WindowSettingsSaver(this, [this] { saveSettings(); });
    for (QWidget* page : std::initializer_list<QWidget*>{m_live, m_compare, m_track})
        m_settingsSaver->watchSplitters(page);
    connect(m_live->tracePlots(), &LiveTracePlots::selectionChanged, this, &MainWindow::scheduleSettingsSave);
}

void MainWindow::scheduleSettingsSave() {
    if (m_settingsSaver)
        m_settingsSaver->schedule();
}

void MainWindow::createActions() {
    const FileActions fileActions = createFileMenu();
    const auto [undo, redo] = m_setups->createUndoActions(this);
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_units->addActionsTo(view);
    connect(m_units, &UnitSystemChoice::chosen, this, &MainWindow::setUnitSystem);
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    QAction* math = tools->addAction(tr("&Math channels\u2026"), this, [this] {
        auto* dialog = new MathChannelsDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    math->setObjectName(QStringLiteral("mathChannelsAction"));
    addRunAction(tools, {m_live, m_compare, m_track}, [this] { return workspace(); });

    addHelpMenu(this);

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(fileActions.newSetup);
    // The arrow beside New offers the library cars, as File > New from Library does.
    if (auto* newButton = qobject_cast<QToolButton*>(bar->widgetForAction(fileActions.newSetup))) {
        newButton->setMenu(fileActions.library);
        newButton->setPopupMode(QToolButton::MenuButtonPopup);
    }
    bar->addAction(fileActions.open);
    bar->addAction(fileActions.save);
    bar->addSeparator();
    bar->addAction(undo);
    bar->addAction(redo);
    bar->addSeparator();
    m_units->addBoxTo(bar);
    view->addSeparator();
    bar->addSeparator();
    m_workspaceActions = new WorkspaceActions(view, bar, this);
    connect(m_workspaceActions, &WorkspaceActions::chosen, this, &MainWindow::setWorkspace);
}

Workspace MainWindow::workspace() const {
    return Workspace(m_workspaces->currentIndex());
}

void MainWindow::setWorkspace(Workspace workspace) {
    const Workspace before = this->workspace();
    if (workspace == before)
        return;
    // The derived figures and the history belong to editing; the live and
    // compare pages need the width. Docks the user had open come back.
    if (before == Workspace::Setups)
        m_setups->leave();
    else if (workspace == Workspace::Setups)
        m_setups->enter();
    m_workspaces->setCurrentIndex(int(workspace));
    m_workspaceActions->check(workspace);
    scheduleSettingsSave();
    if (workspace == Workspace::Compare && m_compareRefresh->isActive()) {
        m_compareRefresh->stop();
        refreshCompareSetups();
    }
}

void MainWindow::followCurrentDocumentLive() {
    if (SetupDocument* document = currentDocument()) {
        if (m_liveDocument && document != m_liveDocument)
            m_live->forgetResults(); // the last car's run is not this one's
        m_liveDocument = document;
        m_live->setSetup(document->setup());
        m_track->setSetup(document->setup(), document->displayName());
    }
}

void MainWindow::refreshCompareSetups() {
    QList<OfferedSetup> open;
    for (DocumentView* v : views())
        open.append({v->document()->id(), v->document()->displayName(), v->document()->setup()});
    m_compare->setAvailableSetups(open);
}

DocumentView* MainWindow::newDocument(Setup setup, const QString& filePath, const UnknownKeys& unknownKeys) {
    return m_setups->viewOf(m_documents->add(std::move(setup), filePath, unknownKeys));
}

DocumentView* MainWindow::openStartingCar(Setup setup) {
    return m_setups->viewOf(m_documents->addStartingCar(std::move(setup)));
}

bool MainWindow::openFile(const QString& path) {
    return m_documents->open(path) != nullptr;
}

QString MainWindow::dialogDirectory() const {
    return m_documents->dialogDirectory(currentDocument());
}

bool MainWindow::saveDocumentAs(SetupDocument* document, const QString& path) {
    return m_documents->saveAs(document, path);
}

bool MainWindow::closeDocument(int index) {
    return m_setups->closeDocument(index);
}

SetupDocument* MainWindow::currentDocument() const {
    return m_setups->currentDocument();
}

DocumentView* MainWindow::currentView() const {
    return m_setups->currentView();
}

QList<DocumentView*> MainWindow::views() const {
    return m_setups->views();
}

QTabWidget* MainWindow::documentTabs() const {
    return m_setups->tabs();
}

DerivedFiguresPanel* MainWindow::derivedFigures() const {
    return m_setups->derivedFigures();
}

void MainWindow::updateTitles() {
    const QStringList names = m_setups->documentNames();
    const int current = m_setups->tabs()->currentIndex();
    m_simulatedBar->setDocuments(names, current);
    m_trackSetupBar->setDocuments(names, current);
    if (SetupDocument* document = currentDocument()) {
        setWindowTitle(document->displayName() + QStringLiteral("[*] - Vehicle Tuning Workbench"));
        setWindowModified(document->isModified());
    } else {
        setWindowTitle(QStringLiteral("Vehicle Tuning Workbench"));
        setWindowModified(false);
    }
}

void MainWindow::setUnitSystem(UnitSystem system) {
    m_unitSystem = system;
    m_setups->setUnitSystem(system);
    m_compare->setUnitSystem(system);
    m_track->setUnitSystem(system);
    m_live->setUnitSystem(system);
    m_units->show(system);
    scheduleSettingsSave();
}

void MainWindow::showStatus(const QString& text) {
    statusBar()->showMessage(text, 8000);
}

bool MainWindow::importCurveFile(const QString& fieldPath, const QString& path) {
    return m_setups->transfers()->importCurveFile(fieldPath, path);
}

bool MainWindow::exportCurveFile(const QString& fieldPath, const QString& path) {
    return m_setups->transfers()->exportCurveFile(fieldPath, path);
}

bool MainWindow::importAcCarData(const QString& folder) {
    return m_setups->transfers()->importAcCarData(folder);
}

bool MainWindow::importTirFile(const TirImportRequest& request) {
    return m_setups->transfers()->importTirFile(request);
}

void MainWindow::exportPlot() {
    // The plot in front of the user: the current editor's, the live traces,
    // or the compare page's current tab.
    QWidget* target = nullptr;
    switch (workspace()) {
    case Workspace::Setups:
        target = m_setups->currentPlot();
        break;
    case Workspace::Live:
        target = m_live->tracePlots();
        break;
    case Workspace::Compare:
        target = m_compare->tabs()->currentWidget();
        break;
    case Workspace::Track:
        target = m_track->viewsArea();
        break;
    }
    if (!target) {
        showStatus(tr("Show a plot (engine torque, tire tables or tire model) to export it."));
        return;
    }
    if (const QString done = exportViewAsked(target, this, dialogDirectory()); !done.isEmpty())
        showStatus(done);
}

void MainWindow::setRecoveryFolder(const QString& folder) {
    m_documents->setRecoveryFolder(folder);
}

RecentFiles* MainWindow::recentFiles() const {
    return m_documents->recentFiles();
}

QString MainWindow::recoveryFolder() const {
    return m_documents->recoveryFolder();
}

bool MainWindow::autosaveNow() {
    return m_documents->autosaveNow();
}

int MainWindow::restoreRecovered() {
    return m_documents->restoreRecovered();
}

RecoveryDialog* MainWindow::offerRecovery() {
    return m_documents->offerRecovery();
}

void MainWindow::restoreSettings() {
    const WindowSettings stored = WindowSettings::read(QSettings());
    resize(1400, 880);
    restoreGeometry(stored.geometry);
    fitWindowToScreen(this);
    if (stored.dockState)
        restoreState(*stored.dockState);
    restoreSplitterStates(stored.liveSplitters, m_live);
    restoreSplitterStates(stored.compareSplitters, m_compare);
    restoreSplitterStates(stored.trackSplitters, m_track);
    if (!stored.liveChannels.isEmpty())
        m_live->tracePlots()->setSelectedChannels(stored.liveChannels);
    setUnitSystem(stored.unitSystem);
}

void MainWindow::saveSettings() {
    if (m_settingsSaver)
        m_settingsSaver->cancel();
    WindowSettings kept;
    kept.geometry = saveGeometry();
    // The dock layout is the editor's: other workspaces hide its docks, and that
    // must not be what the next start restores.
    if (workspace() == Workspace::Setups)
        kept.dockState = saveState();
    kept.unitSystem = m_unitSystem;
    kept.liveSplitters = splitterStates(m_live);
    kept.compareSplitters = splitterStates(m_compare);
    kept.trackSplitters = splitterStates(m_track);
    kept.liveChannels = m_live->tracePlots()->selectedChannels();
    QSettings settings;
    kept.write(settings);
    m_setups->saveLayout(settings);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_documents->prepareToQuit()) {
        event->ignore();
        return;
    }
    setWorkspace(Workspace::Setups); // the saved layout is the editor's, docks included
    saveSettings();
    m_live->shutdown(); // a running simulation stops before the window goes
    event->accept();
}

} // namespace vtw
