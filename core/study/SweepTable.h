#pragma once

// A sweep CSV read back (the identity lines, the column line and the rows that
// sweepToCsv writes), each row checked against the identity, so that shards are
// merged and interrupted sweeps resumed from rows that are what they claim.

#include "core/study/SweepIdentity.h"

#include <string>
#include <string_view>
#include <vector>

namespace vtw {

struct SweepRequest;

struct SweepRow {
    int index = 0;         ///< the point k
    std::string_view text; ///< the whole row as written, with its newline
};

struct SweepTable {
    SweepIdentity identity;
    std::string_view columns;   ///< the column line, with its newline
    std::vector<SweepRow> rows; ///< in file order
    /// The text ends inside a row (a write that was interrupted); that row is not in rows.
    bool lastRowCut = false;
};

/// Reads text, which must outlive the table (its rows point into it). Every row
/// starts with its index, i and j, which must be a point of the identity's
/// shard at the position the index gives, and has as many cells as the column
/// line. On a problem returns false and sets error, naming the line.
bool parseSweepTable(std::string_view text, SweepTable& table, std::string& error);

/// The rows an interrupted run of a sweep finished, to resume it from.
struct SweepResume {
    std::vector<SweepRow> rows; ///< by index, each point once
    std::vector<char> done;     ///< by point index: the row is in rows
    std::string error;          ///< why the text cannot be resumed from
    std::string note;           ///< what was left out to run again, if anything
};

/// Reads text (which must outlive the result) as rows of request's sweep: the
/// identity must be the request's, shard included, and the columns its columns.
/// Rows of points that were cancelled and a last row cut short are left out, so
/// those points run again.
SweepResume readSweepResume(const SweepRequest& request, std::string_view text);

} // namespace vtw
