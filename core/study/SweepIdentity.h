#pragma once

// What makes files parts of one sweep. Every sweep CSV opens with comment lines
// that state it, so that shards of different sweeps are never merged into one
// table and a sweep is never resumed from another sweep's rows:
//
//   # vtw-cli sweep
//   # setup sha256=<hex digest of the base setup as writeSetup() writes it>
//   # maneuver braking pedal=1 start_kmh=100
//   # axis brakes.frontBias from=0.5 to=0.8 count=7
//   # axis brakes.maxTorque from=3000 to=5000 count=3     (a second axis, if any)
//   # shard 0/2
//
// The digest leaves out the "generator" line a saved file adds (SetupJson.h): a
// sweep of one setup is the same sweep whichever version states it, and its digest
// is that of `vtw-cli export` without that line.
//
// The lines hold no comma, so a spreadsheet shows each in one cell, and CSV
// readers that skip '#' lines (this program's, pandas' comment='#') skip them.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vtw {

struct SweepRequest;

struct SweepIdentity {
    struct Axis {
        std::string text; ///< "brakes.frontBias from=0.5 to=0.8 count=7"
        int count = 0;    ///< the points on this axis, as the text says
        double from = 0.0, to = 0.0; ///< its ends, as the text says
        /// The value of point i on this axis, as a sweep computes it (SweepAxis::valueAt).
        double valueAt(int i) const;
    };
    std::string setup;    ///< "sha256=" and the digest of writeSetup(base)
    std::string maneuver; ///< the id and every parameter's value, defaults included
    std::vector<Axis> axes; ///< one or two
    int shardIndex = 0, shardCount = 1;

    /// The whole sweep's points (all shards), from the axes' counts.
    std::int64_t points() const;
    /// The points on the second axis (1 without one): point k is at i = k / this, j = k % this.
    int secondCount() const;
    /// The points of this shard: those k < points() with k mod shardCount = shardIndex.
    std::int64_t shardPoints() const;
};

/// The identity of a request (which must have no sweepRequestProblem).
SweepIdentity sweepIdentity(const SweepRequest& request);

/// The comment lines above, each with its newline.
std::string sweepIdentityLines(const SweepIdentity& identity);

/// Reads the comment lines at the start of text. On success returns true, sets
/// identity and consumed (the bytes the lines take); otherwise sets error.
bool parseSweepIdentity(std::string_view text, SweepIdentity& identity, std::size_t& consumed,
                        std::string& error);

/// What keeps a and b from being parts of one sweep (the shard index aside), with
/// each side named: "the maneuver differs (a.csv: braking pedal=1 start_kmh=100;
/// b.csv: acceleration quarter_mile=1)"; empty when they are parts of one sweep.
std::string sweepDifference(const SweepIdentity& a, const std::string& aName, const SweepIdentity& b,
                            const std::string& bName);

} // namespace vtw
