#pragma once

#include <string>
#include <vector>

namespace vtw {

/// Which way a metric is better, so comparisons can mark a change good or bad.
enum class MetricSense { LowerIsBetter, HigherIsBetter, Neutral };

/// One figure a maneuver measured. The key is stable and names its unit
/// (e.g. "t_0_100_kmh_s"); a figure the run never reached (the car never got
/// to 100 km/h) has reached = false and value NaN.
struct Metric {
    std::string key;
    std::string label;
    std::string unit;
    double value = 0.0;
    MetricSense sense = MetricSense::Neutral;
    bool reached = true;
};

using MetricList = std::vector<Metric>;

/// Helper for maneuvers: a metric that may not have been reached.
Metric makeMetric(std::string key, std::string label, std::string unit, MetricSense sense,
                  bool reached, double value);

/// The metric with this key, or nullptr.
const Metric* findMetric(const MetricList& metrics, const std::string& key);

/// Linear interpolation of the instant a quantity crosses `threshold` between
/// two samples (t0, q0) and (t1, q1); used for crossing times (0-100 km/h, the
/// quarter mile) to be independent of the step size.
double crossingTime(double t0, double q0, double t1, double q1, double threshold);

} // namespace vtw
