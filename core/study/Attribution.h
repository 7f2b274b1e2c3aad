#pragma once

// "Which change mattered": between a baseline and a tuned setup, revert each
// differing parameter (or each section of parameters) one at a time in the
// tuned setup and see how much of a metric's change goes with it.
// contribution = metric(tuned) - metric(tuned with that part reverted).
// With interactions the parts need not add up to the total; the remainder is
// reported as the interaction term.

#include "Comparison.h"
#include "setupfile/SetupMetadata.h"

#include <QString>

namespace vtw {

enum class AttributionGrouping {
    PerParameter, ///< each differing field on its own
    PerSection    ///< fields grouped by their section (chassis, engine, tires.front, ...)
};

struct Contribution {
    QString name;                      ///< field path, or section name
    std::vector<const FieldMeta*> fields;
    double revertedValue = 0.0;        ///< the metric with this part reverted
    double contribution = 0.0;         ///< tuned - reverted
};

struct Attribution {
    bool ok = false;
    std::string error;
    double baselineValue = 0.0, tunedValue = 0.0;
    double total = 0.0;        ///< tuned - baseline
    double interaction = 0.0;  ///< total - sum of contributions
    std::vector<Contribution> parts;
};

Attribution attributeChange(const Setup& baseline, const Setup& tuned, const ManeuverSpec& maneuver,
                            const std::string& metricKey,
                            AttributionGrouping grouping = AttributionGrouping::PerParameter,
                            unsigned threads = 0, const std::atomic<bool>* cancel = nullptr);

} // namespace vtw
