// Every validation rule has a failing case that must name the right field path
// and reason; range rules are generated from the metadata table so a new field
// gets its cases without editing this file.

#include "core/setupfile/SetupJson.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/setupfile/SetupValidation.h"
#include "core/tires/CalspanPresets.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <limits>

using namespace vtw;

namespace {

struct RuleCase {
    const char* name;
    std::function<void(Setup&)> breakIt;
    QString path;
    QString reason; ///< a part of the message
};

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

const std::vector<RuleCase>& ruleCases() {
    static const std::vector<RuleCase> cases{
        // curve rules
        {"torque curve one point",
         [](Setup& s) {
             s.engine.torqueCurve = Curve{{1000, 300}};
         },
         "engine.torqueCurve_rpm_Nm", "must have at least 2 points"},
        {"torque curve x not increasing",
         [](Setup& s) { s.engine.torqueCurve.points()[3].x = 2500; },
         "engine.torqueCurve_rpm_Nm[3]", "x must be greater than the previous point's x"},
        {"torque curve negative torque", [](Setup& s) { s.engine.torqueCurve.points()[8].y = -5; },
         "engine.torqueCurve_rpm_Nm[8]", "y must be >= 0"},
        {"torque curve NaN", [](Setup& s) { s.engine.torqueCurve.points()[2].y = kNaN; },
         "engine.torqueCurve_rpm_Nm[2]", "must be finite"},
        {"torque curve infinite x", [](Setup& s) { s.engine.torqueCurve.points()[8].x = kInf; },
         "engine.torqueCurve_rpm_Nm[8]", "must be finite"},
        {"torque curve all zero",
         [](Setup& s) {
             s.engine.torqueCurve = Curve{{1000, 0}, {6000, 0}};
         },
         "engine.torqueCurve_rpm_Nm", "must have a point with y > 0"},
        {"torque curve too many points",
         [](Setup& s) {
             std::vector<CurvePoint> p;
             for (int i = 0; i < 10001; ++i)
                 p.push_back({1000.0 + i, 300});
             s.engine.torqueCurve = Curve(p);
         },
         "engine.torqueCurve_rpm_Nm", "at most 10000 points"},
        {"yaw inertia far below the mass's", [](Setup& s) { s.chassis.yawInertia = 100.0; },
         "chassis.yawInertia", "radius of gyration in yaw is 0.2 to 0.8 times its wheelbase"},
        {"yaw inertia far above the mass's", [](Setup& s) { s.chassis.yawInertia = 20000.0; },
         "chassis.yawInertia", "lies between 375 and 6000 kg m^2"},
        {"tire table negative slip",
         [](Setup& s) { s.rearTires.table.lateral.points()[0].x = -0.01; },
         "tires.rear.table.lateral[0]", "x must be >= 0"},
        {"tire table negative force",
         [](Setup& s) { s.frontTires.table.longitudinal.points()[1].y = -0.1; },
         "tires.front.table.longitudinal[1]", "y must be >= 0"},
        {"tire table repeated x",
         [](Setup& s) { s.frontTires.table.longitudinal.points()[2].x = 0.02; },
         "tires.front.table.longitudinal[2]", "greater than the previous"},
        // number lists
        {"no gears", [](Setup& s) { s.gearbox.forwardRatios.clear(); }, "gearbox.forwardRatios",
         "at least 1 entries"},
        {"17 gears",
         [](Setup& s) {
             s.gearbox.forwardRatios.clear();
             for (int i = 0; i < 17; ++i)
                 s.gearbox.forwardRatios.push_back(5.0 - 0.2 * i);
         },
         "gearbox.forwardRatios", "at most 16 entries"},
        {"negative gear", [](Setup& s) { s.gearbox.forwardRatios[5] = -0.5; },
         "gearbox.forwardRatios[5]", "must be > 0"},
        {"NaN gear", [](Setup& s) { s.gearbox.forwardRatios[0] = kNaN; },
         "gearbox.forwardRatios[0]", "finite"},
        // cross-field rules
        {"gears not descending", [](Setup& s) { s.gearbox.forwardRatios[3] = 1.30; },
         "gearbox.forwardRatios[3]", "strictly descend"},
        {"gear above previous", [](Setup& s) { s.gearbox.forwardRatios[1] = 2.9; },
         "gearbox.forwardRatios[1]", "must be below gear 1's ratio"},
        {"redline at idle", [](Setup& s) { s.engine.idleRpm = 6000; }, "engine.redline_rpm",
         "must be above engine.idle_rpm"},
        {"upshift below downshift", [](Setup& s) { s.gearbox.upshiftRpm = 2400; },
         "gearbox.upshift_rpm", "must be above gearbox.downshift_rpm"},
        {"upshift above redline", [](Setup& s) { s.gearbox.upshiftRpm = 6100; },
         "gearbox.upshift_rpm", "must be at most engine.redline_rpm"},
        {"no torque at idle",
         [](Setup& s) {
             s.engine.torqueCurve = Curve{{0, 0}, {1000, 0}, {3000, 400}};
         },
         "engine.torqueCurve_rpm_Nm", "torque > 0 at engine.idle_rpm"},
        {"CG behind rear axle", [](Setup& s) { s.chassis.cgToRearAxle = -0.1; },
         "chassis.cgToRearAxle", "must be > 0"},
        {"CG on front axle", [](Setup& s) { s.chassis.cgToFrontAxle = 0; }, "chassis.cgToFrontAxle",
         "must be > 0"},
        {"brake bias above 1", [](Setup& s) { s.brakes.frontBias = 1.01; }, "brakes.frontBias",
         "must be between 0 and 1"},
        {"brake bias negative", [](Setup& s) { s.brakes.frontBias = -0.01; }, "brakes.frontBias",
         "must be between 0 and 1"},
        // tire model rules
        {"magic formula C zero", [](Setup& s) { s.frontTires.magicFormula.lateral.C = 0; },
         "tires.front.magicFormula.lateral.C", "must be > 0"},
        {"magic formula C above 2", [](Setup& s) { s.rearTires.magicFormula.longitudinal.C = 2.1; },
         "tires.rear.magicFormula.longitudinal.C", "must be <= 2"},
        {"magic formula B negative",
         [](Setup& s) { s.rearTires.magicFormula.longitudinal.B = -10; },
         "tires.rear.magicFormula.longitudinal.B", "must be > 0"},
        {"magic formula E above 1", [](Setup& s) { s.frontTires.magicFormula.lateral.E = 1.2; },
         "tires.front.magicFormula.lateral.E", "must be between -100 and 1"},
        {"pacejka b0 zero", [](Setup& s) { s.frontTires.pacejka94.b[0] = 0; },
         "tires.front.pacejka94.b0", "must be > 0"},
        {"pacejka a0 negative", [](Setup& s) { s.rearTires.pacejka94.a[0] = -1.4; },
         "tires.rear.pacejka94.a0", "must be > 0"},
        {"calspan zero tread", [](Setup& s) { s.frontTires.calspan.treadWidth_in = 0; },
         "tires.front.calspan.treadWidth_in", "must be > 0"},
        {"calspan negative pressure",
         [](Setup& s) { s.frontTires.calspan.inflationPressure_psi = -24; },
         "tires.front.calspan.inflationPressure_psi", "must be > 0"},
        {"calspan negative C3", [](Setup& s) { s.rearTires.calspan.C3 = -0.5; },
         "tires.rear.calspan.C3", "must be between 0 and 100"},
        {"calspan stiffness negative at rated load",
         [](Setup& s) {
             s.rearTires.calspan.A1 = 12.9;
             s.rearTires.calspan.A2 = 300; // parabola turns negative below 810 lb
         },
         "tires.rear.calspan.A1", "must be positive at the rated load"},
        // In-range coefficients that break the model as a whole: the model is run.
        {"pacejka set that gives NaN",
         [](Setup& s) {
             s.frontTires.model = TireModelKind::Pacejka94;
             s.frontTires.pacejka94.b[5] = -1e9; // exp(-b5 Fz) overflows
             s.frontTires.pacejka94.a[4] = 0;
         },
         "tires.front.pacejka94", "no finite force"},
        {"pacejka set with an absurd peak",
         [](Setup& s) {
             s.rearTires.model = TireModelKind::Pacejka94;
             s.rearTires.pacejka94.a[1] = -1e6;
             s.rearTires.pacejka94.a[2] = -1e6;
         },
         "tires.rear.pacejka94", "times the load"},
        // The probe's loads follow the car (2.5 times the static wheel load at most):
        // on a 20 t truck a front wheel carries 49 kN at rest, where the 155SR13's
        // stiffness polynomial (docs/physics.md 6.6) is long negative, so the tire has no
        // cornering stiffness at the load it stands on.
        {"calspan 155SR13 under a truck",
         [](Setup& s) {
             s.chassis.mass = 20000;
             s.chassis.yawInertia = 20000 * 1.25 * 1.25; // a truck's, k^2 = a b
             s.frontTires.model = TireModelKind::Calspan;
             s.frontTires.calspan = calspanPreset(CalspanPreset::Tire155SR13);
         },
         "tires.front.calspan", "1 times the static wheel load) a small positive slip angle gives no "
                                "opposing lateral force"},
        // Pacejka '94's lateral stiffness a3 sin(2 atan(Fz/a4)) turned negative: a small
        // slip angle gets a force along the slip, which feeds it.
        {"pacejka lateral stiffness reversed",
         [](Setup& s) {
             s.frontTires.model = TireModelKind::Pacejka94;
             s.frontTires.pacejka94.a[4] = -s.frontTires.pacejka94.a[4];
         },
         "tires.front.pacejka94", "a lateral force along the slip"},
        {"calspan Ka 1", [](Setup& s) { s.frontTires.calspan.Ka = 1.0; }, "tires.front.calspan.Ka",
         "must be < 1"},
        {"linear mu zero", [](Setup& s) { s.frontTires.linear.frictionCoefficient = 0; },
         "tires.front.linear.frictionCoefficient", "must be > 0"},
        {"brush stiffness NaN", [](Setup& s) { s.rearTires.brush.corneringStiffness = kNaN; },
         "tires.rear.brush.corneringStiffness", "finite"},
        {"slip speed K zero", [](Setup& s) { s.rearTires.slipSpeed.halfForceSlipSpeed = 0; },
         "tires.rear.slipSpeed.halfForceSlipSpeed", "must be > 0"},
        {"zero tire radius", [](Setup& s) { s.frontTires.radius = 0; }, "tires.front.radius",
         "must be between 0.05 and 2 m"},
        // enums and integers out of their range (a UI or a bad cast could do it)
        {"tire model out of range",
         [](Setup& s) { s.rearTires.model = static_cast<TireModelKind>(42); }, "tires.rear.model",
         "must be <= 7"},
        {"zero substeps", [](Setup& s) { s.simulation.substeps = 0; }, "simulation.substeps",
         "must be between 1 and 1000"},
        // The time step's bounds (SetupMetadata.cpp gives the reasons): 1e-9 s would
        // take hours per maneuver, at 1e-300 s simulated time stops advancing.
        {"zero time step", [](Setup& s) { s.simulation.timeStep = 0; }, "simulation.timeStep",
         "must be between 1e-05 and 0.01 s"},
        {"time step 1e-9 s", [](Setup& s) { s.simulation.timeStep = 1e-9; },
         "simulation.timeStep", "must be between 1e-05 and 0.01 s"},
        {"time step 1e-300 s", [](Setup& s) { s.simulation.timeStep = 1e-300; },
         "simulation.timeStep", "must be between 1e-05 and 0.01 s"},
        {"time step 20 ms", [](Setup& s) { s.simulation.timeStep = 0.02; },
         "simulation.timeStep", "must be between 1e-05 and 0.01 s"},
        {"substeps shorter than the shortest step",
         [](Setup& s) {
             s.simulation.timeStep = 0.001;
             s.simulation.substeps = 200; // 5e-6 s each
         },
         "simulation.substeps", "substeps of at least 1e-05 s; these are 5e-06 s"},
    };
    return cases;
}

QString issuesText(const SetupIssues& issues) {
    QStringList out;
    for (const SetupIssue& i : issues)
        out.append(i.toString());
    return out.join('\n');
}

} // namespace

