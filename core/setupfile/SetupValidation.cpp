#include "core/setupfile/SetupValidation.h"

#include "core/chassis/LoadTransfer.h"
#include "core/chassis/Suspension.h"
#include "core/vehicle/Targets.h"
#include "core/setupfile/SetupEnumKeys.h"
#include "core/base/Units.h"
#include "core/tires/TireModel.h"
#include "core/tires/TireModels.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

QString num(double v) {
    return QString::number(v, 'g', 10);
}

void validateField(const FieldMeta& f, const Setup& s, SetupIssues& out) {
    switch (f.kind) {
    case FieldKind::Number:
    case FieldKind::Integer:
    case FieldKind::Enum: {
        const QString problem = f.rangeProblem(f.get(s));
        if (!problem.isEmpty())
            out.append({f.path, problem});
        return;
    }
    case FieldKind::NumberList: {
        const std::vector<double>& list = f.listOf(s);
        if (int(list.size()) < f.minCount)
            out.append({f.path, QString("must have at least %1 entries").arg(f.minCount)});
        if (int(list.size()) > f.maxCount)
            out.append({f.path, QString("must have at most %1 entries").arg(f.maxCount)});
        for (std::size_t i = 0; i < list.size(); ++i) {
            const QString problem = f.rangeProblem(list[i]);
            if (!problem.isEmpty())
                out.append({QString("%1[%2]").arg(f.path).arg(i), problem});
        }
        return;
    }
    case FieldKind::Curve:
        out.append(validateCurve(f.curveOf(s), f.curveRules, f.path));
        return;
    }
}

