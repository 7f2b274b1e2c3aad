#include "core/study/Sweep.h"

#include "core/study/ParallelFor.h"
#include "core/study/StudyTarget.h"
#include "core/study/SweepIdentity.h"
#include "core/setupfile/SetupValidation.h"

#include <charconv>
#include <cmath>
#include <mutex>

namespace vtw {

double SweepAxis::valueAt(int i) const {
    if (count <= 1)
        return from;
    return from + (to - from) * i / (count - 1);
}

std::int64_t sweepPointCount(const SweepRequest& r) {
    return std::int64_t(r.first.count) * (r.second ? std::int64_t(r.second->count) : 1);
}

QString sweepRequestProblem(const SweepRequest& r) {
    auto axisProblem = [](const SweepAxis& axis, const char* name) -> QString {
        if (!axis.field)
            return QStringLiteral("%1 parameter: unknown field").arg(QLatin1String(name));
        if (axis.field->kind != FieldKind::Number && axis.field->kind != FieldKind::Integer)
            return QStringLiteral("%1: only numeric parameters can be swept").arg(axis.field->path);
        if (axis.count < 2 || axis.count > maxSweepAxisPoints)
            return QStringLiteral("%1: the number of points must be 2..%2")
                .arg(axis.field->path)
                .arg(maxSweepAxisPoints);
        for (double v : {axis.from, axis.to}) {
            const QString problem = axis.field->rangeProblem(v);
            if (!std::isfinite(v) || !problem.isEmpty())
                return QStringLiteral("%1: sweep end %2 %3").arg(axis.field->path).arg(v).arg(problem);
        }
        return {};
    };
    QString problem = axisProblem(r.first, "first");
    if (problem.isEmpty() && r.second)
        problem = axisProblem(*r.second, "second");
    if (problem.isEmpty() && r.second && r.second->field == r.first.field)
        problem = QStringLiteral("the two swept parameters must differ");
    if (problem.isEmpty() && (r.shardCount < 1 || r.shardIndex < 0 || r.shardIndex >= r.shardCount))
        problem = QStringLiteral("shard must be i/n with 0 <= i < n");
    if (problem.isEmpty() && sweepPointCount(r) > maxSweepPoints)
        problem = QStringLiteral("%1 points (%2 x %3) are more than the %4 a sweep may have, shards "
                                 "included: use fewer points")
                      .arg(sweepPointCount(r))
                      .arg(r.first.count)
                      .arg(r.second ? r.second->count : 1)
                      .arg(maxSweepPoints);
    if (problem.isEmpty()) {
        std::string error;
        if (!StudyTarget::make(r.maneuver, &error))
            problem = QString::fromStdString(error);
    }
    return problem;
}

Setup sweepVariant(const SweepRequest& r, int i, int j) {
    Setup s = r.base;
    auto apply = [&](const SweepAxis& axis, int k) {
        double v = axis.valueAt(k);
        if (axis.field->kind == FieldKind::Integer)
            v = std::round(v);
        axis.field->set(s, v);
    };
    apply(r.first, i);
    if (r.second)
        apply(*r.second, j);
    return s;
}

std::vector<SweepPoint> runSweep(const SweepRequest& r) {
    if (!sweepRequestProblem(r).isEmpty())
        return {}; // callers check the request first; never run a malformed one
    // Within maxSweepPoints (checked above), so every index fits an int; the
    // stepping is 64-bit, as a shard count near INT_MAX would wrap an int step.
    const std::int64_t total = sweepPointCount(r);
    const int secondCount = r.second ? r.second->count : 1;
    std::vector<int> mine;
    for (std::int64_t k = r.shardIndex; k < total; k += r.shardCount) {
        if (!r.alreadyDone || !r.alreadyDone(static_cast<int>(k)))
            mine.push_back(static_cast<int>(k));
    }
    const std::unique_ptr<StudyTarget> target = StudyTarget::make(r.maneuver, nullptr);
    std::vector<SweepPoint> points(mine.size());
    std::atomic<int> done{0};
    // pointDone in index order: a finished point waits for those before it.
    std::mutex emitMutex;
    std::vector<char> finished(mine.size(), 0);
    std::size_t nextToEmit = 0;
    parallelFor(
        mine.size(),
        [&](std::size_t n) {
            SweepPoint& p = points[n];
            p.index = mine[n];
            p.i = p.index / secondCount;
            p.j = p.index % secondCount;
            p.a = r.first.valueAt(p.i);
            p.b = r.second ? r.second->valueAt(p.j) : 0.0;
            const Setup variant = sweepVariant(r, p.i, p.j);
            const SetupIssues issues = validateSetup(variant);
            if (!issues.isEmpty()) {
                p.error = "invalid: " + issues.first().toString().toStdString();
            } else if (r.cancel && r.cancel->load()) {
                p.error = "cancelled";
            } else {
                RunOptions options;
                options.cancel = r.cancel;
                const RunResult result = target->run(variant, options);
                p.ok = result.ok && !result.cancelled;
                p.error = result.cancelled ? "cancelled" : result.error;
                p.metrics = result.metrics;
            }
            if (r.pointDone) {
                const std::lock_guard<std::mutex> lock(emitMutex);
                finished[n] = 1;
                while (nextToEmit < points.size() && finished[nextToEmit])
                    r.pointDone(points[nextToEmit++]);
            }
            if (r.progress)
                r.progress(++done, static_cast<int>(mine.size()));
        },
        r.threads);
    return points;
}

std::string sweepNumberText(double v) {
    char buffer[32];
    const auto res = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, res.ptr);
}

namespace {

std::string csvText(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// The metric columns, known before any point runs so that rows can be written as they come.
std::vector<std::string> metricKeys(const SweepRequest& r) {
    const auto target = StudyTarget::make(r.maneuver, nullptr);
    return target ? target->metricKeys() : std::vector<std::string>{};
}

} // namespace

std::string sweepCsvHeader(const SweepRequest& r) {
    return sweepIdentityLines(sweepIdentity(r)) + sweepCsvColumns(r);
}

std::string sweepCsvColumns(const SweepRequest& r) {
    std::string out = "index,i,j," + r.first.field->path.toStdString();
    if (r.second)
        out += "," + r.second->field->path.toStdString();
    for (const std::string& k : metricKeys(r))
        out += "," + k;
    return out + ",error\n";
}

namespace {

std::string csvRow(const SweepRequest& r, const std::vector<std::string>& keys, const SweepPoint& p) {
    std::string out = std::to_string(p.index) + "," + std::to_string(p.i) + "," + std::to_string(p.j) +
                      "," + sweepNumberText(p.a);
    if (r.second)
        out += "," + sweepNumberText(p.b);
    for (const std::string& k : keys) {
        const Metric* m = findMetric(p.metrics, k);
        out += ",";
        if (p.ok && m && m->reached && sweepFigureWritable(m->value))
            out += sweepNumberText(m->value);
    }
    return out + "," + csvText(p.error) + "\n";
}

} // namespace

std::string sweepCsvRow(const SweepRequest& r, const SweepPoint& p) { return csvRow(r, metricKeys(r), p); }

std::string sweepToCsv(const SweepRequest& r, const std::vector<SweepPoint>& points) {
    const std::vector<std::string> keys = metricKeys(r);
    std::string out = sweepCsvHeader(r);
    for (const SweepPoint& p : points)
        out += csvRow(r, keys, p);
    return out;
}

} // namespace vtw