class TestSetupValidation : public QObject {
    Q_OBJECT
private slots:
    void defaultIsValid();
    void calspanPresetsAreValid_data();
    void calspanPresetsAreValid();
    void ruleNamesField_data();
    void ruleNamesField();
    void rangeFromMetadata_data();
    void rangeFromMetadata();
    void allProblemsReportedAtOnce();
    void loaderReportsSameProblems();
    void issuesForPeopleNameFieldsByLabel();
    void yawInertiaOfAnotherMassIsRefused();
};

// A 100 t car keeping a road car's yaw inertia passed every field's range, and its
// steer tests spun: the inertia is held to the mass and wheelbase.
void TestSetupValidation::yawInertiaOfAnotherMassIsRefused() {
    Setup s = defaultSetup();
    s.chassis.mass = 100000.0;
    const SetupIssues issues = validateSetup(s);
    bool found = false;
    for (const SetupIssue& i : issues)
        found = found || (i.path == "chassis.yawInertia" && i.message.contains("chassis.mass 100000 kg"));
    QVERIFY2(found, qPrintable(issuesText(issues)));
}

void TestSetupValidation::defaultIsValid() {
    const SetupIssues issues = validateSetup(defaultSetup());
    QVERIFY2(issues.isEmpty(), qPrintable(issuesText(issues)));
}

