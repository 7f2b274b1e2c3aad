// The unit choice reaches every value a user reads or types, driven through the widgets
// offscreen: the maneuver forms (compare and live), the tyre view's load, the friction
// ellipses' read-outs and the published figures. A typed value is converted once to the
// stored unit, and a switch of units never rewrites what is kept.
// Conversion factors are the exact definitions (1 ft = 0.3048 m, 1 mph = 1.609344 km/h,
// 1 g = 9.80665 m/s^2, 1 lbf = 4.448222 N as core/base/Units.h states it).

#include "ui/shared/CompareStyle.h"
#include "ui/shared/DisplayUnits.h"
#include "ui/live/FrictionEllipseView.h"
#include "ui/live/LiveSimulationPage.h"
#include "ui/compare/ManeuverParameterForm.h"
#include "ui/document/SetupDocument.h"
#include "ui/setups/TargetsEditor.h"
#include "ui/setups/TireModelView.h"
#include "core/base/Units.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>
#include <qcustomplot.h>

using namespace vtw;

namespace {

QDoubleSpinBox* numberBox(QWidget* editor) {
    return qobject_cast<QDoubleSpinBox*>(editor);
}

/// The row label beside an editor of a form layout.
QString rowLabel(QWidget* editor) {
    for (QWidget* w = editor->parentWidget(); w; w = w->parentWidget()) {
        if (auto* form = qobject_cast<QFormLayout*>(w->layout()))
            if (auto* label = qobject_cast<QLabel*>(form->labelForField(editor)))
                return label->text();
    }
    return {};
}

/// Types `text` into a spin box as a user does: select all, type, press Enter.
void typeInto(QDoubleSpinBox* box, const QString& text) {
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

/// The text a box shows for `shown` at its decimals.
QString shownText(const QDoubleSpinBox* box, double shown) {
    return QLocale().toString(shown, 'f', box->decimals());
}

} // namespace

class TestUiUnits : public QObject {
    Q_OBJECT
private slots:
    void compareFormShowsDistancesInFeetAndKeepsMetres();
    void typedFeetAreStoredAsExactMetres();
    void speedsInMphAndRampsInG();
    void livePageFormFollowsUnits();
    void tyreLoadInPoundsForce();
    void frictionEllipseReadoutsFollowUnits();
    void publishedFiguresTypedInMph();
    void numbersThatRoundToZeroHaveNoSign();
};

void TestUiUnits::compareFormShowsDistancesInFeetAndKeepsMetres() {
    ManeuverParameterForm form;
    form.setManeuver("skidpad", {{"radius_m", 40.0}});
    QDoubleSpinBox* radius = numberBox(form.editor("radius_m"));
    QVERIFY(radius);
    QCOMPARE(rowLabel(radius), QStringLiteral("Radius (m)"));
    QCOMPARE(radius->cleanText(), shownText(radius, 40.0));

    form.setUnitSystem(UnitSystem::Imperial);
    QCOMPARE(rowLabel(radius), QStringLiteral("Radius (ft)"));
    QCOMPARE(radius->cleanText(), shownText(radius, 40.0 / units::metresPerFoot));
    // Shown rounded to the box's decimals; what the form gives is still the value it kept.
    QCOMPARE(form.options().at("radius_m"), 40.0);

    // Back and forth: the kept value is the same double, the text the SI text again.
    for (int i = 0; i < 5; ++i) {
        form.setUnitSystem(UnitSystem::SI);
        form.setUnitSystem(UnitSystem::Imperial);
    }
    form.setUnitSystem(UnitSystem::SI);
    QCOMPARE(rowLabel(radius), QStringLiteral("Radius (m)"));
    QCOMPARE(radius->cleanText(), shownText(radius, 40.0));
    QVERIFY(form.options().at("radius_m") == 40.0);
}

void TestUiUnits::typedFeetAreStoredAsExactMetres() {
    ManeuverParameterForm form;
    form.setManeuver("skidpad");
    form.setUnitSystem(UnitSystem::Imperial);
    QDoubleSpinBox* radius = numberBox(form.editor("radius_m"));
    QSignalSpy changed(&form, &ManeuverParameterForm::specChanged);
    typeInto(radius, QStringLiteral("100"));
    QVERIFY(changed.count() >= 1);
    // 100 ft is 30.48 m by definition: the double 30.48, not its last-bit neighbour.
    QVERIFY2(form.options().at("radius_m") == 30.48,
             qPrintable(QString::number(form.options().at("radius_m"), 'g', 17)));
    for (int i = 0; i < 3; ++i) {
        form.setUnitSystem(UnitSystem::SI);
        form.setUnitSystem(UnitSystem::Imperial);
    }
    QVERIFY(form.options().at("radius_m") == 30.48);
    QCOMPARE(radius->cleanText(), shownText(radius, 100.0));
    form.setUnitSystem(UnitSystem::SI);
    QCOMPARE(radius->cleanText(), shownText(radius, 30.48));
}

void TestUiUnits::speedsInMphAndRampsInG() {
    ManeuverParameterForm form;
    form.setManeuver("brake-in-turn", {{"speed_kmh", 80.0}});
    form.setUnitSystem(UnitSystem::Imperial);
    QDoubleSpinBox* speed = numberBox(form.editor("speed_kmh"));
    QCOMPARE(rowLabel(speed), QStringLiteral("Speed (mph)"));
    const double mphPerKmh = units::mphPerMps / units::kmhPerMps;
    QCOMPARE(speed->cleanText(), shownText(speed, 80.0 * mphPerKmh));
    typeInto(speed, QStringLiteral("50"));
    // 50 mph = 80.4672 km/h (1 mile = 1.609344 km).
    QVERIFY2(form.options().at("speed_kmh") == 80.4672,
             qPrintable(QString::number(form.options().at("speed_kmh"), 'g', 17)));

    // A skidpad's ramp is an acceleration: in g, in both systems (DisplayUnits' policy).
    form.setManeuver("skidpad", {{"ramp_mps2", 0.15}});
    QDoubleSpinBox* ramp = numberBox(form.editor("ramp_mps2"));
    QCOMPARE(rowLabel(ramp), QStringLiteral("Speed ramp (g)"));
    QCOMPARE(ramp->cleanText(), shownText(ramp, 0.15 / units::gravity));
    QVERIFY(ramp->decimals() >= 4); // 0.0153 g, not 0.015
    form.setUnitSystem(UnitSystem::SI);
    QCOMPARE(rowLabel(ramp), QStringLiteral("Speed ramp (g)"));
    QVERIFY(form.options().at("ramp_mps2") == 0.15);
}

void TestUiUnits::livePageFormFollowsUnits() {
    LiveSimulationPage page;
    auto* source = page.findChild<QComboBox*>();
    source->setCurrentIndex(source->findData(QStringLiteral("brake-in-turn")));
    auto* radius = page.findChild<QDoubleSpinBox*>(QStringLiteral("param_radius_m"));
    QVERIFY(radius);
    QCOMPARE(rowLabel(radius), QStringLiteral("Radius (m)"));
    page.setUnitSystem(UnitSystem::Imperial);
    QCOMPARE(rowLabel(radius), QStringLiteral("Radius (ft)"));
    QCOMPARE(radius->cleanText(), shownText(radius, 100.0 / units::metresPerFoot));
    typeInto(radius, QStringLiteral("250"));
    page.setUnitSystem(UnitSystem::SI);
    QCOMPARE(radius->cleanText(), shownText(radius, 76.2)); // 250 ft = 76.2 m
    // A maneuver chosen while imperial is shown starts in imperial.
    page.setUnitSystem(UnitSystem::Imperial);
    source->setCurrentIndex(source->findData(QStringLiteral("skidpad")));
    auto* skidpadRadius = page.findChild<QDoubleSpinBox*>(QStringLiteral("param_radius_m"));
    QVERIFY(skidpadRadius);
    QCOMPARE(rowLabel(skidpadRadius), QStringLiteral("Radius (ft)"));
    QCOMPARE(skidpadRadius->cleanText(), shownText(skidpadRadius, 40.0 / units::metresPerFoot));
}

void TestUiUnits::tyreLoadInPoundsForce() {
    SetupDocument document(defaultSetup());
    TireModelView view(&document);
    auto* load = view.findChild<QDoubleSpinBox*>(QStringLiteral("tireLoad"));
    QVERIFY(load);
    view.setLoad(4000.0);
    QCOMPARE(load->suffix(), QStringLiteral(" kN"));
    QCOMPARE(load->cleanText(), shownText(load, 4.0));
    QCOMPARE(view.loadPlot()->xAxis->label(), QStringLiteral("Load Fz (kN)"));

    view.setUnitSystem(UnitSystem::Imperial);
    QCOMPARE(load->suffix(), QStringLiteral(" lbf"));
    QCOMPARE(load->cleanText(), shownText(load, 4000.0 / units::newtonsPerPound));
    QCOMPARE(view.load(), 4000.0); // the switch re-shows, it does not rewrite
    QCOMPARE(view.loadPlot()->xAxis->label(), QStringLiteral("Load Fz (lbf)"));
    typeInto(load, QStringLiteral("1000"));
    QVERIFY2(view.load() == 4448.222, qPrintable(QString::number(view.load(), 'g', 17))); // 1000 lbf
    // The load the plots are drawn at, named in the legend in lbf.
    bool named = false;
    for (int i = 0; i < view.longitudinalPlot()->graphCount(); ++i)
        named = named || view.longitudinalPlot()->graph(i)->name().contains(QStringLiteral("1000.0 lbf"));
    QVERIFY(named);

    view.setUnitSystem(UnitSystem::SI);
    QCOMPARE(load->suffix(), QStringLiteral(" kN"));
    QCOMPARE(load->cleanText(), shownText(load, 4.448222));
    QVERIFY(view.load() == 4448.222);
}

void TestUiUnits::frictionEllipseReadoutsFollowUnits() {
    FrictionEllipseView view;
    FrictionEllipseData data;
    // 1000, 100 and -200 lbf in N (1 lbf = 4.448222 N).
    data.wheels[0].load = 4448.222;
    data.wheels[0].fx = 444.8222;
    data.wheels[0].fy = -889.6444;
    data.wheels[0].fxMax = data.wheels[0].fyMax = 4448.222;
    view.setData(data);
    QCOMPARE(view.readouts(0), QStringList({QStringLiteral("FL  Fz 4448 N"), QStringLiteral("Fx 445  Fy -890 N")}));
    view.setUnitSystem(UnitSystem::Imperial);
    QCOMPARE(view.readouts(0),
             QStringList({QStringLiteral("FL  Fz 1000 lbf"), QStringLiteral("Fx 100  Fy -200 lbf")}));
    view.setUnitSystem(UnitSystem::SI);
    QCOMPARE(view.readouts(0)[0], QStringLiteral("FL  Fz 4448 N"));
}

void TestUiUnits::publishedFiguresTypedInMph() {
    Setup setup = defaultSetup();
    setup.targets.clear();
    SetupDocument document(setup);
    TargetsEditor editor(&document);
    editor.setUnitSystem(UnitSystem::Imperial);
    const int topSpeed = editor.newMetric()->findData(QStringLiteral("top_speed_kmh"));
    QVERIFY(topSpeed >= 0);
    QCOMPARE(editor.newMetric()->itemText(topSpeed), QStringLiteral("Top speed (mph)"));
    editor.newMetric()->setCurrentIndex(topSpeed);
    QTest::keyClicks(editor.newValue(), QStringLiteral("155"));
    QTest::keyClicks(editor.newSource(), QStringLiteral("maker"));
    QTest::mouseClick(editor.addButton(), Qt::LeftButton);
    QCOMPARE(document.setup().targets.size(), std::size_t(1));
    // 155 mph = 249.44832 km/h (1 mile = 1.609344 km), stored in the key's km/h.
    QVERIFY2(document.setup().targets[0].value == 249.44832,
             qPrintable(QString::number(document.setup().targets[0].value, 'g', 17)));
    QCOMPARE(editor.table()->item(0, 0)->text(), QStringLiteral("Top speed (mph)"));
    QCOMPARE(editor.table()->item(0, 1)->text(), QLocale().toString(249.44832 / 1.609344, 'g', 10));
    editor.setUnitSystem(UnitSystem::SI);
    QCOMPARE(editor.table()->item(0, 0)->text(), QStringLiteral("Top speed (km/h)"));
    QCOMPARE(editor.table()->item(0, 1)->text(), QLocale().toString(249.44832, 'g', 10));
    QVERIFY(document.setup().targets[0].value == 249.44832);
}

// A number too small to show at its decimals is shown as zero without a sign: no
// "-0.0 %" beside a figure that matches its published value, no "+0.000" delta.
void TestUiUnits::numbersThatRoundToZeroHaveNoSign() {
    const QString zero1 = QLocale().toString(0.0, 'f', 1);
    QCOMPARE(formatNumber(-0.04, 1), zero1);
    QCOMPARE(formatNumber(-0.06, 1), QLocale().toString(-0.1, 'f', 1));
    QCOMPARE(formatSignedPercent(-0.0004), zero1 + QStringLiteral(" %"));
    QCOMPARE(formatSignedPercent(0.0004), zero1 + QStringLiteral(" %"));
    QCOMPARE(formatSignedPercent(0.071), QStringLiteral("+") + QLocale().toString(7.1, 'f', 1) + QStringLiteral(" %"));
    QCOMPARE(formatSignedPercent(-0.02), QLocale().toString(-2.0, 'f', 1) + QStringLiteral(" %"));
    QCOMPARE(formatDelta(-0.0004), QStringLiteral("0.000"));
    QCOMPARE(formatDelta(0.0004), QStringLiteral("0.000"));
    QCOMPARE(formatDelta(0.25), QStringLiteral("+0.250"));
    QCOMPARE(formatFigure(-0.0001), QStringLiteral("0.000"));
}

QTEST_MAIN(TestUiUnits)
#include "tst_ui_units.moc"
