// The Track workspace driven as a user would: a lap of a library track for the default
// car, whose lap time must be the core's for the same setup and track; the cursor linked
// between the traces and the map; track files good and bad; a setup that cannot be driven.
#include "ui/track/CurvaturePlot.h"
#include "ui/setups/DocumentView.h"
#include "ui/track/LapChannels.h"
#include "ui/track/LapGGVPlot.h"
#include "ui/track/LapTracePlots.h"
#include "ui/MainWindow.h"
#include "ui/track/SectorTable.h"
#include "ui/track/TrackChooser.h"
#include "core/track/TrackEdges.h"
#include "ui/track/TrackMapPlot.h"
#include "ui/track/TrackPage.h"
#include "ui/shared/ViewExport.h"

#include "core/lap/LapSimulation.h"
#include "core/lap/LapTraceCsv.h"
#include "core/setupfile/CarLibrary.h"
#include "core/trackfiles/TrackPreparation.h"

#include <QComboBox>
#include <QLabel>
#include <QTabWidget>
#include <QListWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace vtw;

namespace {

constexpr int waitMs = 20000;

// The core's lap of `key` (race line, flying) for `setup`: what the workspace must show.
LapResult coreLap(const Setup& setup, const QString& key) {
    const PreparedTrackResult prepared = prepareTrack(key, LineChoice::RaceLine, lapStationStep);
    if (!prepared.prepared)
        return {};
    return simulateLap(PerformanceEnvelope(setup), prepared.prepared->path, prepared.prepared->sectorStarts);
}

bool runAndWait(TrackPage& page) {
    QSignalSpy done(&page, &TrackPage::lapFinished);
    if (!page.runLap())
        return false;
    return done.count() > 0 || done.wait(waitMs);
}

// The position at distance d by hand: the stations either side and the share of the way
// between them.
QPointF expectedPosition(const LapTrace& t, double d) {
    std::size_t k = 0;
    while (k + 2 < t.distance.size() && t.distance[k + 1] <= d)
        ++k;
    const double share = (d - t.distance[k]) / (t.distance[k + 1] - t.distance[k]);
    return {t.x[k] + share * (t.x[k + 1] - t.x[k]), t.y[k] + share * (t.y[k + 1] - t.y[k])};
}

// Saves a view for checking by eye when VTW_TRACK_SHOTS names a folder.
void saveShot(QWidget* widget, const QString& name) {
    const QString dir = qEnvironmentVariable("VTW_TRACK_SHOTS");
    if (!dir.isEmpty())
        widget->grab().save(dir + QStringLiteral("/track-%1.png").arg(name));
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestUiTrack : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        Q_INIT_RESOURCE(resources); // the library's cars and tracks
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vtw-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_track"));
        QSettings().clear();
    }

    void lapTimeIsTheCoresForTheSameSetup() {
        const Setup car = defaultLibraryCar();
        TrackPage page;
        page.setSetup(car, QStringLiteral("Corvette"));
        QVERIFY(page.chooser()->selectTrack(QStringLiteral("monza")));
        QVERIFY(runAndWait(page));
        QVERIFY2(page.lastRun() && page.lastRun()->ok(), qPrintable(page.message()->text()));

        const LapResult expected = coreLap(car, QStringLiteral("monza"));
        QVERIFY(expected.ok);
        // One computation in two places: the same number, to the last bit.
        QTableWidgetItem* lapItem = page.sectors()->lapTimeItem();
        QVERIFY(lapItem);
        QCOMPARE(lapItem->data(SectorTable::secondsRole).toDouble(), expected.lapTime);
        QCOMPARE(lapItem->text(), formatLapTime(expected.lapTime));
        // Every sector's row, after the lap's.
        QCOMPARE(int(expected.sectors.size()), 3);
        for (int s = 0; s < 3; ++s)
            QCOMPARE(page.sectors()->item(1 + s, 1)->data(SectorTable::secondsRole).toDouble(),
                     expected.sectors[std::size_t(s)].time);
        QVERIFY(page.message()->text().contains(formatLapTime(expected.lapTime)));

        // The views drew the lap: the coloured line, the envelope at each sampled speed
        // and a G-G point per station.
        QVERIFY(page.map()->lineSegments() > 10);
        QCOMPARE(page.ggv()->envelopeCurves(), envelopeSpeeds);
        QCOMPARE(page.ggv()->lapPoints(), int(expected.trace.distance.size()));
    }

