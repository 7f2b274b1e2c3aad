#include "Attribution.h"

#include "ParallelFor.h"
#include "SetupDiff.h"
#include "StudyTarget.h"

#include <cmath>
#include <map>

namespace vtw {

namespace {

QString sectionOf(const FieldMeta& field) {
    const QStringList keys = field.keys();
    // tires.front.x -> "tires.front"; chassis.mass -> "chassis"
    if (keys.size() > 2 && keys.first() == QLatin1String("tires"))
        return keys[0] + QLatin1Char('.') + keys[1];
    return keys.first();
}

// One run of the maneuver, returning the metric (NaN if not reached, or
// invalid: a figure outside its definition's range is no difference to share
// out) or an error.
double runMetric(const Setup& setup, const StudyTarget& target, const std::string& key,
                 const std::atomic<bool>* cancel, std::string& error) {
    const ManeuverSpec& spec = target.spec();
    RunOptions options;
    options.cancel = cancel;
    const RunResult r = target.run(setup, options);
    if (!r.ok) {
        error = r.error;
        return std::nan("");
    }
    const Metric* m = findMetric(r.metrics, key);
    if (!m) {
        error = "maneuver '" + spec.id + "' has no metric '" + key + "'";
        return std::nan("");
    }
    if (m->reached && !m->valid) {
        error = "the metric '" + key + "' is invalid in a run: " + m->invalidReason;
        return std::nan("");
    }
    return m->reached ? m->value : std::nan("");
}

} // namespace

Attribution attributeChange(const Setup& baseline, const Setup& tuned, const ManeuverSpec& maneuver,
                            const std::string& metricKey, AttributionGrouping grouping,
                            unsigned threads, const std::atomic<bool>* cancel) {
    Attribution out;
    const std::unique_ptr<StudyTarget> target = StudyTarget::make(maneuver, &out.error);
    if (!target)
        return out;
    const std::vector<ParameterDifference> diff = diffSetups({baseline, tuned});
    if (grouping == AttributionGrouping::PerParameter) {
        for (const ParameterDifference& d : diff)
            out.parts.push_back({d.field->path, {d.field}, 0.0, 0.0});
    } else {
        std::map<QString, std::size_t> index;
        for (const ParameterDifference& d : diff) {
            const QString section = sectionOf(*d.field);
            auto [it, inserted] = index.try_emplace(section, out.parts.size());
            if (inserted)
                out.parts.push_back({section, {}, 0.0, 0.0});
            out.parts[it->second].fields.push_back(d.field);
        }
    }

    // Job 0: baseline, job 1: tuned, jobs 2..: tuned with one part reverted.
    const std::size_t jobs = 2 + out.parts.size();
    std::vector<double> values(jobs, 0.0);
    std::vector<std::string> errors(jobs);
    parallelFor(
        jobs,
        [&](std::size_t j) {
            if (j == 0) {
                values[j] = runMetric(baseline, *target, metricKey, cancel, errors[j]);
                return;
            }
            Setup variant = tuned;
            if (j >= 2) {
                for (const FieldMeta* f : out.parts[j - 2].fields)
                    copyField(*f, baseline, variant);
            }
            values[j] = runMetric(variant, *target, metricKey, cancel, errors[j]);
        },
        threads);
    for (const std::string& e : errors) {
        if (!e.empty()) {
            out.error = e;
            return out;
        }
    }
    out.baselineValue = values[0];
    out.tunedValue = values[1];
    out.total = values[1] - values[0];
    double sum = 0.0;
    for (std::size_t p = 0; p < out.parts.size(); ++p) {
        out.parts[p].revertedValue = values[p + 2];
        out.parts[p].contribution = values[1] - values[p + 2];
        sum += out.parts[p].contribution;
    }
    out.interaction = out.total - sum;
    out.ok = std::isfinite(out.total) && std::isfinite(sum);
    if (!out.ok)
        out.error = "the metric '" + metricKey + "' was not reached in every run";
    return out;
}

} // namespace vtw
