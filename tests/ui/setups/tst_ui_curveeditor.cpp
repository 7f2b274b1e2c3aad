// The curve editor driven with the mouse and keyboard, offscreen: drags move
// points by the amount the plot's axes say, one drag is one undo step, and
// undo/redo restore exact values.
#include "ui/setups/CurveEditor.h"
#include "ui/setups/CurvePointDragger.h"
#include "ui/setups/MagicFormulaFitBar.h"
#include "ui/document/SetupDocument.h"
#include "ui/setups/TireTablePanel.h"
#include "ui/setups/TorqueCurvePanel.h"

#include <qcustomplot.h>

#include <QtTest>

using namespace vtw;

namespace {
const QString torquePath = QStringLiteral("engine.torqueCurve_rpm_Nm");
// A drag lands on the snap grid: a thousandth of the axis span rounded down to
// a power of ten (1 rpm, 0.1 N m for the torque plot), so expect that much.
constexpr double rpmTolerance = 1.0;
constexpr double torqueTolerance = 0.1;

struct Fixture {
    SetupDocument document{defaultSetup()};
    TorqueCurvePanel panel{&document};
    Fixture() {
        panel.resize(1000, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        plot()->replot(); // lay out the axes before converting pixels
    }
    QCustomPlot* plot() const { return panel.editor()->plot(); }
    CurvePointDragger* dragger() const { return panel.editor()->dragger(); }
    const Curve& curve() const { return document.setup().engine.torqueCurve; }
};

void drag(QCustomPlot* plot, QPoint from, QPoint to, int steps = 6) {
    QTest::mousePress(plot, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= steps; ++i)
        QTest::mouseMove(plot, from + (to - from) * i / steps);
    QTest::mouseRelease(plot, Qt::LeftButton, Qt::NoModifier, to);
}

// A drag with modifier keys held (QTest::mouseMove carries none).
void dragHolding(QCustomPlot* plot, QPoint from, QPoint to, Qt::KeyboardModifiers keys, int steps = 6) {
    QTest::mousePress(plot, Qt::LeftButton, keys, from);
    for (int i = 1; i <= steps; ++i) {
        const QPointF at = from + (to - from) * i / steps;
        QMouseEvent move(QEvent::MouseMove, at, plot->mapToGlobal(at), Qt::NoButton, Qt::LeftButton, keys);
        QApplication::sendEvent(plot, &move);
    }
    QTest::mouseRelease(plot, Qt::LeftButton, keys, to);
}
} // namespace

class TestUiCurveEditor : public QObject {
    Q_OBJECT
private slots:
    void dragMovesPointByPlotDistance_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<QPoint>("offset");
        QTest::newRow("peak up-right") << 5 << QPoint(25, -40);
        QTest::newRow("middle down-left") << 3 << QPoint(-20, 30);
        QTest::newRow("last point down") << 8 << QPoint(10, 50);
    }
    void dragMovesPointByPlotDistance() {
        QFETCH(int, index);
        QFETCH(QPoint, offset);
        Fixture f;
        const Curve before = f.curve();
        // The point moves by the mouse's travel, wherever on the point it was grabbed.
        const QPointF point = f.dragger()->pixelOf(index);
        const QPoint from = point.toPoint();
        const QPoint to = from + offset;
        const double expectedX = f.plot()->xAxis->pixelToCoord(point.x() + offset.x());
        const double expectedY = f.plot()->yAxis->pixelToCoord(point.y() + offset.y());
        drag(f.plot(), from, to);

        const CurvePoint moved = f.curve().points()[std::size_t(index)];
        QVERIFY2(std::abs(moved.x - expectedX) <= rpmTolerance,
                 qPrintable(QString("x %1, expected %2").arg(moved.x).arg(expectedX)));
        QVERIFY2(std::abs(moved.y - expectedY) <= torqueTolerance,
                 qPrintable(QString("y %1, expected %2").arg(moved.y).arg(expectedY)));
        // Every other point is untouched.
        for (std::size_t i = 0; i < before.size(); ++i) {
            if (int(i) != index)
                QCOMPARE(f.curve().points()[i], before.points()[i]);
        }
        QCOMPARE(f.document.undoStack()->count(), 1); // the whole drag is one step
        QVERIFY(f.document.isModified());
    }

