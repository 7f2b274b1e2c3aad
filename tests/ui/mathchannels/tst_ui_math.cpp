// Math channels in the window: the dialog driven through its widgets (a bad formula
// shows its error at the right place as it is typed; OK keeps the list), and a math
// channel offered and plotted by the Live traces, the Compare trace overlay and the
// Track lap traces, with the numbers its formula gives, and in the exported CSVs.
#include "ui/track/LapTracePlots.h"
#include "ui/live/LiveHistory.h"
#include "ui/live/LiveMathChannels.h"
#include "ui/live/LiveAnalysis.h"
#include "ui/live/LiveTracePlots.h"
#include "ui/mathchannels/MathChannelStore.h"
#include "ui/mathchannels/MathChannelsDialog.h"
#include "ui/mathchannels/RunMathChannels.h"
#include "ui/compare/TraceOverlayPanel.h"
#include "ui/track/TrackChooser.h"
#include "ui/track/TrackPage.h"

#include "ui/compare/ComparisonData.h"
#include "core/mathchannels/MathChannelJson.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/setupfile/CarLibrary.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>

using namespace vtw;

namespace {

constexpr double gravity = 9.80665; // the formula's divisor
// The plotted value against the formula evaluated by hand: a few ulps.
constexpr double valueTolerance = 1e-9;
constexpr int lapWaitMs = 20000;

const MathChannel axInG{"ax_g", "g", "ax / 9.80665"};

// The editor of a table cell, opened as a double click would (or already open).
QLineEdit* openEditor(QTableWidget* table, int row, int column) {
    const QModelIndex index = table->model()->index(row, column);
    if (!table->indexWidget(index)) {
        table->setCurrentCell(row, column);
        table->editItem(table->item(row, column));
    }
    return qobject_cast<QLineEdit*>(table->indexWidget(index));
}

// Saves a view for checking by eye when VTW_MATH_SHOTS names a folder.
void saveShot(QWidget* widget, const QString& name) {
    const QString dir = qEnvironmentVariable("VTW_MATH_SHOTS");
    if (!dir.isEmpty())
        widget->grab().save(dir + QStringLiteral("/math-%1.png").arg(name));
}

} // namespace

