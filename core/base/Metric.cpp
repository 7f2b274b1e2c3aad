#include "core/base/Metric.h"

#include <limits>

namespace vtw {

Metric makeMetric(std::string key, std::string label, std::string unit, MetricSense sense,
                  bool reached, double value) {
    Metric m;
    m.key = std::move(key);
    m.label = std::move(label);
    m.unit = std::move(unit);
    m.sense = sense;
    m.reached = reached;
    m.value = reached ? value : std::numeric_limits<double>::quiet_NaN();
    return m;
}

void invalidate(Metric& metric, const std::string& reason) {
    if (metric.valid)
        metric.invalidReason = reason;
    metric.valid = false;
}

const Metric* findMetric(const MetricList& metrics, const std::string& key) {
    for (const Metric& m : metrics) {
        if (m.key == key)
            return &m;
    }
    return nullptr;
}

double crossingTime(double t0, double q0, double t1, double q1, double threshold) {
    if (q1 == q0)
        return t1;
    return t0 + (threshold - q0) / (q1 - q0) * (t1 - t0);
}

} // namespace vtw