    void lapTimeFormat() {
        QCOMPARE(formatLapTime(83.4567), QStringLiteral("1:23.457"));
        QCOMPARE(formatLapTime(125.0), QStringLiteral("2:05.000"));
        QCOMPARE(formatLapTime(58.3214), QStringLiteral("58.321 s"));
    }

    void cursorLinksTracesAndMap() {
        TrackPage page;
        page.resize(1400, 900);
        page.setSetup(defaultLibraryCar(), QStringLiteral("Corvette"));
        QVERIFY(page.chooser()->selectTrack(QStringLiteral("spa")));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(runAndWait(page));
        QVERIFY2(page.lastRun()->ok(), qPrintable(page.message()->text()));
        const LapTrace& t = page.lastRun()->lap.trace;
        QTest::qWait(20); // the plots lay out once shown

        // A press in the speed trace at 2500 m puts the cursor there and the map's marker
        // at the lap's position at that distance.
        LapTracePlots* traces = page.traces();
        const QRect speedRow = traces->rows().front()->rect();
        const QPoint press(int(std::lround(traces->pixelOfDistance(2500.0))), speedRow.center().y());
        QTest::mousePress(traces, Qt::LeftButton, {}, press);
        QTest::mouseRelease(traces, Qt::LeftButton, {}, press);
        const double metresPerPixel = t.distance.back() / speedRow.width();
        const double d = page.cursorDistance();
        QVERIFY2(std::abs(d - 2500.0) <= 2.0 * metresPerPixel, qPrintable(QString::number(d)));
        const QPointF expected = expectedPosition(t, d);
        const QPointF marker = page.map()->markerPosition();
        constexpr double sameDouble = 1e-9; // m: the same interpolation, only rounding apart
        QVERIFY(std::abs(marker.x() - expected.x()) < sameDouble);
        QVERIFY(std::abs(marker.y() - expected.y()) < sameDouble);
        QVERIFY(page.cursorReadout()->text().contains(QStringLiteral("%1 m").arg(t.distance[nearestStation(t, d)], 0, 'f', 0)));

        // A click on the map at a station a third of the way round moves the traces'
        // cursor to that station (or a neighbour within the click's pixel).
        const std::size_t k = t.distance.size() / 3;
        TrackMapPlot* map = page.map();
        const QPoint click = map->pixelOf(t.x[k], t.y[k]).toPoint();
        QTest::mouseClick(map, Qt::LeftButton, {}, click);
        const double mapMetresPerPixel = map->xAxis->range().size() / map->axisRect()->width();
        QVERIFY2(std::abs(traces->cursorDistance() - t.distance[k]) <= 2.0 * mapMetresPerPixel + lapStationStep,
                 qPrintable(QStringLiteral("%1 vs %2").arg(traces->cursorDistance()).arg(t.distance[k])));
        QCOMPARE(page.cursorDistance(), traces->cursorDistance());
        saveShot(&page, QStringLiteral("page"));

        // Close up round the marker the tarmac's edges show either side of the line.
        const QPointF at = map->markerPosition();
        map->showRanges(QCPRange(at.x() - 120.0, at.x() + 120.0), QCPRange(at.y() - 120.0, at.y() + 120.0));
        saveShot(map, QStringLiteral("map-close"));
        page.sideViews()->setCurrentWidget(page.curvature());
        QTest::qWait(20);
        saveShot(&page, QStringLiteral("curvature"));
    }

