#include "ui/MainWindow.h"

#include "ui/AboutBox.h"
#include "ui/HelpDialogs.h"
#include "ui/shared/ImageExportDialog.h"
#include "ui/mathchannels/MathChannelsDialog.h"
#include "ui/compare/ComparePage.h"
#include "ui/compare/CompareTraceTools.h"
#include "ui/track/TrackCursorTools.h"
#include "ui/track/TrackPage.h"
#include "ui/setups/DerivedFiguresPanel.h"
#include "ui/document/DocumentManager.h"
#include "ui/setups/DocumentView.h"
#include "ui/live/LiveSimulationPage.h"
#include "ui/live/LiveTracePlots.h"
#include "ui/setups/ParameterPanel.h"
#include "ui/document/RecentFiles.h"
#include "ui/analysis/ReferencePanel.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/setups/SetupTransfers.h"
#include "ui/SimulatedSetupBar.h"
#include "ui/shared/SplitterState.h"
#include "ui/shared/ViewExport.h"

#include <qcustomplot.h>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QSplitter>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoGroup>
#include <QUndoView>
#include <QVBoxLayout>

namespace vtw {

namespace {

constexpr int compareRefreshDelayMs = 250;
/// Settings are written this long after the last change that needs them.
constexpr int settingsSaveDelayMs = 500;

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_workspaces(new QStackedWidget(this)), m_tabs(new QTabWidget),
      m_livePane(new QWidget), m_simulatedBar(new SimulatedSetupBar),
      m_live(new LiveSimulationPage), m_compare(new ComparePage), m_trackPane(new QWidget),
      m_trackSetupBar(new SimulatedSetupBar), m_track(new TrackPage),
      m_compareRefresh(new QTimer(this)), m_undoGroup(new QUndoGroup(this)),
      m_figures(new DerivedFiguresPanel), m_documents(new DocumentManager(this, this)),
      m_transfers(new SetupTransfers(this, m_documents, [this] { return currentDocument(); })),
      m_autosaveProblem(new QLabel) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(applicationIcon());
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    m_tabs->setObjectName(QStringLiteral("documents"));
    auto* liveLayout = new QVBoxLayout(m_livePane);
    liveLayout->setContentsMargins(0, 0, 0, 0);
    liveLayout->setSpacing(0);
    liveLayout->addWidget(m_simulatedBar);
    liveLayout->addWidget(m_live, 1);
    auto* trackLayout = new QVBoxLayout(m_trackPane);
    trackLayout->setContentsMargins(0, 0, 0, 0);
    trackLayout->setSpacing(0);
    m_trackSetupBar->setHint(tr("Edits to this setup run the lap shown again."));
    trackLayout->addWidget(m_trackSetupBar);
    trackLayout->addWidget(m_track, 1);
    // Same order as the Workspace enum.
    m_workspaces->addWidget(m_tabs);
    m_workspaces->addWidget(m_livePane);
    m_workspaces->addWidget(m_compare);
    m_workspaces->addWidget(m_trackPane);
    setCentralWidget(m_workspaces);
    for (SimulatedSetupBar* bar : {m_simulatedBar, m_trackSetupBar})
        connect(bar, &SimulatedSetupBar::documentChosen, m_tabs, &QTabWidget::setCurrentIndex);
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

    auto* figuresDock = new QDockWidget(tr("Derived figures"), this);
    figuresDock->setObjectName(QStringLiteral("derivedFiguresDock"));
    figuresDock->setWidget(m_figures);
    figuresDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                             QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, figuresDock);
    auto* historyDock = new QDockWidget(tr("History"), this);
    historyDock->setObjectName(QStringLiteral("historyDock"));
    auto* history = new QUndoView(m_undoGroup, historyDock);
    history->setEmptyLabel(tr("<opened>"));
    historyDock->setWidget(history);
    addDockWidget(Qt::RightDockWidgetArea, historyDock);
    m_setupDocks = {figuresDock, historyDock};
    resizeDocks({figuresDock}, {300}, Qt::Horizontal);
    resizeDocks({figuresDock, historyDock}, {520, 200}, Qt::Vertical);