    // Grabbed off its centre and dragged straight up (a hand's sideways wobble of a
    // pixel or two included), the peak keeps its rpm exactly and only its torque moves.
    void dragStraightUpKeepsTheRpm() {
        Fixture f;
        const CurvePoint before = f.curve().points()[5];
        const QPoint grab = f.dragger()->pixelOf(5).toPoint() + QPoint(3, 2);
        QTest::mousePress(f.plot(), Qt::LeftButton, Qt::NoModifier, grab);
        QTest::mouseMove(f.plot(), grab + QPoint(1, -20));
        QTest::mouseMove(f.plot(), grab + QPoint(-2, -45));
        QTest::mouseMove(f.plot(), grab + QPoint(2, -60));
        QTest::mouseRelease(f.plot(), Qt::LeftButton, Qt::NoModifier, grab + QPoint(2, -60));
        const CurvePoint after = f.curve().points()[5];
        QCOMPARE(after.x, before.x);
        QVERIFY2(after.y > before.y + 10.0, qPrintable(QString("torque %1 -> %2").arg(before.y).arg(after.y)));
        QCOMPARE(f.document.undoStack()->count(), 1);
    }

    // Shift holds a drag to the axis the mouse travelled most along.
    void shiftHoldsTheDragToOneAxis() {
        Fixture f;
        const CurvePoint before = f.curve().points()[3];
        const QPoint from = f.dragger()->pixelOf(3).toPoint();
        dragHolding(f.plot(), from, from + QPoint(12, -50), Qt::ShiftModifier); // mostly up
        QCOMPARE(f.curve().points()[3].x, before.x);
        QVERIFY(f.curve().points()[3].y > before.y);

        const CurvePoint middle = f.curve().points()[3];
        const QPoint again = f.dragger()->pixelOf(3).toPoint();
        dragHolding(f.plot(), again, again + QPoint(30, -10), Qt::ShiftModifier); // mostly sideways
        QCOMPARE(f.curve().points()[3].y, middle.y);
        QVERIFY(f.curve().points()[3].x > middle.x);
    }

    void dragKeepsXBetweenNeighbours() {
        Fixture f;
        const double prevX = f.curve().points()[4].x, nextX = f.curve().points()[6].x;
        const QPoint from = f.dragger()->pixelOf(5).toPoint();
        // Far past the next point, then far before the previous one.
        drag(f.plot(), from, from + QPoint(400, 0));
        QVERIFY(f.curve().points()[5].x < nextX);
        QVERIFY(f.curve().points()[5].x > prevX);
        drag(f.plot(), f.dragger()->pixelOf(5).toPoint(),
             f.dragger()->pixelOf(5).toPoint() - QPoint(400, 0));
        QVERIFY(f.curve().points()[5].x > prevX);
        QVERIFY(f.curve().points()[5].x < nextX);
    }

    void undoRedoDragRestoresExactValues() {
        Fixture f;
        const Curve before = f.curve();
        const QPoint from = f.dragger()->pixelOf(2).toPoint();
        drag(f.plot(), from, from + QPoint(13, -27), 10);
        const Curve after = f.curve();
        QVERIFY(after != before);
        f.document.undoStack()->undo();
        QCOMPARE(f.curve(), before);
        QVERIFY(!f.document.isModified());
        f.document.undoStack()->redo();
        QCOMPARE(f.curve(), after);
        // The table shows the same points as the plot.
        QCOMPARE(f.panel.editor()->table()->rowCount(), int(after.size()));
    }

