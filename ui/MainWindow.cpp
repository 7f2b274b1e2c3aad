#include "MainWindow.h"

#include "setupfile/TirFileRead.h"

#include "AboutBox.h"
#include "HelpDialogs.h"
#include "ImageExportDialog.h"
#include "AcCarDataDialogs.h"
#include "MathChannelsDialog.h"
#include "ComparePage.h"
#include "CompareTraceTools.h"
#include "TrackCursorTools.h"
#include "TrackPage.h"
#include "LoggedDataImport.h"
#include "DerivedFiguresPanel.h"
#include "DocumentView.h"
#include "LiveSimulationPage.h"
#include "LiveTracePlots.h"
#include "ParameterPanel.h"
#include "ProblemListDialog.h"
#include "RecentFiles.h"
#include "RecoveryDialog.h"
#include "ReferencePanel.h"
#include "ReferenceRuns.h"
#include "SimulatedSetupBar.h"
#include "SplitterState.h"
#include "ViewExport.h"
#include "gamefiles/CurveFiles.h"
#include "setupfile/BoundedRead.h"
#include "setupfile/CarLibrary.h"
#include "setupfile/CsvIo.h"
#include "setupfile/TirFileRead.h"

#include <qcustomplot.h>

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
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

constexpr int autosaveIntervalMs = 30'000;
constexpr int compareRefreshDelayMs = 250;
const QString setupFilter = QObject::tr("Vehicle setups (*.json);;All files (*)");

QString defaultRecoveryFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/recovery");
}

// "Front tires: Lateral table" for a curve path.
QString curveTitle(const FieldMeta& f) {
    if (f.path.startsWith(QLatin1String("tires.front.")))
        return QObject::tr("Front tires: %1").arg(f.label);
    if (f.path.startsWith(QLatin1String("tires.rear.")))
        return QObject::tr("Rear tires: %1").arg(f.label);
    return f.label;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_workspaces(new QStackedWidget(this)), m_tabs(new QTabWidget),
      m_livePane(new QWidget), m_simulatedBar(new SimulatedSetupBar),
      m_live(new LiveSimulationPage), m_compare(new ComparePage), m_trackPane(new QWidget),
      m_trackSetupBar(new SimulatedSetupBar), m_track(new TrackPage),
      m_compareRefresh(new QTimer(this)), m_undoGroup(new QUndoGroup(this)),
      m_figures(new DerivedFiguresPanel), m_recent(new RecentFiles(this)),
      m_recovery(defaultRecoveryFolder()), m_autosave(new QTimer(this)),
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
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();

    m_autosave->setInterval(autosaveIntervalMs);
    connect(m_autosave, &QTimer::timeout, this, &MainWindow::autosaveNow);
    m_autosave->start();
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
}

MainWindow::~MainWindow() {
    // The documents are children of the window and go after its widgets; a
    // modified one announces its undo stack's end, which must not reach the
    // tabs that are gone by then.
    for (SetupDocument* d : std::as_const(m_documents))
        d->disconnect(this);
}

