#pragma once

// "Which change mattered": between a baseline and a tuned setup, how much of a
// metric's change each differing parameter (or each section of parameters) is
// responsible for.
//
// The share of a part is its Shapley value: the change of the metric when that part
// is applied, averaged over every order in which the parts could be applied one by
// one to the baseline. Unlike reverting each part alone from the tuned setup, the
// shares always add up to the total change, and two parts that only work together
// split their joint effect evenly instead of leaving it in an unexplained
// "interaction" term. Exact (every subset of parts run) for up to
// maxExactAttributionParts parts; beyond that, averaged over a fixed, seeded sample of
// orders, so the shares still add up exactly and only their split is an estimate.

#include "core/study/Comparison.h"
#include "core/setupfile/SetupMetadata.h"

#include <QString>

namespace vtw {

enum class AttributionGrouping {
    PerParameter, ///< each differing field on its own
    PerSection    ///< fields grouped by their section (chassis, engine, tires.front, ...)
};

/// Up to this many parts every subset is run (2^n runs: 64).
inline constexpr std::size_t maxExactAttributionParts = 6;
/// Beyond it, at most about this many runs over sampled orders.
inline constexpr std::size_t sampledAttributionRunBudget = 160;

struct Contribution {
    QString name;                      ///< field path, or section name, or "a + b" when joined
    std::vector<const FieldMeta*> fields;
    double contribution = 0.0;         ///< the part's Shapley share of tuned - baseline
    /// Why this part holds fields that differ alone: applying or reverting one of them on
    /// its own gave a setup that cannot be simulated (for people; empty otherwise).
    QString joinedBecause;
};

struct Attribution {
    bool ok = false;
    std::string error;
    double baselineValue = 0.0, tunedValue = 0.0;
    double total = 0.0;          ///< tuned - baseline; the contributions add up to it
    std::vector<Contribution> parts;
    bool exact = true;           ///< every order averaged (false: a sample of orders)
    std::size_t ordersAveraged = 0;
    std::size_t runs = 0;        ///< maneuver runs it took
};

Attribution attributeChange(const Setup& baseline, const Setup& tuned, const ManeuverSpec& maneuver,
                            const std::string& metricKey,
                            AttributionGrouping grouping = AttributionGrouping::PerParameter,
                            unsigned threads = 0, const std::atomic<bool>* cancel = nullptr);

} // namespace vtw
