// The compare page driven through its widgets, offscreen: pick two library
// cars and maneuvers, run, and check that what the page shows is what core
// computes for single runs (runManeuver), that the parameter diff is exactly
// diffSetups, that the attribution and the sweeps agree with re-runs done
// here, and that the report and CSV exports are complete.
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

using namespace vtw;

namespace {

// Runs are deterministic: the page's numbers must equal single runs exactly.
constexpr int runTimeoutMs = 120000;

Setup libraryCar(const char* file) {
    return *loadLibraryCar(QStringLiteral(":/cars/%1.json").arg(QLatin1String(file))).setup;
}

RunResult singleRun(const Setup& setup, const std::string& id,
                    const ManeuverOptions& options = {}) {
    std::string error;
    auto maneuver = makeManeuver(id, options, &error);
    return runManeuver(setup, *maneuver);
}

double metricOf(const RunResult& r, const std::string& key) {
    const Metric* m = findMetric(r.metrics, key);
    return m && m->reached ? m->value : std::nan("");
}

void checkItem(QListWidget* list, const QString& text) {
    const QList<QListWidgetItem*> found = list->findItems(text, Qt::MatchExactly);
    QVERIFY2(found.size() == 1, qPrintable(text));
    found.first()->setCheckState(Qt::Checked);
}

// Runs the sweep panel's sweep from its button; whether it finished with its points.
bool runSweepPanel(SweepPanel* sweep) {
    QSignalSpy finished(sweep, &SweepPanel::sweepFinished);
    QTest::mouseClick(sweep->runButton(), Qt::LeftButton);
    return finished.wait(runTimeoutMs) && finished.first().first().toBool();
}

// The page shown with two setups, "Base" and "Tuned", both checked.
void showBaseAndTuned(ComparePage& page, const Setup& base, const Setup& tuned) {
    page.resize(1400, 900);
    page.show();
    page.setAvailableSetups({{QStringLiteral("base"), QStringLiteral("Base"), base}, {QStringLiteral("tuned"), QStringLiteral("Tuned"), tuned}});
    checkItem(page.setupPicker()->list(), QStringLiteral("Base"));
    checkItem(page.setupPicker()->list(), QStringLiteral("Tuned"));
}

// Pages of a PDF: page objects, not the page-tree node.
int pdfPageCount(const QByteArray& pdf) {
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s\\w])"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

// The page shown with its Sweeps tab on the given base setup (nullptr if the
// window never appeared).
SweepPanel* showSweepTab(ComparePage& page, const QString& baseSetup) {
    page.resize(1400, 900);
    page.show();
    if (!QTest::qWaitForWindowExposed(&page))
        return nullptr;
    SweepPanel* sweep = page.sweepPanel();
    page.tabs()->setCurrentWidget(sweep);
    sweep->baseChoice()->setCurrentIndex(sweep->baseChoice()->findText(baseSetup));
    return sweep;
}

void saveShot(QWidget* widget, const QString& name) {
    const QString dir = qEnvironmentVariable("VTW_COMPARE_SHOTS");
    if (!dir.isEmpty())
        widget->grab().save(dir + QStringLiteral("/compare-%1.png").arg(name));
}

// The page shown with the library's Corvette and Lotus checked and no maneuver yet (the
// default acceleration run unchecked).
void showCorvetteAndLotus(ComparePage& page) {
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    checkItem(page.setupPicker()->list(), QStringLiteral("Corvette C5"));
    checkItem(page.setupPicker()->list(), QStringLiteral("Lotus Elise S2"));
    page.maneuverPicker()->setChecked("acceleration", false);
}

bool waitForRun(ComparePage& page) {
    QSignalSpy finished(&page, &ComparePage::comparisonFinished);
    QTest::mouseClick(page.runButton(), Qt::LeftButton);
    if (!finished.wait(runTimeoutMs))
        return false;
    return finished.first().first().toBool();
}

} // namespace

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

QTEST_MAIN(TestUiCompare)
#include "tst_ui_compare.moc"
