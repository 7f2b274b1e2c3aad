// The compare page driven through its widgets, offscreen: pick two library
// cars and maneuvers, run, and check that what the page shows is what core
// computes for single runs (runManeuver), that the parameter diff is exactly
// diffSetups, and that the report and CSV exports are complete. The attribution and
// the lap: tst_ui_compare_lap; the sweeps: tst_ui_compare_sweep.
//
// With VTW_COMPARE_SHOTS=<dir> set, the test also writes screenshots of every
// tab and a copy of the report there, for looking at.
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
#include <set>
#include "tests/ui/compare/ComparePageDriving.h"

#include <cmath>
#include <set>

using namespace vtw;
using namespace vtw::test;

class TestUiCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    // A maneuver's driver-aid choice is a choice box: picking "on" gives the run's
    // option 2, and the run's title says so.
    void aidChoiceIsAChoiceBox() {
        ManeuverParameterForm form;
        form.setManeuver("braking");
        auto* abs = qobject_cast<QComboBox*>(form.editor("abs"));
        QVERIFY(abs);
        QCOMPARE(abs->count(), 3);
        QCOMPARE(abs->currentText(), QStringLiteral("as the setup"));
        abs->setCurrentIndex(abs->findText(QStringLiteral("on")));
        QCOMPARE(form.options().at("abs"), 2.0);
        ManeuverSpec spec;
        spec.id = "braking";
        spec.options = form.options();
        QVERIFY2(maneuverSummary(spec).contains(QStringLiteral("ABS on")), qPrintable(maneuverSummary(spec)));
    }

    // The delta trace puts a setup's trace on the baseline's x: linear between
    // samples, a standstill (repeated distance) does not divide by zero, and
    // outside the trace there is a gap, not an invented value.
    void interpolateOntoBaselineX_data() {
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("expected");
        QTest::newRow("on a sample") << 1.0 << 10.0;
        QTest::newRow("between samples") << 1.5 << 15.0;
        QTest::newRow("repeated x: the run's first sample") << 2.0 << 20.0;
        QTest::newRow("after a standstill") << 2.5 << 27.5;
        QTest::newRow("before the trace") << -0.5 << std::nan("");
        QTest::newRow("after the trace") << 3.5 << std::nan("");
    }

    void interpolateOntoBaselineX() {
        QFETCH(double, x);
        QFETCH(double, expected);
        const std::vector<double> xs = {0.0, 1.0, 2.0, 2.0, 3.0},
                                  ys = {0.0, 10.0, 20.0, 25.0, 30.0};
        const double got = interpolateOnto(xs, ys, {x}).front();
        if (std::isnan(expected))
            QVERIFY(std::isnan(got));
        else
            QCOMPARE(got, expected);
    }

    void compareTwoLibraryCars() {
        const Setup corvette = libraryCar("corvette_c5"), lotus = libraryCar("lotus_elise_s2");
        ComparePage page(nullptr);
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        checkItem(page.setupPicker()->list(), QStringLiteral("Corvette C5"));
        checkItem(page.setupPicker()->list(), QStringLiteral("Lotus Elise S2"));
        QCOMPARE(page.setupPicker()->baselineChoice()->currentText(),
                 QStringLiteral("Corvette C5"));
        // Acceleration is checked by default; add braking from 120 km/h through its form.
        QListWidget* maneuvers = page.maneuverPicker()->list();
        checkItem(maneuvers, QStringLiteral("Braking from 100 km/h"));
        maneuvers->setCurrentItem(
            maneuvers->findItems(QStringLiteral("Braking from 100 km/h"), Qt::MatchExactly)
                .first());
        auto* start = qobject_cast<QDoubleSpinBox*>(page.maneuverPicker()->form()->editor("start_kmh"));
        QVERIFY(start);
        start->setValue(120.0);
        checkItem(maneuvers, QStringLiteral("Constant-radius skidpad"));

        QVERIFY(waitForRun(page));
        const ComparisonData* data = page.results();
        QVERIFY(data);
        QCOMPARE(data->setupCount(), std::size_t(2));

        // Metrics table: every metric of both maneuvers, each cell equal to a single run.
        const std::map<std::string, ManeuverOptions> options = {
            {"acceleration", {}}, {"braking", {{"start_kmh", 120.0}}}, {"skidpad", {}}};
        std::map<std::string, std::vector<RunResult>> runs;
        int expectedRows = 0;
        for (const auto& [id, opts] : options) {
            runs[id] = {singleRun(corvette, id, opts), singleRun(lotus, id, opts)};
            expectedRows += static_cast<int>(runs[id][0].metrics.size());
        }
        MetricsTable* table = page.metricsTable();
        QCOMPARE(table->rowCount(), expectedRows);
        // Both library cars carry published figures: two columns each after the difference.
        QCOMPARE(table->columnCount(), MetricsTable::firstSetupColumn + 2 + 1 + 2 * 2);
        QCOMPARE(table->firstPublishedColumn(), MetricsTable::firstSetupColumn + 2 + 1);
        int compared = 0;
        for (int row = 0; row < table->rowCount(); ++row) {
            const QStringList key =
                table->item(row, 0)->data(MetricsTable::keyRole).toString().split('/');
            const std::string id = key[0].toStdString(), metric = key[1].toStdString();
            const double c = metricOf(runs.at(id)[0], metric), l = metricOf(runs.at(id)[1], metric);
            const double shownC = table->item(row, MetricsTable::firstSetupColumn)
                                      ->data(MetricsTable::valueRole)
                                      .toDouble();
            const double shownL = table->item(row, MetricsTable::firstSetupColumn + 1)
                                      ->data(MetricsTable::valueRole)
                                      .toDouble();
            QCOMPARE(std::isnan(shownC), std::isnan(c));
            if (!std::isnan(c)) {
                QCOMPARE(shownC, c);
                QCOMPARE(table->item(row, MetricsTable::firstSetupColumn)->text(), formatFigure(c));
                ++compared;
            }
            if (!std::isnan(l))
                QCOMPARE(shownL, l);
            // Difference column: Lotus minus Corvette, coloured by the metric's sense.
            QTableWidgetItem* delta = table->item(row, MetricsTable::firstSetupColumn + 2);
            if (std::isfinite(c) && std::isfinite(l)) {
                QCOMPARE(delta->data(MetricsTable::valueRole).toDouble(), l - c);
                const Metric* m = findMetric(runs.at(id)[0].metrics, metric);
                int verdict = 0;
                if (l != c && m->sense == MetricSense::LowerIsBetter)
                    verdict = l < c ? 1 : -1;
                if (l != c && m->sense == MetricSense::HigherIsBetter)
                    verdict = l > c ? 1 : -1;
                QCOMPARE(delta->data(MetricsTable::verdictRole).toInt(), verdict);
                // Graded by the size of the change; none inside the neutral band, the full
                // tint from fullTintChangeShare on.
                const double relative = c != 0.0 ? (l - c) / c : 1.0;
                if (verdict == 0 || std::abs(relative) < neutralChangeShare)
                    QCOMPARE(delta->background().style(), Qt::NoBrush);
                else if (std::abs(relative) >= fullTintChangeShare)
                    QCOMPARE(delta->background().color(), verdict > 0 ? betterTint() : worseTint());
                else
                    QCOMPARE(delta->background().color(), gradedChangeTint(verdict, relative));
                QVERIFY(delta->text().contains(verdict == 0 ? QString()
                                               : l > c      ? QStringLiteral("\u25b2")
                                                            : QStringLiteral("\u25bc")));
            }
        }
        QVERIFY(compared >= expectedRows - 1);

        // Published figures: the Corvette's acceleration and skidpad figures and
        // the Lotus's 0-60 mph and 0-100 km/h sit beside the simulation with the relative deviation;
        // the braking run from 120 km/h is not the published 100-0 km/h test.
        int published = 0;
        for (int row = 0; row < table->rowCount(); ++row) {
            const QStringList key =
                table->item(row, 0)->data(MetricsTable::keyRole).toString().split('/');
            const std::string id = key[0].toStdString(), metric = key[1].toStdString();
            for (int s = 0; s < 2; ++s) {
                const int column = table->firstPublishedColumn() + 2 * s;
                QCOMPARE(table->horizontalHeaderItem(column)->data(MetricsTable::setupRole).toInt(), s);
                const PublishedFigure* t = findTarget(s == 0 ? corvette : lotus, metric);
                QTableWidgetItem* cell = table->item(row, column);
                if (!t || id == "braking") {
                    QVERIFY(!cell || cell->text().isEmpty());
                    continue;
                }
                QVERIFY(cell);
                QCOMPARE(cell->data(MetricsTable::valueRole).toDouble(), t->value);
                QVERIFY(cell->toolTip().contains(QString::fromStdString(t->source)));
                const double simulated = metricOf(runs.at(id)[std::size_t(s)], metric);
                QCOMPARE(table->item(row, column + 1)->data(MetricsTable::valueRole).toDouble(),
                         (simulated - t->value) / t->value);
                ++published;
            }
        }
        QCOMPARE(published, 6); // Corvette: 0-60, quarter, trap, skidpad; Lotus: 0-60, 0-100

        // Imperial display: speeds in mph and distances in ft, values and
        // differences alike; times and g as reported.
        page.setUnitSystem(UnitSystem::Imperial);
        for (int row = 0; row < table->rowCount(); ++row) {
            const QStringList key =
                table->item(row, 0)->data(MetricsTable::keyRole).toString().split('/');
            const std::string id = key[0].toStdString(), metric = key[1].toStdString();
            const Metric* m = findMetric(runs.at(id)[0].metrics, metric);
            const double c = metricOf(runs.at(id)[0], metric);
            if (!m || std::isnan(c))
                continue;
            const double shown = table->item(row, MetricsTable::firstSetupColumn)
                                     ->data(MetricsTable::valueRole)
                                     .toDouble();
            const QString unit = table->item(row, 1)->text();
            if (m->unit == "km/h") {
                QCOMPARE(unit, QStringLiteral("mph"));
                QCOMPARE(shown, c / 1.609344); // 1 mile = 1.609344 km exactly
            } else if (m->unit == "m") {
                QCOMPARE(unit, QStringLiteral("ft"));
                QCOMPARE(shown, c / 0.3048); // 1 ft = 0.3048 m exactly
            } else {
                QCOMPARE(unit, QString::fromStdString(m->unit));
                QCOMPARE(shown, c);
            }
        }
        page.setUnitSystem(UnitSystem::SI);
        QCOMPARE(table->rowCount(), expectedRows);

        // Parameter diff: exactly the fields diffSetups names, with both values.
        std::set<QString> expected, shown;
        for (const ParameterDifference& d : diffSetups({corvette, lotus}))
            expected.insert(d.field->path);
        QTableWidget* diff = page.parameterDiff()->table();
        for (int row = 0; row < diff->rowCount(); ++row) {
            shown.insert(diff->item(row, 0)->data(ParameterDiffView::pathRole).toString());
            QVERIFY(!diff->item(row, ParameterDiffView::firstSetupColumn)->text().isEmpty());
            QVERIFY(!diff->item(row, ParameterDiffView::firstSetupColumn + 1)->text().isEmpty());
        }
        QCOMPARE(diff->rowCount(), static_cast<int>(expected.size()));
        QCOMPARE(shown, expected);
        // Mass is shown in its display unit next to the stored value's text.
        QVERIFY(expected.count(QStringLiteral("chassis.mass")));
        // The torque curves differ, so the curve plot overlays both.
        QVERIFY(page.parameterDiff()->curveChoice()->count() > 0);
        QCOMPARE(page.parameterDiff()->curvePlot()->graphCount(), 2);

        // Traces: one graph per setup; delta plot one graph (Lotus minus Corvette) on distance too.
        QCOMPARE(page.tracePanel()->tracePlot()->graphCount(), 2);
        QCOMPARE(page.tracePanel()->deltaPlot()->graphCount(), 1);
        page.tracePanel()->axisChoice()->setCurrentIndex(1);
        QVERIFY(page.tracePanel()->tracePlot()->xAxis->label().contains(
            QStringLiteral("Distance (m)")));
        QCOMPARE(page.tracePanel()->deltaPlot()->graphCount(), 1);
        page.tracePanel()->axisChoice()->setCurrentIndex(0);

        for (int t = 0; t < page.tabs()->count(); ++t) {
            page.tabs()->setCurrentIndex(t);
            QTest::qWait(50);
            saveShot(&page, QString::number(t));
        }
        page.tabs()->setCurrentIndex(0);

        // Exports: the report's pages follow from the table sizes and the plots.
        QTemporaryDir dir;
        const QString pdfPath = dir.filePath(QStringLiteral("report.pdf"));
        QString error;
        QVERIFY2(page.exportReport(pdfPath, &error), qPrintable(error));
        QFile pdf(pdfPath);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF"));
        // It names the program and its version as its Creator (a PDF text string:
        // UTF-16BE after a byte-order mark).
        QCOMPARE(ComparisonReport::creator(),
                 QStringLiteral("Vehicle Tuning Workbench %1").arg(QLatin1String(programVersion)));
        QStringEncoder utf16be(QStringConverter::Utf16BE);
        const QByteArray creator = QByteArray("\xfe\xff") + QByteArray(utf16be.encode(ComparisonReport::creator()));
        QVERIFY(bytes.contains("/Creator (" + creator + ")"));
        const int per = ComparisonReport::tableRowsPerPage();
        const int diffRows = static_cast<int>(expected.size());
        // Straight-line runs: speed and ax; the skidpad also ay, yaw rate and a G-G overlay.
        const int plots = 2 + 2 + 5;
        const int expectedPages =
            1 + (diffRows + per - 1) / per + (expectedRows + per - 1) / per +
            (plots + ComparisonReport::plotsPerPage - 1) / ComparisonReport::plotsPerPage;
        QCOMPARE(pdfPageCount(bytes), expectedPages);
        QCOMPARE(page.reportPageCount(), expectedPages);
        if (!qEnvironmentVariableIsEmpty("VTW_COMPARE_SHOTS"))
            QFile::copy(pdfPath, qEnvironmentVariable("VTW_COMPARE_SHOTS") +
                                     QStringLiteral("/compare-report.pdf"));

        const QString metricsCsv = dir.filePath(QStringLiteral("metrics.csv"));
        const QString paramsCsv = dir.filePath(QStringLiteral("params.csv"));
        QVERIFY(page.exportMetricsCsv(metricsCsv, &error));
        QVERIFY(page.exportParameterCsv(paramsCsv, &error));
        QFile m(metricsCsv), p(paramsCsv);
        QVERIFY(m.open(QIODevice::ReadOnly) && p.open(QIODevice::ReadOnly));
        const QStringList mLines = QString::fromUtf8(m.readAll()).split('\n', Qt::SkipEmptyParts);
        const QStringList pLines = QString::fromUtf8(p.readAll()).split('\n', Qt::SkipEmptyParts);
        QVERIFY(mLines.first().startsWith(
            QStringLiteral("maneuver,metric,label,unit,sense,Corvette C5,Lotus Elise S2")));
        QCOMPARE(mLines.size(), expectedRows + 1);
        QVERIFY(mLines.at(1).startsWith(QStringLiteral("acceleration,")));
        QVERIFY(pLines.first().startsWith(
            QStringLiteral("path,parameter,unit,Corvette C5,Lotus Elise S2")));
        QCOMPARE(pLines.size(), diffRows + 1);

        // A new baseline re-tabulates without running again.
        page.setupPicker()->baselineChoice()->setCurrentIndex(1);
        QCOMPARE(data->baseline, std::size_t(1));
        QVERIFY(table->horizontalHeaderItem(MetricsTable::firstSetupColumn + 1)
                    ->text()
                    .contains("baseline"));
        const double c0 = table->item(0, MetricsTable::firstSetupColumn)
                              ->data(MetricsTable::valueRole)
                              .toDouble();
        const double l0 = table->item(0, MetricsTable::firstSetupColumn + 1)
                              ->data(MetricsTable::valueRole)
                              .toDouble();
        QCOMPARE(table->item(0, MetricsTable::firstSetupColumn + 2)
                     ->data(MetricsTable::valueRole)
                     .toDouble(),
                 c0 - l0);
    }

    // An 8 deg step steer at 80 km/h: the Lotus settles on a circle, the gravel
    // Subaru spins (sideslip far past the step steer's 15 deg limit). The
    // Subaru's figures are invalid: the table greys and strikes them out with
    // the reason in the tooltip, and no difference or verdict is drawn from
    // them, whichever setup is the baseline. The report still writes.
    void invalidMetricsAreNoDifference() {
        const Setup lotus = libraryCar("lotus_elise_s2"), subaru = libraryCar("subaru_impreza_sti_gravel");
        const ManeuverOptions options{{"steer_deg", 8.0}};
        ComparisonData data;
        data.names = {QStringLiteral("Lotus"), QStringLiteral("Subaru")};
        data.setups = {lotus, subaru};
        data.maneuvers = {{"step-steer", options}};
        data.comparison.runs = {{singleRun(lotus, "step-steer", options), singleRun(subaru, "step-steer", options)}};
        data.tabulate();
        QVERIFY(!data.metrics.empty());
        int invalidCount = 0;
        for (const MetricComparison& m : data.metrics) {
            // A figure the Lotus did not reach (the settling time) is no result either, and says why.
            QVERIFY2(std::isnan(m.values[0]) ? !m.invalidReasons[0].empty() : m.valid(0), m.invalidReasons[0].c_str());
            QVERIFY(std::isnan(m.deltas[1]));
            QCOMPARE(m.verdicts[1], 0);
            if (std::isnan(m.values[1]))
                continue; // not reached in the spin (the settling time): nothing to call invalid
            QVERIFY2(!m.valid(1) && m.invalidReasons[1].find("spun") != std::string::npos, m.metric.key.c_str());
            ++invalidCount;
        }
        QVERIFY(invalidCount >= 3); // response, rise time, overshoot, steady yaw rate at least
        MetricsTable table;
        table.setComparison(&data);
        QCOMPARE(table.rowCount(), static_cast<int>(data.metrics.size()));
        for (int row = 0; row < table.rowCount(); ++row) {
            QTableWidgetItem* lotusCell = table.item(row, MetricsTable::firstSetupColumn);
            QTableWidgetItem* subaruCell = table.item(row, MetricsTable::firstSetupColumn + 1);
            QVERIFY(!lotusCell->font().strikeOut());
            if (!std::isfinite(subaruCell->data(MetricsTable::valueRole).toDouble())) {
                // Not reached: shown as such, nothing to strike out, and the reason says why.
                QVERIFY2(subaruCell->toolTip().startsWith(QStringLiteral("Not reached: ")) &&
                             subaruCell->data(MetricsTable::invalidReasonRole).toString().contains(QStringLiteral("spun")),
                         qPrintable(subaruCell->toolTip()));
                continue;
            }
            QVERIFY(subaruCell->font().strikeOut());
            QVERIFY(subaruCell->data(MetricsTable::invalidReasonRole).toString().contains(QStringLiteral("spun")));
            QVERIFY(subaruCell->toolTip().startsWith(QStringLiteral("Invalid:")));
            QTableWidgetItem* delta = table.item(row, MetricsTable::firstSetupColumn + 2);
            QVERIFY(std::isnan(delta->data(MetricsTable::valueRole).toDouble()));
            QCOMPARE(delta->data(MetricsTable::verdictRole).toInt(), 0);
        }
        data.setBaseline(1); // the invalid figures as the baseline: still no difference
        for (const MetricComparison& m : data.metrics) {
            QVERIFY(std::isnan(m.deltas[0]));
            QCOMPARE(m.verdicts[0], 0);
        }
        QTemporaryDir dir;
        QString error;
        QVERIFY2(ComparisonReport(data).writePdf(dir.filePath(QStringLiteral("invalid.pdf")), &error),
                 qPrintable(error));
    }

    // On a 1280x720 screen the metrics table of two library cars (their published figures
    // beside) is wider than its page: scrolled to its right end, the metric names stay in
    // view over it, row for row.
    void metricNamesStayWhenScrolledSideways() {
        ComparePage page(nullptr);
        showCorvetteAndLotus(page);
        if (QTest::currentTestFailed())
            return;
        page.resize(1280, 720);
        page.maneuverPicker()->setChecked("acceleration", true);
        QVERIFY(waitForRun(page));
        page.tabs()->setCurrentWidget(page.metricsTable());
        MetricsTable* table = page.metricsTable();
        QApplication::processEvents();
        QScrollBar* sideways = table->horizontalScrollBar();
        QVERIFY2(sideways->maximum() > 0, "the table fits its page: nothing to scroll");
        sideways->setValue(sideways->maximum());
        table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum());
        QApplication::processEvents();
        QTableView* frozen = table->frozenColumn();
        QVERIFY(frozen->isVisible());
        QCOMPARE(frozen->width(), table->columnWidth(0) + 1);
        // The table's own first column has scrolled left, its start out of sight, under the frozen one.
        QVERIFY(table->columnViewportPosition(0) < 0);
        const int lastRow = table->rowCount() - 1;
        const QPoint inside(frozen->width() / 2, table->rowViewportPosition(lastRow) + table->rowHeight(lastRow) / 2);
        QCOMPARE(frozen->geometry().left(), table->viewport()->geometry().left());
        QCOMPARE(frozen->geometry().top(), table->horizontalHeader()->geometry().top());
        // What the frozen column shows there: the metric of the row the table shows there.
        const QModelIndex shown = frozen->indexAt(inside);
        QVERIFY(shown.isValid());
        QCOMPARE(shown.column(), 0);
        QCOMPARE(shown.row(), table->rowAt(inside.y()));
        QCOMPARE(shown.data().toString(), table->item(shown.row(), 0)->text());
        QVERIFY(!shown.data().toString().isEmpty());
        QCOMPARE(frozen->horizontalHeader()->height(), table->horizontalHeader()->height());
        saveShot(&page, QStringLiteral("metrics-scrolled"));
    }

    // Cancel stops a run and keeps the window responsive; nothing is shown as a result.
    void cancelStopsTheRun() {
        ComparePage page(nullptr);
        page.show();
        checkItem(page.setupPicker()->list(), QStringLiteral("Corvette C5"));
        checkItem(page.setupPicker()->list(), QStringLiteral("VW Golf GTI (Mk7)"));
        page.maneuverPicker()->setChecked("top-speed", true);
        page.maneuverPicker()->setChecked("coast-down", true);
        QSignalSpy finished(&page, &ComparePage::comparisonFinished);
        QTest::mouseClick(page.runButton(), Qt::LeftButton);
        QVERIFY(page.isRunning());
        QVERIFY(page.cancelButton()->isEnabled());
        QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
        QVERIFY(finished.wait(runTimeoutMs));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(!page.results());
        QVERIFY(page.runButton()->isEnabled());
    }

    // A yes/no parameter is a check box and a count a whole-number box, in the compare
    // form as in the catalogue; the spec carries 1/0 and whole numbers.
    void maneuverParametersTakeTheirKindsOfValue() {
        ComparePage page(nullptr);
        page.resize(1400, 900);
        page.show();
        QListWidget* maneuvers = page.maneuverPicker()->list();
        maneuvers->setCurrentItem(
            maneuvers->findItems(QStringLiteral("Standing start and quarter mile"), Qt::MatchExactly).first());
        auto* quarter = qobject_cast<QCheckBox*>(page.maneuverPicker()->form()->editor("quarter_mile"));
        QVERIFY(quarter);
        QVERIFY(quarter->isChecked());
        quarter->setChecked(false);
        QCOMPARE(page.maneuverPicker()->form()->spec().options.at("quarter_mile"), 0.0);
        maneuvers->setCurrentItem(maneuvers->findItems(QStringLiteral("Top speed"), Qt::MatchExactly).first());
        auto* gear = qobject_cast<QSpinBox*>(page.maneuverPicker()->form()->editor("gear"));
        QVERIFY(gear);
        QCOMPARE(gear->text(), QStringLiteral("0"));
        std::string error;
        QVERIFY(!makeManeuver("top-speed", {{"gear", 2.5}}, &error));
        QVERIFY2(error.find("whole number") != std::string::npos, error.c_str());
        QVERIFY(makeManeuver("top-speed", {{"gear", 3.0}}, &error));
    }

    // The tint of a difference grows with its size: none inside the neutral band, a
    // quarter at its edge, the full tint at fullTintChangeShare; 0.2 % and 20 % differ.
    void differenceTintIsGraded() {
        QVERIFY(!gradedChangeTint(1, 0.002).isValid());
        QVERIFY(!gradedChangeTint(0, 0.5).isValid());
        QCOMPARE(gradedChangeTint(1, 0.2), betterTint());
        QCOMPARE(gradedChangeTint(-1, -0.2), worseTint());
        const QColor small = gradedChangeTint(1, 0.01), large = gradedChangeTint(1, 0.05);
        // Fainter is closer to white: a larger sum of the channels.
        const auto lightness = [](const QColor& c) { return c.red() + c.green() + c.blue(); };
        QVERIFY(lightness(small) > lightness(large));
        QVERIFY(lightness(large) > lightness(betterTint()));
    }

    // A pass/fail metric reads "yes" or "no" with no unit, and its change "changed"/"same".
    void passFailMetricsReadAsWords() {
        const Metric* stable = nullptr;
        BrakeInTurn run;
        const MetricList metrics = run.metrics();
        stable = findMetric(metrics, "brake_turn_stable");
        QVERIFY(stable);
        QCOMPARE(QString::fromStdString(stable->unit), QString::fromLatin1(yesNoUnit));
        QCOMPARE(formatMetricFigure(1.0, stable->unit), QStringLiteral("yes"));
        QCOMPARE(formatMetricFigure(0.0, stable->unit), QStringLiteral("no"));
        QCOMPARE(formatMetricDelta(-1.0, stable->unit), QStringLiteral("changed"));
        QCOMPARE(metricDisplayUnit(QString::fromLatin1(yesNoUnit), UnitSystem::Imperial).symbol, QString());
        QCOMPARE(formatMetricFigure(1.5, "s"), formatFigure(1.5));
    }

    // The overlaid traces follow the window's units: speed in km/h, then mph, yaw rate in
    // deg/s; the numbers are the telemetry's SI values times the display scale.
    void tracesFollowTheUnitChoice() {
        const Setup base = defaultSetup();
        Setup tuned = base;
        tuned.chassis.mass += 100.0;
        ComparePage page(nullptr);
        showBaseAndTuned(page, base, tuned);
        QVERIFY(waitForRun(page));
        TraceOverlayPanel* traces = page.tracePanel();
        page.tabs()->setCurrentWidget(traces);
        traces->channelChoice()->setCurrentIndex(traces->channelChoice()->findData(QStringLiteral("speed")));
        const std::vector<double>& speed = page.results()->run(0, 0)->telemetry.column("speed");
        const std::size_t last = speed.size() - 1;
        QVERIFY(traces->tracePlot()->yAxis->label().contains(QStringLiteral("km/h")));
        QVERIFY(std::abs(traces->tracePlot()->graph(0)->data()->at(int(last))->value - speed[last] * units::kmhPerMps) < 1e-9);
        page.setUnitSystem(UnitSystem::Imperial);
        QVERIFY(traces->tracePlot()->yAxis->label().contains(QStringLiteral("mph")));
        QVERIFY(std::abs(traces->tracePlot()->graph(0)->data()->at(int(last))->value - speed[last] * units::mphPerMps) < 1e-9);
        traces->channelChoice()->setCurrentIndex(traces->channelChoice()->findData(QStringLiteral("yaw_rate")));
        QVERIFY(traces->tracePlot()->yAxis->label().contains(QStringLiteral("deg/s")));
        // Accelerations in g in both systems; by distance, the ticks read in feet while the
        // coordinates stay metres (what the cursors share): a tick at x m is labelled x/0.3048.
        traces->channelChoice()->setCurrentIndex(traces->channelChoice()->findData(QStringLiteral("ax")));
        QCOMPARE(traces->tracePlot()->yAxis->label(), QStringLiteral("Longitudinal acceleration (g)"));
        const std::vector<double>& ax = page.results()->run(0, 0)->telemetry.column("ax");
        QVERIFY(std::abs(traces->tracePlot()->graph(0)->data()->at(int(last))->value - ax[last] / units::gravity) < 1e-12);
        traces->axisChoice()->setCurrentIndex(traces->axisChoice()->findData(int(TraceAxis::Distance)));
        QCPAxis* x = traces->tracePlot()->xAxis;
        QCOMPARE(x->label(), QStringLiteral("Distance (ft)"));
        const std::vector<double>& distance = page.results()->run(0, 0)->telemetry.column("distance");
        QCOMPARE(traces->tracePlot()->graph(0)->data()->at(int(last))->key, distance[last]);
        traces->tracePlot()->replot();
        QVector<double> ticks, subTicks;
        QVector<QString> labels;
        x->ticker()->generate(x->range(), QLocale::c(), 'g', 6, ticks, &subTicks, &labels);
        QVERIFY(ticks.size() >= 2);
        for (int i = 0; i < ticks.size(); ++i)
            QVERIFY2(std::abs(labels[i].toDouble() - ticks[i] / units::metresPerFoot) < 1e-6 * std::max(1.0, std::abs(labels[i].toDouble())),
                     qPrintable(QStringLiteral("tick at %1 m labelled %2").arg(ticks[i]).arg(labels[i])));
        // The delta-time against the reference run reads its distance in the same unit.
        QCPAxis* referenceX = page.traceTools()->referencePanel()->deltaPlot()->xAxis;
        QCOMPARE(referenceX->label(), QStringLiteral("Distance (ft)"));
        page.setUnitSystem(UnitSystem::SI);
        QCOMPARE(x->label(), QStringLiteral("Distance (m)"));
        QCOMPARE(referenceX->label(), QStringLiteral("Distance (m)"));
        QCOMPARE(traces->tracePlot()->yAxis->label(), QStringLiteral("Longitudinal acceleration (g)"));
    }

    // Results go out of date when a compared setup is edited or closed: a banner says
    // which and why, the exports are refused, and one click runs the comparison again.
    void staleResultsAreMarkedAndRerun() {
        const Setup base = defaultSetup();
        Setup tuned = base;
        tuned.chassis.mass += 100.0;
        ComparePage page(nullptr);
        showBaseAndTuned(page, base, tuned);
        QVERIFY(waitForRun(page));
        QVERIFY(page.staleReason().isEmpty());
        QVERIFY(page.findChild<QPushButton*>(QStringLiteral("exportMetricsCsv"))->isEnabled());

        Setup edited = tuned;
        edited.chassis.mass += 50.0;
        page.setAvailableSetups({{QStringLiteral("base"), QStringLiteral("Base"), base}, {QStringLiteral("tuned"), QStringLiteral("Tuned"), edited}});
        QVERIFY(page.staleReason().contains(QStringLiteral("Tuned")));
        QVERIFY(page.findChild<QWidget*>(QStringLiteral("compareStaleBanner"))->isVisible());
        QVERIFY(!page.findChild<QPushButton*>(QStringLiteral("exportMetricsCsv"))->isEnabled());
        QTemporaryDir dir;
        QString error;
        QVERIFY(!page.exportMetricsCsv(dir.filePath(QStringLiteral("m.csv")), &error));
        QVERIFY2(error.contains(QStringLiteral("out of date")), qPrintable(error));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("m.csv"))));

        // Undoing the edit makes them current again; closing a setup makes them stale.
        page.setAvailableSetups({{QStringLiteral("base"), QStringLiteral("Base"), base}, {QStringLiteral("tuned"), QStringLiteral("Tuned"), tuned}});
        QVERIFY(page.staleReason().isEmpty());
        page.setAvailableSetups({{QStringLiteral("base"), QStringLiteral("Base"), base}, {QStringLiteral("tuned"), QStringLiteral("Tuned"), edited}});

        QSignalSpy finished(&page, &ComparePage::comparisonFinished);
        QTest::mouseClick(page.rerunButton(), Qt::LeftButton);
        QVERIFY(finished.wait(runTimeoutMs));
        QVERIFY(page.staleReason().isEmpty());
        QVERIFY(!page.findChild<QWidget*>(QStringLiteral("compareStaleBanner"))->isVisible());
        QCOMPARE(page.results()->setups[1].chassis.mass, edited.chassis.mass);
        QVERIFY(page.exportMetricsCsv(dir.filePath(QStringLiteral("m.csv")), &error));

        page.setAvailableSetups({{QStringLiteral("base"), QStringLiteral("Base"), base}});
        QVERIFY2(page.staleReason().contains(QStringLiteral("no longer open")), qPrintable(page.staleReason()));
    }

    // A compared setup is the same setup through an edit and a rename: its entry stays
    // checked, the baseline stays on it, and the banner says it changed, not that it
    // was closed (setups are known by their document's id, not their name).
    void editedAndRenamedSetupKeepsItsPlace() {
        const Setup base = defaultSetup();
        Setup tuned = base;
        tuned.chassis.mass += 100.0;
        ComparePage page(nullptr);
        showBaseAndTuned(page, base, tuned);
        page.setupPicker()->setBaselineIndex(1);
        QCOMPARE(page.setupPicker()->baselineId(), QStringLiteral("tuned"));
        QVERIFY(waitForRun(page));
        QCOMPARE(page.results()->baseline, std::size_t(1));

        Setup renamed = tuned;
        renamed.chassis.mass += 50.0;
        page.setAvailableSetups({{QStringLiteral("base"), QStringLiteral("Base"), base},
                                 {QStringLiteral("tuned"), QStringLiteral("Tuned, lighter"), renamed}});
        const QList<OfferedSetup> checked = page.setupPicker()->checkedSetups();
        QCOMPARE(checked.size(), 2);
        QCOMPARE(checked[1].id, QStringLiteral("tuned"));
        QCOMPARE(checked[1].name, QStringLiteral("Tuned, lighter"));
        QCOMPARE(page.setupPicker()->baselineId(), QStringLiteral("tuned"));
        QCOMPARE(page.setupPicker()->baselineChoice()->currentText(), QStringLiteral("Tuned, lighter"));
        QCOMPARE(page.results()->baseline, std::size_t(1)); // the finished results keep theirs
        QVERIFY2(page.staleReason().contains(QStringLiteral("Tuned changed since the run")),
                 qPrintable(page.staleReason()));
        QVERIFY2(!page.staleReason().contains(QStringLiteral("no longer open")), qPrintable(page.staleReason()));
    }
};

QTEST_MAIN(TestUiCompare)
#include "tst_ui_compare.moc"
