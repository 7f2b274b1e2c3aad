// libFuzzer entry point for the merge of a sweep's shards (`vtw-cli merge`): the
// input is cut into one to three shards at NUL bytes. A merge gives a table or an
// error; a table has its identity lines, the column line and the rows by rising
// index, and merging it again, alone, gives it back unchanged.

#include "FuzzSupport.h"

#include "core/study/SweepMerge.h"

#include <charconv>
#include <string_view>

using namespace vtw;

namespace {

// Where the row that starts at `at` ends: its newline, past any inside a quoted cell
// (an error message may hold some).
std::size_t rowEnd(std::string_view csv, std::size_t at) {
    bool quoted = false;
    for (std::size_t k = at; k < csv.size(); ++k) {
        if (csv[k] == '"')
            quoted = !quoted;
        else if (csv[k] == '\n' && !quoted)
            return k;
    }
    return csv.size();
}

// The index each row of a merged table starts with, in order; false if a row has none.
bool rowIndices(std::string_view csv, std::vector<long long>& indices) {
    std::size_t at = csv.find('\n') + 1; // past the header
    while (at < csv.size()) {
        const std::size_t end = rowEnd(csv, at);
        long long index = -1;
        if (std::from_chars(csv.data() + at, csv.data() + end, index).ec != std::errc())
            return false;
        indices.push_back(index);
        at = end + 1;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> texts;
    for (const QByteArray& piece : fuzz::piecesOf(fuzz::bytesOf(data, size), 3))
        texts.push_back(piece.toStdString());
    std::vector<SweepShardText> shards;
    for (std::size_t i = 0; i < texts.size(); ++i)
        shards.push_back({"shard" + std::to_string(i), texts[i]});
    const MergeResult result = mergeSweepCsv(shards);
    if (!result.error.empty())
        return 0;
    const std::string merged = result.csv();
    // Past the identity lines ("# ..."), the column line and rows by rising index.
    std::size_t body = 0;
    while (body < merged.size() && merged[body] == '#')
        body = merged.find('\n', body) + 1;
    std::vector<long long> indices;
    fuzz::require(rowIndices(std::string_view(merged).substr(body), indices),
                  "every merged row starts with its index");
    fuzz::require(std::int64_t(indices.size()) == result.rows, "the row count is the rows written");
    for (std::size_t i = 1; i < indices.size(); ++i)
        fuzz::require(indices[i - 1] < indices[i], "merged rows rise by index, each once");
    const MergeResult again = mergeSweepCsv({{"merged", merged}});
    fuzz::require(again.error.empty() && again.csv() == merged,
                  "a merged table merges alone into itself");
    return 0;
}