void MainWindow::createActions() {
    QStyle* s = style();
    QMenu* file = menuBar()->addMenu(tr("&File"));
    auto* newAction = file->addAction(s->standardIcon(QStyle::SP_FileIcon), tr("&New"), this,
                                      [this] { newDocument(defaultLibraryCar()); });
    newAction->setShortcut(QKeySequence::New);
    newAction->setStatusTip(tr("A new setup from the library's Corvette C5"));
    QMenu* library = file->addMenu(tr("New from &Library"));
    for (const LibraryCar& car : libraryCars()) {
        library->addAction(car.name, this, [this, car] {
            SetupLoadResult r = loadLibraryCar(car.resourcePath);
            if (r.ok())
                newDocument(*r.setup, {}, r.unknownKeys);
            else
                (new ProblemListDialog(tr("Library car"),
                                       tr("The library car could not be loaded."), r.errorStrings(),
                                       this))
                    ->open();
        });
    }
    auto* open =
        file->addAction(s->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this, [this] {
            const QString path = QFileDialog::getOpenFileName(this, tr("Open setup"),
                                                              dialogDirectory(), setupFilter);
            if (!path.isEmpty())
                openFile(path);
        });
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    auto* save =
        file->addAction(s->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this, [this] {
            if (currentDocument())
                saveDocument(currentDocument());
        });
    save->setShortcut(QKeySequence::Save);
    auto* saveAs = file->addAction(tr("Save &As…"), this, [this] {
        if (currentDocument())
            saveDocumentAs(currentDocument());
    });
    // The platform's Save As binding is empty where no desktop theme provides one.
    saveAs->setShortcut(QKeySequence::keyBindings(QKeySequence::SaveAs).value(
        0, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    file->addSeparator();
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(tr("Setup as &JSON…"), this, &MainWindow::exportSetupCopy);
    QMenu* curves = exportMenu->addMenu(tr("&Curve (CSV, .lut, rFactor 2, BeamNG)"));
    exportMenu->addAction(tr("&Assetto Corsa car data…"), this, &MainWindow::exportAcCarData);
    QMenu* importMenu = file->addMenu(tr("&Import"));
    importMenu->addAction(tr("&Tyre from .tir file…"), this, [this] { importTir(QStringLiteral("both")); });
    importMenu->addAction(tr("&Assetto Corsa car data…"), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(
            this, tr("Assetto Corsa car data folder (unpacked data/)"), dialogDirectory());
        if (!folder.isEmpty())
            importAcCarData(folder);
    });
    QMenu* importCurves = importMenu->addMenu(tr("&Curve (CSV, .lut)"));
    for (const FieldMeta& f : setupFields()) {
        if (f.kind != FieldKind::Curve)
            continue;
        const QString path = f.path;
        curves->addAction(curveTitle(f) + QStringLiteral("…"), this,
                          [this, path] { exportCurve(path); });
        importCurves->addAction(curveTitle(f) + QStringLiteral("…"), this,
                                [this, path] { importCurve(path); });
    }
    file->addAction(tr("Import &Logged Data…"), this, [this] {
        if (importLoggedData(this, m_track, m_referenceRuns, dialogDirectory()))
            setWorkspace(Workspace::Track);
    });
    auto* plotImage =
        exportMenu->addAction(tr("&Plot image (PNG, PDF)…"), this, &MainWindow::exportPlot);
    plotImage->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    file->addSeparator();
    auto* close = file->addAction(tr("&Close"), this, [this] {
        if (m_tabs->currentIndex() >= 0)
            closeDocument(m_tabs->currentIndex());
    });
    close->setShortcut(QKeySequence::Close);
    auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

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
    bar->addAction(newAction);
    // The arrow beside New offers the library cars, as File > New from Library does.
    if (auto* newButton = qobject_cast<QToolButton*>(bar->widgetForAction(newAction))) {
        newButton->setMenu(library);
        newButton->setPopupMode(QToolButton::MenuButtonPopup);
    }
    bar->addAction(open);
    bar->addAction(save);
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
    QList<NamedSetup> open;
    for (DocumentView* v : views())
        open.append({v->document()->displayName(), v->document()->setup()});
    m_compare->setAvailableSetups(open);
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = m_recent->files();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        m_recentMenu
            ->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                        [this, path] { openFile(path); })
            ->setStatusTip(path);
    }
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear list"), m_recent, &RecentFiles::clear);
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

DocumentView* MainWindow::newDocument(Setup setup, const QString& filePath,
                                      const UnknownKeys& unknownKeys) {
    // A new, unsaved setup named like an open one gets a number, so that tabs, the
    // live setup picker and comparisons can tell "Corvette C5" from "Corvette C5 (2)".
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
    auto* view = new DocumentView(document, m_tabs);
    m_documents.append(document);
    m_undoGroup->addStack(document->undoStack());
    view->setUnitSystem(m_unitSystem);
    view->restoreLayout(QSettings());
    connect(view, &DocumentView::message, this, &MainWindow::showEditRefusal);
    connect(document, &SetupDocument::changed, this, &MainWindow::clearEditRefusal);
    connect(view->parameters(), &ParameterPanel::importTirRequested, this, &MainWindow::importTir);
    connect(document, &SetupDocument::modifiedChanged, this, &MainWindow::updateTitles);
    connect(document, &SetupDocument::filePathChanged, this, &MainWindow::updateTitles);
    connect(document, &SetupDocument::changed, this,
            [this, document](const SetupChange& change) {
                if (change.kind == SetupChange::Kind::Name)
                    updateTitles();
                if (document == currentDocument())
                    followCurrentDocumentLive();
                scheduleCompareRefresh();
            });
    const int index = m_tabs->addTab(view, document->displayName());
    m_tabs->setCurrentIndex(index);
    updateTitles();
    scheduleCompareRefresh();
    return view;
}