// Every Calspan Table 1 tire (docs/physics.md 6.6) on both axles of the default car
// validates: its stiffness polynomial stays positive up to 9.3 kN (155SR13), beyond
// 2.5 times the default car's 3.7 kN static wheel load. tst_car_maneuvers runs them on
// every library car.
void TestSetupValidation::calspanPresetsAreValid_data() {
    QTest::addColumn<int>("preset");
    for (std::size_t p = 0; p < calspanPresets.size(); ++p)
        QTest::newRow(calspanPresetName(calspanPresets[p]).data()) << int(p);
}

void TestSetupValidation::calspanPresetsAreValid() {
    QFETCH(int, preset);
    Setup s = defaultSetup();
    for (TireParams* t : {&s.frontTires, &s.rearTires}) {
        t->model = TireModelKind::Calspan;
        t->calspan = calspanPreset(calspanPresets[std::size_t(preset)]);
    }
    const SetupIssues issues = validateSetup(s);
    QVERIFY2(issues.isEmpty(), qPrintable(issuesText(issues)));
}

void TestSetupValidation::ruleNamesField_data() {
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < ruleCases().size(); ++i)
        QTest::newRow(ruleCases()[i].name) << int(i);
}

void TestSetupValidation::ruleNamesField() {
    QFETCH(int, index);
    const RuleCase& c = ruleCases()[std::size_t(index)];
    Setup s = defaultSetup();
    c.breakIt(s);
    const SetupIssues issues = validateSetup(s);
    bool found = false;
    for (const SetupIssue& i : issues)
        found = found || (i.path == c.path && i.message.contains(c.reason));
    QVERIFY2(found, qPrintable(QString("expected \"%1: ...%2...\", got:\n%3")
                                   .arg(c.path, c.reason, issuesText(issues))));
    // Nothing unrelated: every issue of a one-field change is about that field.
    for (const SetupIssue& i : issues)
        QVERIFY2(i.path.startsWith(c.path.section('[', 0, 0)),
                 qPrintable("unrelated issue " + i.toString()));
}

