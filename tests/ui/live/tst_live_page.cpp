// The live-simulation page driven through its widgets, offscreen:
// a maneuver started with the Start button shows the CLI's metrics; a
// diverged run shows its message and the page keeps working; keys drive the
// car; the page closes cleanly mid-run.

#include "ui/live/DrivePad.h"
#include "ui/live/TopDownView.h"
#include "tests/support/FifoWithoutWriter.h"
#include "ui/live/LiveSimulationPage.h"
#include "ui/live/SimulationWorker.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/setupfile/CarLibrary.h"
#include "core/trackfiles/TrackLibrary.h"

#include <QComboBox>
#include <QLabel>
#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace vtw;

namespace {

constexpr int waitMs = 60000;

QPushButton* button(QWidget& page, const QString& text) {
    for (QPushButton* b : page.findChildren<QPushButton*>()) {
        if (b->text() == text)
            return b;
    }
    return nullptr;
}

// A valid two-row script in dir, good.csv; empty path if it could not be written.
QString writeTwoRowScript(const QTemporaryDir& dir) {
    const QString path = dir.filePath("good.csv");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write("time_s,throttle,brake,steer,gear\n0,0.5,0,0,1\n2,0,0.3,0,1\n") < 0)
        return {};
    return path;
}

struct Bounds {
    double minX = 1e300, maxX = -1e300, minY = 1e300, maxY = -1e300;
    void add(const QPointF& p) {
        minX = std::min(minX, p.x());
        maxX = std::max(maxX, p.x());
        minY = std::min(minY, p.y());
        maxY = std::max(maxY, p.y());
    }
    bool contains(const QPointF& p, double margin) const {
        return p.x() >= minX - margin && p.x() <= maxX + margin && p.y() >= minY - margin &&
               p.y() <= maxY + margin;
    }
};

Bounds boundsOf(const std::vector<QPointF>& points) {
    Bounds b;
    for (const QPointF& p : points)
        b.add(p);
    return b;
}

// A picture of a view for a person to look at, when VTW_GRAB_DIR names a folder for it.
void saveGrab(QWidget* view, const QString& name) {
    const QString dir = qEnvironmentVariable("VTW_GRAB_DIR");
    if (!dir.isEmpty())
        view->grab().save(QDir(dir).filePath(name));
}

} // namespace

class TestLivePage : public QObject {
    Q_OBJECT
private slots:
    // The dynamic lap, in the list as every catalogue maneuver is, loads its default
    // track from the library.
    void initTestCase() { Q_INIT_RESOURCE(resources); }
    void maneuverShowsTheCliMetrics_data();
    void maneuverShowsTheCliMetrics();
    void limitLapSaysHowItsLearningGoes();
    void divergedRunShowsItsMessage();
    void keyboardDrivesTheCar();
    void liveEditReachesTheRunningCar();
    void closesCleanlyMidRun();
    void oversizedScriptIsRefusedWhileRunning();
    void scriptLoadRefusesFifo();
    void startWaitsForAScript();
    // The dynamic lap drives the track chosen in its box, and the top-down view lays
    // that track (its line; edges where the file gives widths) under the car.
    void dynamicLapDrivesTheChosenTrack();
    void dynamicLapShowsTheTrackEdges();
    // Driving from the keyboard on a track: the car starts at rest on its start line
    // along the line, with the track under it in the top-down view.
    void keyboardDrivesOnATrack();
};

void TestLivePage::maneuverShowsTheCliMetrics_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("optionKey");
    QTest::addColumn<double>("optionValue");
    QTest::newRow("braking from 80 km/h") << "braking"
                                          << "start_kmh" << 80.0;
    QTest::newRow("acceleration") << "acceleration"
                                  << "" << 0.0;
    QTest::newRow("skidpad r = 30 m") << "skidpad"
                                      << "radius_m" << 30.0;
    // 8 deg at 80 km/h spins the Corvette: its metrics show as invalid.
    QTest::newRow("step steer that spins") << "step-steer"
                                           << "steer_deg" << 8.0;
    QTest::newRow("dynamic lap of Monza at pace 0.85") << "dynamic-lap"
                                                       << "pace" << 0.85;
}