// Ranges per coefficient cannot catch every combination that breaks a model
// (a Pacejka '94 set with b5 = -1e9 is in range and gives NaN). So the chosen
// model is also run over loads and slips the car meets: every force must be
// finite, and a small slip must never push the way the tire slips (docs/physics.md 0:
// such a force feeds the slip and the run diverges).
//
// The loads belong to the car: from a wheel nearly lifted (0.1 times its static
// load) to 2.5 times the static load. Lateral transfer moves at most the whole axle
// load onto one wheel (2 times, docs/physics.md 2); braking transfer adds to that.
// A fixed load would test a kart's tire at a truck's load or the other way round:
// the Calspan tires of Table 1 (docs/physics.md 6.6), small 13-inch tires, have no
// cornering stiffness left above about 9 to 12 kN and would fail any car probed there.
// Beyond that load the model gives no lateral force (it neither pushes back nor
// feeds the slip), which is an overloaded tire, not a broken one; at the static load
// itself the tire must grip both ways, or the car could neither pull away nor turn.
void validateTireBehaviour(const TireParams& t, double staticLoad, const QString& prefix, const QString& loadName,
                           SetupIssues& out) {
    constexpr double loadFactors[] = {0.1, 0.5, 1.0, 1.75, 2.5}; // times the static load
    constexpr double slipRatios[] = {-1.0, -0.3, -0.1, -0.03, 0.0, 0.03, 0.1, 0.3, 1.0, 2.0};
    constexpr double slipAngles[] = {-0.8, -0.2, -0.05, 0.0, 0.05, 0.2, 0.8}; // rad
    constexpr double probeSlip = 0.03;
    constexpr double contactSpeed = 20.0; // m/s, for the slip-speed model
    // A friction coefficient of 5 is far beyond any tire (racing slicks reach
    // about 1.8); above it the coefficients are a typo, not a tire.
    constexpr double maxForcePerLoad = 5.0;
    const QString path = prefix + tireModelKey(t.model);
    const Tire tire(t);
    // The normalised-slip rule never reads a pure curve at zero slip beside a nonzero
    // other slip, so it can hide a curve that is NaN there; the friction ellipse reads
    // both curves at their own slips. Probe the model both ways: a curve broken anywhere
    // is refused whichever rule the setup picks now.
    TireParams ellipseParams = t;
    ellipseParams.combinedSlip = CombinedSlipMethod::FrictionEllipse;
    const Tire ellipseTire(ellipseParams);
    const auto force = [&](double load, double kappa, double alpha) {
        TireInput in;
        in.normalLoad = load;
        in.slipRatio = kappa;
        in.slipAngle = alpha;
        in.contactSpeed = contactSpeed;
        const TireForce f = tire.evaluate(in);
        const TireForce e = ellipseTire.evaluate(in);
        if (!std::isfinite(e.fx) || !std::isfinite(e.fy))
            return e;
        return f;
    };
    for (double factor : loadFactors) {
        const double load = factor * staticLoad;
        const QString fz = num(std::round(load));
        for (double kappa : slipRatios) {
            for (double alpha : slipAngles) {
                const TireForce f = force(load, kappa, alpha);
                if (!std::isfinite(f.fx) || !std::isfinite(f.fy)) {
                    out.append({path, QString("the model gives no finite force at Fz = %1 N, "
                                              "slip ratio %2, slip angle %3 rad: check its "
                                              "coefficients")
                                          .arg(fz, num(kappa), num(alpha))});
                    return;
                }
                const double magnitude = std::sqrt(f.fx * f.fx + f.fy * f.fy);
                if (magnitude > maxForcePerLoad * load) {
                    out.append({path, QString("the model gives %1 N at Fz = %2 N (slip ratio %3, "
                                              "slip angle %4 rad), more than %5 times the load: "
                                              "check its coefficients")
                                          .arg(num(std::round(magnitude)), fz, num(kappa),
                                               num(alpha), num(maxForcePerLoad))});
                    return;
                }
            }
        }
        const double fx = force(load, probeSlip, 0.0).fx;
        const double fy = force(load, 0.0, probeSlip).fy;
        const bool atStatic = factor == 1.0;
        if (fx < 0.0 || (atStatic && !(fx > 0.0)))
            out.append({path, QString("at Fz = %1 N (%2 times %4) a small "
                                      "positive slip ratio gives %3 (Fx must follow the slip)")
                                  .arg(fz, num(factor),
                                       fx < 0.0 ? "a backward force" : "no forward force", loadName)});
        if (fy > 0.0 || (atStatic && !(fy < 0.0)))
            out.append({path, QString("at Fz = %1 N (%2 times %4) a small "
                                      "positive slip angle gives %3 (Fy must oppose the slip)")
                                  .arg(fz, num(factor),
                                       fy > 0.0 ? "a lateral force along the slip"
                                                : "no opposing lateral force",
                                       loadName)});
    }
}

// Every model's own rules (its entry in tires/TireModels.h) on its set, chosen or not:
// all sets are kept, and one is chosen by a single edit.
void validateTireParameterRules(const TireParams& t, const QString& prefix, SetupIssues& out) {
    std::vector<TireParameterProblem> problems;
    for (const TireModelInfo& model : tireModels) {
        if (!model.parameterRules)
            continue;
        problems.clear();
        model.parameterRules(t, problems);
        const QString section = prefix + QLatin1String(model.key.data(), qsizetype(model.key.size())) + '.';
        for (const TireParameterProblem& p : problems)
            out.append({section + QString::fromStdString(p.field), QString::fromStdString(p.message)});
    }
}

} // namespace

SetupIssues validateCurve(const Curve& curve, const CurveRules& rules, const QString& path) {
    SetupIssues out;
    const auto& pts = curve.points();
    if (int(pts.size()) < rules.minPoints)
        out.append({path, QString("must have at least %1 points").arg(rules.minPoints)});
    if (int(pts.size()) > rules.maxPoints) {
        out.append({path, QString("must have at most %1 points").arg(rules.maxPoints)});
        return out; // per-point reports of a huge list help nobody
    }
    double peak = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const QString at = QString("%1[%2]").arg(path).arg(i);
        const CurvePoint& p = pts[i];
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
            out.append({at, "x and y must be finite numbers"});
            continue;
        }
        if (p.x < rules.xMin)
            out.append({at, QString("x must be >= %1").arg(num(rules.xMin))});
        if (p.y < rules.yMin)
            out.append({at, QString("y must be >= %1").arg(num(rules.yMin))});
        if (i > 0 && std::isfinite(pts[i - 1].x) && !(p.x > pts[i - 1].x))
            out.append({at, "x must be greater than the previous point's x"});
        peak = std::max(peak, p.y);
    }
    if (rules.positivePeak && !pts.empty() && !(peak > 0))
        out.append({path, "must have a point with y > 0"});
    return out;
}

