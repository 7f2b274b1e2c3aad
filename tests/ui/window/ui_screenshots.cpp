// Not a test: renders the workbench offscreen and saves one PNG per view to
// the folder given as the first argument (default /tmp), for checking by eye; the
// window is 1400x880, or the size in VTW_SHOTS_SIZE (such as 1280x720).
#include "ui/setups/AcCarDataDialogs.h"
#include "ui/analysis/AbDeltaTable.h"
#include "ui/compare/ComparePage.h"
#include "ui/compare/CompareTraceTools.h"
#include "ui/setups/DerivedFiguresPanel.h"
#include "ui/setups/DocumentView.h"
#include "ui/live/LiveAnalysis.h"
#include "ui/live/LiveSimulationPage.h"
#include "ui/live/LiveTracePlots.h"
#include "ui/MainWindow.h"
#include "ui/setups/ParameterPanel.h"
#include "ui/setups/TireModelView.h"
#include "ui/setups/TireTablePanel.h"
#include "ui/setups/TorqueCurvePanel.h"
#include "ui/analysis/ReferencePanel.h"
#include "ui/compare/TraceOverlayPanel.h"
#include "ui/track/TrackChooser.h"
#include "ui/track/TrackCursorTools.h"
#include "ui/track/TrackPage.h"
#include "core/setupfile/CarLibrary.h"

#include <QApplication>
#include <QComboBox>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>

using namespace vtw;