// The limit driver learns for seconds before the car moves: the status says so, lap
// by lap, and Stop ends it there.
void TestLivePage::limitLapSaysHowItsLearningGoes() {
    LiveSimulationPage page;
    page.resize(1300, 850);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.setSetup(defaultLibraryCar());
    auto* source = page.findChild<QComboBox*>();
    QVERIFY(source);
    source->setCurrentIndex(source->findData(QStringLiteral("dynamic-lap")));
    QVERIFY(page.setManeuverWord(QStringLiteral("track"), QStringLiteral("zandvoort")));
    QVERIFY(page.setManeuverWord(QStringLiteral("driver"), QStringLiteral("limit")));
    auto* state = page.findChild<QLabel*>(QStringLiteral("liveState"));
    QVERIFY(state);
    QTest::mouseClick(button(page, "Start"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(state->text().startsWith(QStringLiteral("State: Learning the limit: ")), waitMs);
    QTest::mouseClick(button(page, "Stop"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), WorkerState::Stopped, waitMs);
    QTRY_VERIFY_WITH_TIMEOUT(!state->text().contains(QStringLiteral("Learning")), waitMs);
}

void TestLivePage::maneuverShowsTheCliMetrics() {
    QFETCH(QString, id);
    QFETCH(QString, optionKey);
    QFETCH(double, optionValue);
    Setup setup = defaultSetup();
    setup.chassis.mass = 1420.0; // not the default, so the page must use the setup it was given

    LiveSimulationPage page;
    page.resize(1300, 850);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.setSetup(setup);
    auto* source = page.findChild<QComboBox*>();
    QVERIFY(source);
    source->setCurrentIndex(source->findData(id));
    if (!optionKey.isEmpty())
        page.setManeuverOption(optionKey, optionValue);
    page.setRealTime(false);
    QSignalSpy finished(&page, &LiveSimulationPage::runFinished);
    QTest::mouseClick(button(page, "Start"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, waitMs);
    QCOMPARE(page.state(), WorkerState::Finished);

    // What the CLI computes for the same setup and maneuver.
    ManeuverOptions options;
    if (!optionKey.isEmpty())
        options[optionKey.toStdString()] = optionValue;
    std::string error;
    auto maneuver = makeManeuver(id.toStdString(), options, &error);
    QVERIFY2(maneuver, error.c_str());
    const RunResult reference = runManeuver(setup, *maneuver);
    QVERIFY(reference.ok);

    const QTableWidget* table = page.metricsTable();
    QCOMPARE(table->rowCount(), static_cast<int>(reference.metrics.size()));
    QVERIFY(table->rowCount() > 0);
    for (int r = 0; r < table->rowCount(); ++r) {
        const Metric& m = reference.metrics[static_cast<std::size_t>(r)];
        QCOMPARE(table->item(r, 0)->text(), QString::fromStdString(m.label));
        QCOMPARE(table->item(r, 1)->text(), LiveSimulationPage::formatMetricValue(m));
        QCOMPARE(table->item(r, 2)->text(), QString::fromStdString(m.unit));
        // An invalid figure is struck out with the reason in its tooltip.
        const bool invalid = m.reached && !m.valid;
        QCOMPARE(table->item(r, 1)->font().strikeOut(), invalid);
        if (invalid)
            QVERIFY(table->item(r, 1)->toolTip().contains(QString::fromStdString(m.invalidReason)));
        const Metric& shown = page.lastMetrics()[static_cast<std::size_t>(r)];
        QCOMPARE(shown.reached, m.reached);
        QCOMPARE(shown.valid, m.valid);
        if (m.reached)
            QCOMPARE(shown.value, m.value); // bit-identical, not just equal when printed
    }
    if (id == QLatin1String("step-steer")) // the row's point: the spin is flagged
        QVERIFY(!reference.metrics.front().valid);
    // The whole run reached the history (fast mode thins it, but it ends at the end).
    page.tick();
    QVERIFY(page.history().size() > 10);
    // The last sample is the state at the start of the last step.
    QVERIFY(std::abs(page.history().lastTime() + setup.simulation.timeStep -
                     reference.simulatedTime) < 1e-9);
}

void TestLivePage::divergedRunShowsItsMessage() {
    LiveSimulationPage page;
    page.resize(1200, 800);
    page.show();
    Setup bad = defaultSetup();
    bad.simulation.timeStep = 0.05;
    bad.simulation.integrator = Integrator::ExplicitEuler;
    bad.chassis.yawInertia = 5.0;
    page.setSetup(bad);
    page.selectInputSource("step-steer");
    page.setRealTime(false);
    QSignalSpy failed(&page, &LiveSimulationPage::runFailed);
    page.start();
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, waitMs);
    QVERIFY2(page.errorText().contains("diverged"), qPrintable(page.errorText()));
    QCOMPARE(page.state(), WorkerState::Failed);

    // The application carries on: a good setup runs again and clears the message.
    page.setSetup(defaultSetup());
    page.selectInputSource("braking");
    QSignalSpy finished(&page, &LiveSimulationPage::runFinished);
    page.start();
    QVERIFY(page.errorText().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, waitMs);
}

void TestLivePage::keyboardDrivesTheCar() {
    LiveSimulationPage page;
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.selectInputSource("drive");
    page.setRealTime(true);
    page.setSpeedFactor(4.0);
    page.start();
    DrivePad* pad = page.drivePad();
    QTRY_VERIFY_WITH_TIMEOUT(pad->isDriving(), waitMs);
    pad->setFocus();
    QTest::keyPress(pad, Qt::Key_W);
    QTRY_VERIFY_WITH_TIMEOUT(pad->inputs().throttle > 0.99, waitMs);
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStatus().latest.body.vx > 5.0, waitMs);
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStatus().latest.inputs.throttle > 0.99, waitMs);
    // The automatic box climbs out of first, and the pad says which gear is engaged
    // (its own request is only "drive").
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStatus().latest.gear >= 2, waitMs);
    QTRY_VERIFY_WITH_TIMEOUT(pad->statusText().startsWith(
                                 QStringLiteral("Gear %1 ").arg(page.lastStatus().latest.gear)),
                             waitMs);
    QTest::keyRelease(pad, Qt::Key_W);
    QTest::keyPress(pad, Qt::Key_A);
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStatus().latest.steerAngle > 0.05, waitMs); // left
    QTest::keyRelease(pad, Qt::Key_A);
    QTest::mouseClick(button(page, "Pause"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), WorkerState::Paused, waitMs);
    page.tick(); // the status as it was when the pause took effect
    const long steps = page.lastStatus().steps;
    QTest::mouseClick(button(page, "Step"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(page.lastStatus().steps, steps + 1, waitMs);
    QTest::mouseClick(button(page, "Stop"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), WorkerState::Stopped, waitMs);
    QVERIFY(!pad->isDriving());
}

void TestLivePage::liveEditReachesTheRunningCar() {
    LiveSimulationPage page;
    page.selectInputSource("drive");
    page.setRealTime(true);
    page.start();
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), WorkerState::Running, waitMs);
    Setup setup = defaultSetup();
    std::uint64_t serial = 0;
    for (int i = 0; i < 200; ++i) {
        setup.engine.redlineRpm = 5000.0 + i;
        page.setSetup(setup);
        serial += 1;
    }
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStatus().setupSerial >= serial, waitMs);
    QCOMPARE(page.state(), WorkerState::Running);
}

