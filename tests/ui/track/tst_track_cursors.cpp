// The Track workspace's cursor, A/B markers and reference lap, driven through the widgets
// offscreen: mouse moves and clicks on the lap's traces, the pin and unpin buttons.

#include "ui/analysis/AbDeltaTable.h"
#include "tests/support/PlotHover.h"
#include "ui/analysis/CursorLines.h"
#include "ui/track/LapChannels.h"
#include "ui/track/LapTracePlots.h"
#include "ui/shared/ReadableTicker.h"
#include "ui/analysis/ReferencePanel.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/analysis/ReferenceTraces.h"
#include "ui/track/TrackChooser.h"
#include "ui/track/TrackCursorTools.h"
#include "ui/track/TrackMapPlot.h"
#include "ui/track/TrackPage.h"
#include "core/analysis/TraceInterpolation.h"
#include "core/setupfile/CarLibrary.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>

using namespace vtw;

namespace {

constexpr int waitMs = 30000;

bool runAndWait(TrackPage& page) {
    QSignalSpy done(&page, &TrackPage::lapFinished);
    if (!page.runLap())
        return false;
    return done.count() > 0 || done.wait(waitMs);
}

QPoint pixelAt(LapTracePlots* traces, double distance) {
    return QPoint(qRound(traces->pixelOfDistance(distance)), traces->rows().front()->rect().center().y());
}

} // namespace

class TestTrackCursors : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }
    void hoverAbAndReferenceLap();
    void lapTraceTicksNeverOverlap();
};

void TestTrackCursors::hoverAbAndReferenceLap() {
    TrackPage page;
    page.resize(1400, 900);
    const Setup car = defaultLibraryCar();
    page.setSetup(car, QStringLiteral("Corvette"));
    QVERIFY(page.chooser()->selectTrack(QStringLiteral("spa")));
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    ReferenceRuns runs;
    page.setReferenceRuns(&runs);
    QVERIFY(runAndWait(page));
    QVERIFY2(page.lastRun()->ok(), qPrintable(page.message()->text()));
    QTest::qWait(20); // the plots lay out once shown
    const LapTrace& t = page.lastRun()->lap.trace;
    LapTracePlots* traces = page.traces();
    TrackCursorTools* tools = page.cursorTools();

    // Hovering the traces moves the page's cursor and the map's marker with it.
    hover(traces, pixelAt(traces, 3000.0));
    const double d = page.cursorDistance();
    const double metresPerPixel = t.distance.back() / traces->rows().front()->rect().width();
    QVERIFY2(std::abs(d - 3000.0) <= 2.0 * metresPerPixel, qPrintable(QString::number(d)));
    QCOMPARE(traces->cursorDistance(), d);
    const MapPoint expected = positionAt(t, d);
    QCOMPARE(page.map()->markerPosition().x(), expected.x);
    // Zoomed out past the lap's end, the cursor stops at the end: no state beyond the data.
    traces->rows().front()->axis(QCPAxis::atBottom)->setRange(0.0, 1.5 * t.distance.back());
    traces->replot();
    hover(traces, pixelAt(traces, 1.3 * t.distance.back()));
    QCOMPARE(page.cursorDistance(), page.lastRun()->lap.length);

    // A and B on the traces: the lap time between them, as the trace says.
    traces->rows().front()->axis(QCPAxis::atBottom)->setRange(0.0, t.distance.back());
    traces->replot();
    QTest::mouseClick(traces, Qt::LeftButton, Qt::ControlModifier, pixelAt(traces, 1000.0));
    QTest::mouseClick(traces, Qt::LeftButton, Qt::ShiftModifier, pixelAt(traces, 2000.0));
    const double a = tools->cursor()->marker(WorkspaceCursor::Marker::A).value();
    const double b = tools->cursor()->marker(WorkspaceCursor::Marker::B).value();
    QVERIFY(std::abs(a - 1000.0) <= 2.0 * metresPerPixel && std::abs(b - 2000.0) <= 2.0 * metresPerPixel);
    const std::vector<double> time = interpolateOnto(t.distance, t.time, {a, b});
    AbDeltaTable* table = tools->abTable();
    QCOMPARE(table->cellText(0, 0), QStringLiteral("Time (s)"));
    QCOMPARE(table->cellText(0, 3), QString::number(time[1] - time[0], 'g', 5));
    QCOMPARE(table->cellText(1, 3), QString::number(b - a, 'g', 5));
    QCOMPARE(table->cellText(2, 0), QStringLiteral("Speed (km/h)"));
    traces->replot();
    QVERIFY(tools->traceCursorLines()->markerLine(traces->rows().back(), WorkspaceCursor::Marker::B)->visible());

    // Pin the lap: behind each trace; a heavier car's lap is behind it by distance.
    QTest::mouseClick(tools->referencePanel()->pinButton(), Qt::LeftButton);
    QCOMPARE(runs.runs().size(), std::size_t(1));
    QCOMPARE(runs.current()->source, QStringLiteral("Track"));
    QCOMPARE(referenceGraphs(traces).size(), std::size_t(7));
    Setup heavier = car;
    heavier.chassis.mass += 300.0;
    QSignalSpy done(&page, &TrackPage::lapFinished);
    page.setSetup(heavier, QStringLiteral("Corvette +300 kg"));
    QVERIFY(done.wait(waitMs));
    QVERIFY(page.lastRun()->ok());
    QCOMPARE(referenceGraphs(traces).size(), std::size_t(7)); // still there after the re-run
    QCPGraph* delta = tools->referencePanel()->deltaPlot()->graph(0);
    QVERIFY(delta && delta->dataCount() > 100);
    double last = std::nan("");
    for (auto it = delta->data()->constBegin(); it != delta->data()->constEnd(); ++it) {
        if (std::isfinite(it->value))
            last = it->value;
    }
    // At the finish the delta is the difference of the lap times.
    QVERIFY(last > 0.0);
    QCOMPARE(last, page.lastRun()->lap.trace.time.back() - runs.current()->table.find("time")->values.back());

    QTest::mouseClick(tools->referencePanel()->unpinButton(), Qt::LeftButton);
    QVERIFY(runs.empty());
    QVERIFY(referenceGraphs(traces).empty());
}