int main(int argc, char* argv[]) {
    Q_INIT_RESOURCE(resources);
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("vtw-screenshots"));
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("/tmp");
    const bool imperial = argc > 2 && QByteArray(argv[2]) == "imperial";

    // VTW_SHOTS_SIZE=1280x720: the window at another size (a small laptop screen).
    QSize size(1400, 880);
    if (const QStringList wh = qEnvironmentVariable("VTW_SHOTS_SIZE").split(QLatin1Char('x')); wh.size() == 2)
        size = QSize(wh[0].toInt(), wh[1].toInt()).expandedTo(QSize(640, 480));
    MainWindow window;
    window.show();
    // Shown, the window fits itself to the offscreen screen (800x800); the pictures are
    // taken at the size asked for.
    QApplication::processEvents();
    window.resize(size);
    DocumentView* view = window.newDocument(defaultLibraryCar()); // the window's own start

    window.setUnitSystem(imperial ? UnitSystem::Imperial : UnitSystem::SI);
    QSignalSpy shown(window.derivedFigures(), &DerivedFiguresPanel::figuresShown);
    shown.wait(10000);
    const QString suffix = imperial ? QStringLiteral("-imperial") : QString();

    const auto save = [&](const QString& name) {
        QTest::qWait(50);
        QApplication::processEvents();
        window.grab().save(out + QStringLiteral("/ui-%1%2.png").arg(name, suffix));
    };
    view->parameters()->showGroup(QStringLiteral("General"));
    save(QStringLiteral("forms-general"));
    view->parameters()->showGroup(QStringLiteral("Chassis"));
    save(QStringLiteral("forms"));
    view->parameters()->showGroup(QStringLiteral("Rear tires"));
    save(QStringLiteral("forms-tires"));
    view->parameters()->showGroup(QStringLiteral("Gearbox"));
    save(QStringLiteral("forms-gearbox"));
    view->parameters()->showGroup(QStringLiteral("Driveline"));
    save(QStringLiteral("forms-driveline"));
    view->tabs()->setCurrentWidget(static_cast<QWidget*>(view->torque()));
    save(QStringLiteral("torque"));
    view->tabs()->setCurrentWidget(static_cast<QWidget*>(view->tireTables()));
    save(QStringLiteral("tire-tables"));
    view->tabs()->setCurrentWidget(static_cast<QWidget*>(view->tireModel()));
    view->tireModel()->setComparison(QStringLiteral("otherAxle"));
    save(QStringLiteral("tire-model"));
    view->tabs()->setCurrentWidget(static_cast<QWidget*>(view->torque()));
    save(QStringLiteral("main"));

    // Live simulation: braking in a turn, caught mid-run.
    window.setWorkspace(Workspace::Live);
    window.resize(size); // back to the size asked for, if a wider workspace grew it
    LiveSimulationPage* live = window.livePage();
    live->selectInputSource(QStringLiteral("brake-in-turn"));
    live->setRealTime(true);
    live->setSpeedFactor(2.0);
    live->start();
    if (!QTest::qWaitFor([&] { return live->lastStatus().simTime > 7.0; }, 20000))
        qWarning("the live run did not reach 7 s; the screenshot shows it earlier");
    live->pause();
    if (!QTest::qWaitFor([&] { return live->state() == WorkerState::Paused; }, 5000))
        qWarning("the live run did not pause");
    live->tick();
    save(QStringLiteral("live"));
    // The same run pinned as the reference, then run again 250 kg heavier, with the
    // cursor and A/B markers on it.
    live->analysis()->referencePanel()->pinButton()->click();
    live->stop();
    Setup heavier = live->setup();
    heavier.chassis.mass += 250.0;
    live->setSetup(heavier);
    live->start();
    // The status still tells of the last run until the new one's first frame.
    if (!QTest::qWaitFor([&] { return live->lastStatus().simTime < 7.0; }, 5000))
        qWarning("the second live run did not start");
    if (!QTest::qWaitFor([&] { return live->lastStatus().simTime > 7.0; }, 20000))
        qWarning("the second live run did not reach 7 s");
    live->pause();
    if (!QTest::qWaitFor([&] { return live->state() == WorkerState::Paused; }, 5000))
        qWarning("the second live run did not pause");
    live->tick();
    WorkspaceCursor* liveCursor = live->tracePlots()->workspaceCursor();
    liveCursor->setMarker(WorkspaceCursor::Marker::A, 2.0);
    liveCursor->setMarker(WorkspaceCursor::Marker::B, 5.5);
    live->tracePlots()->showCursorAt(4.0);
    live->tick();
    save(QStringLiteral("live-cursors"));
    qInfo("Live: window minimum width %d px", window.minimumSizeHint().width());
    live->stop();

    // Compare: the open Corvette against the Lotus from the library.
    window.setWorkspace(Workspace::Compare);
    window.resize(size); // back to the size asked for, if a wider workspace grew it
    ComparePage* compare = window.comparePage();
    QListWidget* setups = compare->setupPicker()->list();
    for (const QString& name : {QStringLiteral("Corvette C5 (open)"), QStringLiteral("Lotus Elise S2")})
        for (QListWidgetItem* item : setups->findItems(name, Qt::MatchExactly))
            item->setCheckState(Qt::Checked);
    QSignalSpy compared(compare, &ComparePage::comparisonFinished);
    compare->run();
    if (!compared.wait(60000))
        qWarning("the comparison did not finish in time");
    save(QStringLiteral("compare"));
    for (int tab = 0; tab < compare->tabs()->count(); ++tab) {
        if (compare->tabs()->tabText(tab) == QLatin1String("Parameters")) {
            compare->tabs()->setCurrentIndex(tab);
            save(QStringLiteral("compare-parameters"));
        }
    }
    compare->tabs()->setCurrentWidget(compare->traceTools());
    compare->traceTools()->referencePanel()->pinButton()->click();
    compare->tracePanel()->axisChoice()->setCurrentIndex(1); // by distance: the delta-time
    QTest::qWait(50);
    compare->traceTools()->cursor()->setMarker(WorkspaceCursor::Marker::A, 50.0);
    compare->traceTools()->cursor()->setMarker(WorkspaceCursor::Marker::B, 200.0);
    compare->traceTools()->cursor()->setPosition(120.0);
    save(QStringLiteral("compare-cursors"));
    compare->tracePanel()->setExtraChannels({QStringLiteral("rpm")}); // two channels on one x axis
    save(QStringLiteral("compare-channels"));
    compare->tracePanel()->setExtraChannels({});
    qInfo("Compare: window minimum width %d px", window.minimumSizeHint().width());

    // Track: a flying lap of Spa, the cursor at the braking point for Les Combes.
    window.setWorkspace(Workspace::Track);
    window.resize(size); // back to the size asked for, if a wider workspace grew it
    TrackPage* track = window.trackPage();
    track->chooser()->selectTrack(QStringLiteral("spa"));
    QSignalSpy lapDone(track, &TrackPage::lapFinished);
    track->runLap();
    if (!lapDone.wait(60000))
        qWarning("the lap did not finish in time");
    track->setCursorDistance(1900.0);
    save(QStringLiteral("track"));
    track->cursorTools()->referencePanel()->pinButton()->click();
    Setup lighter = defaultLibraryCar();
    lighter.chassis.mass -= 150.0;
    track->setSetup(lighter, QStringLiteral("Corvette -150 kg"));
    if (!lapDone.wait(60000))
        qWarning("the second lap did not finish in time");
    track->cursorTools()->cursor()->setMarker(WorkspaceCursor::Marker::A, 1500.0);
    track->cursorTools()->cursor()->setMarker(WorkspaceCursor::Marker::B, 2300.0);
    track->sideViews()->setCurrentWidget(track->cursorTools()->abTable());
    save(QStringLiteral("track-cursors"));
    qInfo("Track: window minimum width %d px", window.minimumSizeHint().width());

    // A .tir file on the rear axle: its form page and its curves in the tire model view.
    window.setWorkspace(Workspace::Setups);
    TirImportRequest tir;
    tir.path = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir");
    tir.front = false;
    if (!window.importTirFile(tir))
        qWarning("the .tir import was refused");
    view->tabs()->setCurrentWidget(static_cast<QWidget*>(view->parameters()));
    view->parameters()->showGroup(QStringLiteral("Rear tires"));
    save(QStringLiteral("forms-tires-tir"));
    view->tabs()->setCurrentWidget(static_cast<QWidget*>(view->tireModel()));
    save(QStringLiteral("tire-model-tir"));

    // The Assetto Corsa export dialog, and the report of importing what it wrote.
    const QString acFolder = out + QStringLiteral("/ac-corvette");
    AcExportDialog acExport(defaultLibraryCar(), out);
    acExport.setFolder(acFolder);
    acExport.show();
    QTest::qWait(50);
    acExport.grab().save(out + QStringLiteral("/ui-ac-export%1.png").arg(suffix));
    if (!acExport.exportNow().ok && !QFileInfo::exists(acFolder + QStringLiteral("/car.ini")))
        qWarning("the Assetto Corsa export failed");
    if (window.importAcCarData(acFolder)) {
        if (auto* report = window.findChild<QDialog*>(QStringLiteral("acReportDialog"))) {
            QTest::qWait(50);
            report->grab().save(out + QStringLiteral("/ui-ac-report%1.png").arg(suffix));
        }
    }
    return 0;
}