    // Another lap of the same track keeps the cursor where it was; a lap of another
    // track starts it at the line, in the page and in the traces.
    void aLapOfAnotherTrackStartsTheCursorAtTheLine() {
        TrackPage page;
        page.resize(1400, 900);
        page.setSetup(defaultLibraryCar(), QStringLiteral("Corvette"));
        QVERIFY(page.chooser()->selectTrack(QStringLiteral("circle")));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(runAndWait(page));
        constexpr double placed = 300.0; // m, on the 628 m circle
        page.setCursorDistance(placed);
        QVERIFY(runAndWait(page));
        QCOMPARE(page.cursorDistance(), placed);

        QVERIFY(page.chooser()->selectTrack(QStringLiteral("oval")));
        QVERIFY(runAndWait(page));
        QVERIFY2(page.lastRun()->ok(), qPrintable(page.message()->text()));
        QCOMPARE(page.cursorDistance(), 0.0);
        QCOMPARE(page.traces()->cursorDistance(), 0.0);
    }

    void mapKeepsOneScaleOnBothAxes() {
        TrackPage page;
        page.resize(1300, 850);
        page.setSetup(defaultLibraryCar(), QStringLiteral("Corvette"));
        QVERIFY(page.chooser()->selectTrack(QStringLiteral("monza")));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(runAndWait(page));
        TrackMapPlot* map = page.map();
        const double perPixelX = map->xAxis->range().size() / map->axisRect()->width();
        const double perPixelY = map->yAxis->range().size() / map->axisRect()->height();
        constexpr double scaleTolerance = 0.02; // a pixel or two of rounding in the margins
        QVERIFY2(std::abs(perPixelX / perPixelY - 1.0) < scaleTolerance,
                 qPrintable(QStringLiteral("%1 vs %2 m per pixel").arg(perPixelX).arg(perPixelY)));
    }

    void edgesLieTheirWidthsFromTheCentreLine() {
        // A square centre line, 2 m to the left and 3 m to the right everywhere: at the
        // middle of the bottom side (heading +x) the left edge is 2 m up, the right 3 m down.
        Track track;
        track.centreLine = lineThroughPoints({0, 50, 100, 100, 100, 50, 0, 0}, {0, 0, 0, 50, 100, 100, 100, 50});
        track.widthLeft.assign(8, 2.0);
        track.widthRight.assign(8, 3.0);
        const TrackEdges edges = trackEdges(track);
        QCOMPARE(edges.leftX.size(), std::size_t(9)); // closed
        QCOMPARE(edges.leftX[1], 50.0);
        QCOMPARE(edges.leftY[1], 2.0);
        QCOMPARE(edges.rightY[1], -3.0);
        Track noWidths;
        noWidths.centreLine = track.centreLine;
        QVERIFY(trackEdges(noWidths).empty());
    }

    void badTrackFileIsRefusedAndTheDocumentIsIntact() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.openStartingCar(defaultLibraryCar());
        window.show();
        window.setWorkspace(Workspace::Track);
        TrackPage* page = window.trackPage();
        QVERIFY(page->isVisible());
        const Setup before = window.currentDocument()->setup();
        QVERIFY(page->chooser()->selectTrack(QStringLiteral("circle")));
        QVERIFY(runAndWait(*page));
        QVERIFY(page->lastRun()->ok());
        const double lapBefore = page->lastRun()->lap.lapTime;
        const int tracksBefore = page->chooser()->list()->count();

        const QString bad = dir.filePath(QStringLiteral("broken.csv"));
        QVERIFY(writeFile(bad, "x_m,y_m\n0,0\n10,abc\n20,5\n"));
        QVERIFY(!page->openTrackFile(bad));
        QVERIFY(page->message()->property("error").toBool());
        QVERIFY2(page->message()->text().contains(QStringLiteral("broken.csv")), qPrintable(page->message()->text()));
        QVERIFY2(page->message()->text().contains(QStringLiteral("line 3")), qPrintable(page->message()->text()));
        QCOMPARE(page->chooser()->list()->count(), tracksBefore);
        QCOMPARE(page->lastRun()->lap.lapTime, lapBefore); // the lap shown stays
        QCOMPARE(window.currentDocument()->setup(), before);
        QVERIFY(!window.currentDocument()->isModified());

