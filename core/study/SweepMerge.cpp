#include "core/study/SweepMerge.h"

#include "core/study/SweepTable.h"

#include <algorithm>
#include <map>

namespace vtw {

namespace {

// The shards of count that are not among given: "shard 2/4 missing", "shards 1/4,
// 3/4 missing", and past a few "... (997 of 1000 missing)".
std::string missingShards(const std::map<int, std::string>& given, int count) {
    constexpr int listed = 5;
    std::vector<std::string> names;
    std::int64_t missing = 0;
    int next = 0;
    auto gapUpTo = [&](int end) {
        for (int k = next; k < end && names.size() < listed; ++k)
            names.push_back(std::to_string(k) + "/" + std::to_string(count));
        missing += end - next;
    };
    for (const auto& [index, name] : given) {
        gapUpTo(index);
        next = index + 1;
    }
    gapUpTo(count);
    if (missing == 0)
        return {};
    std::string text = missing == 1 ? "shard " : "shards ";
    for (std::size_t k = 0; k < names.size(); ++k)
        text += (k ? ", " : "") + names[k];
    if (missing > static_cast<std::int64_t>(names.size()))
        return text + ", ... missing (" + std::to_string(missing) + " of " + std::to_string(count) + ")";
    return text + " missing";
}

} // namespace

std::string MergeResult::csv() const {
    std::string text;
    for (const std::string_view piece : pieces)
        text += piece;
    return text;
}

MergeResult mergeSweepCsv(const std::vector<SweepShardText>& shards) {
    MergeResult result;
    if (shards.empty()) {
        result.error = "no shards to merge";
        return result;
    }
    std::vector<SweepTable> tables(shards.size());
    std::map<int, std::string> shardFiles; // shard index -> file
    for (std::size_t s = 0; s < shards.size(); ++s) {
        const std::string& name = shards[s].name;
        SweepTable& table = tables[s];
        std::string error;
        if (!parseSweepTable(shards[s].text, table, error)) {
            result.error = name + ": " + error;
            return result;
        }
        if (table.lastRowCut) {
            result.error = name + ": its last row is cut short (an interrupted sweep): run that sweep again "
                                  "with --resume " + name;
            return result;
        }
        const std::string difference = sweepDifference(tables[0].identity, shards[0].name, table.identity, name);
        if (!difference.empty()) {
            result.error = shards[0].name + " and " + name + " are not shards of one sweep: " + difference;
            return result;
        }
        if (table.columns != tables[0].columns) {
            result.error = shards[0].name + " and " + name + " are not shards of one sweep: their columns differ";
            return result;
        }
        const auto [other, added] = shardFiles.emplace(table.identity.shardIndex, name);
        if (!added) {
            result.error = other->second + " and " + name + " are both shard " +
                           std::to_string(table.identity.shardIndex) + "/" +
                           std::to_string(table.identity.shardCount);
            return result;
        }
    }
    const SweepIdentity& first = tables[0].identity;
    const std::string missing = missingShards(shardFiles, first.shardCount);
    if (!missing.empty()) {
        result.error = missing;
        return result;
    }
    // Each row into its point's slot (slot 0 is the head): parseSweepTable has checked
    // that every row is a point of its file's shard, so the files cannot share a point.
    std::vector<std::string_view> slots(static_cast<std::size_t>(first.points()) + 1);
    for (std::size_t s = 0; s < shards.size(); ++s) {
        const SweepTable& table = tables[s];
        for (const SweepRow& row : table.rows) {
            std::string_view& slot = slots[static_cast<std::size_t>(row.index) + 1];
            if (!slot.empty()) {
                result.error = shards[s].name + ": point " + std::to_string(row.index) + " has two rows";
                return result;
            }
            slot = row.text;
        }
        const auto expected = table.identity.shardPoints();
        if (static_cast<std::int64_t>(table.rows.size()) != expected) {
            result.error = shards[s].name + ": shard " + std::to_string(table.identity.shardIndex) + "/" +
                           std::to_string(table.identity.shardCount) + " is incomplete: " +
                           std::to_string(table.rows.size()) + " of its " + std::to_string(expected) +
                           " points (an interrupted sweep): run that sweep again with --resume " +
                           shards[s].name;
            return result;
        }
    }
    // The table a single run writes: the identity of shard 0/1, the columns, every row.
    SweepIdentity whole = first;
    whole.shardIndex = 0;
    whole.shardCount = 1;
    result.headText = std::make_unique<const std::string>(sweepIdentityLines(whole) + std::string(tables[0].columns));
    slots[0] = *result.headText;
    result.pieces = std::move(slots);
    result.rows = first.points();
    return result;
}

} // namespace vtw
