#include "setupfile/SetupValidation.h"

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

void validateTireCross(const TireParams& t, const QString& prefix, SetupIssues& out) {
    // The Calspan lateral stiffness Ks = (2/a_p0^2)(A0 + A1 Fz - (A1/A2) Fz^2)
    // must stay positive over the working loads, or the lateral force flips sign.
    const CalspanParams& c = t.calspan;
    if (c.A2 > 0 && c.ratedLoad_lb > 0) {
        const double fz = c.ratedLoad_lb;
        const double ks = c.A0 + c.A1 * fz - (c.A1 / c.A2) * fz * fz;
        if (!(ks > 0))
            out.append({prefix + "calspan.A1",
                        "lateral stiffness polynomial A0 + A1 Fz - (A1/A2) Fz^2 must be positive "
                        "at the rated load"});
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

SetupIssues validateCrossFieldRules(const Setup& s) {
    SetupIssues out;
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
    // The car must be able to pull away: the idle floor needs torque.
    if (s.engine.torqueCurve.size() >= 2 && !(s.engine.torqueCurve.evaluate(s.engine.idleRpm) > 0))
        out.append(
            SetupIssue{"engine.torqueCurve_rpm_Nm", "must give torque > 0 at engine.idle_rpm"});
    validateTireCross(s.frontTires, "tires.front.", out);
    validateTireCross(s.rearTires, "tires.rear.", out);
    return out;
}

SetupIssues validateSetup(const Setup& setup) {
    SetupIssues out;
    for (const FieldMeta& f : setupFields())
        validateField(f, setup, out);
    out.append(validateCrossFieldRules(setup));
    return out;
}

} // namespace vtw