void TestLivePage::closesCleanlyMidRun() {
    for (int i = 0; i < 3; ++i) {
        auto page = std::make_unique<LiveSimulationPage>();
        page->show();
        page->selectInputSource("top-speed");
        page->setRealTime(false);
        page->start();
        QTRY_VERIFY_WITH_TIMEOUT(page->lastStatus().steps > 1000, waitMs);
        page.reset(); // the window closes mid-run
    }
}

// "Load script…" reads through the bounded reader: a file one byte over the
// CLI's 16 MiB limit is refused with the reader's message (it stops before
// reading it), the script already loaded stays, and a running car carries on.
// Scripted inputs without a script cannot run: Start is disabled and says why, until a
// script is loaded.
void TestLivePage::startWaitsForAScript() {
    QTemporaryDir dir;
    LiveSimulationPage page;
    auto* start = page.findChild<QPushButton*>(QStringLiteral("liveStart"));
    QVERIFY(start);
    QVERIFY(start->isEnabled());
    page.selectInputSource("scripted");
    QVERIFY(!start->isEnabled());
    QVERIFY2(start->toolTip().contains(QStringLiteral("script")), qPrintable(start->toolTip()));
    QVERIFY2(page.loadScriptFile(writeTwoRowScript(dir)), qPrintable(page.errorText()));
    QVERIFY(start->isEnabled());
}

void TestLivePage::oversizedScriptIsRefusedWhileRunning() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString good = writeTwoRowScript(dir);
    QVERIFY(!good.isEmpty());
    const QString big = dir.filePath("big.csv");
    {
        QFile file(big);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(16 * 1024 * 1024 + 1)); // sparse: no 16 MiB written
    }

    LiveSimulationPage page;
    QVERIFY2(page.loadScriptFile(good), qPrintable(page.errorText()));
    QCOMPARE(page.scriptName(), QString("good.csv"));
    QCOMPARE(page.script().size(), std::size_t(2));

    page.selectInputSource("drive");
    page.setRealTime(true);
    page.start();
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), WorkerState::Running, waitMs);

    QVERIFY(!page.loadScriptFile(big));
    // The bounded reader's words, not the script parser's ("input is larger ...").
    QVERIFY2(page.errorText() ==
                 QString("cannot read %1: it is %2 bytes, larger than the 16 MiB limit")
                     .arg(big)
                     .arg(16 * 1024 * 1024 + 1),
             qPrintable(page.errorText()));
    QCOMPARE(page.scriptName(), QString("good.csv"));
    QCOMPARE(page.script().size(), std::size_t(2));
    page.tick();
    const long steps = page.lastStatus().steps;
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStatus().steps > steps, waitMs);
    QCOMPARE(page.state(), WorkerState::Running);
}

