// The live derived figures: computed in the background, restarted by edits,
// and equal to what runManeuver gives for the same setup.
#include "ui/setups/DerivedFiguresPanel.h"
#include "ui/shared/DisplayUnits.h"
#include "ui/document/SetupDocument.h"
#include "ui/setups/TargetsEditor.h"
#include "core/vehicle/Targets.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>

using namespace vtw;

namespace {
constexpr int figureTimeoutMs = 20000;

// The same run the panel asks core for, done here directly.
const Metric* runAndFind(const Setup& setup, const std::string& maneuver, const std::string& key,
                         RunResult& run) {
    std::string error;
    auto m = makeManeuver(maneuver, {}, &error);
    if (!m)
        return nullptr;
    run = runManeuver(setup, *m);
    for (const Metric& metric : run.metrics) {
        if (metric.key.find(key) != std::string::npos)
            return &metric;
    }
    return nullptr;
}

void checkAgainstCore(const DerivedFiguresPanel& panel, const Setup& setup) {
    int compared = 0;
    for (const DerivedFigure& f : panel.figures().figures) {
        if (!f.available)
            continue;
        RunResult run;
        const Metric* expected = runAndFind(setup, f.maneuver, f.metricKey, run);
        QVERIFY2(expected, f.metricKey.c_str());
        QCOMPARE(f.ok, expected->reached);
        if (!f.ok)
            continue;
        QCOMPARE(f.metric.value, expected->value); // deterministic: bit-identical
        const ShownMetric shown =
            showMetric(expected->value, QString::fromStdString(expected->unit), UnitSystem::SI);
        QCOMPARE(panel.valueText(f.metricKey),
                 formatNumber(shown.value, std::abs(shown.value) >= 100.0 ? 1 : 2));
        ++compared;
    }
    QVERIFY(compared >= 4); // acceleration (2), top speed, braking at least
    const auto gears = gearTopSpeeds(setup);
    QCOMPARE(panel.figures().gears.size(), gears.size());
    for (std::size_t i = 0; i < gears.size(); ++i)
        QCOMPARE(panel.figures().gears[i].topSpeed, gears[i].topSpeed);
    QCOMPARE(panel.gearTable()->rowCount(), int(gears.size()));
}
} // namespace

class TestUiDerived : public QObject {
    Q_OBJECT
private slots:
    void figuresEqualRunManeuver() {
        SetupDocument document(defaultSetup());
        DerivedFiguresPanel panel;
        QSignalSpy shown(&panel, &DerivedFiguresPanel::figuresShown);
        panel.setDocument(&document);
        QVERIFY(shown.wait(figureTimeoutMs));
        QVERIFY(panel.isUpToDate());
        checkAgainstCore(panel, document.setup());
    }

    // Several quick edits: the figures shown are those of the last setup, and
    // the event loop keeps running meanwhile (the work is on another thread).
    void editsRestartTheComputation() {
        SetupDocument document(defaultSetup());
        DerivedFiguresPanel panel;
        QSignalSpy shown(&panel, &DerivedFiguresPanel::figuresShown);
        panel.setDocument(&document);
        QVERIFY(shown.wait(figureTimeoutMs));
        shown.clear();
        for (double mass : {1400.0, 1550.0, 1700.0}) {
            document.changeValue(QStringLiteral("chassis.mass"), mass);
            QTest::qWait(20);
            QVERIFY(!panel.isUpToDate());
        }
        QVERIFY(shown.wait(figureTimeoutMs));
        QCOMPARE(shown.count(), 1); // the stale runs never reached the screen
        checkAgainstCore(panel, document.setup());
        QCOMPARE(document.setup().chassis.mass, 1700.0);
    }

    // A car whose steering cannot reach the skidpad's circle: its figures show
    // "—" and the tooltip says when and why the run ended.
    void unreachedFigureSaysWhy() {
        Setup setup = defaultSetup();
        setup.steering.maxSteerAngle = 1.0 * 3.14159265358979 / 180.0;
        SetupDocument document(setup);
        DerivedFiguresPanel panel;
        QSignalSpy shown(&panel, &DerivedFiguresPanel::figuresShown);
        panel.setDocument(&document);
        QVERIFY(shown.wait(figureTimeoutMs));
        for (const char* key : {"max_lateral", "understeer_gradient"}) {
            const QLabel* value = panel.findChild<QLabel*>(QString::fromLatin1(key));
            QVERIFY(value);
            QCOMPARE(value->text(), QStringLiteral("—"));
            QVERIFY2(value->toolTip().startsWith(QStringLiteral("not reached: the run ended at")) &&
                         value->toolTip().contains(QStringLiteral("full lock")),
                     qPrintable(value->toolTip()));
        }
    }