// docs/physics.md 16: a dynamic suspension must leave a sprung mass and hold it up in
// roll and pitch: with springs and bars weaker than the gravity moment m g (h_s - h_c) of
// a leaning body, it falls over.
static void validateSuspensionRules(const Setup& s, SetupIssues& out) {
    if (s.suspension.model != SuspensionModel::Dynamic)
        return;
    const double unsprung = 2.0 * (s.suspension.front.unsprungMass + s.suspension.rear.unsprungMass);
    if (!(unsprung < s.chassis.mass)) {
        out.append({"suspension.front.unsprungMass",
                    QString("the four unsprung masses (%1 kg) must weigh less than chassis.mass (%2 kg)")
                        .arg(num(unsprung), num(s.chassis.mass))});
        return;
    }
    const SuspensionDynamics model(s);
    const double weight = model.sprungMass() * units::gravity;
    const double rollTipping = weight * (model.sprungCgHeight() - model.rollAxisHeight());
    const double rollStiffness = model.rollStiffness(0) + model.rollStiffness(1);
    if (!(rollStiffness > rollTipping))
        out.append({"suspension.front.antiRollBarRate",
                    QString("the roll stiffness of springs and bars (%1 N m/rad) must exceed the sprung mass's "
                            "tipping moment m g (h_s - h_rc) (%2 N m/rad)")
                        .arg(num(rollStiffness), num(rollTipping))});
    double pitchStiffness = 0.0;
    for (int w = 0; w < WheelCount; ++w)
        pitchStiffness += model.wheelRate(w) * model.cornerX(w) * model.cornerX(w);
    const double pitchTipping = weight * (model.sprungCgHeight() - model.pitchCentreHeight());
    if (!(pitchStiffness > pitchTipping))
        out.append({"suspension.front.springRate",
                    QString("the pitch stiffness of the springs (%1 N m/rad) must exceed the sprung mass's "
                            "tipping moment m g (h_s - h_pc) (%2 N m/rad)")
                        .arg(num(pitchStiffness), num(pitchTipping))});
}

// A car's yaw inertia is m k^2 with k its radius of gyration in yaw. The "dynamic index"
// k^2 / (a b) of most cars lies near 1 (Milliken & Milliken, Race Car Vehicle Dynamics),
// which puts k near half the wheelbase (0.5 L for a centred CG); the library's
// cars span k = 0.35 L (the Dallara F3, its mass between the axles) to 0.5 L, and a
// box-shaped body of a car's proportions (as the Assetto Corsa import estimates it)
// gives about 0.5 to 0.6 L. The band 0.2 L to 0.8 L is wide enough for any real car, long
// overhangs or a mid-engined single-seater alike, and still refuses an inertia that
// belongs to another mass (a 100 t Corvette with the 1.5 t car's Iz: its yaw rate followed
// the sine steer 2 ms behind, against 155 ms for the real car).
static void validateYawInertia(const Setup& s, SetupIssues& out) {
    const ChassisParams& c = s.chassis;
    const double wheelbase = c.wheelbase();
    const double lowest = c.mass * std::pow(minYawGyrationShare * wheelbase, 2);
    const double highest = c.mass * std::pow(maxYawGyrationShare * wheelbase, 2);
    if (c.yawInertia >= lowest && c.yawInertia <= highest)
        return;
    out.append({"chassis.yawInertia",
                QString("%1 kg m^2 is implausible for chassis.mass %2 kg and a wheelbase of %3 m: a car's "
                        "radius of gyration in yaw is %4 to %5 times its wheelbase, so its yaw inertia "
                        "lies between %6 and %7 kg m^2")
                    .arg(num(c.yawInertia), num(c.mass), num(wheelbase), num(minYawGyrationShare),
                         num(maxYawGyrationShare), num(std::round(lowest)), num(std::round(highest)))});
}

