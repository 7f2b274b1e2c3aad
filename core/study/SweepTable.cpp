#include "core/study/SweepTable.h"

#include "core/study/Sweep.h"
#include "core/base/Utf8Bom.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace vtw {

namespace {

// The row that starts at `at`: the index of the newline that ends it (npos when
// the text ends first), its cells, and the newlines inside it (a quoted cell, such
// as an error message, may hold some).
struct RowExtent {
    std::size_t end = std::string_view::npos;
    int cells = 1;
    int innerNewlines = 0;
};

RowExtent scanRow(std::string_view text, std::size_t at) {
    RowExtent row;
    const char* start = text.data() + at;
    const std::size_t rest = text.size() - at;
    // Most rows hold no quote: their end is the next newline, and their commas are
    // counted without a branch per byte (a merge reads some hundred million bytes).
    const void* newline = std::memchr(start, '\n', rest);
    const std::size_t length = newline ? static_cast<const char*>(newline) - start : rest;
    if (!std::memchr(start, '"', length)) {
        for (std::size_t k = 0; k < length; ++k)
            row.cells += start[k] == ',';
        if (newline)
            row.end = at + length;
        return row;
    }
    bool quoted = false;
    for (std::size_t k = at; k < text.size(); ++k) {
        const char c = text[k];
        if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            ++row.cells;
        } else if (c == '\n') {
            if (!quoted) {
                row.end = k;
                return row;
            }
            ++row.innerNewlines;
        }
    }
    return row;
}

// The index, i and j that open a row; rest is where the next cell starts.
bool rowPosition(std::string_view row, int& index, int& i, int& j, std::size_t& rest) {
    const char* p = row.data();
    const char* end = row.data() + row.size();
    for (int* value : {&index, &i, &j}) {
        const auto result = std::from_chars(p, end, *value);
        if (result.ec != std::errc() || result.ptr == end || *result.ptr != ',' || *value < 0)
            return false;
        p = result.ptr + 1;
    }
    rest = static_cast<std::size_t>(p - row.data());
    return true;
}

// The cells of a line up to its newline (quotes aside: the cells read by name here,
// the column names, swept values and metrics, never hold one), into cells.
void leadingCells(std::string_view line, std::size_t from, std::size_t count, std::vector<std::string_view>& cells) {
    cells.clear();
    while (cells.size() < count && from <= line.size()) {
        std::size_t end = line.find_first_of(",\n", from);
        if (end == std::string_view::npos)
            end = line.size();
        cells.push_back(line.substr(from, end - from));
        from = end + 1;
    }
}

// What a row's cells past index, i and j must be: each swept value as the sweep writes
// its point's (worked out once per axis: a merge checks a million rows), and each
// metric empty (not reached) or a figure sweepFigureWritable lets a sweep write. A
// file whose numbers were changed, or are not numbers, must not pass as results.
class RowValueCheck {
public:
    RowValueCheck(const SweepIdentity& identity, std::vector<std::string_view> names)
        : m_names(std::move(names)) {
        for (const SweepIdentity::Axis& axis : identity.axes) {
            std::vector<std::string> texts;
            texts.reserve(static_cast<std::size_t>(axis.count));
            for (int k = 0; k < axis.count; ++k)
                texts.push_back(sweepNumberText(axis.valueAt(k)));
            m_valueTexts.push_back(std::move(texts));
        }
    }

    std::string problem(std::string_view row, std::size_t rest, int i, int j) {
        leadingCells(row, rest, m_names.size(), m_cells);
        for (std::size_t a = 0; a < m_valueTexts.size(); ++a) {
            const std::string& expected = m_valueTexts[a][static_cast<std::size_t>(a == 0 ? i : j)];
            if (m_cells[a] != expected)
                return std::string(m_names[a]) + " is '" + std::string(m_cells[a].substr(0, 40)) +
                       "' where this point of the sweep has " + expected;
        }
        for (std::size_t m = m_valueTexts.size(); m < m_cells.size(); ++m) {
            const std::string_view cell = m_cells[m];
            if (cell.empty())
                continue;
            double value = 0.0;
            const auto result = std::from_chars(cell.data(), cell.data() + cell.size(), value);
            if (result.ec != std::errc() || result.ptr != cell.data() + cell.size() || !sweepFigureWritable(value))
                return std::string(m_names[m]) + " is '" + std::string(cell.substr(0, 40)) +
                       "': not a figure a run gives (a finite number of magnitude at most " +
                       sweepNumberText(maxSweepFigure) + ")";
        }
        return {};
    }

private:
    std::vector<std::string_view> m_names; ///< of the value and metric columns
    std::vector<std::vector<std::string>> m_valueTexts; ///< by axis, by position on it
    std::vector<std::string_view> m_cells;
};

std::string shardText(const SweepIdentity& identity) {
    return std::to_string(identity.shardIndex) + "/" + std::to_string(identity.shardCount);
}

} // namespace