void TestSetupValidation::rangeFromMetadata_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("reason");
    const double lowest = -std::numeric_limits<double>::max();
    for (const FieldMeta& f : setupFields()) {
        if (f.kind != FieldKind::Number && f.kind != FieldKind::Integer)
            continue;
        const QByteArray p = f.path.toUtf8();
        // A field closed on both sides names both limits; otherwise the one broken.
        const bool closed = f.min > lowest && !f.minExclusive && !f.maxExclusive;
        if (f.min > lowest) {
            const double below = f.minExclusive ? f.min : f.min - std::max(1.0, std::abs(f.min));
            QTest::newRow(p + " below")
                << f.path << below << (closed ? "between" : f.minExclusive ? ">" : ">=");
        }
        QTest::newRow(p + " above") << f.path << f.max + std::max(1.0, std::abs(f.max))
                                    << (closed ? "between" : "<");
        if (f.kind == FieldKind::Number) {
            QTest::newRow(p + " NaN") << f.path << kNaN << "finite";
            QTest::newRow(p + " -kInf") << f.path << -kInf << "finite";
        }
    }
}

void TestSetupValidation::rangeFromMetadata() {
    QFETCH(QString, path);
    QFETCH(double, value);
    QFETCH(QString, reason);
    const FieldMeta* f = findField(path);
    QVERIFY(f);
    Setup s = defaultSetup();
    f->set(s, value);
    const SetupIssues issues = validateSetup(s);
    bool found = false;
    for (const SetupIssue& i : issues)
        found = found || (i.path == path && i.message.contains(reason));
    QVERIFY2(found, qPrintable(issuesText(issues)));
}

