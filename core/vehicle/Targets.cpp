#include "core/vehicle/Targets.h"

#include <cmath>
#include <limits>

namespace vtw {

const std::vector<TargetMetric>& targetMetrics() {
    // The keys are the maneuvers' own (tst_setup_json checks each is produced
    // by its maneuver), so a target lines up with a run without translation.
    static const std::vector<TargetMetric> list = {
        {"t_0_60_mph_s", "acceleration", "0-60 mph", "s"},
        {"t_0_100_kmh_s", "acceleration", "0-100 km/h", "s"},
        {"quarter_mile_s", "acceleration", "Quarter mile", "s"},
        {"quarter_mile_trap_kmh", "acceleration", "Quarter-mile trap speed", "km/h"},
        {"top_speed_kmh", "top-speed", "Top speed", "km/h"},
        {"braking_100_0_kmh_m", "braking", "Braking 100-0 km/h distance", "m"},
        {"skidpad_max_lateral_g", "skidpad", "Skidpad lateral acceleration", "g"},
    };
    return list;
}

const TargetMetric* findTargetMetric(std::string_view key) {
    for (const TargetMetric& m : targetMetrics()) {
        if (m.key == key)
            return &m;
    }
    return nullptr;
}

const PublishedFigure* findTarget(const Setup& setup, std::string_view key) {
    for (const PublishedFigure& t : setup.targets) {
        if (t.metricKey == key)
            return &t;
    }
    return nullptr;
}

double targetDeviation(double simulated, double published) {
    if (!std::isfinite(simulated) || !(published > 0.0))
        return std::numeric_limits<double>::quiet_NaN();
    return (simulated - published) / published;
}

} // namespace vtw
