#pragma once

#include "core/base/Metric.h"
#include "core/vehicle/Setup.h"

#include <string>

namespace vtw {

/// A JSON string of text: quoted, with quotes, backslashes and control characters escaped.
std::string jsonQuoted(const std::string& text);

/// A JSON number: the shortest text that reads back as the same double; null for NaN
/// and infinities, which JSON has no words for.
std::string jsonNumber(double value);

/// Metrics as a JSON object of stable keys (units in the keys) to numbers;
/// a figure that was not reached is null. Keys keep the maneuver's order.
/// When a metric is invalid (reached, but outside the range its definition
/// holds for) the object ends with "invalid_metrics", one entry per such key:
/// {"valid": false, "invalid_reason": "..."}. The metric keys stay plain
/// numbers, so a reader that only wants the figures is not disturbed.
std::string metricsToJson(const MetricList& metrics, int indent = 2);

/// As above, plus a "targets" object when a published figure exists for a
/// metric of the run: key -> {"target": published value in the key's unit,
/// "deviation_pct": 100 (simulated - target) / target (null if not reached),
/// "source": text}. Without matching targets the output is the plain one.
std::string metricsToJson(const MetricList& metrics, const std::vector<PublishedFigure>& targets,
                          int indent = 2);

} // namespace vtw