bool parseSweepTable(std::string_view file, SweepTable& table, std::string& error) {
    table = {};
    const std::string_view text = withoutUtf8Bom(file);
    std::size_t at = 0;
    if (!parseSweepIdentity(text, table.identity, at, error))
        return false;
    const SweepIdentity& identity = table.identity;
    int line = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
    const RowExtent columns = scanRow(text, at);
    if (columns.end == std::string_view::npos || text.substr(at, 10) != "index,i,j,") {
        error = "line " + std::to_string(line) + ": no column line (index,i,j,...) after the sweep's identity";
        return false;
    }
    table.columns = text.substr(at, columns.end + 1 - at);
    // index, i, j, a value per axis, then the metrics and the error.
    const int valueCells = columns.cells - 4;
    if (valueCells < static_cast<int>(identity.axes.size())) {
        error = "line " + std::to_string(line) + ": the column line has too few columns for " +
                std::to_string(identity.axes.size()) + " swept parameter" + (identity.axes.size() == 1 ? "" : "s");
        return false;
    }
    std::vector<std::string_view> valueNames;
    leadingCells(table.columns, 10, static_cast<std::size_t>(valueCells), valueNames);
    RowValueCheck valueCheck(identity, std::move(valueNames));
    at = columns.end + 1;
    ++line;
    const std::int64_t points = identity.points();
    const int secondCount = identity.secondCount();
    // A row takes at least eight bytes ("k,i,j,a,\n"): no more can be in the text.
    table.rows.reserve(static_cast<std::size_t>(std::min<std::int64_t>(identity.shardPoints(), text.size() / 8)));
    while (at < text.size()) {
        const RowExtent row = scanRow(text, at);
        if (row.end == std::string_view::npos) {
            table.lastRowCut = true;
            break;
        }
        const std::string_view rowText = text.substr(at, row.end + 1 - at);
        const std::string where = "line " + std::to_string(line) + ": ";
        line += 1 + row.innerNewlines;
        at = row.end + 1;
        if (rowText == "\n")
            continue;
        int index = 0, i = 0, j = 0;
        std::size_t rest = 0;
        if (!rowPosition(rowText, index, i, j, rest)) {
            error = where + "a row must start with its index, i and j";
            return false;
        }
        if (index >= points || index % identity.shardCount != identity.shardIndex) {
            error = where + "point " + std::to_string(index) + " is not a point of shard " +
                    shardText(identity) + " of this sweep";
            return false;
        }
        if (i != index / secondCount || j != index % secondCount) {
            error = where + "point " + std::to_string(index) + " is at i=" + std::to_string(index / secondCount) +
                    ", j=" + std::to_string(index % secondCount) + " in this sweep, not at i=" +
                    std::to_string(i) + ", j=" + std::to_string(j);
            return false;
        }
        if (row.cells != columns.cells) {
            error = where + std::to_string(row.cells) + " cells where the column line has " +
                    std::to_string(columns.cells);
            return false;
        }
        const std::string valuesProblem = valueCheck.problem(rowText, rest, i, j);
        if (!valuesProblem.empty()) {
            error = where + "point " + std::to_string(index) + ": " + valuesProblem;
            return false;
        }
        table.rows.push_back({index, rowText});
    }
    return true;
}

SweepResume readSweepResume(const SweepRequest& request, std::string_view text) {
    SweepResume resume;
    SweepTable table;
    if (!parseSweepTable(text, table, resume.error))
        return resume;
    const SweepIdentity mine = sweepIdentity(request);
    std::string difference = sweepDifference(table.identity, "the file", mine, "this sweep");
    if (difference.empty() && table.identity.shardIndex != mine.shardIndex)
        difference = "the shard differs (the file: " + shardText(table.identity) + "; this sweep: " +
                     shardText(mine) + ")";
    if (!difference.empty()) {
        resume.error = "it is the output of another sweep: " + difference;
        return resume;
    }
    if (table.columns != sweepCsvColumns(request)) {
        resume.error = "its columns differ from this sweep's (" +
                       std::string(table.columns.substr(0, table.columns.size() - 1)) + ")";
        return resume;
    }
    // A cancelled point has no result to keep: it runs again.
    constexpr std::string_view cancelled = ",cancelled\n";
    std::size_t cancelledRows = 0;
    for (const SweepRow& row : table.rows) {
        if (row.text.size() >= cancelled.size() && row.text.substr(row.text.size() - cancelled.size()) == cancelled)
            ++cancelledRows;
        else
            resume.rows.push_back(row);
    }
    std::stable_sort(resume.rows.begin(), resume.rows.end(),
                     [](const SweepRow& a, const SweepRow& b) { return a.index < b.index; });
    resume.done.assign(static_cast<std::size_t>(mine.points()), 0);
    for (const SweepRow& row : resume.rows) {
        if (resume.done[static_cast<std::size_t>(row.index)]) {
            resume.error = "point " + std::to_string(row.index) + " has two rows";
            resume.rows.clear();
            return resume;
        }
        resume.done[static_cast<std::size_t>(row.index)] = 1;
    }
    if (table.lastRowCut)
        resume.note = "its last row was cut short; that point runs again";
    if (cancelledRows > 0)
        resume.note += std::string(resume.note.empty() ? "" : "; ") + std::to_string(cancelledRows) +
                       " cancelled point" + (cancelledRows == 1 ? " runs" : "s run") + " again";
    return resume;
}

} // namespace vtw
