// The Compare workspace's cursor, A/B markers and reference run, driven through the
// widgets offscreen: mouse moves and clicks on the overlaid traces, the pin button.

#include "AbDeltaTable.h"
#include "PlotHover.h"
#include "ComparePage.h"
#include "CompareTraceTools.h"
#include "ComparisonData.h"
#include "GripOverlayPanel.h"
#include "Units.h"
#include "analysis/TraceInterpolation.h"
#include "CursorLines.h"
#include "ManeuverPicker.h"
#include "ReferencePanel.h"
#include "ReferenceRuns.h"
#include "ReferenceTraces.h"
#include "SetupPicker.h"
#include "TraceOverlayPanel.h"
#include "analysis/TraceInterpolation.h"

#include <QApplication>
#include <QComboBox>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>

using namespace vtw;

namespace {

constexpr int runTimeoutMs = 120000;

void checkItem(QListWidget* list, const QString& text) {
    const QList<QListWidgetItem*> found = list->findItems(text, Qt::MatchExactly);
    QVERIFY2(found.size() == 1, qPrintable(text));
    found.first()->setCheckState(Qt::Checked);
}

QPoint pixelOf(QCustomPlot* plot, double x) {
    return QPoint(qRound(plot->xAxis->coordToPixel(x)), plot->axisRect()->center().y());
}

} // namespace

class TestCompareCursors : public QObject {
    Q_OBJECT
private slots:
    void cursorAbAndReferenceOnTheOverlay();
};

void TestCompareCursors::cursorAbAndReferenceOnTheOverlay() {
    // Two setups, the second 300 kg heavier, through the default acceleration run.
    Setup heavier = defaultSetup();
    heavier.chassis.mass += 300.0;
    ComparePage page;
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.setAvailableSetups({{QStringLiteral("Base"), defaultSetup()}, {QStringLiteral("Heavy"), heavier}});
    checkItem(page.setupPicker()->list(), QStringLiteral("Base"));
    checkItem(page.setupPicker()->list(), QStringLiteral("Heavy"));
    QSignalSpy finished(&page, &ComparePage::comparisonFinished);
    QTest::mouseClick(page.runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(runTimeoutMs));
    ReferenceRuns runs;
    page.setReferenceRuns(&runs);
    CompareTraceTools* tools = page.traceTools();
    page.tabs()->setCurrentWidget(tools);
    QCustomPlot* plot = page.tracePanel()->tracePlot();
    plot->replot();

    // Hovering moves the cursor on the traces and on the delta plot.
    hover(plot, pixelOf(plot, 3.0));
    const double at = tools->cursor()->position().value();
    QVERIFY(std::abs(at - 3.0) < 0.1);
    plot->replot();
    QVERIFY(tools->traceCursorLines()->cursorLine(plot->axisRect())->visible());

    // The G-G view marks each run's state at the cursor, at its ay and ax there (in g);
    // past the runs' end there is no state and no mark.
    GripOverlayPanel* grip = page.gripPanel();
    QCOMPARE(grip->cursorMarkCount(), std::size_t(2));
    {
        const Telemetry& base = page.results()->run(0, 0)->telemetry;
        const double ax = interpolateOnto(base.column("time"), base.column("ax"), {at})[0];
        QCPCurve* mark = nullptr;
        for (int k = 0; k < grip->plot()->plottableCount(); ++k)
            if (grip->plot()->plottable(k)->objectName() == QLatin1String("gripCursorMark") && !mark)
                mark = qobject_cast<QCPCurve*>(grip->plot()->plottable(k));
        QVERIFY(mark);
        QVERIFY(std::abs(mark->data()->begin()->value - ax / units::gravity) < 1e-12);
    }
    tools->cursor()->setPosition(1e6);
    QCOMPARE(grip->cursorMarkCount(), std::size_t(0));
    tools->cursor()->setPosition(at);

    // A and B: each run's speed there, and the difference.
    QTest::mouseClick(plot, Qt::LeftButton, Qt::ControlModifier, pixelOf(plot, 2.0));
    QTest::mouseClick(plot, Qt::LeftButton, Qt::ShiftModifier, pixelOf(plot, 5.0));
    const double a = tools->cursor()->marker(WorkspaceCursor::Marker::A).value();
    const double b = tools->cursor()->marker(WorkspaceCursor::Marker::B).value();
    AbDeltaTable* table = tools->abTable();
    QCOMPARE(table->table()->rowCount(), 2);
    const std::vector<TraceSeries> series = traceSeries(*page.results(), page.tracePanel()->selection());
    for (int r = 0; r < 2; ++r) {
        const TraceSeries& s = series[static_cast<std::size_t>(r)];
        const std::vector<double> v = interpolateOnto(s.x, s.y, {a, b});
        // In the traces' units: km/h with the window's default SI choice.
        QCOMPARE(table->cellText(r, 0), QStringLiteral("%1: Speed (km/h)").arg(s.name));
        QCOMPARE(table->cellText(r, 1), QString::number(v[0] * units::kmhPerMps, 'g', 5));
        QCOMPARE(table->cellText(r, 3), QString::number(v[1] * units::kmhPerMps - v[0] * units::kmhPerMps, 'g', 5));
    }
    // The heavier car gains less speed between the markers.
    QVERIFY(table->cellText(1, 3).toDouble() < table->cellText(0, 3).toDouble());

    // Pin the baseline: drawn behind the traces, kept through a change of channel.
    QTest::mouseClick(tools->referencePanel()->pinButton(), Qt::LeftButton);
    QCOMPARE(runs.runs().size(), std::size_t(1));
    QVERIFY(runs.current()->name.startsWith(QStringLiteral("Base - ")));
    plot->replot();
    QCOMPARE(referenceGraphs(plot).size(), std::size_t(1));
    QComboBox* channel = page.tracePanel()->channelChoice();
    channel->setCurrentIndex(channel->findData(QStringLiteral("rpm")));
    plot->replot();
    const std::vector<QCPGraph*> reference = referenceGraphs(plot);
    QCOMPARE(reference.size(), std::size_t(1));
    const std::vector<double>& rpm = runs.current()->table.find("rpm")->values;
    QCOMPARE(reference.front()->dataCount(), static_cast<int>(rpm.size()));
    QCOMPARE(reference.front()->data()->at(10)->value, rpm[10]);
    // The baseline against itself: no delta-time anywhere.
    QCPGraph* delta = tools->referencePanel()->deltaPlot()->graph(0);
    QVERIFY(delta && delta->dataCount() > 100);
    for (auto it = delta->data()->constBegin(); it != delta->data()->constEnd(); ++it)
        QVERIFY(!std::isfinite(it->value) || it->value == 0.0);

    QTest::mouseClick(tools->referencePanel()->unpinButton(), Qt::LeftButton);
    plot->replot();
    QVERIFY(referenceGraphs(plot).empty());
}

QTEST_MAIN(TestCompareCursors)
#include "tst_compare_cursors.moc"
