// The compare page's sweeps driven through its widgets, offscreen: one and two
// parameters and the lap swept, each point equal to a re-run done here, and the
// sweep's base following the edited setup.
#include "ui/compare/AttributionPanel.h"
#include "ui/compare/ComparePage.h"
#include "ui/compare/CompareTraceTools.h"
#include "ui/analysis/ReferencePanel.h"
#include "ui/shared/CompareStyle.h"
#include "ui/compare/ComparisonReport.h"
#include "ui/compare/ManeuverParameterForm.h"
#include "ui/compare/ManeuverPicker.h"
#include "ui/compare/MetricsTable.h"
#include "ui/compare/ParameterDiffView.h"
#include "tests/support/PlotHover.h"
#include "core/setupfile/ProgramVersion.h"
#include "ui/compare/SweepAxisEditor.h"
#include "ui/compare/SweepPanel.h"
#include "core/analysis/TraceInterpolation.h"
#include "ui/compare/TraceOverlayPanel.h"
#include "ui/compare/GripOverlayPanel.h"
#include "ui/compare/GripOverlayPlot.h"
#include "ui/compare/LapTargetText.h"
#include "core/vehicle/Targets.h"
#include "core/lap/LapSimulation.h"
#include "core/trackfiles/TrackPreparation.h"
#include "core/study/LapTarget.h"
#include "core/trackfiles/TrackLibrary.h"
#include "core/setupfile/CarLibrary.h"
#include "core/study/SetupDiff.h"
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include "core/base/Units.h"
#include "core/maneuvers/BrakeInTurn.h"
#include "core/maneuvers/ManeuverFactory.h"
#include <QStringEncoder>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>
#include <cmath>
#include "tests/ui/compare/ComparePageDriving.h"

#include <cmath>

using namespace vtw;
using namespace vtw::test;