    createActions();
    m_tabs->setStyleSheet(QString());
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeDocument);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::onCurrentChanged);
    connect(m_documents->recentFiles(), &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    connect(m_documents, &DocumentManager::documentAdded, this, &MainWindow::addView);
    connect(m_documents, &DocumentManager::documentShown, this,
            [this](SetupDocument* d) { m_tabs->setCurrentWidget(viewOf(d)); });
    connect(m_documents, &DocumentManager::documentClosing, this, &MainWindow::removeView);
    connect(m_documents, &DocumentManager::documentSaved, this, &MainWindow::updateTitles);
    connect(m_documents, &DocumentManager::statusMessage, this, &MainWindow::showStatus);
    connect(m_transfers, &SetupTransfers::statusMessage, this, &MainWindow::showStatus);
    connect(m_documents, &DocumentManager::autosaveFailures, this, [this](const QStringList& failures) {
        // The label stays while autosave fails: unsaved work is then only in memory.
        m_autosaveProblem->setVisible(!failures.isEmpty());
        m_autosaveProblem->setToolTip(failures.join(QLatin1Char('\n')));
    });
    m_autosaveProblem->setObjectName(QStringLiteral("autosaveProblem"));
    m_autosaveProblem->setText(tr("Autosave failed"));
    QPalette alarm = m_autosaveProblem->palette();
    alarm.setColor(QPalette::WindowText, Qt::darkRed);
    m_autosaveProblem->setPalette(alarm);
    QFont bold = m_autosaveProblem->font();
    bold.setBold(true);
    m_autosaveProblem->setFont(bold);
    m_autosaveProblem->hide();
    statusBar()->addPermanentWidget(m_autosaveProblem);

    const QSettings settings;
    resize(1400, 880);
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    restoreSplitterStates(settings, QStringLiteral("live/splitters"), m_live);
    restoreSplitterStates(settings, QStringLiteral("compare/splitters"), m_compare);
    restoreSplitterStates(settings, QStringLiteral("track/splitters"), m_track);
    const QStringList channels = settings.value(QStringLiteral("live/channels")).toStringList();
    if (!channels.isEmpty())
        m_live->tracePlots()->setSelectedChannels(channels);
    setUnitSystem(settings.value(QStringLiteral("units")).toString() == QLatin1String("imperial")
                      ? UnitSystem::Imperial
                      : UnitSystem::SI);
    updateTitles();

    // From here on every change of what the settings hold is written soon after.
    m_settingsSave = new QTimer(this);
    m_settingsSave->setSingleShot(true);
    m_settingsSave->setInterval(settingsSaveDelayMs);
    connect(m_settingsSave, &QTimer::timeout, this, &MainWindow::saveSettings);
    for (QWidget* page : std::initializer_list<QWidget*>{m_live, m_compare, m_track})
        watchSplitters(page);
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        connect(dock, &QDockWidget::dockLocationChanged, this, &MainWindow::scheduleSettingsSave);
        connect(dock, &QDockWidget::topLevelChanged, this, &MainWindow::scheduleSettingsSave);
        connect(dock, &QDockWidget::visibilityChanged, this, &MainWindow::scheduleSettingsSave);
    }
    connect(m_live->tracePlots(), &LiveTracePlots::selectionChanged, this, &MainWindow::scheduleSettingsSave);
}

void MainWindow::scheduleSettingsSave() {
    if (m_settingsSave)
        m_settingsSave->start();
}

void MainWindow::watchSplitters(QWidget* page) {
    for (QSplitter* splitter : page->findChildren<QSplitter*>())
        connect(splitter, &QSplitter::splitterMoved, this, &MainWindow::scheduleSettingsSave);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    scheduleSettingsSave();
}

void MainWindow::moveEvent(QMoveEvent* event) {
    QMainWindow::moveEvent(event);
    scheduleSettingsSave();
}

MainWindow::~MainWindow() {
    // The documents are children of the window and go after its widgets; a
    // modified one announces its undo stack's end, which must not reach the
    // tabs that are gone by then.
    for (SetupDocument* d : m_documents->documents())
        d->disconnect(this);
}

