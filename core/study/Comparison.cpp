#include "core/study/Comparison.h"

#include "core/study/ParallelFor.h"
#include "core/study/StudyTarget.h"

#include <cmath>
#include <limits>

namespace vtw {

Comparison runComparison(const ComparisonRequest& request) {
    Comparison out;
    const std::size_t setups = request.setups.size(), maneuvers = request.maneuvers.size();
    // Check every maneuver can be made before starting any run.
    std::vector<std::unique_ptr<StudyTarget>> targets;
    for (const ManeuverSpec& spec : request.maneuvers) {
        std::string error;
        targets.push_back(StudyTarget::make(spec, &error));
        if (!targets.back()) {
            out.error = error;
            return out;
        }
    }
    out.runs.assign(maneuvers, std::vector<RunResult>(setups));
    std::atomic<int> done{0};
    const int total = static_cast<int>(setups * maneuvers);
    parallelFor(
        setups * maneuvers,
        [&](std::size_t job) {
            const std::size_t m = job / setups, s = job % setups;
            RunResult& slot = out.runs[m][s];
            if (request.cancel && request.cancel->load()) {
                slot.ok = false;
                slot.cancelled = true;
                slot.error = "cancelled";
                return;
            }
            RunOptions options;
            options.recordTelemetry = request.recordTelemetry;
            options.decimation = request.decimation;
            options.cancel = request.cancel;
            slot = targets[m]->run(request.setups[s], options);
            if (request.progress)
                request.progress(++done, total);
        },
        request.threads);
    out.cancelled = request.cancel && request.cancel->load();
    return out;
}

std::vector<MetricComparison> compareMetrics(const Comparison& comparison,
                                             const std::vector<ManeuverSpec>& maneuvers,
                                             std::size_t baseline) {
    std::vector<MetricComparison> rows;
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t m = 0; m < comparison.runs.size(); ++m) {
        const std::vector<RunResult>& runs = comparison.runs[m];
        if (runs.empty() || baseline >= runs.size())
            continue;
        // The metric list is the maneuver's; take it from any run that produced one.
        const MetricList* keys = nullptr;
        for (const RunResult& r : runs) {
            if (!r.metrics.empty()) {
                keys = &r.metrics;
                break;
            }
        }
        if (!keys)
            continue;
        for (const Metric& key : *keys) {
            MetricComparison row;
            row.maneuverId = maneuvers[m].id;
            row.metric = key;
            for (const RunResult& r : runs) {
                const Metric* found = r.ok ? findMetric(r.metrics, key.key) : nullptr;
                row.values.push_back(found && found->reached ? found->value : nan);
                // A figure not reached says why too (the session gives every such one a reason).
                row.invalidReasons.push_back(
                    !r.ok      ? "the run failed: " + r.error
                    : !found   ? std::string("not measured by this run")
                    : !found->valid
                        ? (found->invalidReason.empty() ? std::string("invalid") : found->invalidReason)
                        : std::string());
            }
            const double base = row.values[baseline];
            row.metric.value = base;
            row.metric.valid = row.valid(baseline);
            row.metric.invalidReason = row.invalidReasons[baseline];
            for (std::size_t s = 0; s < row.values.size(); ++s) {
                // An invalid figure (a spin, a ramp too fast) is no real difference.
                const double delta = row.valid(s) && row.valid(baseline) ? row.values[s] - base : nan;
                row.deltas.push_back(delta);
                int verdict = 0;
                if (std::isfinite(delta) && delta != 0.0) {
                    if (key.sense == MetricSense::LowerIsBetter)
                        verdict = delta < 0.0 ? 1 : -1;
                    else if (key.sense == MetricSense::HigherIsBetter)
                        verdict = delta > 0.0 ? 1 : -1;
                }
                row.verdicts.push_back(verdict);
            }
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

} // namespace vtw
