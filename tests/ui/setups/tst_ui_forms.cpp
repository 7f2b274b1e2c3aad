// The parameter forms driven through their widgets: bad input is refused at
// the field with a visible reason and never reaches the document; good input
// is one undo step; display units convert and storage stays SI.
#include "ui/setups/FieldEditors.h"
#include "ui/setups/ParameterForm.h"
#include "ui/setups/ParameterPanel.h"
#include "ui/document/SetupDocument.h"
#include "ui/setups/TireParameterForm.h"
#include "core/setupfile/SetupEnumKeys.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/setupfile/SetupValidation.h"

#include <QComboBox>
#include <QLineEdit>
#include <QtTest>

using namespace vtw;

namespace {
void typeInto(QLineEdit* edit, const QString& text) {
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}
} // namespace

class TestUiForms : public QObject {
    Q_OBJECT
private slots:
    void everyNonCurveFieldHasAnEditor() {
        SetupDocument document(defaultSetup());
        ParameterPanel panel(&document);
        for (const FieldMeta& f : setupFields()) {
            if (f.kind != FieldKind::Curve)
                QVERIFY2(panel.editor(f.path), qPrintable(f.path));
        }
    }

    void badValueRefusedWithReason_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reasonContains");
        QTest::newRow("negative mass") << "chassis.mass"
                                       << "-5"
                                       << "≥";
        QTest::newRow("not a number") << "chassis.cgHeight"
                                      << "tall"
                                      << "not a number";
        QTest::newRow("share above 100 %") << "brakes.frontBias"
                                           << "120"
                                           << "100 %";
        QTest::newRow("idle above redline") << "engine.idle_rpm"
                                            << "7000"
                                            << "Redline";
        QTest::newRow("upshift above redline") << "gearbox.upshift_rpm"
                                               << "6500"
                                               << "Redline"; // the form's label, not engine.redline_rpm
        QTest::newRow("gears not descending") << "gearbox.forwardRatios"
                                              << "2.66; 1.78; 1.9"
                                              << "descend";
        QTest::newRow("fractional substeps") << "simulation.substeps"
                                             << "1.5"
                                             << "whole";
        QTest::newRow("steer angle 90 deg") << "steering.maxSteerAngle"
                                            << "90"
                                            << "deg";
    }
    void badValueRefusedWithReason() {
        QFETCH(QString, path);
        QFETCH(QString, text);
        QFETCH(QString, reasonContains);
        SetupDocument document(defaultSetup());
        ParameterPanel panel(&document);
        panel.show();
        FieldEditor* editor = panel.editor(path);
        QVERIFY(editor);
        auto* edit = editor->findChild<QLineEdit*>();
        QVERIFY(edit);
        typeInto(edit, text);
        QVERIFY2(editor->problem().contains(reasonContains),
                 qPrintable(QStringLiteral("reason: ") + editor->problem()));
        QCOMPARE(document.setup(), defaultSetup()); // nothing reached the document
        QCOMPARE(document.undoStack()->count(), 0);
        QCOMPARE(edit->text(), text); // the user's text stays for correction
        // Escape brings the document's value back and clears the reason.
        QTest::keyClick(edit, Qt::Key_Escape);
        QVERIFY(editor->problem().isEmpty());
    }

    // The time step's limits come from the metadata table, the same numbers validation
    // uses: outside them the form refuses and names both; at them it accepts, and the
    // setup it stores validates.
    void timeStepFormUsesTheTableLimits() {
        const FieldMeta* f = findField(QStringLiteral("simulation.timeStep"));
        QVERIFY(f);
        SetupDocument document(defaultSetup());
        ParameterPanel panel(&document);
        panel.show();
        FieldEditor* editor = panel.editor(f->path);
        QVERIFY(editor);
        auto* edit = editor->findChild<QLineEdit*>();
        QVERIFY(edit);
        const QString shownMin = QLocale().toString(f->min, 'g', 8);
        const QString shownMax = QLocale().toString(f->max, 'g', 8);
        for (const QString& tooSmallOrLarge : {QStringLiteral("1e-9"), QStringLiteral("1e-300"),
                                               QStringLiteral("0.02")}) {
            typeInto(edit, tooSmallOrLarge);
            QVERIFY2(editor->problem().contains(shownMin) && editor->problem().contains(shownMax),
                     qPrintable(tooSmallOrLarge + QStringLiteral(": ") + editor->problem()));
            QCOMPARE(document.setup().simulation.timeStep, defaultSetup().simulation.timeStep);
        }
        for (const double limit : {f->min, f->max}) {
            typeInto(edit, QLocale::c().toString(limit, 'g', 17));
            QVERIFY2(editor->problem().isEmpty(), qPrintable(editor->problem()));
            QCOMPARE(document.setup().simulation.timeStep, limit);
            QVERIFY(validateSetup(document.setup()).isEmpty());
        }
    }

    // A field the car does not use is greyed out as the setup changes: the front axle's
    // own and the centre differential on an AWD car only, a coupling's values with a
    // differential of its type, an aid's settings with the aid on.
    void driveAndAidFieldsApplyAsTheSetupUsesThem() {
        SetupDocument document(defaultSetup()); // rear drive, open differentials, no aids
        ParameterPanel panel(&document);
        auto enabled = [&](const char* path) { return panel.editor(QString::fromLatin1(path))->isEnabled(); };
        QVERIFY(!enabled("driveline.frontDifferential"));
        QVERIFY(!enabled("driveline.centreDifferential"));
        QVERIFY(!enabled("driveline.axleLimitedSlip.preload"));
        QVERIFY(!enabled("aids.absSlipTarget"));
        QVERIFY(document.changeValue(QStringLiteral("driveline.layout"), double(DrivelineLayout::AllWheelDrive)).accepted());
        QVERIFY(document.changeValue(QStringLiteral("driveline.frontDifferential"),
                                     double(DifferentialType::ClutchLimitedSlip)).accepted());
        QVERIFY(document.changeValue(QStringLiteral("driveline.differential"), double(DifferentialType::Viscous)).accepted());
        QVERIFY(document.changeValue(QStringLiteral("aids.abs"), double(AidSwitch::On)).accepted());
        QVERIFY(enabled("driveline.frontDifferential"));
        QVERIFY(enabled("driveline.centreDifferential"));
        QVERIFY(enabled("driveline.frontLimitedSlip.powerLocking"));
        QVERIFY(!enabled("driveline.frontLimitedSlip.viscousCoefficient"));
        QVERIFY(enabled("driveline.axleLimitedSlip.viscousCoefficient"));
        QVERIFY(!enabled("driveline.axleLimitedSlip.preload"));
        QVERIFY(!enabled("driveline.centreLimitedSlip.preload")); // the centre is open
        QVERIFY(enabled("aids.absSlipTarget"));
        QVERIFY(!enabled("aids.tractionSlipTarget"));
    }

    void goodValueIsOneUndoStep() {
        SetupDocument document(defaultSetup());
        ParameterPanel panel(&document);
        auto* edit = panel.editor(QStringLiteral("chassis.mass"))->findChild<QLineEdit*>();
        typeInto(edit, QStringLiteral("1620"));
        QCOMPARE(document.setup().chassis.mass, 1620.0);
        QCOMPARE(document.undoStack()->count(), 1);
        document.undoStack()->undo();
        QCOMPARE(document.setup().chassis.mass, defaultSetup().chassis.mass);
        QCOMPARE(edit->text(), QStringLiteral("1500"));
    }

    // Imperial display: 3000 lb typed, stored as kg; torque shown in lb-ft.
    void imperialUnitsConvertAtTheField() {
        SetupDocument document(defaultSetup());
        ParameterPanel panel(&document);
        panel.setUnitSystem(UnitSystem::Imperial);
        auto* mass = panel.editor(QStringLiteral("chassis.mass"))->findChild<QLineEdit*>();
        typeInto(mass, QStringLiteral("3000"));
        QCOMPARE(document.setup().chassis.mass, 3000.0 * 0.45359237);
        auto* brake = panel.editor(QStringLiteral("brakes.maxTorque"))->findChild<QLineEdit*>();
        bool ok = false;
        const double shown = QLocale::c().toDouble(brake->text(), &ok);
        QVERIFY(ok);
        QVERIFY(std::abs(shown - 4800.0 / 1.3558179) < 1.0);
        // Up arrow steps by the field's step in the shown unit.
        auto* front = panel.editor(QStringLiteral("brakes.frontBias"))->findChild<QLineEdit*>();
        QTest::keyClick(front, Qt::Key_Up);
        QVERIFY(std::abs(document.setup().brakes.frontBias - 0.71) < 1e-12);
    }

    void tireModelShowsOnlyItsParameters() {
        SetupDocument document(defaultSetup());
        TireParameterForm form(&document, QStringLiteral("front"));
        QCOMPARE(form.currentModelPage(), int(TireModelKind::MagicFormula));
        auto* model = qobject_cast<EnumFieldEditor*>(
            form.forms().first()->editor(QStringLiteral("tires.front.model")));
        QVERIFY(model);
        model->comboBox()->setCurrentIndex(int(TireModelKind::Brush));
        emit model->comboBox()->activated(int(TireModelKind::Brush));
        QCOMPARE(document.setup().frontTires.model, TireModelKind::Brush);
        QCOMPARE(form.currentModelPage(), int(TireModelKind::Brush));
        document.undoStack()->undo();
        QCOMPARE(form.currentModelPage(), int(TireModelKind::MagicFormula));
    }

    // Every registered model (tires/TireModels.h) has its page: chosen, it shows the
    // editors of its own section's fields and of no other model's.
    void everyTireModelHasItsFormPage() {
        SetupDocument document(defaultSetup());
        TireParameterForm form(&document, QStringLiteral("front"));
        auto* model = qobject_cast<EnumFieldEditor*>(form.forms().first()->editor(QStringLiteral("tires.front.model")));
        QVERIFY(model);
        for (const TireModelInfo& entry : tireModels) {
            const int index = int(entry.value);
            model->comboBox()->setCurrentIndex(index);
            emit model->comboBox()->activated(index);
            QCOMPARE(form.currentModelPage(), index);
            const QString section = QStringLiteral("tires.front.") + optionText(entry.key) + QLatin1Char('.');
            QStringList shown;
            for (const FieldEditor* e : form.currentPage()->findChildren<FieldEditor*>())
                shown << e->field().path;
            QStringList expected;
            for (const FieldMeta* f : fieldsWithPrefix(section))
                expected << f->path;
            if (entry.form.extra == TireFormExtra::TablePoints)
                expected.clear(); // its points are edited in the tire tables view
            shown.sort();
            expected.sort();
            QCOMPARE(shown, expected);
            const bool presets = form.currentPage()->findChild<QComboBox*>(QStringLiteral("calspanPresets"));
            QCOMPARE(presets, entry.form.extra == TireFormExtra::CalspanPresets);
        }
    }
};

QTEST_MAIN(TestUiForms)
#include "tst_ui_forms.moc"