    // Published figures entered through the editor's widgets (one undo step
    // each) appear beside the simulated ones with the deviation; an invalid
    // edit is refused and leaves the document as it was; undo takes them away.
    void publishedFiguresBesideTheSimulated() {
        SetupDocument document(defaultSetup());
        TargetsEditor editor(&document);
        DerivedFiguresPanel panel;
        QSignalSpy shown(&panel, &DerivedFiguresPanel::figuresShown);
        panel.setDocument(&document);
        QVERIFY(shown.wait(figureTimeoutMs));
        QCOMPARE(panel.publishedText("t_0_100_kmh_s"), QString());
        QCOMPARE(panel.deviationText("t_0_100_kmh_s"), QString());

        // Add 0-100 km/h = 5.0 s from the add row.
        QComboBox* metric = editor.newMetric();
        const int index = metric->findData(QStringLiteral("t_0_100_kmh_s"));
        QVERIFY(index >= 0);
        metric->setCurrentIndex(index);
        QTest::keyClicks(editor.newValue(), QStringLiteral("5"));
        QVERIFY(!editor.addButton()->isEnabled()); // no source yet
        QTest::keyClicks(editor.newSource(), QStringLiteral("test figure, 2024"));
        QVERIFY(editor.addButton()->isEnabled());
        const int undoBefore = document.undoStack()->count();
        shown.clear();
        QTest::mouseClick(editor.addButton(), Qt::LeftButton);
        QCOMPARE(document.undoStack()->count(), undoBefore + 1);
        QCOMPARE(document.setup().targets.size(), std::size_t(1));
        QCOMPARE(document.setup().targets[0].value, 5.0);
        QCOMPARE(editor.table()->rowCount(), 1);
        QVERIFY(editor.newMetric()->findData(QStringLiteral("t_0_100_kmh_s")) < 0); // one per metric
        // The skidpad's figure: found through the panel's stem row.
        editor.newMetric()->setCurrentIndex(
            editor.newMetric()->findData(QStringLiteral("skidpad_max_lateral_g")));
        QTest::keyClicks(editor.newValue(), QStringLiteral("2"));
        QTest::keyClicks(editor.newSource(), QStringLiteral("a racing car's figure"));
        QTest::mouseClick(editor.addButton(), Qt::LeftButton);
        QCOMPARE(document.setup().targets.size(), std::size_t(2));

        QVERIFY(shown.wait(figureTimeoutMs));
        const DerivedFigure* f = panel.figures().find("t_0_100_kmh_s");
        QVERIFY(f && f->ok);
        QCOMPARE(panel.publishedText("t_0_100_kmh_s"), formatNumber(5.0, 2));
        const double d = (f->metric.value - 5.0) / 5.0;
        QCOMPARE(panel.deviationText("t_0_100_kmh_s"),
                 QStringLiteral("%1%2 %").arg(d > 0 ? "+" : "", formatNumber(100.0 * d, 1)));
        const DerivedFigure* lateral = panel.figures().find("max_lateral");
        QVERIFY(lateral && lateral->ok);
        QCOMPARE(panel.publishedText("max_lateral"), formatNumber(2.0, 2));
        QVERIFY(panel.deviationText("max_lateral").startsWith(QLatin1Char('-'))); // a road car is far below 2 g
        QCOMPARE(panel.publishedText("quarter_mile_s"), QString()); // no target, nothing shown

        // An invalid value typed into the table is refused; the document keeps 5.0.
        QSignalSpy refused(&editor, &TargetsEditor::refused);
        editor.table()->item(0, 1)->setText(QStringLiteral("-3"));
        QTRY_COMPARE(refused.count(), 1);
        QVERIFY(refused.first().first().toString().startsWith(QStringLiteral("targets[0].value: must be > 0")));
        QCOMPARE(document.setup().targets[0].value, 5.0);
        QTRY_COMPARE(editor.table()->item(0, 1)->text(), QLocale().toString(5.0, 'g', 10));
        // A valid one goes in as one more undo step.
        editor.table()->item(0, 1)->setText(QLocale().toString(4.5));
        QTRY_COMPARE(document.setup().targets[0].value, 4.5);

        // Remove the selected row, then undo everything: the figures go away.
        editor.table()->selectRow(1);
        QTest::mouseClick(editor.removeButton(), Qt::LeftButton);
        QCOMPARE(document.setup().targets.size(), std::size_t(1));
        while (document.undoStack()->index() > undoBefore)
            document.undoStack()->undo();
        QVERIFY(document.setup().targets.empty());
        QCOMPARE(editor.table()->rowCount(), 0);
        shown.clear();
        QVERIFY(shown.wait(figureTimeoutMs));
        QCOMPARE(panel.publishedText("t_0_100_kmh_s"), QString());
    }
};

QTEST_MAIN(TestUiDerived)
#include "tst_ui_derived.moc"