void MainWindow::createActions() {
    QStyle* s = style();
    const FileActions fileActions = createFileMenu();

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_undoGroup->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    undo->setIcon(s->standardIcon(QStyle::SP_ArrowBack));
    QAction* redo = m_undoGroup->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(QKeySequence::Redo); // every binding of the platform: Ctrl+Y and Ctrl+Shift+Z
    redo->setIcon(s->standardIcon(QStyle::SP_ArrowForward));
    // The menu says what would be undone ("Undo Mass"); the toolbar keeps a fixed word so
    // that its buttons do not change width, and move everything beside them, at each edit.
    undo->setIconText(tr("Undo"));
    redo->setIconText(tr("Redo"));
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_unitActions = new QActionGroup(this);
    auto* si = view->addAction(tr("&SI units (km/h, N m, kW)"));
    auto* imperial = view->addAction(tr("&Imperial units (mph, lb-ft, hp)"));
    for (QAction* a : {si, imperial}) {
        a->setCheckable(true);
        m_unitActions->addAction(a);
    }
    si->setData(int(UnitSystem::SI));
    imperial->setData(int(UnitSystem::Imperial));
    connect(m_unitActions, &QActionGroup::triggered, this,
            [this](QAction* a) { setUnitSystem(UnitSystem(a->data().toInt())); });
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

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    auto* guide = help->addAction(tr("&Getting started"), this, [this] { createGuideDialog(this)->open(); });
    guide->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Keyboard shortcuts"), this,
                    [this] { createShortcutsDialog(menuBar(), this)->open(); });
    help->addSeparator();
    help->addAction(tr("&About"), this, [this] { createAboutBox(this)->open(); });

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
    bar->addWidget(new QLabel(tr(" Units: "), bar));
    m_unitCombo = new QComboBox(bar);
    m_unitCombo->setObjectName(QStringLiteral("unitSystem"));
    m_unitCombo->addItem(tr("SI (km/h, N m, kW)"), int(UnitSystem::SI));
    m_unitCombo->addItem(tr("Imperial (mph, lb-ft, hp)"), int(UnitSystem::Imperial));
    connect(m_unitCombo, &QComboBox::activated, this,
            [this](int index) { setUnitSystem(UnitSystem(m_unitCombo->itemData(index).toInt())); });
    bar->addWidget(m_unitCombo);
    createWorkspaceActions(view, bar);
}

