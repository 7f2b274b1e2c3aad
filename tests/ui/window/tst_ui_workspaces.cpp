// The window's workspaces driven as a user would: switch with the mode
// buttons, edit a setup and see the live simulation and the compare page pick
// the edit up, choose the simulated setup, open a compared variant, and close
// the window while a simulation runs.
#include "ui/compare/ComparePage.h"
#include "ui/compare/SetupPicker.h"
#include "ui/setups/DocumentView.h"
#include "ui/analysis/ChannelDisplay.h"
#include "ui/live/LiveSimulationPage.h"
#include "ui/live/LiveTracePlots.h"
#include "ui/live/DrivePad.h"
#include "ui/live/TopDownView.h"
#include "ui/MainWindow.h"
#include "ui/track/TrackPage.h"
#include "ui/track/TrackChooser.h"
#include "ui/document/SetupDocument.h"
#include "ui/compare/CompareTraceTools.h"
#include "ui/live/LiveAnalysis.h"
#include "ui/analysis/ReferencePanel.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/analysis/ReferenceTraces.h"
#include "ui/track/TrackCursorTools.h"
#include "ui/SimulatedSetupBar.h"
#include "ui/WindowSettings.h"
#include "core/setupfile/CarLibrary.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QWheelEvent>
#include <QDockWidget>
#include <QHeaderView>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QTreeWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QMenu>
#include <QSignalSpy>
#include <QSplitter>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>
#include <qcustomplot.h>

using namespace vtw;

namespace {
constexpr int waitMs = 20000;

QAction* workspaceAction(const MainWindow& window, Workspace workspace) {
    return window.findChild<QAction*>(QStringLiteral("workspace%1").arg(int(workspace)));
}

QStringList offeredNames(const ComparePage& page) {
    QStringList names;
    for (const OfferedSetup& s : page.setupPicker()->allSetups())
        names << s.name;
    return names;
}
} // namespace

namespace {
/// The window on screen with one default document, in the Live workspace.
bool showInLive(MainWindow& window, const QTemporaryDir& dir) {
    window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
    window.newDocument(defaultSetup());
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    workspaceAction(window, Workspace::Live)->trigger();
    return window.workspace() == Workspace::Live;
}

/// The acceleration run, as fast as possible, to its end; whether it finished in time.
bool runFastAcceleration(LiveSimulationPage* live, int timeoutMs) {
    live->selectInputSource(QStringLiteral("acceleration"));
    live->setRealTime(false);
    QSignalSpy finished(live, &LiveSimulationPage::runFinished);
    live->start();
    return finished.wait(timeoutMs);
}
} // namespace