bool MainWindow::openFile(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto* view = static_cast<DocumentView*>(m_tabs->widget(i));
        if (!view->document()->filePath().isEmpty() &&
            QFileInfo(view->document()->filePath()).absoluteFilePath() == absolute) {
            m_tabs->setCurrentIndex(i);
            return true;
        }
    }
    SetupLoadResult result = loadSetupFile(path, InputKinds::RegularFilesOnly);
    if (!result.ok()) {
        auto* dialog = new ProblemListDialog(
            tr("Cannot open setup"),
            tr("<b>%1</b> was not opened: it has %n problem(s). Nothing was changed.", nullptr,
               int(result.errors.size()))
                .arg(QFileInfo(path).fileName().toHtmlEscaped()),
            result.errorStrings(), this);
        dialog->open();
        if (!QFileInfo::exists(path))
            m_recent->remove(path);
        return false;
    }
    newDocument(std::move(*result.setup), absolute, result.unknownKeys);
    m_recent->add(absolute);
    if (!result.warnings.isEmpty())
        showStatus(result.warnings.join(QStringLiteral("; ")));
    return true;
}

QString MainWindow::dialogDirectory() const {
    if (currentDocument() && !currentDocument()->filePath().isEmpty())
        return QFileInfo(currentDocument()->filePath()).absolutePath();
    if (!m_recent->files().isEmpty())
        return QFileInfo(m_recent->files().first()).absolutePath();
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

bool MainWindow::saveDocument(SetupDocument* document) {
    if (document->filePath().isEmpty())
        return saveDocumentAs(document);
    return saveDocumentAs(document, document->filePath());
}

bool MainWindow::saveDocumentAs(SetupDocument* document, const QString& path) {
    QString target = path;
    if (target.isEmpty()) {
        const QString suggestion =
            document->filePath().isEmpty()
                ? dialogDirectory() + QLatin1Char('/') + document->displayName() + ".json"
                : document->filePath();
        target = QFileDialog::getSaveFileName(this, tr("Save setup"), suggestion, setupFilter);
        if (target.isEmpty())
            return false;
    }
    const SaveResult result = document->saveAs(target);
    if (!result.ok) {
        QMessageBox::critical(
            this, tr("Save failed"),
            tr("The setup could not be saved to %1:\n%2").arg(target, result.error));
        return false;
    }
    m_recovery.remove(document->id());
    m_recent->add(target);
    showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(target)));
    updateTitles();
    return true;
}

