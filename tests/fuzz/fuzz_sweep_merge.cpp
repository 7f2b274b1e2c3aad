// libFuzzer entry point for the merge of a sweep's shards (`vtw-cli merge`): the
// input is cut into one to three shards at NUL bytes. A merge gives a table or an
// error; a table has the shards' header and their rows by rising index, and
// merging it again, alone, gives it back unchanged.

#include "FuzzSupport.h"

#include "study/Sweep.h"

#include <charconv>
#include <string_view>

using namespace vtw;

namespace {

// The index each row of a merged table starts with, in order; false if a row has none.
bool rowIndices(std::string_view csv, std::vector<long long>& indices) {
    std::size_t at = csv.find('\n') + 1; // past the header
    while (at < csv.size()) {
        const std::size_t end = csv.find('\n', at);
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
    std::vector<std::string> shards;
    for (const QByteArray& piece : fuzz::piecesOf(fuzz::bytesOf(data, size), 3))
        shards.push_back(piece.toStdString());
    const MergeResult merged = mergeSweepCsv(shards);
    if (!merged.error.empty())
        return 0;
    const std::string_view header = std::string_view(shards[0]).substr(0, shards[0].find('\n'));
    fuzz::require(merged.csv.compare(0, header.size() + 1, std::string(header) + '\n') == 0,
                  "a merged table starts with the shards' header");
    std::vector<long long> indices;
    fuzz::require(rowIndices(merged.csv, indices), "every merged row starts with its index");
    fuzz::require(int(indices.size()) == merged.rows, "the row count is the rows written");
    for (std::size_t i = 1; i < indices.size(); ++i)
        fuzz::require(indices[i - 1] < indices[i], "merged rows rise by index, each once");
    const MergeResult again = mergeSweepCsv({merged.csv});
    fuzz::require(again.error.empty() && again.csv == merged.csv,
                  "a merged table merges alone into itself");
    return 0;
}