SetupIssues validateCrossFieldRules(const Setup& s) {
    SetupIssues out;
    validateSuspensionRules(s, out);
    const auto& ratios = s.gearbox.forwardRatios;
    for (std::size_t i = 1; i < ratios.size(); ++i) {
        if (!(ratios[i] < ratios[i - 1]))
            out.append({QString("gearbox.forwardRatios[%1]").arg(i),
                        QString("must be below gear %1's ratio (%2): ratios strictly descend")
                            .arg(i)
                            .arg(num(ratios[i - 1]))});
    }
    if (!(s.engine.redlineRpm > s.engine.idleRpm))
        out.append({"engine.redline_rpm",
                    QString("must be above engine.idle_rpm (%1)").arg(num(s.engine.idleRpm))});
    if (!(s.gearbox.upshiftRpm > s.gearbox.downshiftRpm))
        out.append(
            {"gearbox.upshift_rpm",
             QString("must be above gearbox.downshift_rpm (%1)").arg(num(s.gearbox.downshiftRpm))});
    if (!(s.gearbox.upshiftRpm <= s.engine.redlineRpm))
        out.append(
            {"gearbox.upshift_rpm",
             QString("must be at most engine.redline_rpm (%1)").arg(num(s.engine.redlineRpm))});
    if (s.engine.realIdleRpm != 0.0 && !(s.engine.realIdleRpm < s.engine.redlineRpm))
        out.append({"engine.realIdle_rpm", QString("must be 0 (not given) or below engine.redline_rpm (%1)")
                                               .arg(num(s.engine.redlineRpm))});
    // The car must be able to pull away: the idle floor needs torque.
    if (s.engine.torqueCurve.size() >= 2 && !(s.engine.torqueCurve.evaluate(s.engine.idleRpm) > 0))
        out.append(
            SetupIssue{"engine.torqueCurve_rpm_Nm", "must give torque > 0 at engine.idle_rpm"});
    validateTireParameterRules(s.frontTires, "tires.front.", out);
    validateTireParameterRules(s.rearTires, "tires.rear.", out);
    // The shortest time step is a bound on cost (SetupMetadata.cpp says why), and the
    // simulator integrates substeps of timeStep / substeps: they obey it too.
    const FieldMeta* timeStep = findField(QStringLiteral("simulation.timeStep"));
    const FieldMeta* substeps = findField(QStringLiteral("simulation.substeps"));
    if (timeStep->rangeProblem(s.simulation.timeStep).isEmpty() &&
        substeps->rangeProblem(s.simulation.substeps).isEmpty()) {
        const double substep = s.simulation.timeStep / s.simulation.substeps;
        if (substep < timeStep->min)
            out.append({substeps->path,
                        QString("must split simulation.timeStep (%1 s) into substeps of at least "
                                "%2 s; these are %3 s")
                            .arg(num(s.simulation.timeStep), num(timeStep->min), num(substep))});
    }
    return out;
}

