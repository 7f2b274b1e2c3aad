// The Compare workspace's cursor, A/B markers and reference run, driven through the
// widgets offscreen: mouse moves and clicks on the overlaid traces, the pin button.

#include "ui/analysis/AbDeltaTable.h"
#include "tests/support/PlotHover.h"
#include "ui/compare/ComparePage.h"
#include "ui/compare/CompareTraceTools.h"
#include "ui/compare/ComparisonData.h"
#include "ui/compare/GripOverlayPanel.h"
#include "core/base/Units.h"
#include "core/analysis/TraceInterpolation.h"
#include "ui/analysis/CursorLines.h"
#include "ui/compare/ManeuverPicker.h"
#include "ui/analysis/ReferencePanel.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/analysis/ReferenceTraces.h"
#include "ui/compare/SetupPicker.h"
#include "ui/compare/TraceOverlayPanel.h"
#include "core/analysis/TraceInterpolation.h"
#include "ui/analysis/ChannelDisplay.h"
#include "ui/shared/CompareStyle.h"
#include "ui/mathchannels/RunMathChannels.h"

#include <QApplication>
#include <QLabel>
#include <QToolButton>
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

// The page on screen at this size, run with two setups, the second 300 kg heavier, through
// the default acceleration run; whether the run finished.
bool compareBaseAndHeavy(ComparePage& page, QSize size) {
    Setup heavier = defaultSetup();
    heavier.chassis.mass += 300.0;
    page.resize(size);
    page.show();
    if (!QTest::qWaitForWindowExposed(&page))
        return false;
    page.setAvailableSetups({{QStringLiteral("base"), QStringLiteral("Base"), defaultSetup()}, {QStringLiteral("heavy"), QStringLiteral("Heavy"), heavier}});
    checkItem(page.setupPicker()->list(), QStringLiteral("Base"));
    checkItem(page.setupPicker()->list(), QStringLiteral("Heavy"));
    QSignalSpy finished(&page, &ComparePage::comparisonFinished);
    QTest::mouseClick(page.runButton(), Qt::LeftButton);
    return finished.wait(runTimeoutMs);
}

QPoint pixelOf(QCustomPlot* plot, double x) {
    return QPoint(qRound(plot->xAxis->coordToPixel(x)), plot->axisRect()->center().y());
}

} // namespace

class TestCompareCursors : public QObject {
    Q_OBJECT
private slots:
    void cursorAbAndReferenceOnTheOverlay();
    void severalChannelsWithReadouts();
};

// Three channels on a 1280x720 page: three stacked plots on one x axis, and under each the
// value of every run at the cursor, as the traces interpolate it, in the window's units.
void TestCompareCursors::severalChannelsWithReadouts() {
    ComparePage page;
    QVERIFY(compareBaseAndHeavy(page, QSize(1280, 720)));
    CompareTraceTools* tools = page.traceTools();
    page.tabs()->setCurrentWidget(tools);
    TraceOverlayPanel* panel = page.tracePanel();
    QTest::mouseClick(panel->addChannelButton(), Qt::LeftButton);
    QTest::mouseClick(panel->addChannelButton(), Qt::LeftButton);
    const QStringList chosen = {QStringLiteral("speed"), QStringLiteral("rpm"), QStringLiteral("ax")};
    for (int p = 1; p < 3; ++p) {
        auto* box = panel->findChild<QComboBox*>(QStringLiteral("traceChannel%1").arg(p));
        QVERIFY(box);
        box->setCurrentIndex(box->findData(chosen[p]));
    }
    QCOMPARE(panel->channels(), chosen);
    const std::vector<QCustomPlot*> plots = panel->channelPlots();
    QCOMPARE(plots.size(), std::size_t(3));
    QApplication::processEvents();
    for (std::size_t p = 0; p < plots.size(); ++p) {
        const auto info = channelCatalogue()[std::size_t(channelIndex(chosen[int(p)].toStdString()))];
        QVERIFY2(plots[p]->yAxis->label().startsWith(QString::fromStdString(info.label)),
                 qPrintable(plots[p]->yAxis->label()));
        QCOMPARE(plots[p]->graphCount(), 2); // one per run
        QVERIFY(plots[p]->isVisible() && plots[p]->height() >= 100);
        plots[p]->replot();
    }

    // Hovering the last plot moves the cursor; every plot reads out both runs there.
    hover(plots[2], pixelOf(plots[2], 3.0));
    const double at = tools->cursor()->position().value();
    QVERIFY(std::abs(at - 3.0) < 0.1);
    for (int p = 0; p < 3; ++p) {
        TraceSelection s = panel->selection();
        s.channel = chosen[p].toStdString();
        const ChannelDisplay shown = channelDisplay(channelOrMathInfo(s.channel)->unit, s.units);
        const QString text = panel->readout(p)->text();
        QVERIFY2(text.contains(QStringLiteral("%1 s").arg(at, 0, 'f', 2)), qPrintable(text));
        const std::vector<TraceSeries> series = traceSeries(*page.results(), s);
        QCOMPARE(series.size(), std::size_t(2));
        for (const TraceSeries& run : series) {
            const double v = interpolateOnto(run.x, run.y, {at})[0] * shown.scale;
            const QString expected = QStringLiteral("%1 %2 %3").arg(run.name, formatFigure(v), shown.unit);
            QVERIFY2(text.contains(expected), qPrintable(text + QStringLiteral(" lacks ") + expected));
        }
    }

    // Zooming one plot zooms them all: one x axis.
    plots[1]->xAxis->setRange(1.0, 4.0);
    for (QCustomPlot* plot : plots)
        QCOMPARE(plot->xAxis->range(), QCPRange(1.0, 4.0));
    QCOMPARE(panel->deltaPlot()->xAxis->range(), QCPRange(1.0, 4.0));

    // The A/B table lists every run of every channel.
    tools->cursor()->setMarker(WorkspaceCursor::Marker::A, 2.0);
    tools->cursor()->setMarker(WorkspaceCursor::Marker::B, 5.0);
    QCOMPARE(tools->abTable()->table()->rowCount(), 6);
    // Removing a plot takes its channel away.
    auto* remove = plots[2]->parentWidget()->findChild<QToolButton*>();
    QVERIFY(remove);
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(panel->channels(), chosen.mid(0, 2));
    QCOMPARE(panel->channelPlots().size(), std::size_t(2));
    QCOMPARE(tools->abTable()->table()->rowCount(), 4);
}

void TestCompareCursors::cursorAbAndReferenceOnTheOverlay() {
    ComparePage page;
    QVERIFY(compareBaseAndHeavy(page, QSize(1400, 900)));
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
