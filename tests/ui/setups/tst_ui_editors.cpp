// The setup editors and the window's questions, driven as a user would,
// offscreen: the tire tables dragged with the mouse (in the table panel and
// over the tire model's curves), a point removed from a curve's context menu,
// the tire model view's load and A/B comparison read back from its plots, the
// unsaved-changes prompt answered each way, and settings that survive a new
// window.
#include "ui/setups/CurveEditor.h"
#include "ui/setups/CurvePointDragger.h"
#include "ui/shared/DisplayUnits.h"
#include "ui/setups/DocumentView.h"
#include "ui/setups/FieldEditors.h"
#include "ui/shared/ImageExportDialog.h"
#include "ui/MainWindow.h"
#include "ui/setups/ParameterPanel.h"
#include "ui/document/RecentFiles.h"
#include "ui/document/SetupDocument.h"
#include "ui/setups/TireModelView.h"
#include "ui/setups/TireTablePanel.h"
#include "core/base/Units.h"
#include "core/setupfile/SetupJson.h"
#include "core/setupfile/TirFileRead.h"
#include "core/tires/TireSweep.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>

#include <cmath>

using namespace vtw;

namespace {
const QString frontLateral = QStringLiteral("tires.front.table.lateral");
constexpr double degPerRad = 180.0 / units::pi;
// The lateral table is drawn in degrees over 0..90 deg (a span near 95 deg with
// the margins) and normalised force 0..1.1: a drag lands on a grid of a
// thousandth of the span rounded down to a power of ten, 0.01 deg and 0.001.
constexpr double slipAngleToleranceDeg = 0.01;
constexpr double normalisedForceTolerance = 0.001;
// Forces read back from plots computed from the same model: only rounding.
constexpr double relativeTolerance = 1e-12;
constexpr double kilogramsPerPound = 0.45359237;

void drag(QCustomPlot* plot, QPoint from, QPoint to, int steps = 6) {
    QTest::mousePress(plot, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= steps; ++i)
        QTest::mouseMove(plot, from + (to - from) * i / steps);
    QTest::mouseRelease(plot, Qt::LeftButton, Qt::NoModifier, to);
}

// The grid a drag snaps to on an axis (CurvePointDragger: a thousandth of the
// visible span rounded down to a power of ten). Used where the span depends on
// the chosen load and so cannot be a constant.
double dragGrid(const QCPAxis* axis) {
    return std::pow(10.0, std::floor(std::log10(axis->range().size() / 1000.0)));
}

// The tire plots show forces in ForcePerSlip's display unit: N in SI, a scale of 1.
double forceScale() {
    return valueDisplay(Quantity::ForcePerSlip, UnitSystem::SI).unit.scale;
}

bool near(double actual, double expected, double tolerance) {
    return std::abs(actual - expected) <= tolerance;
}

QString mismatch(const char* what, double actual, double expected) {
    return QStringLiteral("%1 %2, expected %3")
        .arg(QLatin1String(what))
        .arg(actual, 0, 'g', 12)
        .arg(expected, 0, 'g', 12);
}

// The tire model's own lines on a plot, in drawing order: A at the chosen load,
// then A at x0.5, x1.5 and x2 the load, then B (the draggers' graphs excluded).
QList<QCPGraph*> modelGraphs(QCustomPlot* plot) {
    QList<QCPGraph*> out;
    for (int i = 0; i < plot->graphCount(); ++i) {
        if (plot->graph(i)->property("tireModel").toBool())
            out << plot->graph(i);
    }
    return out;
}

double peakOf(const QCPGraph* graph) {
    double peak = -std::numeric_limits<double>::infinity();
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        peak = std::max(peak, it->value);
    return peak;
}

int curveCount(QCustomPlot* plot) {
    int n = 0;
    for (int i = 0; i < plot->plottableCount(); ++i)
        n += qobject_cast<QCPCurve*>(plot->plottable(i)) ? 1 : 0;
    return n;
}

// Types a load in kN into the view's load box, as a user would.
void typeLoad(TireModelView& view, const QString& kiloNewtons) {
    auto* box = view.findChild<QDoubleSpinBox*>();
    QVERIFY(box);
    box->selectAll();
    QTest::keyClicks(box, kiloNewtons);
    QTest::keyClick(box, Qt::Key_Return);
}

// A message box runs its own event loop, so it can only be answered from a
// timer. This one polls for the modal message box, notes what it asked and
// which buttons it offered, and clicks `answer`.
class MessageBoxAnswerer : public QObject {
public:
    explicit MessageBoxAnswerer(QMessageBox::StandardButton answer) : m_answer(answer) {
        connect(&m_timer, &QTimer::timeout, this, &MessageBoxAnswerer::poll);
        m_timer.start(10);
    }
    int count() const { return m_texts.size(); }
    QStringList texts() const { return m_texts; }
    QMessageBox::StandardButtons offered() const { return m_offered; }

private:
    void poll() {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box || !box->isVisible())
            return;
        m_texts << box->text();
        m_offered = box->standardButtons();
        QAbstractButton* button = box->button(m_answer);
        if (!button) { // not offered: get out of the loop; the test sees offered()
            box->reject();
            return;
        }
        QTest::mouseClick(button, Qt::LeftButton);
    }
    QMessageBox::StandardButton m_answer;
    QTimer m_timer;
    QStringList m_texts;
    QMessageBox::StandardButtons m_offered;
};

