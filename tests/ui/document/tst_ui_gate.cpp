// Every kind of editor reaches the setup through the document's gate, driven
// here through its widgets: a value the validation rules refuse comes back to
// where it was edited with a reason, and the setup and its undo history stay as
// they were; a good value is exactly one undo step, and undo restores the setup.
// The bad values are chosen so that only the whole-setup rules refuse them (a
// cross-field rule, a coefficient's range, a curve's order), which an editor that
// went around the gate would let through.
#include "ui/setups/CurveEditor.h"
#include "ui/setups/CurvePointDragger.h"
#include "ui/setups/DocumentView.h"
#include "ui/setups/FieldEditors.h"
#include "ui/setups/MagicFormulaFitBar.h"
#include "ui/MainWindow.h"
#include "ui/setups/ParameterPanel.h"
#include "ui/document/ProblemListDialog.h"
#include "ui/document/SetupDocument.h"
#include "ui/setups/TireParameterForm.h"
#include "ui/setups/TireTablePanel.h"
#include "ui/setups/TorqueCurvePanel.h"
#include "core/setupfile/CsvIo.h"
#include "core/tires/CalspanPresets.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/setupfile/SetupValidation.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QtTest>

using namespace vtw;

namespace {

const QString torquePath = QStringLiteral("engine.torqueCurve_rpm_Nm");

void typeInto(QLineEdit* edit, const QString& text) {
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

FieldEditor* editorOf(QWidget* form, const QString& path) {
    for (FieldEditor* e : form->findChildren<FieldEditor*>()) {
        if (e->field().path == path)
            return e;
    }
    return nullptr;
}

void drag(QCustomPlot* plot, QPoint from, QPoint to, int steps = 8) {
    QTest::mousePress(plot, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= steps; ++i)
        QTest::mouseMove(plot, from + (to - from) * i / steps);
    QTest::mouseRelease(plot, Qt::LeftButton, Qt::NoModifier, to);
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

} // namespace

class TestUiGate : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vtw-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_gate"));
    }

    // The gate itself: a refusal names the field and the rule; nothing is pushed.
    void gateRefusesWithFieldAndReason() {
        SetupDocument document(defaultSetup());
        const EditResult refused = document.changeValue(QStringLiteral("engine.idle_rpm"), 7000.0);
        QVERIFY(!refused.accepted());
        QVERIFY2(refused.message().contains(QStringLiteral("Redline")), qPrintable(refused.message()));
        QCOMPARE(document.setup(), defaultSetup());
        QCOMPARE(document.undoStack()->count(), 0);
        // An integer field takes whole numbers only, a path must be a field of the right kind.
        QVERIFY(!document.changeValue(QStringLiteral("simulation.substeps"), 1.5).accepted());
        QVERIFY(!document.changeValue(QStringLiteral("no.such.field"), 1.0).accepted());
        QVERIFY(!document.changeValue(torquePath, 1.0).accepted());
        QVERIFY(!document.changeValue(QStringLiteral("chassis.mass"), std::nan("")).accepted());
        QCOMPARE(document.setup(), defaultSetup());
        QCOMPARE(document.undoStack()->count(), 0);
        // Several numbers at once are one step or nothing.
        const EditResult half = document.changeValues(
            {{QStringLiteral("chassis.mass"), 1400.0}, {QStringLiteral("engine.idle_rpm"), 7000.0}},
            QStringLiteral("two"));
        QVERIFY(!half.accepted());
        QCOMPARE(document.setup(), defaultSetup());
        QVERIFY(document.changeValues({{QStringLiteral("chassis.mass"), 1400.0},
                                       {QStringLiteral("engine.idle_rpm"), 900.0}},
                                      QStringLiteral("two"))
                    .accepted());
        QCOMPARE(document.undoStack()->count(), 1);
        QCOMPARE(document.setup().chassis.mass, 1400.0);
        document.undoStack()->undo();
        QCOMPARE(document.setup(), defaultSetup());
    }

