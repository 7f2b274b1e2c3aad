#pragma once

// Parameter sweeps: one or two numeric fields over ranges, one maneuver per
// point, run in parallel. A sweep can be split into shards (point k belongs to
// shard k mod n) so a batch scheduler can spread it over machines; the shard
// outputs merge back into one table.

#include "Comparison.h"
#include "setupfile/SetupMetadata.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace vtw {

struct SweepAxis {
    const FieldMeta* field = nullptr; ///< a Number or Integer field
    double from = 0.0, to = 0.0;      ///< stored (SI) units
    int count = 2;                    ///< points, ends included
    double valueAt(int i) const;
};

struct SweepRequest {
    Setup base;
    SweepAxis first;
    std::optional<SweepAxis> second;
    ManeuverSpec maneuver;
    int shardIndex = 0, shardCount = 1;
    unsigned threads = 0;
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(int, int)> progress; ///< thread-safe (done, total in this shard)
};

struct SweepPoint {
    int index = 0;       ///< k = i * second.count + j over the whole sweep
    int i = 0, j = 0;    ///< position on the first and second axis
    double a = 0.0, b = 0.0;
    bool ok = false;
    std::string error;   ///< the variant is invalid, or the run diverged
    MetricList metrics;
};

/// The total number of points of a sweep.
int sweepPointCount(const SweepRequest& request);

/// Check a request (fields numeric, ranges inside the fields' limits, counts,
/// shard); empty if fine.
QString sweepRequestProblem(const SweepRequest& request);

/// The setup of one point (the base with the swept values applied).
Setup sweepVariant(const SweepRequest& request, int i, int j);

/// Run this shard's points (all of them when shardCount is 1), in index order.
/// A request with a problem (sweepRequestProblem) runs nothing.
std::vector<SweepPoint> runSweep(const SweepRequest& request);

/// CSV: index, i, j, <first path>, [<second path>], one column per metric
/// (key), error. Empty cells for metrics not reached.
std::string sweepToCsv(const SweepRequest& request, const std::vector<SweepPoint>& points);

/// Join shard CSVs of one sweep: same header, no index twice; rows sorted by
/// index. Returns the merged CSV or an error message.
struct MergeResult {
    std::string csv;
    std::string error;
    int rows = 0;
};
MergeResult mergeSweepCsv(const std::vector<std::string>& shards);

} // namespace vtw
