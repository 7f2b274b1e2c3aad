#pragma once

// Joining the shard outputs of one sweep into the table a single run would
// have written, byte for byte, or refusing with what is wrong: files of
// different sweeps, a shard given twice, a shard missing or cut short.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace vtw {

/// The most a merge takes, all shards together: the shards are held whole while the
/// table is built beside them.
inline constexpr std::int64_t maxMergeInputBytes = 64LL * 1024 * 1024;

struct SweepShardText {
    std::string name;      ///< for messages: the file's name
    std::string_view text; ///< the whole file
};

struct MergeResult {
    /// The merged table in order, to be written as it is (writeFileAtomically takes
    /// pieces): its head (the identity of shard 0/1 and the column line), then every
    /// row by index. The rows view the shards' texts, which must outlive them; the
    /// head views headText, which is on the heap so that moving the result keeps it.
    std::vector<std::string_view> pieces;
    std::unique_ptr<const std::string> headText;
    std::string error; ///< empty on success
    std::int64_t rows = 0;
    /// The pieces joined.
    std::string csv() const;
};

/// Merges every shard i/n of one sweep (each exactly once, each complete).
MergeResult mergeSweepCsv(const std::vector<SweepShardText>& shards);

} // namespace vtw