struct TableFixture {
    SetupDocument document{defaultSetup()};
    TireTablePanel panel{&document};
    TableFixture() {
        panel.resize(1000, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.showAxle(QStringLiteral("front"));
        plot()->replot(); // lay out the axes before converting pixels
    }
    CurveEditor* editor() const {
        return panel.editor(QStringLiteral("front"), QStringLiteral("lateral"));
    }
    QCustomPlot* plot() const { return editor()->plot(); }
    const Curve& curve() const { return document.setup().frontTires.table.lateral; }
};
} // namespace

class TestUiEditors : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        Q_INIT_RESOURCE(resources); // the library cars the window offers
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vtw-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_editors"));
        QSettings().clear();
    }

    // --- Tire tables -------------------------------------------------------

    // The lateral table is stored against slip angle in rad and drawn in deg:
    // the point moves by the pointer's travel, converted back through that scale.
    void tireTableDragMovesPointByPlotDistance_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<QPoint>("offset");
        // Points at 0, 1, 2, 3, 4, 6, 10, 20 and 90 deg.
        QTest::newRow("20 deg point up-right") << 7 << QPoint(30, -45);
        QTest::newRow("10 deg point down") << 6 << QPoint(0, 60);
        QTest::newRow("last point left-down") << 8 << QPoint(-40, 35);
    }
    void tireTableDragMovesPointByPlotDistance() {
        QFETCH(int, index);
        QFETCH(QPoint, offset);
        TableFixture f;
        QCOMPARE(f.editor()->scale().x, degPerRad); // drawn in degrees
        const Curve before = f.curve();
        const CurvePoint old = before.points()[std::size_t(index)];
        // The point moves by the pointer's travel, wherever on the point it was grabbed.
        const QPointF point = f.editor()->dragger()->pixelOf(index);
        const QPoint from = point.toPoint();
        const QPoint to = from + offset;
        const double expectedDeg = f.plot()->xAxis->pixelToCoord(point.x() + offset.x());
        const double expectedY = f.plot()->yAxis->pixelToCoord(point.y() + offset.y());
        drag(f.plot(), from, to);

        const CurvePoint moved = f.curve().points()[std::size_t(index)];
        QVERIFY2(near(moved.x * degPerRad, expectedDeg, slipAngleToleranceDeg),
                 qPrintable(mismatch("slip angle (deg)", moved.x * degPerRad, expectedDeg)));
        QVERIFY2(near(moved.y, expectedY, normalisedForceTolerance),
                 qPrintable(mismatch("Fy/Fz", moved.y, expectedY)));
        // The pointer's travel is far larger than the grid, so the point really moved.
        QVERIFY(std::abs(moved.y - old.y) > 10 * normalisedForceTolerance);
        if (offset.x() != 0)
            QVERIFY(std::abs(moved.x - old.x) * degPerRad > 10 * slipAngleToleranceDeg);
        for (std::size_t i = 0; i < before.size(); ++i) {
            if (int(i) != index)
                QCOMPARE(f.curve().points()[i], before.points()[i]);
        }
        // The table beside the plot shows the new point in degrees (2 decimals).
        double shownDeg = 0.0;
        QVERIFY(parseNumber(f.editor()->table()->item(index, 0)->text(), &shownDeg));
        QVERIFY(near(shownDeg, moved.x * degPerRad, 0.005 + 1e-9));
        // Only this table changed, in one undo step; undo gives the exact curve back.
        QCOMPARE(f.document.setup().rearTires, defaultSetup().rearTires);
        QCOMPARE(f.document.setup().frontTires.table.longitudinal,
                 defaultSetup().frontTires.table.longitudinal);
        QCOMPARE(f.document.undoStack()->count(), 1);
        const Curve after = f.curve();
        f.document.undoStack()->undo();
        QCOMPARE(f.curve(), before);
        QVERIFY(!f.document.isModified());
        f.document.undoStack()->redo();
        QCOMPARE(f.curve(), after);
    }

    // Normalised force cannot go negative: a drag far below the axis stops at 0.
    void tireTableDragStopsAtZeroForce() {
        TableFixture f;
        const QPoint from = f.editor()->dragger()->pixelOf(7).toPoint();
        drag(f.plot(), from, from + QPoint(0, 2000), 10);
        QCOMPARE(f.curve().points()[7].y, 0.0);
        QCOMPARE(f.document.undoStack()->count(), 1);
    }

    // --- Context menu ------------------------------------------------------

    // A right-click on a point offers "Delete point"; choosing it removes that
    // point (and only it) as one undo step. The menu is a popup (not modal),
    // so it is found as the active popup and clicked.
    void contextMenuDeletesPoint_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("index");
        QTest::newRow("torque curve, 4th point") << "engine.torqueCurve_rpm_Nm" << 3;
        QTest::newRow("front lateral table, 10 deg") << "tires.front.table.lateral" << 6;
        QTest::newRow("rear longitudinal table, last") << "tires.rear.table.longitudinal" << 7;
    }
    void contextMenuDeletesPoint() {
        QFETCH(QString, path);
        QFETCH(int, index);
        SetupDocument document(defaultSetup());
        CurveEditor editor(&document, path);
        editor.resize(1000, 600);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.plot()->replot();
        const Curve before = editor.curve();
        QVERIFY(int(before.size()) > index);

        // QTest's mouse events do not make the context-menu event a real
        // right-click makes; send that event as the window system would.
        const QPoint at = editor.dragger()->pixelOf(index).toPoint();
        QContextMenuEvent event(QContextMenuEvent::Mouse, at, editor.plot()->mapToGlobal(at));
        QApplication::sendEvent(editor.plot(), &event);
        // A QPointer: the menu deletes itself once closed.
        QPointer<QMenu> menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), 1);
        QAction* remove = menu->actions().first();
        QCOMPARE(remove->text(), QStringLiteral("Delete point"));
        QCOMPARE(editor.dragger()->selectedPoint(), index); // the point shows selected
        // Hover, then click the item.
        const QPoint item = menu->actionGeometry(remove).center();
        QTest::mouseMove(menu, item);
        QTest::mouseClick(menu, Qt::LeftButton, Qt::NoModifier, item);
        QTRY_VERIFY(!menu || !menu->isVisible());

        Curve expected = before;
        expected.points().erase(expected.points().begin() + index);
        QCOMPARE(editor.curve().size(), before.size() - 1);
        QCOMPARE(editor.curve(), expected);
        QCOMPARE(editor.table()->rowCount(), int(before.size()) - 1);
        QCOMPARE(editor.dragger()->selectedPoint(), -1);
        QCOMPARE(document.undoStack()->count(), 1);
        document.undoStack()->undo();
        QCOMPARE(editor.curve(), before);
        QVERIFY(!document.isModified());
    }

    // Away from every point the menu offers to add one where the click was.
    void contextMenuAddsPointWhereClicked() {
        SetupDocument document(defaultSetup());
        CurveEditor editor(&document, frontLateral);
        editor.resize(1000, 600);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.plot()->replot();
        const Curve before = editor.curve();
        // 15 deg, between the 10 and 20 deg points, well below the line.
        const QPoint at(int(editor.plot()->xAxis->coordToPixel(15.0)),
                        int(editor.plot()->yAxis->coordToPixel(0.5)));
        QCOMPARE(editor.dragger()->pointAt(at), -1);
        QContextMenuEvent event(QContextMenuEvent::Mouse, at, editor.plot()->mapToGlobal(at));
        QApplication::sendEvent(editor.plot(), &event);
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), 1);
        QCOMPARE(menu->actions().first()->text(), QStringLiteral("Add point here"));
        const QPoint item = menu->actionGeometry(menu->actions().first()).center();
        QTest::mouseMove(menu, item);
        QTest::mouseClick(menu, Qt::LeftButton, Qt::NoModifier, item);

        QCOMPARE(editor.curve().size(), before.size() + 1);
        const CurvePoint added = editor.curve().points()[7]; // after the 10 deg point
        const double expectedDeg = editor.plot()->xAxis->pixelToCoord(at.x());
        const double expectedY = editor.plot()->yAxis->pixelToCoord(at.y());
        QVERIFY2(near(added.x * degPerRad, expectedDeg, slipAngleToleranceDeg),
                 qPrintable(mismatch("slip angle (deg)", added.x * degPerRad, expectedDeg)));
        QVERIFY2(near(added.y, expectedY, normalisedForceTolerance),
                 qPrintable(mismatch("Fy/Fz", added.y, expectedY)));
        QCOMPARE(document.undoStack()->count(), 1);
    }

    // --- Tire model view ---------------------------------------------------

    // Models whose force is the load times a shape: the plotted Fx at 8 kN is
    // exactly twice that at 4 kN, and the lighter lines (x0.5, x1.5, x2 the
    // load) peak in the same proportions.
    void tireModelPeakScalesWithLoad_data() {
        QTest::addColumn<int>("model");
        // The largest plotted Fx / Fz; 0: only bounded (see below).
        QTest::addColumn<double>("peakPerNewton");
        // mu = 1, reached at slip 0.057: the cap itself is plotted.
        QTest::newRow("linear, capped at mu Fz") << int(TireModelKind::Linear) << 1.0;
        // D = 1, at a slip between two of the plot's samples (every 1/120).
        QTest::newRow("magic formula") << int(TireModelKind::MagicFormula) << 0.0;
        // The table peaks at 1.0 at slip 0.06, between samples; the highest
        // sample is 1/15, on the straight line down to 0.96 at slip 0.1.
        QTest::newRow("table") << int(TireModelKind::Table) << 1.0 - (1.0 / 15.0 - 0.06);
    }
    void tireModelPeakScalesWithLoad() {
        QFETCH(int, model);
        QFETCH(double, peakPerNewton);
        Setup setup = defaultSetup();
        setup.frontTires.model = TireModelKind(model);
        SetupDocument document(setup);
        TireModelView view(&document);
        view.resize(1200, 800);
        view.show();
        QCOMPARE(view.axle(), QStringLiteral("front"));

        typeLoad(view, QStringLiteral("4"));
        QCOMPARE(view.load(), 4000.0);
        QList<QCPGraph*> lines = modelGraphs(view.longitudinalPlot());
        QCOMPARE(lines.size(), 4); // A at the load and at three other loads; no B
        QVERIFY(lines[0]->name().contains(QStringLiteral("4.00 kN")));
        const double peakAt4 = peakOf(lines[0]);
        const double otherLoads[] = {0.5, 1.5, 2.0};
        for (int i = 0; i < 3; ++i) {
            const double expected = peakAt4 * otherLoads[i];
            QVERIFY2(near(peakOf(lines[i + 1]), expected, expected * relativeTolerance),
                     qPrintable(mismatch("lighter line peak", peakOf(lines[i + 1]), expected)));
        }
        if (peakPerNewton > 0.0) {
            const double expected = peakPerNewton * 4000.0 * forceScale();
            QVERIFY2(near(peakAt4, expected, expected * relativeTolerance),
                     qPrintable(mismatch("peak Fx at 4 kN", peakAt4, expected)));
        } else {
            // D = 1: the peak is Fz, at slip 0.14; the nearest sample (17/120) is
            // within 0.1 % of it and never above.
            QVERIFY2(peakAt4 <= 4000.0 && peakAt4 > 0.999 * 4000.0,
                     qPrintable(mismatch("peak Fx at 4 kN", peakAt4, 4000.0)));
        }

        typeLoad(view, QStringLiteral("8"));
        QCOMPARE(view.load(), 8000.0);
        lines = modelGraphs(view.longitudinalPlot());
        QCOMPARE(lines.size(), 4);
        const double peakAt8 = peakOf(lines[0]);
        QVERIFY2(near(peakAt8, 2.0 * peakAt4, 2.0 * peakAt4 * relativeTolerance),
                 qPrintable(mismatch("peak Fx at 8 kN", peakAt8, 2.0 * peakAt4)));
        // The axis follows the largest line (x2 the load) with its 12 % headroom.
        QVERIFY(near(view.longitudinalPlot()->yAxis->range().upper, 1.12 * 2.0 * peakAt8,
                     1e-6 * peakAt8));
    }

    // The A/B comparison draws a second, dashed set: one line per force plot
    // (at the chosen load only) and an ellipse with its combined-slip curves.
    void tireModelComparisonAddsSecondSet() {
        Setup setup = defaultSetup();
        setup.rearTires.magicFormula.longitudinal.D = 1.2; // the rear grips 20 % more
        SetupDocument document(setup);
        TireModelView view(&document);
        view.resize(1200, 800);
        view.show();
        view.setLoad(5000.0);
        QCOMPARE(modelGraphs(view.longitudinalPlot()).size(), 4);
        QCOMPARE(modelGraphs(view.lateralPlot()).size(), 4);
        const int curvesA = curveCount(view.ellipsePlot());
        QCOMPARE(curvesA, 4); // the ellipse and combined slip at 2, 4 and 8 deg

        QVERIFY(!view.setComparison(QStringLiteral("no such thing")));
        QVERIFY(view.setComparison(QStringLiteral("otherAxle")));
        const QList<QCPGraph*> fx = modelGraphs(view.longitudinalPlot());
        const QList<QCPGraph*> fy = modelGraphs(view.lateralPlot());
        QCOMPARE(fx.size(), 5);
        QCOMPARE(fy.size(), 5);
        QCOMPARE(curveCount(view.ellipsePlot()), 2 * curvesA);
        QCOMPARE(fx[4]->pen().style(), Qt::DashLine);
        QCOMPARE(fx[0]->pen().style(), Qt::SolidLine);
        // B (the rear) peaks 1.2 times as high in Fx; the same in Fy (same lateral).
        const double expectedB = 1.2 * peakOf(fx[0]);
        QVERIFY2(near(peakOf(fx[4]), expectedB, expectedB * relativeTolerance),
                 qPrintable(mismatch("B peak Fx", peakOf(fx[4]), expectedB)));
        QVERIFY(near(peakOf(fy[4]), peakOf(fy[0]), peakOf(fy[0]) * relativeTolerance));
        QVERIFY(view.findChild<QLabel*>(QStringLiteral("tireInfo"))
                    ->text()
                    .contains(QStringLiteral("rear axle")));

        // A pinned set stays as it was while A is edited.
        view.pinCurrent();
        const double pinnedPeak = peakOf(modelGraphs(view.longitudinalPlot())[0]);
        document.changeValue(QStringLiteral("tires.front.magicFormula.longitudinal.D"), 0.8);
        const QList<QCPGraph*> edited = modelGraphs(view.longitudinalPlot());
        QCOMPARE(edited.size(), 5);
        QVERIFY(near(peakOf(edited[4]), pinnedPeak, pinnedPeak * relativeTolerance));
        QVERIFY(near(peakOf(edited[0]), 0.8 * pinnedPeak, pinnedPeak * relativeTolerance));

        QVERIFY(view.setComparison(QStringLiteral("none")));
        QCOMPARE(modelGraphs(view.longitudinalPlot()).size(), 4);
        QCOMPARE(curveCount(view.ellipsePlot()), curvesA);
    }

    // The tyre engineer's plot: peak friction and cornering stiffness against load,
    // drawn from core's load sweep (for the simplified magic formula C_alpha = B C D Fz,
    // docs/physics.md 6.3, so the line is straight through the origin); a .tir file as
    // B adds the same three dashed; the camber selector moves the .tir curves and
    // leaves the setup as it was.
    void tireModelLoadPlotAndTirFile() {
        Setup setup = defaultSetup();
        SetupDocument document(setup);
        TireModelView view(&document);
        view.resize(1200, 800);
        view.show();
        view.setLoad(4000.0);
        QCustomPlot* plot = view.loadPlot();
        QCOMPARE(plot->graphCount(), 3); // A: peak mu x, peak mu y, cornering stiffness
        const MagicFormulaCoefficients& lat = setup.frontTires.magicFormula.lateral;
        const double perDegree = M_PI / 180.0; // the SI display of N/rad is N/deg
        QCPGraphDataContainer& stiffness = *plot->graph(2)->data();
        for (auto it = stiffness.constBegin(); it != stiffness.constEnd(); ++it) {
            const double expected = lat.B * lat.C * lat.D * it->key * 1000.0 * perDegree;
            QVERIFY2(near(it->value, expected, expected * 1e-6), qPrintable(mismatch("C_alpha", it->value, expected)));
        }
        QCOMPARE(plot->graph(2)->valueAxis(), plot->yAxis2);
        QVERIFY(near(plot->graph(1)->data()->constBegin()->value, lat.D, 1e-9));

        const QString file = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/Sedan_Pac02Tire.tir");
        QVERIFY(view.compareWithTirFile(file));
        QCOMPARE(plot->graphCount(), 6);
        QCOMPARE(plot->graph(5)->pen().style(), Qt::DashLine);
        // B's cornering stiffness at the chosen load is the file's, evaluated by core.
        TireParams b = setup.frontTires;
        b.model = TireModelKind::Tir;
        b.tir.coefficients = *readTirFile(file).coefficients;
        const double expectedB = sweepLoad(Tire(b), {}, {4000.0, 4000.0, 1}).front().corneringStiffness * perDegree;
        const double atChosen = plot->graph(5)->data()->findBegin(4.0, false)->value;
        QVERIFY2(near(atChosen, expectedB, std::abs(expectedB) * 1e-9), qPrintable(mismatch("B C_alpha at 4 kN", atChosen, expectedB)));
        QVERIFY(view.findChild<QLabel*>(QStringLiteral("tireInfo"))->text().contains("Sedan_Pac02Tire.tir"));

        // Camber moves B's (.tir) curves, not A's, and not the setup.
        const double peakBefore = peakOf(modelGraphs(view.lateralPlot()).last());
        view.setTirConditions(-0.05, 0.0);
        const double peakAfter = peakOf(modelGraphs(view.lateralPlot()).last());
        QVERIFY2(std::abs(peakAfter - peakBefore) > 1e-3 * peakBefore,
                 qPrintable(mismatch("B peak Fy with camber", peakAfter, peakBefore)));
        QCOMPARE(document.setup(), setup);

        // A file that is not a .tir is refused; B stays the file it was.
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.tir"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a tyre\n");
        f.close();
        QVERIFY(!view.compareWithTirFile(bad));
        QCOMPARE(plot->graphCount(), 6);
    }

    // A .tir file with shifts (mf_185_80R14.tir: PHY1 0.0025, PVY1 0.031) peaks
    // differently on the two sides of zero slip: both sides are drawn, and the caption
    // names the peak of each side as drawn, no force that is not on the plot. A
    // built-in model is its own mirror image and keeps the positive half.
    void tireCaptionNamesThePeaksDrawn() {
        Setup setup = defaultSetup();
        const QString file = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir");
        setup.frontTires.model = TireModelKind::Tir;
        setup.frontTires.tir.coefficients = *readTirFile(file).coefficients;
        SetupDocument document(setup);
        TireModelView view(&document);
        view.resize(1200, 800);
        view.show();
        view.setLoad(4000.0);
        const QCPGraph* line = modelGraphs(view.lateralPlot()).first();
        double highest = -std::numeric_limits<double>::infinity(), lowest = -highest;
        for (auto it = line->data()->constBegin(); it != line->data()->constEnd(); ++it) {
            if (it->key > 0.0)
                highest = std::max(highest, it->value);
            if (it->key < 0.0)
                lowest = std::min(lowest, it->value);
        }
        QVERIFY2(line->data()->constBegin()->key < -19.0, "negative slip angles are drawn");
        QVERIFY(std::abs(std::abs(lowest) - highest) > 0.005 * highest); // the sides differ
        const QString info = view.findChild<QLabel*>(QStringLiteral("tireInfo"))->text();
        QVERIFY2(info.contains(formatNumber(highest, 0) + QStringLiteral(" N at")), qPrintable(info));
        QVERIFY2(info.contains(formatNumber(lowest, 0) + QStringLiteral(" N at")), qPrintable(info));
        QVERIFY(view.lateralPlot()->xAxis->range().lower < -19.0);

        // The rear axle's built-in magic formula: the positive half, one peak per force.
        view.showAxle(QStringLiteral("rear"));
        const QCPGraph* rear = modelGraphs(view.lateralPlot()).first();
        QVERIFY(rear->data()->constBegin()->key >= 0.0);
        QCOMPARE(view.lateralPlot()->xAxis->range().lower, 0.0);
        const QString rearInfo = view.findChild<QLabel*>(QStringLiteral("tireInfo"))->text();
        QVERIFY2(rearInfo.contains(QStringLiteral("peak −Fy ") + formatNumber(peakOf(rear), 0) + QStringLiteral(" N at")),
                 qPrintable(rearInfo));
    }

    // With the table model the table's points sit on the model's Fy line
    // (drawn as load times Fy/Fz) and can be dragged there: the setup's point
    // moves by the plotted distance divided by the load, and the line follows.
    void tireModelTablePointDragChangesSetup() {
        Setup setup = defaultSetup();
        setup.frontTires.model = TireModelKind::Table;
        SetupDocument document(setup);
        TireModelView view(&document);
        view.resize(1200, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        typeLoad(view, QStringLiteral("5"));
        QCustomPlot* plot = view.lateralPlot();
        plot->replot();
        CurvePointDragger* dragger =
            view.tableDragger(QStringLiteral("front"), QStringLiteral("lateral"));
        QVERIFY(dragger->isEditable());
        // The rear uses the magic formula: its points are neither shown nor draggable.
        QVERIFY(
            !view.tableDragger(QStringLiteral("rear"), QStringLiteral("lateral"))->isEditable());
        QCOMPARE(dragger->scale().y, 5000.0 * forceScale());

        const Curve before = document.setup().frontTires.table.lateral;
        const int index = 6; // 10 deg, 0.88
        const QPointF point = dragger->pixelOf(index);
        const QPoint from = point.toPoint();
        const QPoint to = from + QPoint(20, -50);
        const double expectedDeg = plot->xAxis->pixelToCoord(point.x() + 20);
        const double expectedY = plot->yAxis->pixelToCoord(point.y() - 50) / dragger->scale().y;
        const double gridDeg = dragGrid(plot->xAxis);
        const double gridY = dragGrid(plot->yAxis) / dragger->scale().y;
        drag(plot, from, to);

        const CurvePoint moved = document.setup().frontTires.table.lateral.points()[index];
        QVERIFY2(near(moved.x * degPerRad, expectedDeg, gridDeg),
                 qPrintable(mismatch("slip angle (deg)", moved.x * degPerRad, expectedDeg)));
        QVERIFY2(near(moved.y, expectedY, gridY),
                 qPrintable(mismatch("Fy/Fz", moved.y, expectedY)));
        QVERIFY(moved.y - before.points()[index].y > 0.05); // 50 px up is a real change
        QCOMPARE(document.undoStack()->count(), 1);
        QCOMPARE(document.setup().rearTires, defaultSetup().rearTires);

        // Once the drag is over the axis takes in the raised peak (the x2 load
        // line's, with the view's 12 % headroom); during it the axis stayed put,
        // which is what kept the point under the pointer above.
        const QList<QCPGraph*> lines = modelGraphs(plot);
        QCOMPARE(lines.size(), 4);
        QVERIFY(near(plot->yAxis->range().upper, 1.12 * peakOf(lines[3]), 1e-9 * 5000.0));
        QVERIFY(peakOf(lines[3]) > 2.0 * 5000.0 * 1.05); // above the table's old peak of 1.0

        // After the drag the model's line at the chosen load is Fz times the new table.
        const QCPGraph* line = lines.first();
        for (auto it = line->data()->constBegin(); it != line->data()->constEnd(); ++it) {
            const double expected =
                5000.0 * document.setup().frontTires.table.lateral.evaluate(it->key / degPerRad);
            QVERIFY2(near(it->value, expected, 1e-9 * 5000.0),
                     qPrintable(QStringLiteral("at %1 deg: ").arg(it->key) +
                                mismatch("-Fy", it->value, expected)));
        }
        document.undoStack()->undo();
        QCOMPARE(document.setup().frontTires.table.lateral, before);
    }

    // --- Unsaved changes ---------------------------------------------------

    void closeModifiedDocumentAsks_data() {
        QTest::addColumn<int>("answer");
        QTest::addColumn<bool>("closes");
        QTest::addColumn<double>("massInFile");
        QTest::newRow("cancel keeps the tab") << int(QMessageBox::Cancel) << false << 1500.0;
        QTest::newRow("discard closes unsaved") << int(QMessageBox::Discard) << true << 1500.0;
        QTest::newRow("save writes, then closes") << int(QMessageBox::Save) << true << 1420.0;
    }
    void closeModifiedDocumentAsks() {
        QFETCH(int, answer);
        QFETCH(bool, closes);
        QFETCH(double, massInFile);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("track.json"));
        QVERIFY(saveSetupFile(path, defaultSetup()).ok);
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(path));
        window.openStartingCar(defaultSetup()); // a second tab, unmodified
        QCOMPARE(window.documentTabs()->count(), 2);
        SetupDocument* document = window.views().first()->document();
        document->changeValue(QStringLiteral("chassis.mass"), 1420.0);
        QVERIFY(document->isModified());

        {
            MessageBoxAnswerer answerer{QMessageBox::StandardButton(answer)};
            QCOMPARE(window.closeDocument(0), closes);
            QCOMPARE(answerer.count(), 1);
            QVERIFY2(answerer.texts().first().contains(QStringLiteral("“track” has unsaved")),
                     qPrintable(answerer.texts().first()));
            QCOMPARE(answerer.offered(),
                     QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
        }
        QCOMPARE(window.documentTabs()->count(), closes ? 1 : 2);
        if (!closes) {
            QCOMPARE(window.views().first()->document(), document);
            QVERIFY(document->isModified());
            QCOMPARE(document->setup().chassis.mass, 1420.0);
            QVERIFY(window.documentTabs()->tabText(0).endsWith(QStringLiteral(" *")));
        }
        const SetupLoadResult onDisk = loadSetupFile(path);
        QVERIFY(onDisk.ok());
        QCOMPARE(onDisk.setup->chassis.mass, massInFile);

        // The unmodified tab closes without a question.
        MessageBoxAnswerer none{QMessageBox::Cancel};
        QVERIFY(window.closeDocument(window.documentTabs()->count() - 1));
        QCOMPARE(none.count(), 0);
    }

    // Ctrl+Z with the focus in a form field undoes the document's last change (the
    // field shows the document's value); typing not yet committed is undone by the
    // field itself first. A value typed in a converted unit is stored without the
    // division's last-bit noise (55.1 % is 0.551). Two new setups of one car get
    // different names.
    void formFieldsUndoAndStoreTidyValues() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        DocumentView* view = window.newDocument(defaultSetup());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SetupDocument* document = view->document();
        auto* mass = view->parameters()->editor(QStringLiteral("chassis.mass"))->findChild<QLineEdit*>();
        mass->setFocus();
        mass->selectAll();
        QTest::keyClicks(mass, QStringLiteral("1620"));
        QTest::keyClick(mass, Qt::Key_Return);
        QCOMPARE(document->setup().chassis.mass, 1620.0);
        QVERIFY(mass->hasFocus());
        QTest::keyClick(mass, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(document->setup().chassis.mass, defaultSetup().chassis.mass);
        QCOMPARE(mass->text(), QStringLiteral("1500"));
        QTest::keyClick(mass, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(document->setup().chassis.mass, 1620.0);
        // Typing not committed: Ctrl+Z undoes the typing, the document stays.
        QTest::keyClicks(mass, QStringLiteral("9"));
        QCOMPARE(mass->text(), QStringLiteral("16209"));
        QTest::keyClick(mass, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(mass->text(), QStringLiteral("1620"));
        QCOMPARE(document->setup().chassis.mass, 1620.0);

        auto* bias = view->parameters()->editor(QStringLiteral("brakes.frontBias"))->findChild<QLineEdit*>();
        bias->setFocus();
        bias->selectAll();
        QTest::keyClicks(bias, QStringLiteral("55.1"));
        QTest::keyClick(bias, Qt::Key_Return);
        QVERIFY(document->setup().brakes.frontBias == 0.551); // exactly, not 0.5509999999999999

        DocumentView* second = window.newDocument(defaultSetup());
        QCOMPARE(second->document()->displayName(), view->document()->displayName() + QStringLiteral(" (2)"));
    }

    // A refused value's error leaves the status bar once the value is fixed.
    void statusErrorClearsWhenTheValueIsFixed() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        DocumentView* view = window.newDocument(defaultSetup());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* mass = view->parameters()->editor(QStringLiteral("chassis.mass"))->findChild<QLineEdit*>();
        mass->setFocus();
        mass->selectAll();
        QTest::keyClicks(mass, QStringLiteral("-5"));
        QTest::keyClick(mass, Qt::Key_Return);
        QCOMPARE(view->document()->setup().chassis.mass, defaultSetup().chassis.mass);
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Mass")),
                 qPrintable(window.statusBar()->currentMessage()));
        mass->selectAll();
        QTest::keyClicks(mass, QStringLiteral("1550"));
        QTest::keyClick(mass, Qt::Key_Return);
        QCOMPARE(view->document()->setup().chassis.mass, 1550.0);
        QCOMPARE(window.statusBar()->currentMessage(), QString());

        // The toolbar's Undo keeps its word (and width) while the menu names the edit.
        QToolBar* bar = window.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
        QVERIFY(bar);
        QToolButton* undoButton = nullptr;
        for (QToolButton* b : bar->findChildren<QToolButton*>())
            if (b->defaultAction() && b->defaultAction()->text().startsWith(QStringLiteral("&Undo")))
                undoButton = b;
        QVERIFY(undoButton);
        QCOMPARE(undoButton->text(), QStringLiteral("Undo"));
        QVERIFY(undoButton->defaultAction()->text().size() > QStringLiteral("&Undo").size());
    }

    // The image size dialog: the width typed, the height from the view's proportions
    // shown beside it, the resolution; the choice is remembered for the next export.
    void imageSizeDialogFollowsTheView() {
        QWidget view;
        view.resize(400, 300);
        {
            ImageExportDialog dialog(&view);
            dialog.widthBox()->setValue(1000);
            dialog.dpiBox()->setValue(300);
            QVERIFY2(dialog.heightLabel()->text().startsWith(QStringLiteral("750 px")),
                     qPrintable(dialog.heightLabel()->text()));
            QCOMPARE(dialog.size().width, 1000);
            QCOMPARE(dialog.size().dpi, 300);
            dialog.accept();
        }
        ImageExportDialog again(&view);
        QCOMPARE(again.widthBox()->value(), 1000);
        QCOMPARE(again.dpiBox()->value(), 300);
    }

    // Closing the window asks about each modified document; Cancel on the
    // first keeps the window open, Discard lets it close.
    void closeWindowWithUnsavedChangesAsks() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup())
            ->document()
            ->changeValue(QStringLiteral("chassis.mass"), 1400.0);
        Setup other = defaultSetup();
        other.name = "Light Corvette";
        window.newDocument(other)->document()->changeValue(QStringLiteral("chassis.mass"), 1200.0);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.isWindowModified());

        {
            MessageBoxAnswerer answerer{QMessageBox::Cancel};
            QVERIFY(!window.close());
            QCOMPARE(answerer.count(), 1); // it stops at the first Cancel
        }
        QVERIFY(window.isVisible());
        QCOMPARE(window.documentTabs()->count(), 2);
        QVERIFY(window.views().at(0)->document()->isModified());
        QVERIFY(window.views().at(1)->document()->isModified());

        {
            MessageBoxAnswerer answerer{QMessageBox::Discard};
            QVERIFY(window.close());
            QCOMPARE(answerer.count(), 2); // one question per modified document
            QVERIFY(answerer.texts().at(0).contains(QStringLiteral("Corvette C5")));
            QVERIFY(answerer.texts().at(1).contains(QStringLiteral("Light Corvette")));
        }
        QVERIFY(!window.isVisible());
        QSettings().clear(); // close() saved settings; leave none for the next test
    }

    // --- Settings ----------------------------------------------------------

    // The unit system and the recent files outlive the window: a new window
    // comes back in imperial units with the file in Open Recent.
    void unitsAndRecentFilesPersist() {
        QSettings().clear();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("saved.json"));
        QVERIFY(saveSetupFile(path, defaultSetup()).ok);
        const QString absolute = QFileInfo(path).absoluteFilePath();
        {
            MainWindow first;
            first.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
            QCOMPARE(first.unitSystem(), UnitSystem::SI);
            QVERIFY(first.recentFiles()->files().isEmpty());
            // The toolbar's unit chooser, as the user picks it.
            auto* units = first.findChild<QComboBox*>(QStringLiteral("unitSystem"));
            QVERIFY(units);
            const int imperial = units->findData(int(UnitSystem::Imperial));
            QVERIFY(imperial >= 0);
            units->setCurrentIndex(imperial);
            emit units->activated(imperial);
            QCOMPARE(first.unitSystem(), UnitSystem::Imperial);
            QVERIFY(first.openFile(path));
            QCOMPARE(first.recentFiles()->files(), QStringList{absolute});
            first.saveSettings();
        }

        MainWindow second;
        second.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        QCOMPARE(second.unitSystem(), UnitSystem::Imperial);
        auto* units = second.findChild<QComboBox*>(QStringLiteral("unitSystem"));
        QCOMPARE(units->currentData().toInt(), int(UnitSystem::Imperial));
        QCOMPARE(second.recentFiles()->files(), QStringList{absolute});
        QCOMPARE(second.documentTabs()->count(), 0); // settings, not documents

        // Open Recent lists the file and opens it.
        QMenu* recent = nullptr;
        for (QMenu* m : second.findChildren<QMenu*>()) {
            if (m->title() == QStringLiteral("Open &Recent"))
                recent = m;
        }
        QVERIFY(recent);
        QVERIFY(recent->isEnabled());
        QAction* entry = recent->actions().first();
        QCOMPARE(entry->text(), QStringLiteral("&1 saved.json"));
        QCOMPARE(entry->statusTip(), absolute);
        entry->trigger();
        QCOMPARE(second.documentTabs()->count(), 1);
        QCOMPARE(second.currentDocument()->filePath(), absolute);

        // Its forms are in imperial units: 1500 kg shows as pounds.
        auto* mass = second.currentView()
                         ->parameters()
                         ->editor(QStringLiteral("chassis.mass"))
                         ->findChild<QLineEdit*>();
        QVERIFY(mass);
        double shown = 0.0;
        QVERIFY(parseNumber(mass->text(), &shown));
        QVERIFY2(near(shown, 1500.0 / kilogramsPerPound, 1.0),
                 qPrintable(mismatch("mass (lb)", shown, 1500.0 / kilogramsPerPound)));
        QSettings().clear();
    }
};

QTEST_MAIN(TestUiEditors)
#include "tst_ui_editors.moc"