    void doubleClickAddsDeleteKeyRemoves() {
        Fixture f;
        const Curve before = f.curve();
        // Between the 1000 and 2000 rpm points, well below the line.
        const QPoint at(int(f.plot()->xAxis->coordToPixel(1500.0)),
                        int(f.plot()->yAxis->coordToPixel(200.0)));
        QTest::mouseDClick(f.plot(), Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(f.curve().size(), before.size() + 1);
        const CurvePoint added = f.curve().points()[1];
        QVERIFY(std::abs(added.x - f.plot()->xAxis->pixelToCoord(at.x())) <= rpmTolerance);
        QVERIFY(std::abs(added.y - f.plot()->yAxis->pixelToCoord(at.y())) <= torqueTolerance);
        QCOMPARE(f.panel.editor()->table()->rowCount(), int(before.size() + 1));

        // Select it with a click, delete it with the Delete key.
        QTest::mouseClick(f.plot(), Qt::LeftButton, Qt::NoModifier,
                          f.dragger()->pixelOf(1).toPoint());
        QCOMPARE(f.dragger()->selectedPoint(), 1);
        f.plot()->setFocus();
        QTest::keyClick(f.plot(), Qt::Key_Delete);
        QCOMPARE(f.curve(), before);
        QCOMPARE(f.document.undoStack()->count(), 2);
    }

    void deleteRefusedBelowMinimumPoints() {
        Setup s = defaultSetup();
        s.engine.torqueCurve = Curve{{1000.0, 400.0}, {6000.0, 400.0}};
        SetupDocument document(s);
        CurveEditor editor(&document, torquePath);
        QSignalSpy refused(&editor, &CurveEditor::message);
        QVERIFY(!editor.dragger()->removePoint(0));
        QCOMPARE(document.setup().engine.torqueCurve.size(), std::size_t(2));
        QCOMPARE(refused.count(), 1);
        QVERIFY(!editor.problem().isEmpty());
    }

    // A drag that would break a cross-field rule (no torque at idle) stops at
    // the last valid position rather than reaching the document.
    void dragRefusedByValidator() {
        Fixture f;
        QSignalSpy refused(f.dragger(), &CurvePointDragger::message);
        const QPoint from = f.dragger()->pixelOf(0).toPoint();
        const QPoint to(from.x(), int(f.plot()->yAxis->coordToPixel(-50.0)));
        drag(f.plot(), from, to, 20);
        QVERIFY(refused.count() > 0);
        QVERIFY(refused.last().first().toString().contains(QStringLiteral("Idle")));
        QVERIFY(f.curve().points()[0].y > 0.0);
        QCOMPARE(f.document.undoStack()->count(), 1);
    }

    void tableEditChangesCurveAndRefusesDisorder() {
        Fixture f;
        QTableWidget* table = f.panel.editor()->table();
        table->item(5, 1)->setText(QStringLiteral("480"));
        QCOMPARE(f.curve().points()[5].y, 480.0);
        // x must stay between the neighbours: 3500 rpm is before point 4 (4000).
        const Curve before = f.curve();
        table->item(5, 0)->setText(QStringLiteral("3500"));
        QCOMPARE(f.curve(), before);
        const QString problem = f.panel.editor()->problem(); // the document's curve rule, point named
        QVERIFY2(problem.contains(QStringLiteral("previous point")), qPrintable(problem));
        QCOMPARE(table->item(5, 0)->text(), QStringLiteral("4400"));
    }

    // The same editor serves the tire tables; the fit overlays and applies as one step.
    void tireTableFitAppliesAsOneStep() {
        SetupDocument document(defaultSetup());
        TireTablePanel panel(&document);
        MagicFormulaFitBar* fit = panel.fitBar(QStringLiteral("rear"), QStringLiteral("lateral"));
        fit->fit();
        QVERIFY(fit->result().ok);
        QVERIFY(fit->resultText().contains(QStringLiteral("RMS residual")));
        const MagicFormulaCoefficients before = document.setup().rearTires.magicFormula.lateral;
        fit->apply();
        const MagicFormulaCoefficients& k = document.setup().rearTires.magicFormula.lateral;
        QCOMPARE(k.B, fit->result().coefficients.B);
        QCOMPARE(k.E, fit->result().coefficients.E);
        QCOMPARE(document.undoStack()->count(), 1);
        document.undoStack()->undo();
        QCOMPARE(document.setup().rearTires.magicFormula.lateral, before);
    }
};

QTEST_MAIN(TestUiCurveEditor)
#include "tst_ui_curveeditor.moc"