class TestUiMath : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        Q_INIT_RESOURCE(resources); // the library's cars and tracks
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vtw-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_math"));
        QSettings().clear();
    }

    void init() { MathChannelStore::instance().setChannels({}); }

    void dialogShowsTheErrorWhereItIsAsTyped() {
        MathChannelsDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTableWidget* table = dialog.table();
        dialog.findChild<QPushButton*>(QStringLiteral("mathChannelAdd"))->click();
        QCOMPARE(table->rowCount(), 1);

        QLineEdit* name = openEditor(table, 0, MathChannelsDialog::NameColumn);
        QVERIFY(name);
        QTest::keyClicks(name, QStringLiteral("ax_g"));
        QTest::keyClick(name, Qt::Key_Return); // the delegate commits at the next turn of the event loop
        QTRY_COMPARE(table->item(0, MathChannelsDialog::NameColumn)->text(), QStringLiteral("ax_g"));

        QLineEdit* formula = openEditor(table, 0, MathChannelsDialog::FormulaColumn);
        QVERIFY(formula);
        QTest::keyClicks(formula, QStringLiteral("speed * * 2"));
        // Still typing: the problem is shown already, under the second '*'.
        QCOMPARE(dialog.problemRow(), 0);
        QCOMPARE(dialog.problemPosition(), 8);
        QVERIFY2(dialog.problemView()->text().contains(QStringLiteral("unexpected &#39;*&#39;")) ||
                     dialog.problemView()->text().contains(QStringLiteral("unexpected '*'")),
                 qPrintable(dialog.problemView()->text()));
        QVERIFY(dialog.problemView()->text().contains(QStringLiteral("        ^")));
        saveShot(&dialog, QStringLiteral("dialog-error"));

        // An unknown channel: marked where its name starts.
        formula->clear();
        QTest::keyClicks(formula, QStringLiteral("ax + spede"));
        QCOMPARE(dialog.problemPosition(), 5);
        QVERIFY(dialog.problemView()->text().contains(QStringLiteral("spede")));

        formula->clear();
        QTest::keyClicks(formula, QString::fromStdString(axInG.formula));
        QCOMPARE(dialog.problemPosition(), -1);
        QTest::keyClick(formula, Qt::Key_Return);
        QTRY_COMPARE(table->item(0, MathChannelsDialog::FormulaColumn)->text(), QString::fromStdString(axInG.formula));
        QLineEdit* unit = openEditor(table, 0, MathChannelsDialog::UnitColumn);
        QVERIFY(unit);
        QTest::keyClicks(unit, QStringLiteral("g"));
        QTest::keyClick(unit, Qt::Key_Return);
        QTRY_COMPARE(table->item(0, MathChannelsDialog::UnitColumn)->text(), QStringLiteral("g"));
        saveShot(&dialog, QStringLiteral("dialog-ok"));

        // OK keeps the list, in QSettings too (a new store reads it back: checked by the JSON
        // round trip of tst_math_channels; here the store's list).
        QSignalSpy changed(&MathChannelStore::instance(), &MathChannelStore::changed);
        dialog.accept();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(MathChannelStore::instance().channels(), std::vector<MathChannel>{axInG});
        // Kept in the settings as the JSON form, which the store reads at the next start.
        const MathChannelsReadResult saved =
            readMathChannelsJson(QSettings().value(QStringLiteral("analysis/mathChannels")).toByteArray());
        QVERIFY(saved.ok());
        QCOMPARE(saved.channels, std::vector<MathChannel>{axInG});
    }

    void dialogImportsAndExportsJson() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("math.json"));
        MathChannelsDialog dialog;
        dialog.setChannels({axInG, {"slip_sum", "", "slip_ratio_RL + slip_ratio_RR"}});
        QString error;
        QVERIFY2(dialog.exportFile(path, &error), qPrintable(error));
        MathChannelsDialog other;
        QVERIFY2(other.importFile(path, &error), qPrintable(error));
        QCOMPARE(other.channels(), dialog.channels());
    }

    void liveTracesOfferAndPlotAMathChannel() {
        MathChannelStore::instance().setChannels({axInG});
        // 2 s at 1 kHz with ax = g t: the math channel is t.
        LiveHistory history;
        std::vector<double> row(channelCatalogue().size(), 0.0);
        const auto ax = static_cast<std::size_t>(channelIndex("ax"));
        const auto time = static_cast<std::size_t>(channelIndex("time"));
        for (int i = 0; i < 2000; ++i) {
            row[time] = i * 0.001;
            row[ax] = gravity * row[time];
            history.appendValues(row.data());
        }
        LiveTracePlots plots;
        plots.resize(900, 500);
        plots.setHistory(&history);
        plots.setWindowSeconds(0.0);
        auto* picker = plots.findChild<QTreeWidget*>();
        const QList<QTreeWidgetItem*> found = picker->findItems(QStringLiteral("ax_g"), Qt::MatchStartsWith | Qt::MatchRecursive);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.front()->parent()->text(0), mathChannelGroup());
        found.front()->setCheckState(0, Qt::Checked);
        QVERIFY(plots.selectedChannels().contains(QStringLiteral("ax_g")));
        plots.refresh();
        QCPGraph* graph = plots.graph(static_cast<int>(plots.selectedChannels().indexOf(QStringLiteral("ax_g"))));
        QVERIFY(graph && graph->data()->size() > 100);
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
            QVERIFY2(std::abs(it->value - it->key) < valueTolerance, qPrintable(QString::number(it->key)));
        plots.showCursorAt(1.0);
        QVERIFY2(plots.cursorReadout().contains(QStringLiteral("ax_g 1 g")), qPrintable(plots.cursorReadout()));
        // The A/B table lists it with the recorded channels: at t = 0.5 and 1.5 s it is t.
        const std::vector<AbRow> ab = liveAbRows(history, plots, 0.5, 1.5);
        const auto mathRow = std::find_if(ab.begin(), ab.end(), [](const AbRow& r) { return r.label == "ax_g"; });
        QVERIFY(mathRow != ab.end());
        QCOMPARE(mathRow->unit, QStringLiteral("g"));
        QVERIFY(std::abs(mathRow->a - 0.5) < valueTolerance && std::abs(mathRow->b - 1.5) < valueTolerance);
        plots.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plots));
        saveShot(&plots, QStringLiteral("live"));

        // The telemetry export has it as a column after the recorded ones.
        const QByteArray csv = history.toCsv(liveMathCsvColumns(history));
        QVERIFY(csv.left(csv.indexOf('\n')).endsWith("ax_g [g]"));
        // Removing the channel takes it out of the picker and the plots.
        MathChannelStore::instance().setChannels({});
        QVERIFY(!plots.selectedChannels().contains(QStringLiteral("ax_g")));
        QVERIFY(picker->findItems(QStringLiteral("ax_g"), Qt::MatchStartsWith | Qt::MatchRecursive).isEmpty());
    }

    // What one recomputation over a full live history costs (figures, not a pass mark:
    // the Live page recomputes when the history grew and a math channel is shown).
    void liveRecomputationCost() {
        MathChannelStore::instance().setChannels(
            {axInG, {"jerk", "m/s^3", "derivative(moving_average(ax, 0.05 s))"}, {"work", "", "integral(speed * ax)"}});
        LiveHistory history; // the default tiers: 61440 recent + archive samples
        std::vector<double> row(channelCatalogue().size(), 0.0);
        const auto time = static_cast<std::size_t>(channelIndex("time"));
        const auto ax = static_cast<std::size_t>(channelIndex("ax"));
        for (int i = 0; i < 150000; ++i) {
            row[time] = i * 0.001;
            row[ax] = std::sin(row[time]);
            history.appendValues(row.data());
        }
        LiveMathChannels math;
        math.update(history);
        for (std::size_t k = 0; k < math.count(); ++k)
            QCOMPARE(math.recent(k).size(), history.recentSize());
        qInfo("math channels over %zu live samples (3 channels, 2 whole-trace functions nested): %.2f ms",
              history.size(), math.lastComputeMilliseconds());
    }

    void compareOffersAndPlotsAMathChannel() {
        MathChannelStore::instance().setChannels({axInG});
        const Setup car = defaultLibraryCar();
        std::string error;
        const ManeuverSpec spec{"acceleration", {}, {}};
        auto maneuver = makeManeuver(spec.id, spec.options, &error);
        RunOptions options;
        options.recordTelemetry = true;
        options.decimation = 10;
        ComparisonData data;
        data.names = {QStringLiteral("Corvette")};
        data.setups = {car};
        data.maneuvers = {spec};
        data.comparison.runs = {{runManeuver(car, *maneuver, options)}};
        data.tabulate();
        TraceOverlayPanel panel;
        panel.resize(900, 600);
        panel.setComparison(&data);
        const int item = panel.channelChoice()->findData(QStringLiteral("ax_g"));
        QVERIFY(item >= 0);
        panel.channelChoice()->setCurrentIndex(item);
        QCPGraph* graph = panel.tracePlot()->graph(0);
        QVERIFY(graph);
        const Telemetry& t = data.comparison.runs[0][0].telemetry;
        const std::vector<double>& axs = t.column("ax");
        QCOMPARE(graph->data()->size(), static_cast<int>(axs.size()));
        int k = 0;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++k)
            QVERIFY(std::abs(it->value - axs[static_cast<std::size_t>(k)] / gravity) < valueTolerance);
        QVERIFY(panel.tracePlot()->yAxis->label().contains(QStringLiteral("ax_g")));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        saveShot(&panel, QStringLiteral("compare"));
    }

    void trackLapTracesShowAMathChannel() {
        MathChannelStore::instance().setChannels({axInG});
        TrackPage page;
        page.resize(1200, 800);
        page.setSetup(defaultLibraryCar(), QStringLiteral("Corvette"));
        QVERIFY(page.chooser()->selectTrack(QStringLiteral("monza")));
        QSignalSpy done(&page, &TrackPage::lapFinished);
        QVERIFY(page.runLap());
        QVERIFY(done.count() > 0 || done.wait(lapWaitMs));
        LapTracePlots* traces = page.traces();
        QVERIFY(traces->mathRow());
        QCPGraph* graph = nullptr;
        for (int i = 0; i < traces->graphCount(); ++i) {
            if (traces->graph(i)->keyAxis()->axisRect() == traces->mathRow())
                graph = traces->graph(i);
        }
        QVERIFY(graph);
        const LapTrace& lap = page.lastRun()->lap.trace;
        QCOMPARE(graph->data()->size(), static_cast<int>(lap.ax.size()));
        int k = 0;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++k)
            QVERIFY(std::abs(it->value - lap.ax[static_cast<std::size_t>(k)] / gravity) < valueTolerance);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lap.csv"));
        QString error;
        QVERIFY2(page.exportTracesCsv(path, &error), qPrintable(error));
        QFile csv(path);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QVERIFY(csv.readLine().trimmed().endsWith("limit,ax_g [g]"));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        saveShot(&page, QStringLiteral("track"));
        // Without math channels the row goes again.
        MathChannelStore::instance().setChannels({});
        QVERIFY(page.runLap());
        QVERIFY(done.wait(lapWaitMs));
        QVERIFY(!traces->mathRow());
    }
};

QTEST_MAIN(TestUiMath)
#include "tst_ui_math.moc"
