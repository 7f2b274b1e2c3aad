// The Live workspace's cursor, A/B markers and reference run, driven through the widgets
// offscreen: mouse moves and clicks on the trace plots, the A/B and pin buttons. What the
// views show is checked against the recorded history, sample for sample.

#include "ui/analysis/AbDeltaTable.h"
#include "tests/support/PlotHover.h"
#include "ui/analysis/CursorLines.h"
#include "ui/live/DrivePad.h"
#include "ui/live/FrictionEllipseView.h"
#include "ui/live/GGDiagramView.h"
#include "ui/live/LiveAnalysis.h"
#include "ui/live/LiveHistory.h"
#include "ui/live/LiveSimulationPage.h"
#include "ui/mathchannels/MathChannelStore.h"
#include "core/mathchannels/MathChannelJson.h"
#include "ui/live/LiveTracePlots.h"
#include "ui/analysis/ReferencePanel.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/analysis/ReferenceTraces.h"
#include "core/sim/Telemetry.h"
#include "ui/live/TopDownView.h"
#include "core/base/Units.h"
#include "ui/analysis/WorkspaceCursor.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>

using namespace vtw;

namespace {

constexpr int waitMs = 60000;

std::size_t channel(const char* name) {
    return static_cast<std::size_t>(channelIndex(name));
}

QPushButton* button(QWidget& page, const QString& text) {
    for (QPushButton* b : page.findChildren<QPushButton*>()) {
        if (b->text() == text)
            return b;
    }
    return nullptr;
}

/// Where time t is on the first trace row, in the plot's pixels.
QPoint pixelOfTime(LiveTracePlots& traces, double t) {
    QCPAxisRect* rect = traces.rowRect(0);
    return QPoint(qRound(rect->axis(QCPAxis::atBottom)->coordToPixel(t)), rect->center().y());
}

/// A page that ran the acceleration maneuver of `setup` to its end, fast, whole run shown.
void runAcceleration(LiveSimulationPage& page, const Setup& setup) {
    page.setSetup(setup);
    auto* source = page.findChild<QComboBox*>();
    source->setCurrentIndex(source->findData(QStringLiteral("acceleration")));
    page.setRealTime(false);
    QSignalSpy finished(&page, &LiveSimulationPage::runFinished);
    QPushButton* start = button(page, "Start") ? button(page, "Start") : button(page, "Restart");
    QVERIFY(start);
    QTest::mouseClick(start, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, waitMs);
    page.tick();
    page.tracePlots()->setWindowSeconds(0.0);
    page.tracePlots()->plot()->replot();
}

/// The page on screen, after the acceleration maneuver of the default setup.
bool showAndRunAcceleration(LiveSimulationPage& page) {
    page.resize(1300, 900);
    page.show();
    if (!QTest::qWaitForWindowExposed(&page))
        return false;
    runAcceleration(page, defaultSetup());
    return page.state() == WorkerState::Finished;
}

} // namespace

class TestLiveCursors : public QObject {
    Q_OBJECT
private slots:
    void readoutShowsNoValuePastTheRunsEnd();
    void cursorPutsTheStateViewsAtItsTime();
    void abTableListsTheDeltasOfShownChannels();
    void pinnedRunIsOverlaidWithItsDeltaTime();
    void telemetryExportWritesPinnedRunsBeside();
    void inputsPanelShowsTheEngagedGear();
};

