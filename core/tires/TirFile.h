#pragma once

// The text of a tyre property file (.tir: the ASCII format of MF-Tyre, Adams,
// CarSim, Chrono and MFeval), read into sections, keys and table rows without
// interpreting any of it. Plain C++ over a byte buffer: the file itself is
// read by core/setupfile/TirFileRead.h; what the keys mean is
// TirCoefficients.h's business.
//
// Tolerant of what real files contain (docs/physics.md 12.1): `$` and `!`
// comments, whole-line or after a value; values quoted with ' or ", or bare;
// sections in any order, repeated sections; tables without `=` ([SHAPE],
// [DEFLECTION_LOAD_CURVE]), kept as rows; the same key in different sections
// (MASS in [UNITS] and in [INERTIA]), kept apart; LF, CRLF or CR line ends;
// names in any case (stored upper case). Every entry keeps its line number.

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace vtw {

/// One value as written: a number, or text (quoted, or a bare word that is not a number).
struct TirValue {
    bool isNumber = false;
    double number = 0.0; ///< when isNumber
    std::string text;    ///< the text (quotes removed), or the number as written
    bool quoted = false; ///< text was written between quotes
};

/// KEY = value, in the section it was found in.
struct TirEntry {
    std::string section; ///< upper case, without brackets
    std::string key;     ///< upper case
    TirValue value;
    int line = 0; ///< 1-based line of the value (the last one, if the key is repeated)
};

/// A line of a table (a line without `=`): a header such as `{pen fz}` or a row of numbers.
struct TirTableRow {
    std::string section;
    std::string text; ///< trimmed, comment removed
    int line = 0;
};

/// A section header as it appears in the file (a name may appear more than once).
struct TirSectionHeader {
    std::string name;
    int line = 0;
};

struct TirFile {
    std::vector<TirSectionHeader> sections; ///< file order
    std::vector<TirEntry> entries;          ///< file order of first appearance
    std::vector<TirTableRow> tableRows;     ///< file order

    /// The entry of key in section (names in any case), or nullptr.
    const TirEntry* find(std::string_view section, std::string_view key) const;
    /// The entry of key in its usual section, else in any other section except [UNITS]
    /// (the first one in the file), else nullptr: files do not always keep keys in the
    /// sections the format describes.
    const TirEntry* findPreferring(std::string_view section, std::string_view key) const;
    /// The first header of a section, or nullptr.
    const TirSectionHeader* findSection(std::string_view name) const;

    // Lookup indexes into entries (built by the parser).
    std::unordered_map<std::string, std::size_t> bySectionAndKey; ///< "SECTION\nKEY"
    std::unordered_map<std::string, std::size_t> byKey; ///< first entry outside [UNITS]
};

struct TirParseResult {
    bool ok = false;
    TirFile file;
    std::vector<std::string> warnings; ///< e.g. a key given twice in one section
    std::string error;                 ///< "line N: ..." when not ok
};

/// Parses the text of a .tir file. Refuses, with the line number, text that is not a
/// tyre property file: binary data, content before the first [SECTION], a line that is
/// neither KEY = value nor a table row, an unterminated quote, a number that is not finite.
/// Linear in the size of the text.
TirParseResult parseTirText(std::string_view text);

/// The value as written, for messages: quoted text in quotes, at most 40 characters and "...".
std::string tirValueText(const TirValue& value);

} // namespace vtw
