#pragma once

#include "Metric.h"

#include <string>

namespace vtw {

/// Metrics as a JSON object of stable keys (units in the keys) to numbers;
/// a figure that was not reached is null. Keys keep the maneuver's order.
std::string metricsToJson(const MetricList& metrics, int indent = 2);

} // namespace vtw