class TestUiWorkspaces : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        Q_INIT_RESOURCE(resources); // the library cars the compare page offers
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vtw-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_workspaces"));
        QSettings().clear();
    }

    // F5 and Ctrl+R run what the workspace in front runs (on Live: start, resume a
    // paused run, stop a driving one); Ctrl+Y redoes an edit.
    void runKeyRunsTheWorkspaceInFront() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup());
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));

        // Setups: an edit undone, then Ctrl+Y.
        SetupDocument* document = window.currentDocument();
        const double mass = document->setup().chassis.mass;
        QVERIFY(document->changeValue(QStringLiteral("chassis.mass"), mass + 100.0).accepted());
        document->undoStack()->undo();
        QCOMPARE(document->setup().chassis.mass, mass);
        QTest::keyClick(&window, Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(document->setup().chassis.mass, mass + 100.0);

        // Track: the lap.
        workspaceAction(window, Workspace::Track)->trigger();
        TrackPage* track = window.trackPage();
        QVERIFY(track->chooser()->selectTrack(QStringLiteral("circle")));
        QTRY_VERIFY_WITH_TIMEOUT(!track->isRunning(), 60000);
        QSignalSpy laps(track, &TrackPage::lapFinished);
        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(laps.count() == 1 || laps.wait(60000));

        // Compare: the comparison.
        workspaceAction(window, Workspace::Compare)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!window.comparePage()->isRunning(), 120000);
        for (const char* car : {"Corvette C5", "Lotus Elise S2"}) {
            const QList<QListWidgetItem*> found =
                window.comparePage()->setupPicker()->list()->findItems(QString::fromUtf8(car), Qt::MatchExactly);
            QVERIFY2(found.size() == 1, car);
            found.first()->setCheckState(Qt::Checked);
        }
        QSignalSpy compared(window.comparePage(), &ComparePage::comparisonFinished);
        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
        QVERIFY(compared.count() == 1 || compared.wait(120000));
        QCOMPARE(compared.first().first().toBool(), true);

        // Live: the key starts the car, and stops it.
        workspaceAction(window, Workspace::Live)->trigger();
        LiveSimulationPage* live = window.livePage();
        QSignalSpy started(live, &LiveSimulationPage::runStarted);
        QTest::keyClick(&window, Qt::Key_F5);
        QTRY_COMPARE(started.count(), 1);
        QTRY_COMPARE(live->state(), WorkerState::Running);
        live->pause();
        QTRY_COMPARE(live->state(), WorkerState::Paused);
        QTest::keyClick(&window, Qt::Key_F5); // a paused run drives on
        QTRY_COMPARE(live->state(), WorkerState::Running);
        QCOMPARE(started.count(), 1);
        QTest::keyClick(&window, Qt::Key_F5);
        QTRY_COMPARE(live->state(), WorkerState::Stopped);
    }

    void modeButtonsSwitchWorkspacesAndDocks() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* figures = window.findChild<QDockWidget*>(QStringLiteral("derivedFiguresDock"));
        auto* history = window.findChild<QDockWidget*>(QStringLiteral("historyDock"));
        QVERIFY(figures && history);
        history->hide(); // the user closed one dock; it must stay closed
        QCOMPARE(window.workspace(), Workspace::Setups);

        workspaceAction(window, Workspace::Live)->trigger();
        QCOMPARE(window.workspace(), Workspace::Live);
        QVERIFY(window.livePage()->isVisible());
        QVERIFY(!window.documentTabs()->isVisible());
        QVERIFY(!figures->isVisible());

        workspaceAction(window, Workspace::Compare)->trigger();
        QCOMPARE(window.workspace(), Workspace::Compare);
        QVERIFY(window.comparePage()->isVisible());

        workspaceAction(window, Workspace::Track)->trigger();
        QCOMPARE(window.workspace(), Workspace::Track);
        QVERIFY(window.trackPage()->isVisible());
        QVERIFY(!figures->isVisible());

        workspaceAction(window, Workspace::Setups)->trigger();
        QCOMPARE(window.workspace(), Workspace::Setups);
        QVERIFY(window.documentTabs()->isVisible());
        QVERIFY(figures->isVisible());
        QVERIFY(!history->isVisible());
        QVERIFY(workspaceAction(window, Workspace::Setups)->isChecked());
    }

    void pinnedRunStaysAcrossWorkspaces() {
        // A run pinned through the window's store (as an imported log is) shows in every
        // workspace; one click on Unpin in any of them removes it from all.
        QTemporaryDir dir;
        MainWindow window;
        QVERIFY(showInLive(window, dir));
        ChannelTable logged;
        logged.add({"time", "s", "Time", {0.0, 1.0, 2.0}});
        logged.add({"distance", "m", "Distance", {0.0, 20.0, 45.0}});
        logged.add({"speed", "m/s", "Speed", {20.0, 22.0, 25.0}});
        QVERIFY(window.referenceRuns()->pin(QStringLiteral("Logged lap"), QStringLiteral("log.csv"), logged));
        ReferencePanel* panels[] = {window.livePage()->analysis()->referencePanel(),
                                    window.comparePage()->traceTools()->referencePanel(),
                                    window.trackPage()->cursorTools()->referencePanel()};
        QCOMPARE(referenceGraphs(window.livePage()->tracePlots()->plot()).size(), std::size_t(1)); // speed
        for (Workspace w : {Workspace::Compare, Workspace::Track, Workspace::Setups, Workspace::Live}) {
            workspaceAction(window, w)->trigger();
            for (ReferencePanel* panel : panels) {
                QVERIFY(panel->nameLabel()->text().contains(QStringLiteral("Logged lap")));
                QCOMPARE(panel->pinButton()->text(), QStringLiteral("Replace reference"));
            }
        }
        workspaceAction(window, Workspace::Track)->trigger();
        QTest::mouseClick(panels[2]->unpinButton(), Qt::LeftButton);
        QVERIFY(window.referenceRuns()->empty());
        QVERIFY(referenceGraphs(window.livePage()->tracePlots()->plot()).empty());
        for (ReferencePanel* panel : panels)
            QCOMPARE(panel->pinButton()->text(), QStringLiteral("Pin as reference"));
    }

    void anotherCarForgetsTheLastCarsLiveRun() {
        // A run of one car finished in Live; opening another car must not leave its
        // metrics, traces or state under the new car's name.
        QTemporaryDir dir;
        MainWindow window;
        QVERIFY(showInLive(window, dir));
        LiveSimulationPage* live = window.livePage();
        QVERIFY(runFastAcceleration(live, 60000));
        live->tick();
        QVERIFY(live->metricsTable()->rowCount() > 0);
        QVERIFY(!live->history().empty());

        Setup other = defaultSetup();
        other.name = "Another car";
        window.newDocument(other);
        live->tick();
        QCOMPARE(live->metricsTable()->rowCount(), 0);
        QVERIFY(live->history().empty());
        QVERIFY(!live->lastStatus().hasSample);
        for (QLabel* label : live->findChildren<QLabel*>())
            QVERIFY2(!label->text().startsWith(QStringLiteral("Metrics:")), qPrintable(label->text()));
        // An edit of the same car keeps its results.
        QVERIFY(runFastAcceleration(live, 60000));
        live->tick();
        window.currentDocument()->changeValue(QStringLiteral("chassis.mass"), 1500.0);
        QVERIFY(live->metricsTable()->rowCount() > 0);
    }

    void liveSimulationFollowsTheCurrentDocument() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup());
        Setup light = defaultSetup();
        light.name = "Light Corvette";
        light.chassis.mass = 1200.0;
        window.newDocument(light);
        window.show();
        LiveSimulationPage* live = window.livePage();
        QCOMPARE(live->setup().chassis.mass, 1200.0); // the new tab is current

        // The chooser above the live page lists the open setups and picks one.
        QComboBox* chooser = window.simulatedSetupBar()->chooser();
        QCOMPARE(chooser->count(), 2);
        QCOMPARE(chooser->currentIndex(), 1);
        window.setWorkspace(Workspace::Live);
        chooser->setCurrentIndex(0);
        emit chooser->activated(0);
        QCOMPARE(window.documentTabs()->currentIndex(), 0);
        QCOMPARE(live->setup(), defaultSetup());

        // A running car takes an edit made in the document.
        live->selectInputSource(QStringLiteral("drive"));
        live->setRealTime(true);
        live->start();
        QTRY_COMPARE_WITH_TIMEOUT(live->state(), WorkerState::Running, waitMs);
        live->tick();
        const std::uint64_t serialBefore = live->lastStatus().setupSerial;
        window.currentDocument()->changeValue(QStringLiteral("chassis.mass"), 1650.0);
        QCOMPARE(live->setup().chassis.mass, 1650.0);
        QTRY_VERIFY_WITH_TIMEOUT(live->lastStatus().setupSerial > serialBefore, waitMs);
        // Undo reaches it too.
        window.currentDocument()->undoStack()->undo();
        QCOMPARE(live->setup().chassis.mass, defaultSetup().chassis.mass);
        live->stop();
        QTRY_COMPARE_WITH_TIMEOUT(live->state(), WorkerState::Stopped, waitMs);
    }

    // The window's unit choice reaches the live traces (the speed row's axis
    // and its plotted values follow it) and the top-down view's read-outs.
    void liveTracesFollowTheUnitSystem() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup());
        window.setUnitSystem(UnitSystem::SI);
        window.show();
        window.setWorkspace(Workspace::Live);
        LiveTracePlots* traces = window.livePage()->tracePlots();
        traces->setSelectedChannels({QStringLiteral("speed")});
        const auto speedAxisTitle = [&] {
            return traces->plot()->axisRect(0)->axis(QCPAxis::atLeft)->label();
        };
        QCOMPARE(speedAxisTitle(), QStringLiteral("Speed (km/h)"));
        window.setUnitSystem(UnitSystem::Imperial);
        QCOMPARE(traces->unitSystem(), UnitSystem::Imperial);
        QCOMPARE(speedAxisTitle(), QStringLiteral("Speed (mph)"));
        QCOMPARE(window.livePage()->topDownView()->unitSystem(), UnitSystem::Imperial);
        QVERIFY(window.livePage()->topDownView()->readouts().first().endsWith(QStringLiteral("mph")));
        const ChannelDisplay mph = channelDisplay("m/s", UnitSystem::Imperial);
        QCOMPARE(mph.scale, 3600.0 / 1609.344); // m/s -> mph, exact by definition of the mile
        QCOMPARE(channelDisplay("N m", UnitSystem::Imperial).unit, QStringLiteral("lb-ft"));
        QCOMPARE(channelDisplay("rad", UnitSystem::Imperial).unit, QStringLiteral("deg"));
    }

    // Six channels of six units on a 1280x720 window: each plot keeps a readable height
    // and the plots scroll, the last one reachable.
    void liveTracesStayReadableOnASmallWindow() {
        QTemporaryDir dir;
        QSettings().remove(QStringLiteral("live/splitters")); // no sizes an earlier test left
        MainWindow window;
        window.resize(1280, 720);
        QVERIFY(showInLive(window, dir));
        LiveTracePlots* traces = window.livePage()->tracePlots();
        traces->setSelectedChannels({QStringLiteral("speed"), QStringLiteral("ax"), QStringLiteral("yaw_rate"),
                                     QStringLiteral("steer_angle"), QStringLiteral("rpm"),
                                     QStringLiteral("engine_torque")});
        QCOMPARE(traces->rowCount(), 6);
        // The first layout tells the rows' margins, the plot grows to fit them, then lays out again.
        for (int pass = 0; pass < 3; ++pass) {
            QApplication::processEvents();
            traces->plot()->replot();
        }
        QVERIFY(LiveTracePlots::minimumRowHeight >= 100); // a row that shows a trace's shape
        for (int r = 0; r < traces->rowCount(); ++r)
            QVERIFY2(traces->rowRect(r)->height() >= LiveTracePlots::minimumRowHeight,
                     qPrintable(QStringLiteral("row %1 is %2 px tall (outer %3; plot %4, minimum %5)")
                                    .arg(r).arg(traces->rowRect(r)->height()).arg(traces->rowRect(r)->outerRect().height())
                                    .arg(traces->plot()->height()).arg(traces->plot()->minimumHeight())));
        // They do not all fit the page at that height: the plots scroll to the last one.
        QScrollBar* scroll = traces->plotScroll()->verticalScrollBar();
        QVERIFY(scroll->maximum() > 0);
        // The wheel over the plots scrolls them (outside Inspect, where it zooms time).
        const QPoint middle = traces->plot()->rect().center();
        QWheelEvent down(middle, traces->plot()->mapToGlobal(middle), QPoint(), QPoint(0, -120), Qt::NoButton,
                         Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(traces->plot(), &down);
        QVERIFY(scroll->value() > 0);
        scroll->setValue(scroll->maximum());
        const QPoint lastRowBottom = traces->plot()->mapTo(
            traces->plotScroll()->viewport(), traces->rowRect(5)->rect().bottomLeft());
        QVERIFY(traces->plotScroll()->viewport()->rect().contains(lastRowBottom));
    }

    // On a 1280x720 window no text of the Live page is cut: a label either fits on its
    // line or wraps onto lines it has room for (the rate "plotting every Nth step" of a
    // fast run, the state with the maneuver's title), the channel list shows whole names
    // (scrolling sideways), the drive pad's key hint wraps inside the pad, and the tables'
    // headers fit their columns.
    void liveTextFitsOnASmallWindow() {
        QTemporaryDir dir;
        QSettings().remove(QStringLiteral("live/splitters"));
        MainWindow window;
        window.resize(1280, 720);
        QVERIFY(showInLive(window, dir));
        LiveSimulationPage* live = window.livePage();
        QVERIFY(runFastAcceleration(live, waitMs));
        QTest::qWait(100); // the labels set at the run's end laid out, as the event loop does
        bool sawStride = false;
        for (QLabel* label : live->findChildren<QLabel*>()) {
            if (!label->isVisible() || label->text().isEmpty())
                continue;
            sawStride = sawStride || label->text().contains(QStringLiteral("plotting every"));
            if (label->wordWrap()) {
                QVERIFY2(label->height() >= label->heightForWidth(label->width()),
                         qPrintable(QStringLiteral("\"%1\" needs %2 px, has %3")
                                        .arg(label->text()).arg(label->heightForWidth(label->width())).arg(label->height())));
            } else {
                QVERIFY2(label->width() >= label->sizeHint().width(),
                         qPrintable(QStringLiteral("\"%1\" needs %2 px, has %3")
                                        .arg(label->text()).arg(label->sizeHint().width()).arg(label->width())));
            }
        }
        QVERIFY2(sawStride, "a fast run plots every Nth step and says so");

        auto* picker = live->tracePlots()->findChild<QTreeWidget*>();
        QVERIFY(picker);
        // Every listed channel's cell as wide as its delegate asks for: check box and whole name.
        QStyleOptionViewItem option;
        option.initFrom(picker->viewport());
        const QAbstractItemModel* model = picker->model();
        int listed = 0;
        for (int g = 0; g < model->rowCount(); ++g) {
            const QModelIndex group = model->index(g, 0);
            if (!picker->isExpanded(group))
                continue;
            for (int r = 0; r < model->rowCount(group); ++r) {
                const QModelIndex channel = model->index(r, 0, group);
                const int needed = picker->itemDelegate()->sizeHint(option, channel).width();
                QVERIFY2(picker->visualRect(channel).width() >= needed,
                         qPrintable(QStringLiteral("\"%1\" needs %2 px, has %3")
                                        .arg(channel.data().toString()).arg(needed)
                                        .arg(picker->visualRect(channel).width())));
                ++listed;
            }
        }
        QVERIFY(listed > 10);

        DrivePad* pad = live->drivePad();
        live->selectInputSource(QStringLiteral("drive"));
        live->start();
        pad->setFocus();
        QApplication::processEvents();
        QVERIFY(pad->statusText().contains(QStringLiteral("WASD")));
        QVERIFY2(pad->statusHeight() + 4 * pad->minimumBarRowHeight() + 8 <= pad->height(),
                 qPrintable(QStringLiteral("status %1 px under four bars in a pad %2 px tall")
                                .arg(pad->statusHeight()).arg(pad->height())));
        live->stop();

        for (QTableView* table : live->findChildren<QTableView*>()) {
            if (!table->isVisible())
                continue;
            QHeaderView* header = table->horizontalHeader();
            const QFontMetrics metrics(header->font());
            for (int c = 0; c < header->count(); ++c) {
                const QString title = table->model()->headerData(c, Qt::Horizontal).toString();
                QVERIFY2(header->sectionSize(c) >= metrics.horizontalAdvance(title),
                         qPrintable(QStringLiteral("header \"%1\" needs %2 px, has %3")
                                        .arg(title).arg(metrics.horizontalAdvance(title)).arg(header->sectionSize(c))));
            }
        }
    }

    void comparePageOffersTheOpenSetups() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup());
        window.show();
        ComparePage* compare = window.comparePage();
        window.setWorkspace(Workspace::Compare); // refreshes at once
        // The open copy of the default car stands beside the library's original.
        QStringList names = offeredNames(*compare);
        QVERIFY2(names.contains(QStringLiteral("Corvette C5 (open)")), qPrintable(names.join(", ")));
        QVERIFY(names.contains(QStringLiteral("Corvette C5")));

        // An edit reaches the compare page once the edits settle.
        window.setWorkspace(Workspace::Setups);
        window.currentDocument()->changeValue(QStringLiteral("gearbox.finalDrive"), 3.9);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const OfferedSetup& s : compare->setupPicker()->allSetups()) {
                    if (s.name == QLatin1String("Corvette C5 (open)"))
                        return s.setup.gearbox.finalDrive == 3.9;
                }
                return false;
            }(),
            waitMs);

        // A variant the compare page asks to open becomes a document in Setups.
        window.setWorkspace(Workspace::Compare);
        Setup variant = defaultSetup();
        variant.gearbox.finalDrive = 4.1;
        emit compare->openSetupRequested(variant, QStringLiteral("Final drive 4.10"));
        QCOMPARE(window.views().size(), 2);
        QCOMPARE(window.workspace(), Workspace::Setups);
        QCOMPARE(window.currentDocument()->setup().gearbox.finalDrive, 4.1);
        QCOMPARE(window.currentDocument()->displayName(), QStringLiteral("Final drive 4.10"));
        QVERIFY(window.currentDocument()->isModified()); // only in memory until saved

        // Closing a document takes it off the compare page (saved first: closing an
        // unsaved one would ask).
        QVERIFY(window.saveDocumentAs(window.currentDocument(), dir.filePath(QStringLiteral("variant.json"))));
        QVERIFY(window.closeDocument(1));
        window.setWorkspace(Workspace::Compare);
        names = offeredNames(*compare);
        QVERIFY(!names.contains(QStringLiteral("Final drive 4.10")));
        QVERIFY(!names.contains(QStringLiteral("variant")));
    }

    void windowWithUnsavedEditsIsDestroyedCleanly() {
        // What Quit does after "Discard": the documents go while still modified.
        QTemporaryDir dir;
        auto window = std::make_unique<MainWindow>();
        window->setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window->newDocument(defaultSetup());
        window->currentDocument()->changeValue(QStringLiteral("chassis.mass"), 1400.0);
        QVERIFY(window->currentDocument()->isModified());
        window.reset();
    }

    void newButtonOffersTheLibraryCars() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.show();
        QToolButton* newButton = nullptr;
        for (QToolButton* b : window.findChildren<QToolButton*>()) {
            if (b->defaultAction() && b->defaultAction()->text() == QLatin1String("&New"))
                newButton = b;
        }
        QVERIFY(newButton && newButton->menu());
        QAction* lotus = nullptr;
        for (QAction* a : newButton->menu()->actions()) {
            if (a->text() == QLatin1String("Lotus Elise S2"))
                lotus = a;
        }
        QVERIFY(lotus);
        QCOMPARE(newButton->menu()->actions().size(), int(libraryCars().size()));
        lotus->trigger();
        QCOMPARE(window.views().size(), 1);
        QCOMPARE(window.currentDocument()->displayName(), QStringLiteral("Lotus Elise S2"));
        QVERIFY(window.currentDocument()->setup().chassis.mass < 1000.0); // not the Corvette
    }

    // The live page's channels and the live and compare splitters come back in
    // the next session, as the editors' layout does.
    void liveAndCompareLayoutPersist() {
        QSettings().clear();
        QTemporaryDir dir;
        QList<int> sizes;
        {
            MainWindow window;
            window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
            window.resize(1400, 900);
            window.show();
            window.setWorkspace(Workspace::Compare);
            window.livePage()->tracePlots()->setSelectedChannels(
                {QStringLiteral("rpm"), QStringLiteral("fx_RL")});
            auto* splitter = window.comparePage()->findChild<QSplitter*>();
            QVERIFY(splitter && splitter->count() == 2);
            const int total = splitter->sizes()[0] + splitter->sizes()[1];
            splitter->setSizes({total / 4, total - total / 4});
            sizes = splitter->sizes();
            window.saveSettings();
        }
        MainWindow again;
        again.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        QCOMPARE(again.livePage()->tracePlots()->selectedChannels(),
                 (QStringList{QStringLiteral("rpm"), QStringLiteral("fx_RL")}));
        again.resize(1400, 900);
        again.show();
        again.setWorkspace(Workspace::Compare);
        QCOMPARE(again.comparePage()->findChild<QSplitter*>()->sizes(), sizes);
        QSettings().clear();
    }

    // Settings are written when they change, not only at a clean exit: after a crash
    // the unit choice, the window's size and the live channels are still there.
    void settingsAreWrittenWhenTheyChange() {
        QSettings().clear();
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(QSettings().contains(QStringLiteral("window/geometry")), waitMs);
        QSettings().clear();

        window.setUnitSystem(UnitSystem::Imperial);
        QTRY_COMPARE_WITH_TIMEOUT(QSettings().value(QStringLiteral("units")).toString(), QStringLiteral("imperial"),
                                  waitMs);
        window.livePage()->tracePlots()->setSelectedChannels({QStringLiteral("rpm"), QStringLiteral("fx_RL")});
        QTRY_COMPARE_WITH_TIMEOUT(QSettings().value(QStringLiteral("live/channels")).toStringList(),
                                  (QStringList{QStringLiteral("rpm"), QStringLiteral("fx_RL")}), waitMs);
        window.resize(1500, 950);
        QTRY_COMPARE_WITH_TIMEOUT(window.size(), QSize(1500, 950), waitMs);
        QTRY_COMPARE_WITH_TIMEOUT(QSettings().value(QStringLiteral("window/geometry")).toByteArray(),
                                  window.saveGeometry(), waitMs);
        QVERIFY(window.isVisible()); // all of it without closing the window
        QSettings().clear();
    }

    // What the window keeps comes back as it was written, under the keys earlier
    // versions wrote (a renamed key is a setting every user loses).
    void windowSettingsRoundTrip() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("window.ini"));
        WindowSettings kept;
        kept.geometry = QByteArray("geometry\0bytes", 14);
        kept.dockState = QByteArray("docks");
        kept.unitSystem = UnitSystem::Imperial;
        kept.liveSplitters = {QByteArray("l1"), QByteArray("l2")};
        kept.compareSplitters = {QByteArray("c1"), QByteArray("c2"), QByteArray("c3")};
        kept.trackSplitters = {QByteArray("t1"), QByteArray("t2")};
        kept.liveChannels = {QStringLiteral("rpm"), QStringLiteral("fx_RL")};
        {
            QSettings settings(file, QSettings::IniFormat);
            kept.write(settings);
        }
        QSettings settings(file, QSettings::IniFormat);
        const WindowSettings read = WindowSettings::read(settings);
        QCOMPARE(read.geometry, kept.geometry);
        QCOMPARE(read.dockState, kept.dockState);
        QCOMPARE(read.unitSystem, UnitSystem::Imperial);
        QCOMPARE(read.liveSplitters, kept.liveSplitters);
        QCOMPARE(read.compareSplitters, kept.compareSplitters);
        QCOMPARE(read.trackSplitters, kept.trackSplitters);
        QCOMPARE(read.liveChannels, kept.liveChannels);
        QCOMPARE(settings.value(QStringLiteral("window/geometry")).toByteArray(), kept.geometry);
        QCOMPARE(settings.value(QStringLiteral("window/state")).toByteArray(), QByteArray("docks"));
        QCOMPARE(settings.value(QStringLiteral("units")).toString(), QStringLiteral("imperial"));
        QCOMPARE(settings.value(QStringLiteral("live/splitters")).toList(), kept.liveSplitters);
        QCOMPARE(settings.value(QStringLiteral("compare/splitters")).toList(), kept.compareSplitters);
        QCOMPARE(settings.value(QStringLiteral("track/splitters")).toList(), kept.trackSplitters);
        QCOMPARE(settings.value(QStringLiteral("live/channels")).toStringList(), kept.liveChannels);

        // Saved outside the Setups workspace: no dock layout, the stored one stays.
        WindowSettings elsewhere = read;
        elsewhere.dockState.reset();
        elsewhere.unitSystem = UnitSystem::SI;
        elsewhere.write(settings);
        QCOMPARE(WindowSettings::read(settings).dockState, std::optional<QByteArray>("docks"));
        QCOMPARE(settings.value(QStringLiteral("units")).toString(), QStringLiteral("si"));

        // Nothing stored: a first start. Units it does not know are SI.
        QSettings empty(dir.filePath(QStringLiteral("empty.ini")), QSettings::IniFormat);
        const WindowSettings fresh = WindowSettings::read(empty);
        QVERIFY(fresh.geometry.isEmpty());
        QVERIFY(!fresh.dockState);
        QCOMPARE(fresh.unitSystem, UnitSystem::SI);
        QVERIFY(fresh.liveSplitters.isEmpty() && fresh.liveChannels.isEmpty());
        empty.setValue(QStringLiteral("units"), QStringLiteral("furlongs"));
        QCOMPARE(WindowSettings::read(empty).unitSystem, UnitSystem::SI);
    }

    void closingTheWindowStopsARunningSimulation() {
        QTemporaryDir dir;
        auto window = std::make_unique<MainWindow>();
        window->setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window->openStartingCar(defaultSetup());
        window->show();
        window->setWorkspace(Workspace::Live);
        LiveSimulationPage* live = window->livePage();
        live->selectInputSource(QStringLiteral("top-speed"));
        live->setRealTime(false);
        live->start();
        QTRY_VERIFY_WITH_TIMEOUT(live->lastStatus().steps > 1000, waitMs);
        QVERIFY(window->close()); // nothing unsaved: no question
        window.reset();
    }
};

QTEST_MAIN(TestUiWorkspaces)
#include "tst_ui_workspaces.moc"