// Load script refuses a FIFO before opening it (opening one nobody writes blocked
// the GUI thread), with the reason, and keeps the script it had.
void TestLivePage::scriptLoadRefusesFifo() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString good = writeTwoRowScript(dir);
    QVERIFY(!good.isEmpty());
    const QString fifoPath = dir.filePath("pipe.csv");
    FifoWithoutWriter fifo(fifoPath);
    QVERIFY(fifo.created());
    LiveSimulationPage page;
    QVERIFY2(page.loadScriptFile(good), qPrintable(page.errorText()));
    QVERIFY(!page.loadScriptFile(fifoPath));
    QVERIFY2(page.errorText().contains("it is not a regular file"), qPrintable(page.errorText()));
    QCOMPARE(page.scriptName(), QString("good.csv"));
    QVERIFY(!fifo.readerArrived());
}

void TestLivePage::dynamicLapDrivesTheChosenTrack() {
    LiveSimulationPage page;
    page.resize(1300, 850);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.selectInputSource("dynamic-lap");
    QComboBox* track = page.maneuverWordChoice("track");
    QVERIFY(track);
    // The box lists the library, Monza (the maneuver's default) first shown.
    QCOMPARE(track->count(), static_cast<int>(libraryTracks().size()));
    QCOMPARE(track->currentData().toString(), QStringLiteral("monza"));
    QVERIFY(page.maneuverWordChoice("line"));
    track->setCurrentIndex(track->findData(QStringLiteral("oval")));
    page.setManeuverOption("pace", 0.8);
    page.setRealTime(false);
    QSignalSpy finished(&page, &LiveSimulationPage::runFinished);
    QTest::mouseClick(button(page, "Start"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, waitMs);
    page.tick();

    // The oval of the library: two 400 m straights joined by half circles of 60 m
    // radius (TrackLibrary), so its line spans 400 + 2 x 60 m by 2 x 60 m; it has no
    // widths, so no edges. Monza spans kilometres.
    const TopDownTrack& shown = page.topDownView()->track();
    const Bounds line = boundsOf(shown.line);
    constexpr double stationTolerance = 1.0; // m, the stations' spacing
    QVERIFY2(std::abs(line.maxX - line.minX - 520.0) < stationTolerance,
             qPrintable(QString::number(line.maxX - line.minX)));
    QVERIFY2(std::abs(line.maxY - line.minY - 120.0) < stationTolerance,
             qPrintable(QString::number(line.maxY - line.minY)));
    QVERIFY(shown.leftEdge.empty() && shown.rightEdge.empty());

    // The car drove the oval: a lap time, and its whole path within a few metres of
    // the oval's line.
    const MetricList& metrics = page.lastMetrics();
    QVERIFY(!metrics.empty());
    QCOMPARE(metrics.front().key, std::string("lap_time_s"));
    QVERIFY2(metrics.front().reached && metrics.front().valid, metrics.front().invalidReason.c_str());
    const TopDownData& data = page.topDownView()->data();
    QVERIFY(data.path.size() > 100);
    constexpr double offLineMargin = 5.0; // m: a lap that keeps to its line strays far less
    for (const QPointF& p : data.path)
        QVERIFY2(line.contains(p, offLineMargin), qPrintable(QStringLiteral("%1, %2").arg(p.x()).arg(p.y())));
    // Coloured by speed: a speed for every point, slower in the bends than on the straights.
    QCOMPARE(data.pathSpeed.size(), data.path.size());
    const auto [slow, fast] = page.topDownView()->pathSpeedRange();
    QVERIFY(fast - slow > 5.0);
    saveGrab(page.topDownView(), QStringLiteral("vtw-live-dynamic-lap-oval.png"));
}

void TestLivePage::dynamicLapShowsTheTrackEdges() {
    LiveSimulationPage page;
    page.resize(1300, 850);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.selectInputSource("dynamic-lap");
    QVERIFY(page.setManeuverWord("track", "monza"));
    page.setRealTime(false);
    QTest::mouseClick(button(page, "Start"), Qt::LeftButton);
    // A few seconds of driving are enough for the view; the lap itself is another test's.
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStatus().simTime > 8.0, waitMs);
    page.stop();
    QTRY_VERIFY_WITH_TIMEOUT(page.state() != WorkerState::Running, waitMs);
    page.tick();

    // Monza's file gives the widths either side of each centre-line point: the edges
    // are that far apart, point by point (closed: the first point repeated last).
    const TrackReadResult monza = loadTrack(QStringLiteral("monza"));
    QVERIFY(monza.ok());
    const Track& t = *monza.track;
    const TopDownTrack& shown = page.topDownView()->track();
    QCOMPARE(shown.leftEdge.size(), t.centreLine.size() + 1);
    QCOMPARE(shown.rightEdge.size(), t.centreLine.size() + 1);
    constexpr double widthTolerance = 1e-9; // m: the edges are the widths moved along a unit normal
    for (std::size_t i = 0; i < t.centreLine.size(); ++i) {
        const QPointF d = shown.leftEdge[i] - shown.rightEdge[i];
        QVERIFY(std::abs(std::hypot(d.x(), d.y()) - (t.widthLeft[i] + t.widthRight[i])) < widthTolerance);
    }
    QVERIFY(shown.line.size() > 1000);
    // The car is on the tarmac, so within the edges' bounds; the view follows it.
    const TopDownData& data = page.topDownView()->data();
    Bounds tarmac = boundsOf(shown.leftEdge);
    for (const QPointF& p : shown.rightEdge)
        tarmac.add(p);
    QVERIFY(data.path.size() > 10);
    for (const QPointF& p : data.path)
        QVERIFY(tarmac.contains(p, 0.0));
    const QPointF car = page.topDownView()->worldToWidget(data.x, data.y);
    QVERIFY(page.topDownView()->rect().contains(car.toPoint()));
    saveGrab(page.topDownView(), QStringLiteral("vtw-live-dynamic-lap-monza.png"));
}