        // A good file of points is added to the list and driven.
        QByteArray square = "x_m,y_m\n";
        for (int i = 0; i < 40; ++i) {
            const double a = 2.0 * 3.14159265358979 * i / 40.0;
            square += QByteArray::number(200.0 * std::cos(a)) + ',' + QByteArray::number(120.0 * std::sin(a)) + '\n';
        }
        const QString good = dir.filePath(QStringLiteral("ellipse.csv"));
        QVERIFY(writeFile(good, square));
        QSignalSpy done(page, &TrackPage::lapFinished);
        QVERIFY(page->openTrackFile(good));
        QVERIFY(done.wait(waitMs));
        QVERIFY2(page->lastRun()->ok(), qPrintable(page->message()->text()));
        QCOMPARE(page->chooser()->list()->count(), tracksBefore + 1);
        QCOMPARE(page->lastRun()->request.track, QFileInfo(good).absoluteFilePath());
    }

    void setupThatCannotBeDrivenGivesAMessage() {
        Setup broken = defaultLibraryCar();
        broken.chassis.mass = -5.0;
        TrackPage page;
        page.setSetup(broken, QStringLiteral("Broken"));
        QVERIFY(page.chooser()->selectTrack(QStringLiteral("monza")));
        QVERIFY(runAndWait(page));
        QVERIFY(!page.lastRun()->ok());
        QVERIFY(page.message()->property("error").toBool());
        QVERIFY2(page.message()->text().contains(QStringLiteral("chassis.mass")), qPrintable(page.message()->text()));
        QCOMPARE(page.sectors()->rowCount(), 0);
    }

    void anEditRunsTheLapAgain() {
        TrackPage page;
        Setup car = defaultLibraryCar();
        page.setSetup(car, QStringLiteral("Corvette"));
        QVERIFY(page.chooser()->selectTrack(QStringLiteral("monza")));
        QVERIFY(runAndWait(page));
        const double before = page.lastRun()->lap.lapTime;
        car.chassis.mass += 300.0;
        QSignalSpy done(&page, &TrackPage::lapFinished);
        page.setSetup(car, QStringLiteral("Corvette"));
        QVERIFY(done.wait(waitMs));
        QCOMPARE(page.lastRun()->lap.lapTime, coreLap(car, QStringLiteral("monza")).lapTime);
        QVERIFY(page.lastRun()->lap.lapTime > before); // heavier is slower round Monza
    }

    void tracesExportAsCsv() {
        QTemporaryDir dir;
        TrackPage page;
        const QString path = dir.filePath(QStringLiteral("lap.csv"));
        QString error;
        QVERIFY(!page.exportTracesCsv(path, &error));
        QVERIFY(!error.isEmpty());
        page.setSetup(defaultLibraryCar(), QStringLiteral("Corvette"));
        QVERIFY(page.chooser()->selectTrack(QStringLiteral("monza")));
        QVERIFY(runAndWait(page));
        QVERIFY(page.exportTracesCsv(path, &error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray::fromStdString(lapTraceCsv(page.lastRun()->lap.trace)));

        // The views as PNG and PDF, each plot by its own export and all of them at once.
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const QList<QWidget*> views = {page.map(), page.traces(), page.ggv(), page.viewsArea()};
        for (int i = 0; i < views.size(); ++i) {
            for (const char* suffix : {"png", "pdf"}) {
                const QString out = dir.filePath(QStringLiteral("view%1.%2").arg(i).arg(QLatin1String(suffix)));
                QVERIFY2(exportView(views[i], out, &error), qPrintable(error));
                QFile written(out);
                QVERIFY(written.open(QIODevice::ReadOnly));
                QVERIFY(written.read(4) == (QLatin1String(suffix) == QLatin1String("png") ? QByteArray("\x89PNG")
                                                                                            : QByteArray("%PDF")));
            }
        }
    }
};

QTEST_MAIN(TestUiTrack)
#include "tst_ui_track.moc"