// On a small window the lap's short trace rows keep their value ticks at least one label
// height apart (ReadableTicker), where fixed ticks crowded them.
void TestTrackCursors::lapTraceTicksNeverOverlap() {
    TrackPage page;
    page.resize(1280, 720);
    page.setSetup(defaultLibraryCar(), QStringLiteral("Corvette"));
    QVERIFY(page.chooser()->selectTrack(QStringLiteral("spa")));
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(runAndWait(page));
    QVERIFY2(page.lastRun()->ok(), qPrintable(page.message()->text()));
    LapTracePlots* traces = page.traces();
    for (int pass = 0; pass < 3; ++pass) { // lay out, then tick the laid-out rows
        QApplication::processEvents();
        traces->replot();
    }
    int checked = 0;
    for (QCPAxisRect* row : traces->rows()) {
        for (QCPAxis* axis : row->axes()) {
            if (!axis->visible() || !dynamic_cast<ReadableTicker*>(axis->ticker().data()))
                continue;
            QVector<double> pixels;
            for (double t : axis->tickVector()) {
                if (axis->range().contains(t))
                    pixels << axis->coordToPixel(t);
            }
            std::sort(pixels.begin(), pixels.end());
            const int labelHeight = QFontMetrics(axis->tickLabelFont()).height();
            for (qsizetype k = 1; k < pixels.size(); ++k)
                QVERIFY2(pixels[k] - pixels[k - 1] >= labelHeight,
                         qPrintable(QStringLiteral("row %1 px tall: ticks %2 px apart")
                                        .arg(row->height()).arg(pixels[k] - pixels[k - 1])));
            ++checked;
        }
    }
    QVERIFY2(checked >= 4, qPrintable(QStringLiteral("%1 value axes with readable ticks").arg(checked)));
    // And no row is shorter than its axis titles are long (QCustomPlot would cut them),
    // nor than its named ticks (the limits) stacked: the rows scroll instead.
    for (QCPAxisRect* row : traces->rows()) {
        for (QCPAxis* axis : {row->axis(QCPAxis::atLeft), row->axis(QCPAxis::atRight)}) {
            if (!axis->visible())
                continue;
            const int title = QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label());
            QVERIFY2(title <= row->height(), qPrintable(QStringLiteral("'%1' is %2 px long on a row %3 px tall")
                                                             .arg(axis->label()).arg(title).arg(row->height())));
            if (auto* names = dynamic_cast<QCPAxisTickerText*>(axis->ticker().data()))
                QVERIFY(names->ticks().size() * QFontMetrics(axis->tickLabelFont()).height() <= row->height());
        }
    }
}

QTEST_MAIN(TestTrackCursors)
#include "tst_track_cursors.moc"