void TestSetupValidation::allProblemsReportedAtOnce() {
    Setup s = defaultSetup();
    s.chassis.mass = -1;
    s.frontTires.magicFormula.lateral.C = 0;
    s.gearbox.forwardRatios[2] = 5;
    s.simulation.surfaceMu = kNaN;
    const SetupIssues issues = validateSetup(s);
    QStringList paths;
    for (const SetupIssue& i : issues)
        paths.append(i.path);
    // Field rules in table order, then the cross-field rules.
    QCOMPARE(paths, QStringList({"chassis.mass", "tires.front.magicFormula.lateral.C",
                                 "simulation.surfaceMu", "gearbox.forwardRatios[2]"}));
    QCOMPARE(issues[0].toString(), QString("chassis.mass: must be between 50 and 100000 kg"));
}

void TestSetupValidation::loaderReportsSameProblems() {
    Setup s = defaultSetup();
    s.frontTires.magicFormula.lateral.C = 0;
    s.engine.redlineRpm = 900;
    s.gearbox.upshiftRpm = 800;
    s.gearbox.downshiftRpm = 700;
    const SetupLoadResult r = loadSetup(writeSetup(s));
    QVERIFY(!r.ok());
    QCOMPARE(r.errors, validateSetup(s));
    QVERIFY(r.errorStrings().contains("tires.front.magicFormula.lateral.C: must be > 0"));
}

// The window names fields by their form labels, never by file paths: a cross-field rule
// reads "Upshift: must be at most Redline (6000)"; a label shared by both axles (the
// magic formula's C) keeps its section.
void TestSetupValidation::issuesForPeopleNameFieldsByLabel() {
    Setup s = defaultSetup();
    s.engine.redlineRpm = 6000;
    s.gearbox.upshiftRpm = 6500;
    const SetupIssues issues = validateSetup(s);
    QCOMPARE(issues.size(), 1);
    QCOMPARE(issues[0].toString(), QString("gearbox.upshift_rpm: must be at most engine.redline_rpm (6000)"));
    QCOMPARE(issueForPeople(issues[0]), QString("Upshift: must be at most Redline (6000)"));
    s = defaultSetup();
    s.frontTires.magicFormula.lateral.C = 0;
    const QString text = issueForPeople(validateSetup(s).value(0));
    QVERIFY2(text.startsWith(QStringLiteral("tires front magicFormula lateral")) && !text.contains('.'),
             qPrintable(text));
}

QTEST_GUILESS_MAIN(TestSetupValidation)
#include "tst_setup_validation.moc"
