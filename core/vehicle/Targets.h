#pragma once

// Published figures ("targets") a setup carries beside its parameters: which
// metric keys may have one, and how a simulated figure is set against it.
// Plain C++: the loader, the CLI, the window and the tests share it.

#include "core/vehicle/Setup.h"

#include <string>
#include <string_view>
#include <vector>

namespace vtw {

/// A metric a road test or a maker publishes, with the maneuver that measures it.
struct TargetMetric {
    std::string key;      ///< the maneuver's metric key, unit included
    std::string maneuver; ///< maneuver id (ManeuverFactory)
    std::string label;    ///< e.g. "0-100 km/h"
    std::string unit;     ///< the unit the key names and the value is in
};

/// Every key a target may name, in display order. Only straight-line and
/// skidpad figures: those are what magazines and makers publish.
const std::vector<TargetMetric>& targetMetrics();

/// The entry of a key, or nullptr.
const TargetMetric* findTargetMetric(std::string_view key);

/// The setup's target for a metric key, or nullptr.
const PublishedFigure* findTarget(const Setup& setup, std::string_view key);

/// Relative deviation of a simulated figure from the published one,
/// (simulated - published) / published: a fraction, +0.05 is 5 % above.
/// NaN when the simulated figure is not finite.
double targetDeviation(double simulated, double published);

} // namespace vtw