void MainWindow::createWorkspaceActions(QMenu* view, QToolBar* bar) {
    struct Mode {
        Workspace workspace;
        QString text;
        QString tip;
        QStyle::StandardPixmap icon;
    };
    const Mode modes[] = {
        {Workspace::Setups, tr("Set&ups"), tr("Edit the open setups"),
         QStyle::SP_FileDialogDetailedView},
        {Workspace::Live, tr("&Live simulation"),
         tr("Run the current setup: maneuvers or keyboard driving, live traces and views"),
         QStyle::SP_MediaPlay},
        {Workspace::Compare, tr("&Compare"),
         tr("Setups side by side: metrics, traces, parameter diff, sweeps, report"),
         QStyle::SP_FileDialogContentsView},
        {Workspace::Track, tr("&Track"),
         tr("A lap of a track with the current setup: map, traces, G-G-V, lap and sector times"),
         QStyle::SP_DriveNetIcon},
    };
    view->addSeparator();
    bar->addSeparator();
    m_workspaceActions = new QActionGroup(this);
    int key = Qt::Key_1;
    for (const Mode& mode : modes) {
        QAction* a = view->addAction(style()->standardIcon(mode.icon), mode.text);
        a->setCheckable(true);
        a->setData(int(mode.workspace));
        a->setStatusTip(mode.tip);
        a->setToolTip(mode.tip);
        a->setShortcut(QKeySequence(int(Qt::CTRL) | key++));
        a->setObjectName(QStringLiteral("workspace%1").arg(int(mode.workspace)));
        m_workspaceActions->addAction(a);
        bar->addAction(a);
    }
    m_workspaceActions->actions().constFirst()->setChecked(true);
    connect(m_workspaceActions, &QActionGroup::triggered, this,
            [this](QAction* a) { setWorkspace(Workspace(a->data().toInt())); });
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
    if (before == Workspace::Setups) {
        m_docksShownInSetups.clear();
        for (QDockWidget* dock : m_setupDocks) {
            if (dock->isVisible())
                m_docksShownInSetups << dock;
            dock->hide();
        }
    } else if (workspace == Workspace::Setups) {
        for (QDockWidget* dock : m_docksShownInSetups)
            dock->show();
    }
    m_workspaces->setCurrentIndex(int(workspace));
    for (QAction* a : m_workspaceActions->actions())
        a->setChecked(a->data().toInt() == int(workspace));
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

void MainWindow::scheduleCompareRefresh() {
    m_compareRefresh->start();
}

void MainWindow::refreshCompareSetups() {
    QList<OfferedSetup> open;
    for (DocumentView* v : views())
        open.append({v->document()->id(), v->document()->displayName(), v->document()->setup()});
    m_compare->setAvailableSetups(open);
}

DocumentView* MainWindow::newDocument(Setup setup, const QString& filePath, const UnknownKeys& unknownKeys) {
    return viewOf(m_documents->add(std::move(setup), filePath, unknownKeys));
}

DocumentView* MainWindow::openStartingCar(Setup setup) {
    return viewOf(m_documents->addStartingCar(std::move(setup)));
}

DocumentView* MainWindow::viewOf(const SetupDocument* document) const {
    for (DocumentView* v : views()) {
        if (v->document() == document)
            return v;
    }
    return nullptr;
}

void MainWindow::addView(SetupDocument* document) {
    auto* view = new DocumentView(document, m_tabs);
    m_undoGroup->addStack(document->undoStack());
    view->setUnitSystem(m_unitSystem);
    view->restoreLayout(QSettings());
    watchSplitters(view);
    connect(view, &DocumentView::message, this, &MainWindow::showEditRefusal);
    connect(document, &SetupDocument::changed, this, &MainWindow::clearEditRefusal);
    connect(view->parameters(), &ParameterPanel::importTirRequested, m_transfers, &SetupTransfers::importTir);
    connect(document, &SetupDocument::modifiedChanged, this, &MainWindow::updateTitles);
    connect(document, &SetupDocument::filePathChanged, this, &MainWindow::updateTitles);
    connect(document, &SetupDocument::changed, this, [this, document](const SetupChange& change) {
        if (change.kind == SetupChange::Kind::Name)
            updateTitles();
        if (document == currentDocument())
            followCurrentDocumentLive();
        scheduleCompareRefresh();
    });
    m_tabs->setCurrentIndex(m_tabs->addTab(view, document->displayName()));
    updateTitles();
    scheduleCompareRefresh();
}

void MainWindow::removeView(SetupDocument* document) {
    DocumentView* view = viewOf(document);
    {
        QSettings settings;
        view->saveLayout(settings);
    }
    m_figures->setDocument(nullptr); // it must not outlive the document it follows
    m_tabs->removeTab(m_tabs->indexOf(view));
    m_undoGroup->removeStack(document->undoStack());
    document->disconnect(this);
    delete view;
    onCurrentChanged();
    scheduleCompareRefresh();
}

bool MainWindow::openFile(const QString& path) {
    return m_documents->open(path) != nullptr;
}

QString MainWindow::dialogDirectory() const {
    return m_documents->dialogDirectory(currentDocument());
}

bool MainWindow::saveDocument(SetupDocument* document) {
    return m_documents->save(document);
}

bool MainWindow::saveDocumentAs(SetupDocument* document, const QString& path) {
    return m_documents->saveAs(document, path);
}

bool MainWindow::closeDocument(int index) {
    auto* view = qobject_cast<DocumentView*>(m_tabs->widget(index));
    if (!view)
        return false;
    m_tabs->setCurrentIndex(index);
    return m_documents->close(view->document());
}

SetupDocument* MainWindow::currentDocument() const {
    auto* view = currentView();
    return view ? view->document() : nullptr;
}

DocumentView* MainWindow::currentView() const {
    return qobject_cast<DocumentView*>(m_tabs->currentWidget());
}

QList<DocumentView*> MainWindow::views() const {
    QList<DocumentView*> out;
    for (int i = 0; i < m_tabs->count(); ++i)
        out << static_cast<DocumentView*>(m_tabs->widget(i));
    return out;
}

void MainWindow::onCurrentChanged() {
    SetupDocument* document = currentDocument();
    m_undoGroup->setActiveStack(document ? document->undoStack() : nullptr);
    m_figures->setDocument(document);
    followCurrentDocumentLive();
    updateTitles();
}

void MainWindow::updateTitles() {
    for (int i = 0; i < m_tabs->count(); ++i) {
        SetupDocument* d = static_cast<DocumentView*>(m_tabs->widget(i))->document();
        m_tabs->setTabText(i,
                           d->displayName() + (d->isModified() ? QStringLiteral(" *") : QString()));
        m_tabs->setTabToolTip(i, d->filePath().isEmpty() ? tr("Not saved yet")
                                                         : QDir::toNativeSeparators(d->filePath()));
    }
    QStringList names;
    for (DocumentView* v : views())
        names << v->document()->displayName();
    m_simulatedBar->setDocuments(names, m_tabs->currentIndex());
    m_trackSetupBar->setDocuments(names, m_tabs->currentIndex());
    SetupDocument* current = currentDocument();
    if (current) {
        setWindowTitle(current->displayName() + QStringLiteral("[*] - Vehicle Tuning Workbench"));
        setWindowModified(current->isModified());
    } else {
        setWindowTitle(QStringLiteral("Vehicle Tuning Workbench"));
        setWindowModified(false);
    }
}

void MainWindow::setUnitSystem(UnitSystem system) {
    m_unitSystem = system;
    for (DocumentView* v : views())
        v->setUnitSystem(system);
    m_figures->setUnitSystem(system);
    m_compare->setUnitSystem(system);
    m_track->setUnitSystem(system);
    m_live->setUnitSystem(system);
    m_transfers->setUnitSystem(system);
    if (m_unitCombo)
        m_unitCombo->setCurrentIndex(m_unitCombo->findData(int(system)));
    if (m_unitActions) {
        for (QAction* a : m_unitActions->actions())
            a->setChecked(a->data().toInt() == int(system));
    }
    scheduleSettingsSave();
}

void MainWindow::showStatus(const QString& text) {
    statusBar()->showMessage(text, 8000);
}

void MainWindow::showEditRefusal(const QString& text) {
    m_editRefusal = text;
    showStatus(text);
}

void MainWindow::clearEditRefusal() {
    if (!m_editRefusal.isEmpty() && statusBar()->currentMessage() == m_editRefusal)
        statusBar()->clearMessage();
    m_editRefusal.clear();
}

bool MainWindow::importCurveFile(const QString& fieldPath, const QString& path) {
    return m_transfers->importCurveFile(fieldPath, path);
}

bool MainWindow::exportCurveFile(const QString& fieldPath, const QString& path) {
    return m_transfers->exportCurveFile(fieldPath, path);
}

bool MainWindow::importAcCarData(const QString& folder) {
    return m_transfers->importAcCarData(folder);
}

bool MainWindow::importTirFile(const TirImportRequest& request) {
    return m_transfers->importTirFile(request);
}

void MainWindow::exportPlot() {
    // The plot in front of the user: the current editor's, the live traces,
    // or the compare page's current tab.
    QWidget* target = nullptr;
    switch (workspace()) {
    case Workspace::Setups:
        if (DocumentView* v = currentView())
            target = v->currentPlot();
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
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export plot"), dialogDirectory() + QStringLiteral("/plot.png"),
        tr("PNG image (*.png);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    ImageExportSize size;
    if (!path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) {
        ImageExportDialog dialog(target, this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        size = dialog.size();
    }
    QString error;
    const bool ok = exportView(target, path, &error, size);
    showStatus(ok ? tr("Exported %1").arg(QDir::toNativeSeparators(path))
                  : tr("Could not write %1 %2").arg(QDir::toNativeSeparators(path), error));
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

void MainWindow::saveSettings() {
    if (m_settingsSave)
        m_settingsSave->stop();
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    // The dock layout is the editor's: other workspaces hide its docks, and that
    // must not be what the next start restores.
    if (workspace() == Workspace::Setups)
        settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("units"), m_unitSystem == UnitSystem::Imperial
                                                   ? QStringLiteral("imperial")
                                                   : QStringLiteral("si"));
    if (DocumentView* v = currentView())
        v->saveLayout(settings);
    saveSplitterStates(settings, QStringLiteral("live/splitters"), m_live);
    saveSplitterStates(settings, QStringLiteral("compare/splitters"), m_compare);
    saveSplitterStates(settings, QStringLiteral("track/splitters"), m_track);
    settings.setValue(QStringLiteral("live/channels"), m_live->tracePlots()->selectedChannels());
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