    void formField() {
        SetupDocument document(defaultSetup());
        ParameterPanel panel(&document);
        panel.show();
        FieldEditor* upshift = panel.editor(QStringLiteral("gearbox.upshift_rpm"));
        QVERIFY(upshift);
        auto* edit = upshift->findChild<QLineEdit*>();
        // In the field's own range, above the redline: only the cross-field rule refuses it.
        typeInto(edit, QStringLiteral("6500"));
        QVERIFY2(upshift->problem().contains(QStringLiteral("Redline")), qPrintable(upshift->problem()));
        QCOMPARE(document.setup(), defaultSetup());
        QCOMPARE(document.undoStack()->count(), 0);
        typeInto(edit, QStringLiteral("5000"));
        QVERIFY(upshift->problem().isEmpty());
        QCOMPARE(document.setup().gearbox.upshiftRpm, 5000.0);
        QCOMPARE(document.undoStack()->count(), 1);
        document.undoStack()->undo();
        QCOMPARE(document.setup(), defaultSetup());
    }

    void curveDrag() {
        SetupDocument document(defaultSetup());
        TorqueCurvePanel panel(&document);
        panel.resize(1000, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCustomPlot* plot = panel.editor()->plot();
        plot->replot();
        CurvePointDragger* dragger = panel.editor()->dragger();
        QSignalSpy messages(dragger, &CurvePointDragger::message);
        // The first point straight down to no torque in one move: the car could
        // not pull away from idle.
        const QPoint first = dragger->pixelOf(0).toPoint();
        drag(plot, first, QPoint(first.x(), int(plot->yAxis->coordToPixel(0.0))), 1);
        QVERIFY(!messages.isEmpty());
        QVERIFY2(messages.last().first().toString().contains(QStringLiteral("Idle")),
                 qPrintable(messages.last().first().toString()));
        // The drag's one step was refused: nothing changed, nothing to undo.
        QCOMPARE(document.setup(), defaultSetup());
        QCOMPARE(document.undoStack()->count(), 0);
        // A good drag of many steps is one undo step.
        const QPoint peak = dragger->pixelOf(5).toPoint();
        drag(plot, peak, peak + QPoint(0, -30), 12);
        QVERIFY(document.setup().engine.torqueCurve != defaultSetup().engine.torqueCurve);
        QCOMPARE(document.undoStack()->count(), 1);
        document.undoStack()->undo();
        QCOMPARE(document.setup(), defaultSetup());
    }

    void tireTableCell() {
        SetupDocument document(defaultSetup());
        TireTablePanel panel(&document);
        CurveEditor* editor = panel.editor(QStringLiteral("front"), QStringLiteral("lateral"));
        QVERIFY(editor);
        QTableWidget* table = editor->table();
        QVERIFY(table->rowCount() >= 3);
        // x before the previous point's: the curve's order rule refuses it.
        const QString shownX = table->item(2, 0)->text();
        table->item(2, 0)->setText(QStringLiteral("0"));
        QVERIFY(!editor->problem().isEmpty());
        QCOMPARE(table->item(2, 0)->text(), shownX);
        QCOMPARE(document.setup(), defaultSetup());
        QCOMPARE(document.undoStack()->count(), 0);
        const double y = document.setup().frontTires.table.lateral.points()[2].y;
        table->item(2, 1)->setText(QLocale().toString(y * 1.1, 'g', 10));
        QVERIFY(editor->problem().isEmpty());
        QVERIFY(document.setup().frontTires.table.lateral.points()[2].y > y);
        QCOMPARE(document.undoStack()->count(), 1);
        document.undoStack()->undo();
        QCOMPARE(document.setup(), defaultSetup());
    }

    void tireParameterForm() {
        SetupDocument document(defaultSetup());
        TireParameterForm form(&document, QStringLiteral("front"));
        form.show();
        FieldEditor* shape = editorOf(&form, QStringLiteral("tires.front.magicFormula.lateral.C"));
        QVERIFY(shape);
        auto* edit = shape->findChild<QLineEdit*>();
        typeInto(edit, QStringLiteral("5"));
        QVERIFY(!shape->problem().isEmpty());
        QCOMPARE(document.setup(), defaultSetup());
        QCOMPARE(document.undoStack()->count(), 0);
        typeInto(edit, QStringLiteral("1.5"));
        QVERIFY2(shape->problem().isEmpty(), qPrintable(shape->problem()));
        QCOMPARE(document.setup().frontTires.magicFormula.lateral.C, 1.5);
        QCOMPARE(document.undoStack()->count(), 1);
        document.undoStack()->undo();
        QCOMPARE(document.setup(), defaultSetup());
        // A Calspan preset sets a dozen fields as one step.
        auto* presets = form.findChild<QComboBox*>(QStringLiteral("calspanPresets"));
        QVERIFY(presets && presets->count() == int(calspanPresets.size()) + 1);
        int differing = 0; // a preset that is not the default set
        while (calspanPreset(calspanPresets[std::size_t(differing)]) == defaultSetup().frontTires.calspan)
            ++differing;
        presets->setCurrentIndex(differing + 1);
        emit presets->activated(differing + 1);
        QVERIFY(document.setup().frontTires.calspan != defaultSetup().frontTires.calspan);
        QCOMPARE(document.undoStack()->count(), 1);
        document.undoStack()->undo();
        QCOMPARE(document.setup(), defaultSetup());
    }

    // The fitter keeps B, C, D and E within the metadata's limits, so a fit the
    // gate refuses cannot be made from a table; the entry the fit bar applies
    // through is shown refusing an out-of-range D for the same fields, and the
    // bar's apply is one step.
    void magicFormulaFit() {
        SetupDocument document(defaultSetup());
        TireTablePanel panel(&document);
        MagicFormulaFitBar* fit = panel.fitBar(QStringLiteral("rear"), QStringLiteral("lateral"));
        fit->fit();
        QVERIFY(fit->result().ok);
        const QString prefix = QStringLiteral("tires.rear.magicFormula.lateral.");
        const MagicFormulaCoefficients& k = fit->result().coefficients;
        const EditResult refused = document.changeValues(
            {{prefix + "B", k.B}, {prefix + "C", k.C}, {prefix + "D", 12.0}, {prefix + "E", k.E}},
            QStringLiteral("fit"));
        QVERIFY(!refused.accepted());
        QCOMPARE(refused.problems.first().path, prefix + "D");
        QCOMPARE(document.setup(), defaultSetup());
        QCOMPARE(document.undoStack()->count(), 0);

        fit->apply();
        QCOMPARE(document.setup().rearTires.magicFormula.lateral.D, k.D);
        QCOMPARE(document.setup().rearTires.magicFormula.lateral.B, k.B);
        QCOMPARE(document.undoStack()->count(), 1);
        document.undoStack()->undo();
        QCOMPARE(document.setup(), defaultSetup());
    }

    void curveImport() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        SetupDocument* document = window.newDocument(defaultSetup())->document();
        const FieldMeta* field = findField(torquePath);
        QVERIFY(field);
        // A well-formed curve with no torque up to 2000 rpm: the car could not
        // leave idle, which only the whole-setup rules know.
        const double idle = defaultSetup().engine.idleRpm;
        QVERIFY(idle < 2000.0);
        const Curve noIdleTorque{{500.0, 0.0}, {2000.0, 0.0}, {4000.0, 300.0}, {7000.0, 250.0}};
        QVERIFY(validateCurve(noIdleTorque, field->curveRules, field->path).isEmpty());
        const QString bad = dir.filePath(QStringLiteral("bad.csv"));
        writeFile(bad, writeCurveCsv(noIdleTorque, field->xLabel, field->yLabel));
        QVERIFY(!window.importCurveFile(torquePath, bad));
        auto* dialog = window.findChild<ProblemListDialog*>();
        QVERIFY(dialog);
        QVERIFY2(dialog->problems().join(QLatin1Char(' ')).contains(QStringLiteral("Idle")),
                 qPrintable(dialog->problems().join(QLatin1Char(' '))));
        dialog->close();
        delete dialog;
        QCOMPARE(document->setup(), defaultSetup());
        QCOMPARE(document->undoStack()->count(), 0);

        Curve scaled = defaultSetup().engine.torqueCurve;
        for (CurvePoint& p : scaled.points())
            p.y *= 1.1;
        const QString good = dir.filePath(QStringLiteral("good.csv"));
        writeFile(good, writeCurveCsv(scaled, field->xLabel, field->yLabel));
        QVERIFY(window.importCurveFile(torquePath, good));
        QCOMPARE(document->setup().engine.torqueCurve.size(), scaled.size());
        QCOMPARE(document->undoStack()->count(), 1);
        document->undoStack()->undo();
        QCOMPARE(document->setup(), defaultSetup());
    }
};

QTEST_MAIN(TestUiGate)
#include "tst_ui_gate.moc"
