#pragma once

// Parameter sweeps: one or two numeric fields over ranges, one maneuver per
// point, run in parallel. A sweep can be split into shards (point k belongs to
// shard k mod n) so a batch scheduler can spread it over machines; the shard
// outputs merge back into one table (SweepMerge.h), and an interrupted sweep
// resumes from the rows it wrote (SweepTable.h).

#include "core/study/Comparison.h"
#include "core/setupfile/SetupMetadata.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vtw {

/// The most points a sweep may have (all its shards together), and the most per axis.
/// A point is a whole maneuver run: a million is days of computing on a workstation.
/// Point indices and counts within the cap fit an int; the product of two axes is
/// formed in 64 bits so that it cannot wrap past the cap.
inline constexpr std::int64_t maxSweepPoints = 1'000'000;
inline constexpr int maxSweepAxisPoints = 100'000;

struct SweepAxis {
    const FieldMeta* field = nullptr; ///< a Number or Integer field
    double from = 0.0, to = 0.0;      ///< stored (SI) units
    int count = 2;                    ///< points, ends included
    double valueAt(int i) const;
};

struct SweepPoint;

struct SweepRequest {
    Setup base;
    SweepAxis first;
    std::optional<SweepAxis> second;
    ManeuverSpec maneuver;
    int shardIndex = 0, shardCount = 1;
    unsigned threads = 0;
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(int, int)> progress; ///< thread-safe (done, total in this shard)
    /// Each point of this shard as soon as it and every point before it are done, in
    /// index order, one call at a time (from the workers), so a caller can write rows
    /// as they come and an interrupted sweep keeps what it finished.
    std::function<void(const SweepPoint&)> pointDone;
    /// Points for which this returns true (given their index k) are neither run, nor
    /// handed on, nor returned: a resumed sweep's points that an earlier run finished.
    std::function<bool(int)> alreadyDone;
};

struct SweepPoint {
    int index = 0;       ///< k = i * second.count + j over the whole sweep
    int i = 0, j = 0;    ///< position on the first and second axis
    double a = 0.0, b = 0.0;
    bool ok = false;
    std::string error;   ///< the variant is invalid, or the run diverged
    MetricList metrics;
};

/// The largest magnitude a sweep writes as a metric. No figure of a run comes near it
/// (hours of simulated time, thousands of kilometres, revolutions per minute, g); a
/// larger one, like a non-finite one, is a wrong number, not a result.
inline constexpr double maxSweepFigure = 1e12;
/// Whether a metric's value is written into a sweep table (and read back from one).
inline bool sweepFigureWritable(double v) { return v >= -maxSweepFigure && v <= maxSweepFigure; }

/// A number as sweep files write it: the shortest text that reads back as the same double.
std::string sweepNumberText(double v);

/// The total number of points of a sweep, in 64 bits: two axes of up to
/// maxSweepAxisPoints multiply past an int.
std::int64_t sweepPointCount(const SweepRequest& request);

/// Check a request (fields numeric, ranges inside the fields' limits, counts,
/// at most maxSweepPoints points, shard); empty if fine.
QString sweepRequestProblem(const SweepRequest& request);

/// The setup of one point (the base with the swept values applied).
Setup sweepVariant(const SweepRequest& request, int i, int j);

/// Run this shard's points (all of them when shardCount is 1), in index order.
/// A request with a problem (sweepRequestProblem) runs nothing.
std::vector<SweepPoint> runSweep(const SweepRequest& request);

/// CSV: the sweep's identity as comment lines (SweepIdentity.h), then the columns
/// index, i, j, <first path>, [<second path>], one per metric (key), error. Empty
/// cells for metrics not reached. The same as sweepCsvHeader() followed by
/// sweepCsvRow() of every point.
std::string sweepToCsv(const SweepRequest& request, const std::vector<SweepPoint>& points);
/// The header of sweepToCsv(): the identity lines and the column line, with newlines.
std::string sweepCsvHeader(const SweepRequest& request);
/// The column line of sweepToCsv(), with its newline.
std::string sweepCsvColumns(const SweepRequest& request);
/// One row of sweepToCsv(), with its newline.
std::string sweepCsvRow(const SweepRequest& request, const SweepPoint& point);

} // namespace vtw