void TestLiveCursors::readoutShowsNoValuePastTheRunsEnd() {
    // Ten seconds of speed = t; the mouse at 15 s, after the data ends.
    LiveHistory history;
    std::vector<double> row(channelCatalogue().size(), 0.0);
    for (int i = 0; i <= 10000; ++i) {
        row[channel("time")] = i * 0.001;
        row[channel("speed")] = i * 0.001;
        history.appendValues(row.data());
    }
    LiveTracePlots plots;
    plots.resize(800, 400);
    plots.setSelectedChannels({"speed"});
    plots.setHistory(&history);
    plots.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plots));
    plots.setInspecting(true);
    plots.rowRect(0)->axis(QCPAxis::atBottom)->setRange(0.0, 20.0);
    plots.plot()->replot();

    hover(plots.plot(), pixelOfTime(plots, 5.0));
    const double at = plots.workspaceCursor()->position().value();
    const QString expected = QStringLiteral("Speed %1 km/h").arg(history.valueAt(channel("speed"), at) * 3.6, 0, 'g', 5);
    QVERIFY2(plots.cursorReadout().contains(expected), qPrintable(plots.cursorReadout()));
    hover(plots.plot(), pixelOfTime(plots, 15.0));
    QVERIFY(plots.workspaceCursor()->position().value() > 14.9);
    QVERIFY2(!plots.cursorReadout().contains("Speed"), qPrintable(plots.cursorReadout()));
    QVERIFY2(plots.cursorReadout().contains("no data"), qPrintable(plots.cursorReadout()));
}

