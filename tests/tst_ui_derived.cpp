// The live derived figures: computed in the background, restarted by edits,
// and equal to what runManeuver gives for the same setup.
#include "DerivedFiguresPanel.h"
#include "DisplayUnits.h"
#include "SetupDocument.h"
#include "maneuvers/ManeuverFactory.h"
#include "maneuvers/ManeuverRunner.h"

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
};

QTEST_MAIN(TestUiDerived)
#include "tst_ui_derived.moc"