SetupIssues validateTargets(const Setup& s) {
    SetupIssues out;
    QStringList known;
    for (const TargetMetric& m : targetMetrics())
        known << QString::fromStdString(m.key);
    for (std::size_t i = 0; i < s.targets.size(); ++i) {
        const PublishedFigure& t = s.targets[i];
        const QString at = QString("targets[%1]").arg(i);
        const QString key = QString::fromStdString(t.metricKey);
        if (!findTargetMetric(t.metricKey)) {
            out.append({at + ".metric", QString("unknown metric \"%1\", expected one of: %2")
                                            .arg(key.left(64), known.join(", "))});
        } else {
            // One figure per metric: the window and the CLI show one published value.
            for (std::size_t j = 0; j < i; ++j) {
                if (s.targets[j].metricKey == t.metricKey) {
                    out.append({at + ".metric",
                                QString("\"%1\" already has a target (targets[%2])").arg(key).arg(j)});
                    break;
                }
            }
        }
        if (!std::isfinite(t.value))
            out.append({at + ".value", "must be a finite number"});
        else if (!(t.value > 0.0))
            out.append({at + ".value", "must be > 0"});
        if (QString::fromStdString(t.source).trimmed().isEmpty())
            out.append({at + ".source", "must not be empty: say who published the figure, and when"});
    }
    return out;
}

SetupIssues validateTireBehaviour(const TireParams& tires, double load, const QString& prefix,
                                  const QString& loadName) {
    SetupIssues out;
    validateTireBehaviour(tires, load, prefix, loadName, out);
    return out;
}

SetupIssues validateSetup(const Setup& setup) {
    SetupIssues out;
    out.append(validateTargets(setup));
    for (const FieldMeta& f : setupFields())
        validateField(f, setup, out);
    out.append(validateCrossFieldRules(setup));
    // A model is only run once its own parameters passed: its report would
    // repeat theirs, and out-of-range values need not be safe to evaluate.
    // The probe's loads come from the chassis, so it waits for the chassis too.
    const auto clean = [&out](const QString& prefix) {
        return std::none_of(out.begin(), out.end(),
                            [&](const SetupIssue& i) { return i.path.startsWith(prefix); });
    };
    if (clean(QStringLiteral("chassis."))) {
        const auto runIfClean = [&](const TireParams& t, bool front) {
            const QString prefix = front ? QStringLiteral("tires.front.") : QStringLiteral("tires.rear.");
            if (clean(prefix))
                validateTireBehaviour(t, staticWheelLoad(setup.chassis, front), prefix,
                                      QStringLiteral("the static wheel load"), out);
        };
        runIfClean(setup.frontTires, true);
        runIfClean(setup.rearTires, false);
        // Only once mass, axle positions and inertia passed their own ranges: one
        // wrong mass is reported once, under its own field.
        validateYawInertia(setup, out);
    }
    return out;
}

namespace {

// The name of a field for people: its label, with its section when the label alone
// is shared by other fields.
QString fieldNameForPeople(const FieldMeta& field) {
    int sameLabel = 0;
    for (const FieldMeta& f : setupFields())
        sameLabel += f.label == field.label ? 1 : 0;
    if (sameLabel <= 1)
        return field.label;
    QStringList section = field.keys();
    section.removeLast();
    return section.join(QLatin1Char(' ')) + QLatin1Char(' ') + field.label;
}

} // namespace

QString issueMessageForPeople(const SetupIssue& issue) {
    QString message = issue.message;
    // Longest paths first, so "a.b_rpm" is not half-replaced by a shorter "a.b".
    std::vector<const FieldMeta*> fields;
    for (const FieldMeta& f : setupFields())
        if (message.contains(f.path))
            fields.push_back(&f);
    std::sort(fields.begin(), fields.end(),
              [](const FieldMeta* a, const FieldMeta* b) { return a->path.size() > b->path.size(); });
    for (const FieldMeta* f : fields)
        message.replace(f->path, fieldNameForPeople(*f));
    return message;
}

QString issueForPeople(const SetupIssue& issue) {
    const FieldMeta* field = findField(issue.path.section(QLatin1Char('['), 0, 0));
    const QString message = issueMessageForPeople(issue);
    if (issue.path.isEmpty())
        return message;
    return (field ? fieldNameForPeople(*field) : issue.path) + QStringLiteral(": ") + message;
}

} // namespace vtw
