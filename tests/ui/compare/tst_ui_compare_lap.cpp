// The compare page's attribution of a change and its lap, driven through its widgets
// offscreen: the attribution agrees with re-runs done here, the lap is offered, run
// and attributed, and the dynamic and quasi-steady laps are overlaid.
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

class TestUiCompareLap : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    // Attribution of a change in two parameters: each part equals a re-run with that
    // parameter reverted, and the total equals the metrics table's difference.
    void attributionOfTwoChanges() {
        const Setup base = libraryCar("corvette_c5");
        Setup tuned = base;
        tuned.gearbox.finalDrive = 3.9;
        tuned.chassis.mass = base.chassis.mass - 120.0;
        ComparePage page(nullptr);
        showBaseAndTuned(page, base, tuned);
        QVERIFY(waitForRun(page));
        QCOMPARE(page.results()->differences.size(), std::size_t(2));

        AttributionPanel* panel = page.attributionPanel();
        page.tabs()->setCurrentWidget(panel);
        QCOMPARE(panel->tunedChoice()->currentText(), QStringLiteral("Tuned"));
        panel->metricChoice()->setCurrentIndex(
            panel->metricChoice()->findData(QStringLiteral("t_0_100_kmh_s")));
        QSignalSpy done(panel, &AttributionPanel::attributionFinished);
        QTest::mouseClick(panel->runButton(), Qt::LeftButton);
        QVERIFY(done.wait(runTimeoutMs));
        QVERIFY(done.first().first().toBool());
        const Attribution& a = panel->result();
        QCOMPARE(a.parts.size(), std::size_t(2));
        const double tunedValue = metricOf(singleRun(tuned, "acceleration"), "t_0_100_kmh_s");
        const double baseValue = metricOf(singleRun(base, "acceleration"), "t_0_100_kmh_s");
        QCOMPARE(a.total, tunedValue - baseValue);
        // Two parts: each share is the closed-form Shapley value from independent runs,
        // ((v(part alone) - v(base)) + (v(tuned) - v(other part alone))) / 2.
        for (const Contribution& c : a.parts) {
            Setup alone = base;
            copyField(*c.fields.front(), tuned, alone);
            Setup otherAlone = tuned;
            copyField(*c.fields.front(), base, otherAlone);
            const double share =
                ((metricOf(singleRun(alone, "acceleration"), "t_0_100_kmh_s") - baseValue) +
                 (tunedValue - metricOf(singleRun(otherAlone, "acceleration"), "t_0_100_kmh_s"))) / 2;
            QVERIFY(std::abs(c.contribution - share) < 1e-12);
        }
        // Parts, then the total they add up to; no unexplained remainder.
        QCOMPARE(panel->table()->rowCount(), 3);
        for (int row = 0; row < 2; ++row)
            QCOMPARE(panel->table()->item(row, 1)->data(Qt::UserRole).toDouble(),
                     a.parts[std::size_t(row)].contribution);
        QCOMPARE(panel->table()->item(2, 1)->data(Qt::UserRole).toDouble(), tunedValue - baseValue);
        QVERIFY(std::abs(a.parts[0].contribution + a.parts[1].contribution - a.total) < 1e-12);
        QTest::qWait(50);
        saveShot(&page, QStringLiteral("attribution"));
    }

    // Which change mattered, for the lap time: the parts are the core's laps of the tuned
    // setup with each change reverted on its own.
    void attributionOfTheLap() {
        const Setup base = libraryCar("lotus_elise_s2");
        Setup tuned = base;
        tuned.gearbox.finalDrive = base.gearbox.finalDrive * 1.1;
        tuned.chassis.mass = base.chassis.mass - 80.0;
        ComparePage page(nullptr);
        showBaseAndTuned(page, base, tuned);
        page.maneuverPicker()->setChecked("acceleration", false);
        page.maneuverPicker()->setChecked(lapTargetId, true);
        page.maneuverPicker()->setTextOption(lapTargetId, "track", "oval");
        QVERIFY(waitForRun(page));
        AttributionPanel* panel = page.attributionPanel();
        page.tabs()->setCurrentWidget(panel);
        panel->metricChoice()->setCurrentIndex(panel->metricChoice()->findData(QStringLiteral("lap_time_s")));
        QSignalSpy done(panel, &AttributionPanel::attributionFinished);
        QTest::mouseClick(panel->runButton(), Qt::LeftButton);
        QVERIFY(done.wait(runTimeoutMs));
        QVERIFY(done.first().first().toBool());
        const Attribution& a = panel->result();
        QCOMPARE(a.parts.size(), std::size_t(2));
        const PreparedTrackResult oval = prepareTrack(QStringLiteral("oval"), LineChoice::RaceLine, 1.0);
        QVERIFY(oval.prepared);
        auto lapTime = [&](const Setup& s) {
            return simulateLap(PerformanceEnvelope(s), oval.prepared->path, oval.prepared->sectorStarts).lapTime;
        };
        const double tunedTime = lapTime(tuned);
        QCOMPARE(a.total, tunedTime - lapTime(base));
        // Shapley shares of two parts, from the core's laps (see attributionOfTwoChanges).
        for (const Contribution& c : a.parts) {
            Setup alone = base;
            copyField(*c.fields.front(), tuned, alone);
            Setup otherAlone = tuned;
            copyField(*c.fields.front(), base, otherAlone);
            const double share =
                ((lapTime(alone) - lapTime(base)) + (tunedTime - lapTime(otherAlone))) / 2;
            QVERIFY(std::abs(c.contribution - share) < 1e-12);
        }
    }

    // The lap of a track is offered beside the maneuvers, with the library's tracks: its
    // lap and sector times are metrics of every setup, each the core's lap of that setup,
    // and its traces overlay by distance.
    void compareOffersTheLap() {
        const std::vector<Setup> cars = {libraryCar("corvette_c5"), libraryCar("lotus_elise_s2")};
        ComparePage page(nullptr);
        showCorvetteAndLotus(page);
        if (QTest::currentTestFailed())
            return;
        QListWidget* maneuvers = page.maneuverPicker()->list();
        checkItem(maneuvers, lapTargetTitle());
        maneuvers->setCurrentItem(maneuvers->findItems(lapTargetTitle(), Qt::MatchExactly).first());
        QComboBox* track = page.maneuverPicker()->form()->trackChoice();
        QVERIFY(track);
        QCOMPARE(track->count(), int(libraryTracks().size()));
        track->setCurrentIndex(track->findData(QStringLiteral("monza")));
        QVERIFY(waitForRun(page));
        const ComparisonData* data = page.results();
        QVERIFY(data);
        QCOMPARE(data->maneuvers.size(), std::size_t(1));
        QCOMPARE(data->maneuvers[0].textOptions.at("track"), std::string("monza"));

        const PreparedTrackResult monza = prepareTrack(QStringLiteral("monza"), LineChoice::RaceLine, 1.0);
        QVERIFY(monza.prepared);
        std::vector<LapResult> laps;
        for (const Setup& car : cars)
            laps.push_back(simulateLap(PerformanceEnvelope(car), monza.prepared->path, monza.prepared->sectorStarts));
        MetricsTable* table = page.metricsTable();
        int checked = 0;
        for (int row = 0; row < table->rowCount(); ++row) {
            const QString key = table->item(row, 0)->data(MetricsTable::keyRole).toString();
            for (std::size_t s = 0; s < cars.size(); ++s) {
                const double shown = table->item(row, MetricsTable::firstSetupColumn + int(s))
                                         ->data(MetricsTable::valueRole)
                                         .toDouble();
                if (key == QLatin1String("lap/lap_time_s")) {
                    QCOMPARE(shown, laps[s].lapTime);
                    ++checked;
                }
                for (int k = 0; k < 3; ++k) {
                    if (key == QStringLiteral("lap/sector_%1_s").arg(k + 1)) {
                        QCOMPARE(shown, laps[s].sectors[std::size_t(k)].time);
                        ++checked;
                    }
                }
            }
        }
        QCOMPARE(checked, 2 * 4);
        QVERIFY(maneuverSummary(data->maneuvers[0]).contains(QStringLiteral("Monza")));

        // Traces: against distance only, one graph per setup reaching the lap's length.
        TraceOverlayPanel* traces = page.tracePanel();
        page.tabs()->setCurrentWidget(traces);
        QVERIFY(!traces->axisChoice()->isEnabled());
        QCOMPARE(TraceAxis(traces->axisChoice()->currentData().toInt()), TraceAxis::Distance);
        QCOMPARE(traces->tracePlot()->graphCount(), 2);
        for (int s = 0; s < 2; ++s) {
            QCPGraph* g = traces->tracePlot()->graph(s);
            QCOMPARE(g->dataCount(), int(laps[std::size_t(s)].trace.distance.size()));
            QCOMPARE(g->data()->at(g->dataCount() - 1)->key, laps[std::size_t(s)].length);
        }
        // The delta plot of a lap is the delta-time by distance: at the finish line it is
        // the difference of the lap times (each trace ends at its lap length).
        QCOMPARE(traces->deltaChoice()->currentData().toString(), QStringLiteral("time"));
        QCOMPARE(traces->deltaPlot()->graphCount(), 1);
        QCPGraph* delta = traces->deltaPlot()->graph(0);
        const double atFinish = delta->data()->at(delta->dataCount() - 1)->value;
        const double expectedDelta = laps[1].lapTime - laps[0].lapTime;
        QVERIFY2(std::abs(atFinish - expectedDelta) < 1e-9 * laps[0].lapTime,
                 qPrintable(QStringLiteral("delta-time at the finish %1, lap times differ by %2")
                                .arg(atFinish)
                                .arg(expectedDelta)));
        QVERIFY(traces->deltaPlot()->yAxis->label().contains(QStringLiteral("Time")));
        QTest::qWait(50);
        saveShot(&page, QStringLiteral("lap-traces"));

        // The G-G diagram of the lap, and no friction ellipse: a lap has no tire forces.
        GripOverlayPanel* grip = page.gripPanel();
        page.tabs()->setCurrentWidget(grip);
        QComboBox* view = grip->findChild<QComboBox*>(QStringLiteral("gripView"));
        QVERIFY(view);
        QVERIFY(!view->isEnabled());
        QCOMPARE(GripView(view->currentData().toInt()), GripView::GG);
        // Oriented as every G-G view of the workbench: from above, left to the left.
        QVERIFY(grip->plot()->xAxis->rangeReversed());
        QVERIFY(grip->plot()->xAxis->label().contains(QStringLiteral("left")));
    }

    // The dynamic lap is offered with its track; overlaid with the quasi-steady lap of
    // the same setup and track, both go by distance along the line from the start line
    // and each ends at its lap's length.
    void compareOverlaysTheDynamicAndQuasiSteadyLap() {
        ComparePage page(nullptr);
        showCorvetteAndLotus(page);
        if (QTest::currentTestFailed())
            return;
        QListWidget* maneuvers = page.maneuverPicker()->list();
        const QString dynamicTitle = QString::fromStdString(findManeuverDescription("dynamic-lap")->title);
        for (const QString& title : {lapTargetTitle(), dynamicTitle}) {
            checkItem(maneuvers, title);
            maneuvers->setCurrentItem(maneuvers->findItems(title, Qt::MatchExactly).first());
            QComboBox* track = page.maneuverPicker()->form()->trackChoice();
            QVERIFY(track);
            QCOMPARE(track->count(), int(libraryTracks().size()));
            track->setCurrentIndex(track->findData(QStringLiteral("oval")));
            QVERIFY(page.maneuverPicker()->form()->lineChoice());
        }
        // The dynamic lap's numbers are there beside its words, which are labelled short
        // (the catalogue's explanation is the box's tooltip).
        QVERIFY(page.maneuverPicker()->form()->editor("pace"));
        auto* formLayout = qobject_cast<QFormLayout*>(page.maneuverPicker()->form()->layout());
        QVERIFY(formLayout);
        auto* trackLabel = qobject_cast<QLabel*>(formLayout->labelForField(page.maneuverPicker()->form()->trackChoice()));
        QVERIFY(trackLabel);
        QCOMPARE(trackLabel->text(), QStringLiteral("Track"));
        QVERIFY(waitForRun(page));
        const ComparisonData* data = page.results();
        QVERIFY(data);
        QCOMPARE(data->maneuvers.size(), std::size_t(2));
        const std::size_t lapIndex = data->maneuvers[0].id == lapTargetId ? 0 : 1, dynamicIndex = 1 - lapIndex;
        QCOMPARE(data->maneuvers[dynamicIndex].id, std::string("dynamic-lap"));
        QCOMPARE(data->maneuvers[dynamicIndex].textOptions.at("track"), std::string("oval"));
        const Metric* dynamicTime = findMetric(data->run(dynamicIndex, 0)->metrics, "lap_time_s");
        const Metric* quasiTime = findMetric(data->run(lapIndex, 0)->metrics, "lap_time_s");
        QVERIFY(dynamicTime && quasiTime);
        QVERIFY2(dynamicTime->reached && dynamicTime->valid, dynamicTime->invalidReason.c_str());
        QVERIFY(maneuverSummary(data->maneuvers[dynamicIndex]).contains(QStringLiteral("Oval")));

        // The maneuvers of the Corvette (the first setup) overlaid: against distance (a lap
        // is among them).
        TraceOverlayPanel* traces = page.tracePanel();
        page.tabs()->setCurrentWidget(traces);
        traces->overlayChoice()->setCurrentIndex(1);
        QVERIFY(!traces->maneuverChoice()->isEnabled());
        QCOMPARE(TraceAxis(traces->axisChoice()->currentData().toInt()), TraceAxis::Distance);
        QCOMPARE(traces->tracePlot()->graphCount(), 2);
        const PreparedTrackResult oval = prepareTrack(QStringLiteral("oval"), LineChoice::RaceLine, 1.0);
        QVERIFY(oval.prepared);
        const double length = oval.prepared->path.length;
        QCPGraph* quasi = traces->tracePlot()->graph(int(lapIndex));
        QCPGraph* dynamic = traces->tracePlot()->graph(int(dynamicIndex));
        QCOMPARE(quasi->data()->at(0)->key, 0.0);
        QCOMPARE(quasi->data()->at(quasi->dataCount() - 1)->key, length);
        // The dynamic lap is recorded every few steps: its trace starts past the start
        // line and ends short of the finish by less than one recorded sample's travel (at
        // most its top speed for the decimation's steps).
        const double sampleTravel = 90.0 * data->setups[0].simulation.timeStep * 10.0; // m
        const double firstKey = dynamic->data()->at(0)->key;
        const double lastKey = dynamic->data()->at(dynamic->dataCount() - 1)->key;
        QVERIFY2(firstKey >= 0.0 && firstKey < sampleTravel, qPrintable(QString::number(firstKey)));
        QVERIFY2(lastKey > length - sampleTravel && lastKey <= length,
                 qPrintable(QStringLiteral("%1 of %2").arg(lastKey).arg(length)));
        // The delta-time by distance against the first maneuver: at the finish it is the
        // difference of the two lap times, to within the time of a recorded sample.
        QCOMPARE(traces->deltaPlot()->graphCount(), 1);
        QCPGraph* delta = traces->deltaPlot()->graph(0);
        const double atFinish = delta->data()->at(delta->dataCount() - 1)->value;
        const double expected = (lapIndex == 0 ? 1.0 : -1.0) * (dynamicTime->value - quasiTime->value);
        const double sampleTime = data->setups[0].simulation.timeStep * 10.0; // s
        QVERIFY2(std::abs(atFinish - expected) < sampleTime,
                 qPrintable(QStringLiteral("delta-time at the finish %1, lap times differ by %2")
                                .arg(atFinish)
                                .arg(expected)));
        QTest::qWait(50);
        saveShot(&page, QStringLiteral("dynamic-lap-overlay"));
    }
};

QTEST_MAIN(TestUiCompareLap)
#include "tst_ui_compare_lap.moc"
