#pragma once

#include <string>
#include <vector>

namespace vtw {

/// Which way a metric is better, so comparisons can mark a change good or bad.
enum class MetricSense { LowerIsBetter, HigherIsBetter, Neutral };

/// One figure a maneuver measured. The key is stable and names its unit
/// (e.g. "t_0_100_kmh_s"); a figure the run never reached (the car never got
/// to 100 km/h) has reached = false and value NaN.
/// A figure the run did reach but outside the range its definition holds for
/// (a step-steer response time measured while the car spun, an understeer
/// gradient from a ramp too fast for quasi-steady state) keeps its number, so
/// a user can see what came out, but has valid = false and says why in
/// invalidReason: every view shows it as such and no comparison takes it for
/// a real difference.
/// The unit of a pass/fail metric: 1 for yes, 0 for no (shown as words, never as a
/// number with unit "1").
inline constexpr const char* yesNoUnit = "yes/no";
/// A pass/fail value in words.
inline const char* yesNoText(double value) { return value != 0.0 ? "yes" : "no"; }

struct Metric {
    std::string key;
    std::string label;
    std::string unit;
    double value = 0.0;
    MetricSense sense = MetricSense::Neutral;
    bool reached = true;
    bool valid = true;
    std::string invalidReason; ///< for people; empty when valid

    /// Reached and valid: a figure to compare, plot or rank.
    bool usable() const { return reached && valid; }
};

using MetricList = std::vector<Metric>;

/// Helper for maneuvers: a metric that may not have been reached.
Metric makeMetric(std::string key, std::string label, std::string unit, MetricSense sense,
                  bool reached, double value);

/// Marks a metric invalid with the reason (kept when one is already set: the
/// first break of the definition is the one to fix).
void invalidate(Metric& metric, const std::string& reason);

/// The metric with this key, or nullptr.
const Metric* findMetric(const MetricList& metrics, const std::string& key);

/// Linear interpolation of the instant a quantity crosses `threshold` between
/// two samples (t0, q0) and (t1, q1); used for crossing times (0-100 km/h, the
/// quarter mile) to be independent of the step size.
double crossingTime(double t0, double q0, double t1, double q1, double threshold);

} // namespace vtw