bool MainWindow::maybeSave(SetupDocument* document) {
    if (!document->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("“%1” has unsaved changes. Save them?").arg(document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return saveDocument(document);
    return true;
}

bool MainWindow::closeDocument(int index) {
    auto* view = qobject_cast<DocumentView*>(m_tabs->widget(index));
    if (!view)
        return false;
    SetupDocument* document = view->document();
    m_tabs->setCurrentIndex(index);
    if (!maybeSave(document))
        return false;
    {
        QSettings settings;
        view->saveLayout(settings);
    }
    m_recovery.remove(document->id());
    m_figures->setDocument(nullptr); // it must not outlive the document it follows
    m_tabs->removeTab(index);
    m_undoGroup->removeStack(document->undoStack());
    m_documents.removeOne(document);
    delete view;
    delete document;
    onCurrentChanged();
    scheduleCompareRefresh();
    return true;
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
    if (m_unitCombo)
        m_unitCombo->setCurrentIndex(m_unitCombo->findData(int(system)));
    if (m_unitActions) {
        for (QAction* a : m_unitActions->actions())
            a->setChecked(a->data().toInt() == int(system));
    }
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

void MainWindow::exportSetupCopy() {
    SetupDocument* d = currentDocument();
    if (!d)
        return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export setup"), dialogDirectory() + QLatin1Char('/') + d->displayName() + ".json",
        setupFilter);
    if (path.isEmpty())
        return;
    const SaveResult r = saveSetupFile(path, d->setup(), d->unknownKeys());
    if (!r.ok)
        QMessageBox::critical(this, tr("Export failed"), r.error);
    else
        showStatus(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
}

void MainWindow::exportCurve(const QString& fieldPath) {
    SetupDocument* d = currentDocument();
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
    QString path = QFileDialog::getSaveFileName(this, tr("Export %1").arg(curveTitle(*f)),
                                                dialogDirectory() + QLatin1Char('/') + name + ".csv",
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

bool MainWindow::exportCurveFile(const QString& fieldPath, const QString& path) {
    SetupDocument* d = currentDocument();
    const FieldMeta* f = findField(fieldPath);
    if (!d || !f)
        return false;
    const std::optional<QByteArray> bytes = writeCurveFile(curveFormatOfPath(path), *f, d->setup());
    const SaveResult r = bytes ? writeFileAtomically(path, *bytes)
                               : SaveResult{false, tr("rFactor 2 and BeamNG files hold the engine's torque curve "
                                                      "only: export %1 as CSV or .lut")
                                                       .arg(curveTitle(*f))};
    if (!r.ok)
        QMessageBox::critical(this, tr("Export failed"), r.error);
    else
        showStatus(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
    return r.ok;
}

void MainWindow::importCurve(const QString& fieldPath) {
    SetupDocument* d = currentDocument();
    const FieldMeta* f = findField(fieldPath);
    if (!d || !f)
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import %1").arg(curveTitle(*f)), dialogDirectory(),
                                     tr("Curve files (*.csv *.lut *.txt);;All files (*)"));
    if (!path.isEmpty())
        importCurveFile(fieldPath, path);
}

bool MainWindow::importCurveFile(const QString& fieldPath, const QString& path) {
    SetupDocument* d = currentDocument();
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
        Setup candidate = d->setup();
        f->curve(candidate) = *result.curve;
        for (const SetupIssue& issue : d->newProblems(candidate))
            problems << issueForPeople(issue);
    }
    if (!problems.isEmpty()) {
        (new ProblemListDialog(
             tr("Import refused"),
             tr("%1 was not imported; the curve is unchanged.").arg(QFileInfo(path).fileName()),
             problems, this))
            ->open();
        return false;
    }
    d->changeCurve(fieldPath, *result.curve);
    showStatus(tr("Imported %1 points into %2").arg(result.curve->size()).arg(curveTitle(*f)));
    return true;
}

bool MainWindow::importAcCarData(const QString& folder) {
    AcImportResult imported = importAcFolder(folder);
    const QString name = QDir::toNativeSeparators(folder);
    if (!imported.setup) {
        (new ProblemListDialog(tr("Import refused"), tr("%1 was not imported; nothing was changed.").arg(name),
                               imported.errors, this))
            ->open();
        return false;
    }
    newDocument(std::move(*imported.setup));
    const AcMappingReport& r = imported.report;
    createAcReportDialog(tr("Assetto Corsa car data imported"),
                         tr("%1 opened as a new setup: %2 keys mapped exactly, %3 approximated, %4 items without "
                            "an equivalent (the default car's values kept).")
                             .arg(name)
                             .arg(r.exact.size())
                             .arg(r.approximated.size())
                             .arg(r.unmapped.size()),
                         r, this)
        ->open();
    return true;
}

void MainWindow::exportAcCarData() {
    SetupDocument* d = currentDocument();
    if (!d)
        return;
    auto* dialog = new AcExportDialog(d->setup(), dialogDirectory(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const AcExportResult r = dialog->exportNow();
        if (!r.ok) {
            (new ProblemListDialog(tr("Export failed"), tr("The car data was not written completely."), r.errors,
                                   this))
                ->open();
            return;
        }
        QString summary = r.writtenFiles.isEmpty()
                              ? tr("Nothing changed: no file was written.")
                              : tr("Written: %1.").arg(r.writtenFiles.join(QStringLiteral(", ")));
        if (!r.backups.isEmpty())
            summary += QLatin1Char(' ') + tr("Backups: %1.").arg(r.backups.join(QStringLiteral(", ")));
        createAcReportDialog(tr("Assetto Corsa car data exported"), summary, r.report, this)->open();
        showStatus(tr("Exported Assetto Corsa car data"));
    });
    dialog->open();
}

void MainWindow::importTir(const QString& axle) {
    SetupDocument* d = currentDocument();
    if (!d)
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a tyre property file"), dialogDirectory(),
                                                      tr("Tyre property files (*.tir);;All files (*)"));
    if (path.isEmpty())
        return;
    // Read once to show what the file is; the import reads it again, bounded the same way.
    const TirLoadResult read = readTirFile(path, InputKinds::RegularFilesOnly);
    if (!read.ok()) {
        (new ProblemListDialog(tr("Import refused"),
                               tr("%1 was not imported; the tires are unchanged.").arg(QFileInfo(path).fileName()),
                               {QString::fromStdString(read.error)}, this))
            ->open();
        return;
    }
    const double radius = axle == QLatin1String("rear") ? d->setup().rearTires.radius : d->setup().frontTires.radius;
    auto* dialog = new TirImportDialog(path, *read.coefficients, radius, axle, this, m_unitSystem);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { importTirFile(dialog->request()); });
    dialog->open();
}

bool MainWindow::importTirFile(const TirImportRequest& request) {
    SetupDocument* d = currentDocument();
    if (!d)
        return false;
    const TirImportOutcome outcome = importTirIntoDocument(d, request);
    const QString name = QFileInfo(request.path).fileName();
    if (!outcome.problems.isEmpty()) {
        (new ProblemListDialog(tr("Import refused"), tr("%1 was not imported; the tires are unchanged.").arg(name),
                               outcome.problems, this))
            ->open();
        return false;
    }
    showStatus(outcome.warnings.isEmpty()
                   ? tr("Imported %1").arg(name)
                   : tr("Imported %1 (%2 defaults taken: %3)")
                         .arg(name)
                         .arg(outcome.warnings.size())
                         .arg(outcome.warnings.join(QStringLiteral("; "))));
    return true;
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
    m_recovery = RecoveryStore(folder);
}

bool MainWindow::autosaveNow() {
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
    showAutosaveFailures(failures);
    return failures.isEmpty();
}

void MainWindow::showAutosaveFailures(const QStringList& failures) {
    // The label stays while autosave fails: unsaved work is then only in memory.
    m_autosaveProblem->setVisible(!failures.isEmpty());
    m_autosaveProblem->setToolTip(failures.join(QLatin1Char('\n')));
    if (failures.isEmpty())
        return;
    showStatus(tr("Autosave failed: %1").arg(failures.join(QStringLiteral("; "))));
    if (m_autosaveFailureShown)
        return;
    m_autosaveFailureShown = true;
    (new ProblemListDialog(
         tr("Autosave failed"),
         tr("Unsaved changes could not be copied to the recovery folder %1: if the program ends "
            "unexpectedly, they are lost. Save your setups to keep them. The status bar shows "
            "while autosave keeps failing; this message comes once.")
             .arg(QDir::toNativeSeparators(m_recovery.folder())),
         failures, this))
        ->open();
}

int MainWindow::restoreRecovered() {
    return restoreCopies(m_recovery.claimOrphans());
}

int MainWindow::restoreCopies(const QList<RecoveredFile>& copies) {
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
        DocumentView* view = newDocument(std::move(*r.setup), copy.originalPath, r.unknownKeys);
        // The copy stays on disk, now this instance's, until the document's
        // next autosave replaces it or a save removes it: a crash right after
        // the restore still finds it.
        view->document()->setId(copy.documentId);
        view->document()->markModified();
        ++restored;
    }
    updateTitles();
    if (!problems.isEmpty())
        (new ProblemListDialog(
             tr("Not restored"),
             tr("These recovery copies could not be restored; they are kept in %1.")
                 .arg(QDir::toNativeSeparators(m_recovery.folder())),
             problems, this))
            ->open();
    if (restored > 0)
        showStatus(tr("Restored %n unsaved setup(s)", nullptr, restored));
    return restored;
}

RecoveryDialog* MainWindow::offerRecovery() {
    const QList<RecoveredFile> copies = m_recovery.claimOrphans();
    if (copies.isEmpty())
        return nullptr;
    auto* dialog = new RecoveryDialog(copies, this);
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

void MainWindow::saveSettings() {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
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
    for (SetupDocument* d : m_documents) {
        if (!maybeSave(d)) {
            event->ignore();
            return;
        }
    }
    setWorkspace(Workspace::Setups); // the saved layout is the editor's, docks included
    saveSettings();
    for (SetupDocument* d : m_documents)
        m_recovery.remove(d->id());
    m_live->shutdown(); // a running simulation stops before the window goes
    event->accept();
}

} // namespace vtw