void TestLivePage::keyboardDrivesOnATrack() {
    LiveSimulationPage page;
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.selectInputSource("drive");
    // Open ground unless a track is chosen.
    QComboBox* track = page.maneuverWordChoice("track");
    QVERIFY(track);
    QVERIFY(track->currentData().toString().isEmpty());
    QVERIFY(page.setManeuverWord("track", "oval"));
    page.setRealTime(true);
    page.setSpeedFactor(4.0);
    page.start();
    DrivePad* pad = page.drivePad();
    QTRY_VERIFY_WITH_TIMEOUT(pad->isDriving(), waitMs);
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStatus().hasSample, waitMs);

    // The library's oval starts in the middle of its lower straight, driven anticlockwise
    // (TestTracks): the car stands on the line's first point heading along +x.
    const TopDownTrack& shown = page.topDownView()->track();
    QVERIFY(shown.line.size() > 100);
    const QPointF start = shown.line.front();
    const Bounds oval = boundsOf(shown.line);
    QVERIFY(std::abs(start.y() - oval.minY) < 1.0); // on the lower straight
    // At rest with no pedal the car stays where it was placed; the open ground's start,
    // the origin, lies off the oval's line.
    constexpr double atRest = 0.01; // m
    QVERIFY(std::hypot(start.x(), start.y()) > 10.0);
    const StepSample& placed = page.lastStatus().latest;
    QVERIFY2(std::hypot(placed.body.x - start.x(), placed.body.y - start.y()) < atRest,
             qPrintable(QStringLiteral("%1, %2").arg(placed.body.x).arg(placed.body.y)));
    QVERIFY(std::abs(placed.body.heading) < 1e-6);

    // Full throttle from the keyboard: the car runs along the straight.
    pad->setFocus();
    QTest::keyPress(pad, Qt::Key_W);
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStatus().latest.body.vx > 5.0, waitMs);
    QTest::keyRelease(pad, Qt::Key_W);
    page.tick();
    const StepSample& now = page.lastStatus().latest;
    QVERIFY(now.body.x > start.x());
    QVERIFY(std::abs(now.body.y - start.y()) < 0.5);
    QVERIFY(page.topDownView()->data().path.size() >= 2);
    saveGrab(page.topDownView(), QStringLiteral("vtw-live-drive-oval.png"));
    page.stop();
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), WorkerState::Stopped, waitMs);
}

QTEST_MAIN(TestLivePage)
#include "tst_live_page.moc"