class TestUiCompareSweep : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    // A sweep of the lap: each point's lap time is the core's lap of that variant.
    void sweepTheLap() {
        const Setup lotus = libraryCar("lotus_elise_s2");
        ComparePage page(nullptr);
        SweepPanel* sweep = showSweepTab(page, QStringLiteral("Lotus Elise S2"));
        QVERIFY(sweep);
        QVERIFY(sweep->firstAxis()->setField(QStringLiteral("chassis.mass")));
        sweep->firstAxis()->setRange(800.0, 1000.0, 3);
        sweep->maneuverChoice()->setCurrentIndex(sweep->maneuverChoice()->findData(QStringLiteral("lap")));
        QComboBox* track = sweep->findChild<QComboBox*>(QStringLiteral("param_track"));
        QVERIFY(track);
        track->setCurrentIndex(track->findData(QStringLiteral("circle")));
        QVERIFY(runSweepPanel(sweep));
        QCOMPARE(sweep->points().size(), std::size_t(3));
        const PreparedTrackResult circle = prepareTrack(QStringLiteral("circle"), LineChoice::RaceLine, 1.0);
        QVERIFY(circle.prepared);
        for (std::size_t k = 0; k < 3; ++k) {
            Setup s = lotus;
            s.chassis.mass = 800.0 + 100.0 * double(k);
            const LapResult lap = simulateLap(PerformanceEnvelope(s), circle.prepared->path, circle.prepared->sectorStarts);
            const Metric* shown = findMetric(sweep->points()[k].metrics, "lap_time_s");
            QVERIFY(shown);
            QCOMPARE(shown->value, lap.lapTime);
        }
    }

    // A one-parameter sweep through the panel: each point equals a single run at that
    // value; clicking a point on the plot asks to open that variant.
    // The sweep's base is the setup being edited (the first open document, listed before
    // the library's cars of the same name) until the user picks another; then it stays.
    void sweepBaseFollowsTheEditedSetup() {
        ComparePage page(nullptr);
        SweepPanel* sweep = page.sweepPanel();
        Setup edited = libraryCar("corvette_c5");
        edited.chassis.mass += 200.0;
        page.setAvailableSetups({{QStringLiteral("corvette-c5"), QStringLiteral("Corvette C5"), edited}});
        QCOMPARE(sweep->baseChoice()->currentText(), QStringLiteral("Corvette C5 (open)"));
        sweep->baseChoice()->setCurrentIndex(sweep->baseChoice()->findText(QStringLiteral("Lotus Elise S2")));
        page.setAvailableSetups({{QStringLiteral("corvette-c5"), QStringLiteral("Corvette C5"), edited}, {QStringLiteral("other"), QStringLiteral("Other"), edited}});
        QCOMPARE(sweep->baseChoice()->currentText(), QStringLiteral("Lotus Elise S2"));
    }

    void sweepOneParameter() {
        const Setup corvette = libraryCar("corvette_c5");
        ComparePage page(nullptr);
        SweepPanel* sweep = showSweepTab(page, QStringLiteral("Corvette C5"));
        QVERIFY(sweep);
        QVERIFY(sweep->firstAxis()->setField(QStringLiteral("gearbox.finalDrive")));
        sweep->firstAxis()->setRange(3.0, 4.0, 5);
        sweep->maneuverChoice()->setCurrentIndex(
            sweep->maneuverChoice()->findData(QStringLiteral("acceleration")));
        QVERIFY(runSweepPanel(sweep));
        QCOMPARE(sweep->points().size(), std::size_t(5));
        sweep->metricChoice()->setCurrentIndex(
            sweep->metricChoice()->findData(QStringLiteral("t_0_100_kmh_s")));
        QCustomPlot* plot = sweep->plot();
        QCOMPARE(plot->graphCount(), 1);
        QCPGraph* graph = plot->graph(0);
        QCOMPARE(graph->dataCount(), 5);
        for (int k = 0; k < 5; ++k) {
            Setup s = corvette;
            s.gearbox.finalDrive = 3.0 + 0.25 * k;
            const double expected = metricOf(singleRun(s, "acceleration"), "t_0_100_kmh_s");
            QCOMPARE(graph->data()->at(k)->key, s.gearbox.finalDrive);
            QCOMPARE(graph->data()->at(k)->value, expected);
        }
        QTest::qWait(50);
        plot->replot();
        saveShot(&page, QStringLiteral("sweep-line"));

        Setup opened;
        QString openedName;
        int opens = 0;
        connect(&page, &ComparePage::openSetupRequested, this,
                [&](const Setup& s, const QString& name) {
                    opened = s;
                    openedName = name;
                    ++opens;
                });
        const QPoint at(qRound(plot->xAxis->coordToPixel(graph->data()->at(2)->key)),
                        qRound(plot->yAxis->coordToPixel(graph->data()->at(2)->value)));
        // Hovering near a point reads out its parameter and metric values.
        hover(plot, at + QPoint(6, -5));
        const QString hovered = sweep->readout();
        QVERIFY2(hovered.contains(QStringLiteral("Final drive 3.5")), qPrintable(hovered));
        QVERIFY2(hovered.contains(formatFigure(graph->data()->at(2)->value) + QStringLiteral(" s")), qPrintable(hovered));
        const QPoint before(qRound(plot->xAxis->coordToPixel(graph->data()->at(1)->key)),
                            qRound(plot->yAxis->coordToPixel(graph->data()->at(1)->value)));
        hover(plot, before + QPoint(-3, 4));
        QVERIFY2(sweep->readout().contains(QStringLiteral("Final drive 3.25")), qPrintable(sweep->readout()));
        // A click marks the point: drawn apart, at the clicked data point, and read out.
        QVERIFY(!sweep->markedPoint());
        QTest::mouseClick(plot, Qt::LeftButton, {}, at + QPoint(3, 2));
        QCOMPARE(opens, 0);
        QVERIFY(sweep->markedPoint());
        QCOMPARE(*sweep->markedPoint(), std::make_pair(2, 0));
        QCPGraph* marked = sweep->markedGraph();
        QVERIFY(marked && plot->hasPlottable(marked));
        QCOMPARE(marked->dataCount(), 1);
        QCOMPARE(marked->data()->at(0)->key, graph->data()->at(2)->key);
        QCOMPARE(marked->data()->at(0)->value, graph->data()->at(2)->value);
        QVERIFY(marked->scatterStyle().pen().color() != graph->scatterStyle().pen().color());
        QVERIFY(marked->scatterStyle().size() > graph->scatterStyle().size());
        hover(plot, at + QPoint(0, 200)); // away from every point: the marked one's values
        QVERIFY2(sweep->readout().startsWith(QStringLiteral("Marked: Final drive 3.5")), qPrintable(sweep->readout()));
        plot->replot();
        saveShot(&page, QStringLiteral("sweep-line-marked"));
        // Another metric: the mark stays on the point, at its new value.
        sweep->metricChoice()->setCurrentIndex(sweep->metricChoice()->findData(QStringLiteral("quarter_mile_s")));
        QVERIFY(sweep->markedGraph() && sweep->markedGraph()->data()->at(0)->value == plot->graph(0)->data()->at(2)->value);
        sweep->metricChoice()->setCurrentIndex(sweep->metricChoice()->findData(QStringLiteral("t_0_100_kmh_s")));
        graph = plot->graph(0);
        // A double-click, or the button, opens the variant.
        QTest::mouseDClick(plot, Qt::LeftButton, {}, at);
        QCOMPARE(opens, 1);
        QCOMPARE(opened.gearbox.finalDrive, 3.5);
        QCOMPARE(opened.chassis.mass, corvette.chassis.mass);
        QVERIFY2(openedName.contains(QStringLiteral("Final drive 3.5")), qPrintable(openedName));
        // A click away from every point opens nothing and keeps the mark.
        QTest::mouseClick(plot, Qt::LeftButton, {}, at + QPoint(0, 60));
        QCOMPARE(opens, 1);
        QCOMPARE(*sweep->markedPoint(), std::make_pair(2, 0));
        QTest::mouseClick(sweep->openButton(), Qt::LeftButton);
        QCOMPARE(opens, 2);
        QCOMPARE(opened.gearbox.finalDrive, 3.5);
    }

    // Two parameters: a colour map whose cells equal single runs; clicking a cell
    // opens the variant with both values.
    void sweepTwoParameters() {
        const Setup lotus = libraryCar("lotus_elise_s2");
        ComparePage page(nullptr);
        SweepPanel* sweep = showSweepTab(page, QStringLiteral("Lotus Elise S2"));
        QVERIFY(sweep);
        QVERIFY(sweep->firstAxis()->setField(QStringLiteral("brakes.frontBias")));
        sweep->firstAxis()->setRange(50.0, 80.0, 4); // shown in %
        QTest::mouseClick(sweep->secondToggle(), Qt::LeftButton);
        QVERIFY(sweep->secondAxis()->isEnabled());
        QVERIFY(sweep->secondAxis()->setField(QStringLiteral("chassis.mass")));
        sweep->secondAxis()->setRange(800.0, 1000.0, 3);
        sweep->maneuverChoice()->setCurrentIndex(
            sweep->maneuverChoice()->findData(QStringLiteral("braking")));
        QSignalSpy finished(sweep, &SweepPanel::sweepFinished);
        QTest::mouseClick(sweep->runButton(), Qt::LeftButton);
        QVERIFY(finished.wait(runTimeoutMs));
        QCOMPARE(sweep->points().size(), std::size_t(12));
        sweep->metricChoice()->setCurrentIndex(
            sweep->metricChoice()->findData(QStringLiteral("braking_100_0_kmh_m")));
        QCPColorMap* map = sweep->colourMap();
        QVERIFY(map);
        for (int i : {0, 3}) {
            for (int j : {0, 2}) {
                Setup s = lotus;
                s.brakes.frontBias = (50.0 + 10.0 * i) / 100.0;
                s.chassis.mass = 800.0 + 100.0 * j;
                QCOMPARE(map->data()->cell(i, j),
                         metricOf(singleRun(s, "braking"), "braking_100_0_kmh_m"));
            }
        }
        QTest::qWait(50);
        sweep->plot()->replot();
        saveShot(&page, QStringLiteral("sweep-map"));

        QList<std::pair<double, double>> opened;
        connect(sweep, &SweepPanel::openSetupRequested, this, [&](const Setup& s, const QString&) {
            opened.append({s.brakes.frontBias, s.chassis.mass});
        });
        QCustomPlot* plot = sweep->plot();
        const QPoint at(qRound(plot->xAxis->coordToPixel(70.0)),
                        qRound(plot->yAxis->coordToPixel(900.0)));
        hover(plot, at + QPoint(4, 4));
        QVERIFY2(sweep->readout().contains(QStringLiteral("Mass 900 kg")), qPrintable(sweep->readout()));
        QVERIFY2(sweep->readout().contains(formatFigure(map->data()->cell(2, 1))), qPrintable(sweep->readout()));
        QTest::mouseClick(plot, Qt::LeftButton, {}, at);
        QVERIFY(opened.isEmpty());
        QCOMPARE(*sweep->markedPoint(), std::make_pair(2, 1));
        // The clicked cell outlined: 70 % between 65 and 75, 900 kg between 850 and 950.
        QCPItemRect* cell = sweep->markedCell();
        QVERIFY(cell && plot->hasItem(cell));
        QVERIFY(std::abs(cell->topLeft->coords().x() - 65.0) < 1e-9 && std::abs(cell->bottomRight->coords().x() - 75.0) < 1e-9);
        QVERIFY(std::abs(cell->topLeft->coords().y() - 950.0) < 1e-9 && std::abs(cell->bottomRight->coords().y() - 850.0) < 1e-9);
        sweep->plot()->replot();
        saveShot(&page, QStringLiteral("sweep-map-marked"));
        QTest::mouseDClick(plot, Qt::LeftButton, {}, at);
        QCOMPARE(opened.size(), 1);
        QVERIFY(std::fabs(opened.first().first - 0.7) < 1e-12);
        QCOMPARE(opened.first().second, 900.0);
    }
};

QTEST_MAIN(TestUiCompareSweep)
#include "tst_ui_compare_sweep.moc"