void TestLiveCursors::cursorPutsTheStateViewsAtItsTime() {
    LiveSimulationPage page;
    QVERIFY(showAndRunAcceleration(page));
    LiveTracePlots* traces = page.tracePlots();
    const LiveHistory& history = page.history();
    const double end = history.lastTime();

    hover(traces->plot(), pixelOfTime(*traces, 0.4 * end));
    const std::optional<double> at = traces->workspaceCursor()->position();
    QVERIFY(at && std::abs(*at - 0.4 * end) < 0.01 * end);
    page.tick();
    // The sample at or before the cursor, as recorded.
    QCOMPARE(page.ggView()->data().ax, history.valueAt(channel("ax"), *at) / units::gravity);
    QCOMPARE(page.frictionView()->data().wheels[0].fx, history.valueAt(channel("fx_FL"), *at));
    QCOMPARE(page.frictionView()->data().wheels[3].load, history.valueAt(channel("load_RR"), *at));
    QCOMPARE(page.topDownView()->data().x, history.valueAt(channel("x"), *at));
    QVERIFY(page.topDownView()->data().x < history.latest(channel("x")) - 1.0); // not the newest
    // Its line runs through every trace row.
    traces->plot()->replot();
    for (int r = 0; r < traces->rowCount(); ++r) {
        QCPItemStraightLine* line = traces->cursorLines()->cursorLine(traces->rowRect(r));
        QVERIFY(line && line->visible());
        QCOMPARE(line->point1->coords().x(), *at);
    }

    // Past the end there is no state: the views show the newest sample again.
    hover(traces->plot(), QPoint(traces->rowRect(0)->right() - 1, traces->rowRect(0)->center().y()));
    traces->rowRect(0)->axis(QCPAxis::atBottom)->setRange(0.0, 2.0 * end);
    traces->setInspecting(true);
    hover(traces->plot(), pixelOfTime(*traces, 1.5 * end));
    page.tick();
    QCOMPARE(page.topDownView()->data().x, page.lastStatus().latest.body.x);
    QVERIFY(traces->cursorReadout().contains("no data"));

    // A new run: the cursor pointed into the last one, so it and its read-out go.
    hover(traces->plot(), pixelOfTime(*traces, 0.5 * end));
    QVERIFY(!traces->cursorReadout().isEmpty());
    traces->setInspecting(false);
    QTest::mouseClick(button(page, "Start"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!traces->workspaceCursor()->position().has_value(), waitMs);
    QVERIFY(traces->cursorReadout().isEmpty());
    page.stop();
}

void TestLiveCursors::abTableListsTheDeltasOfShownChannels() {
    LiveSimulationPage page;
    QVERIFY(showAndRunAcceleration(page));
    LiveTracePlots* traces = page.tracePlots();
    const LiveHistory& history = page.history();
    const double end = history.lastTime();
    WorkspaceCursor* cursor = traces->workspaceCursor();

    // Ctrl+click places A, Shift+click B.
    QTest::mouseClick(traces->plot(), Qt::LeftButton, Qt::ControlModifier, pixelOfTime(*traces, 0.2 * end));
    QTest::mouseClick(traces->plot(), Qt::LeftButton, Qt::ShiftModifier, pixelOfTime(*traces, 0.7 * end));
    const double a = cursor->marker(WorkspaceCursor::Marker::A).value();
    const double b = cursor->marker(WorkspaceCursor::Marker::B).value();
    QVERIFY(std::abs(a - 0.2 * end) < 0.01 * end && std::abs(b - 0.7 * end) < 0.01 * end);

    AbDeltaTable* table = page.analysis()->abTable();
    const QStringList shown = traces->selectedChannels();
    QCOMPARE(table->table()->rowCount(), 2 + static_cast<int>(shown.size())); // time, distance, each shown
    const auto number = [](double v) { return QString::number(v, 'g', 5); };
    QCOMPARE(table->cellText(0, 0), QStringLiteral("Time (s)"));
    QCOMPARE(table->cellText(0, 1), number(history.valueAt(channel("time"), a)));
    QCOMPARE(table->cellText(1, 3),
             number(history.valueAt(channel("distance"), b) - history.valueAt(channel("distance"), a)));
    QCOMPARE(table->cellText(2, 0), QStringLiteral("Speed (km/h)"));
    const double speedA = history.valueAt(channel("speed"), a) * 3.6, speedB = history.valueAt(channel("speed"), b) * 3.6;
    QCOMPARE(table->cellText(2, 2), number(speedB));
    QCOMPARE(table->cellText(2, 3), number(speedB - speedA));
    QVERIFY(speedB - speedA > 10.0); // the car accelerates

    // The buttons place a marker at the cursor; a marker past the end reads a dash.
    traces->setInspecting(true);
    traces->rowRect(0)->axis(QCPAxis::atBottom)->setRange(0.0, 2.0 * end);
    hover(traces->plot(), pixelOfTime(*traces, 1.5 * end));
    QTest::mouseClick(table->setBButton(), Qt::LeftButton);
    QVERIFY(cursor->marker(WorkspaceCursor::Marker::B).value() > end);
    QCOMPARE(table->cellText(2, 2), QStringLiteral("\u2013"));
    QCOMPARE(table->cellText(2, 3), QStringLiteral("\u2013"));
    // Both markers drawn on every row.
    traces->plot()->replot();
    QVERIFY(traces->cursorLines()->markerLine(traces->rowRect(1), WorkspaceCursor::Marker::A)->visible());
    QTest::mouseClick(table->clearButton(), Qt::LeftButton);
    QCOMPARE(table->table()->rowCount(), 0);
}

void TestLiveCursors::pinnedRunIsOverlaidWithItsDeltaTime() {
    LiveSimulationPage page;
    ReferenceRuns runs;
    page.setReferenceRuns(&runs);
    QVERIFY(showAndRunAcceleration(page));
    ReferencePanel* panel = page.analysis()->referencePanel();
    QCOMPARE(panel->pinButton()->text(), QStringLiteral("Pin as reference"));
    QTest::mouseClick(panel->pinButton(), Qt::LeftButton);
    QCOMPARE(runs.runs().size(), std::size_t(1));
    QCOMPARE(runs.current()->source, QStringLiteral("Live"));
    QVERIFY(runs.current()->name.contains(QString::fromStdString(defaultSetup().name)));
    QCOMPARE(panel->pinButton()->text(), QStringLiteral("Replace reference"));
    // Behind every trace shown, the reference's channel of the same name.
    QCOMPARE(static_cast<int>(referenceGraphs(page.tracePlots()->plot()).size()),
             static_cast<int>(page.tracePlots()->selectedChannels().size()));
    QCOMPARE(referenceGraphs(page.tracePlots()->plot()).front()->pen().color(), referenceColour());
    // Still there after the channels change.
    page.tracePlots()->setSelectedChannels({"speed", "rpm"});
    QCOMPARE(referenceGraphs(page.tracePlots()->plot()).size(), std::size_t(2));

    // A heavier car with the same engine covers each metre later: its delta-time grows > 0.
    Setup heavier = defaultSetup();
    heavier.chassis.mass += 300.0;
    runAcceleration(page, heavier);
    QCPGraph* delta = panel->deltaPlot()->graphCount() > 0 ? panel->deltaPlot()->graph(0) : nullptr;
    QVERIFY(delta && delta->dataCount() > 100);
    double last = std::nan("");
    for (auto it = delta->data()->constBegin(); it != delta->data()->constEnd(); ++it) {
        if (std::isfinite(it->value))
            last = it->value;
    }
    QVERIFY2(last > 0.05, qPrintable(QString::number(last)));
    QCOMPARE(referenceGraphs(page.tracePlots()->plot()).size(), std::size_t(2)); // kept through the re-run

    QTest::mouseClick(panel->unpinButton(), Qt::LeftButton);
    QVERIFY(runs.empty());
    QVERIFY(referenceGraphs(page.tracePlots()->plot()).empty());
    QVERIFY(!panel->deltaPlot()->isVisible());
}

void TestLiveCursors::telemetryExportWritesPinnedRunsBeside() {
    LiveSimulationPage page;
    page.resize(1300, 900);
    ReferenceRuns runs;
    page.setReferenceRuns(&runs);
    ChannelTable logged;
    logged.add({"time", "s", "Time", {0.0, 0.5, 1.0}});
    logged.add({"speed", "m/s", "Speed", {10.0, 11.0, 12.5}});
    QVERIFY(runs.pin(QStringLiteral("logged lap"), QStringLiteral("log.csv"), logged));
    QTemporaryDir dir;
    QStringList written;
    QString error;
    QVERIFY2(page.exportTelemetryCsv(dir.filePath("telemetry.csv"), &error, &written), qPrintable(error));
    QCOMPARE(written, QStringList{dir.filePath("telemetry.reference-1.csv")});
    QFile file(written.front());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines[0].trimmed(), QByteArray("time [s],speed [m/s]"));
    QCOMPARE(lines[3].trimmed(), QByteArray("1,12.5"));

    // With math channels defined, their formulas go beside the session's telemetry too.
    MathChannelStore::instance().setChannels({{"ax_g", "g", "ax / 9.80665"}});
    written.clear();
    QVERIFY2(page.exportTelemetryCsv(dir.filePath("telemetry.csv"), &error, &written), qPrintable(error));
    QCOMPARE(written.size(), 2);
    QCOMPARE(written.back(), dir.filePath("telemetry.math.json"));
    const MathChannelsReadResult math = readMathChannelsFile(written.back());
    QVERIFY(math.ok());
    QCOMPARE(math.channels, MathChannelStore::instance().channels());
    MathChannelStore::instance().setChannels({});

    // A table with nothing to line it up on is refused, with the reason.
    ChannelTable noAxis;
    noAxis.add({"speed", "m/s", "Speed", {1.0}});
    QString why;
    QVERIFY(!runs.pin(QStringLiteral("x"), QStringLiteral("y"), noAxis, &why));
    QVERIFY(why.contains("time"));

    // Bounded: one more than the store holds lets the oldest go.
    for (std::size_t n = 1; n <= ReferenceRuns::maxPinned; ++n)
        QVERIFY(runs.pin(QStringLiteral("run %1").arg(n), QStringLiteral("test"), logged));
    QCOMPARE(runs.runs().size(), ReferenceRuns::maxPinned);
    QCOMPARE(runs.runs().front().name, QStringLiteral("run 1")); // "logged lap" went
    QCOMPARE(runs.current()->name, QStringLiteral("run %1").arg(ReferenceRuns::maxPinned));
}

void TestLiveCursors::inputsPanelShowsTheEngagedGear() {
    // An automatic box is asked for "drive" (1) throughout; the car is in a higher gear.
    LiveSimulationPage page;
    QVERIFY(showAndRunAcceleration(page));
    const int engaged = static_cast<int>(page.history().latest(channel("gear")));
    QVERIFY(engaged > 1);
    QCOMPARE(page.drivePad()->shownInputs().gear.gear, engaged);
}

QTEST_MAIN(TestLiveCursors)
#include "tst_live_cursors.moc"
