#include "core/tires/TirFile.h"

#include "core/base/Utf8Bom.h"

#include <charconv>
#include <initializer_list>

namespace vtw {

namespace {

// A hostile file could repeat a key on every line; the list of repeats stays readable.
constexpr std::size_t maxRepeatWarnings = 20;
// Enough for any number a person writes; a longer "number" is text.
constexpr std::size_t maxNumberLength = 64;

bool isSpace(char c) {
    return c == ' ' || c == '\t';
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z')
            c = char(c - 'a' + 'A');
    return out;
}

bool isCommentStart(char c) {
    return c == '$' || c == '!';
}

bool isKeyChar(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-';
}

std::string indexKey(std::string_view section, std::string_view key) {
    std::string k = upper(section);
    k += '\n';
    k += upper(key);
    return k;
}

std::string lineText(int line) {
    return "line " + std::to_string(line) + ": ";
}

// Pieces of a message, joined (one allocation, and no temporary strings in between).
std::string join(std::initializer_list<std::string_view> pieces) {
    std::string out;
    for (std::string_view p : pieces)
        out += p;
    return out;
}

// Short excerpt of a line for an error message (a hostile line may be a megabyte long).
std::string_view excerpt(std::string_view s) {
    constexpr std::size_t maxShown = 40;
    return s.substr(0, maxShown);
}

std::string_view ellipsis(std::string_view s) {
    return s.size() > excerpt(s).size() ? "..." : "";
}

enum class NumberText { NotANumber, Number, OutOfRange };

// A number as .tir files write them: optional sign, digits with an optional point,
// optional exponent with E or (Fortran) D. Nothing else on the value.
NumberText parseNumber(std::string_view s, double& out) {
    if (s.empty() || s.size() > maxNumberLength)
        return NumberText::NotANumber;
    char buffer[maxNumberLength + 1];
    std::size_t n = 0;
    std::size_t i = 0;
    if (s[0] == '+')
        i = 1; // from_chars takes no leading plus
    for (; i < s.size(); ++i) {
        const char c = s[i];
        buffer[n++] = (c == 'd' || c == 'D') ? 'e' : c;
    }
    // from_chars would also read "inf", "nan" and hexadecimal: the first character after
    // an optional minus must be a decimal digit or a point.
    const std::size_t firstIndex = n > 0 && buffer[0] == '-' ? 1 : 0;
    if (firstIndex >= n)
        return NumberText::NotANumber;
    const char first = buffer[firstIndex];
    if (!((first >= '0' && first <= '9') || first == '.'))
        return NumberText::NotANumber;
    const auto result = std::from_chars(buffer, buffer + n, out, std::chars_format::general);
    if (result.ptr != buffer + n)
        return NumberText::NotANumber;
    if (result.ec == std::errc::result_out_of_range)
        return NumberText::OutOfRange;
    return result.ec == std::errc() ? NumberText::Number : NumberText::NotANumber;
}

struct Parser {
    TirParseResult result;
    std::string currentSection;
    bool inSection = false;
    std::size_t repeatWarnings = 0;
    std::size_t repeatsNotListed = 0;

    bool fail(int line, const std::string& message) {
        result.error = lineText(line) + message;
        return false;
    }

    bool parseSectionHeader(std::string_view s, int line) {
        const std::size_t close = s.find(']');
        if (close == std::string_view::npos)
            return fail(line, join({"section header '", excerpt(s), ellipsis(s), "' has no closing ]"}));
        const std::string_view name = trim(s.substr(1, close - 1));
        if (name.empty())
            return fail(line, "empty section name []");
        const std::string_view rest = trim(s.substr(close + 1));
        if (!rest.empty() && !isCommentStart(rest.front()))
            return fail(line, join({"unexpected text after [", excerpt(name), ellipsis(name), "]: '", excerpt(rest),
                                     ellipsis(rest), "'"}));
        currentSection = upper(name);
        inSection = true;
        result.file.sections.push_back({currentSection, line});
        return true;
    }

    // The value after '=': quoted text, a number, or a bare word; a comment may follow.
    bool parseValue(std::string_view s, int line, const std::string& key, TirValue& value) {
        s = trim(s);
        if (!s.empty() && (s.front() == '\'' || s.front() == '"')) {
            const char quote = s.front();
            const std::size_t close = s.find(quote, 1);
            if (close == std::string_view::npos)
                return fail(line, join({key, ": the quote ", std::string_view(&quote, 1), " is not closed"}));
            const std::string_view rest = trim(s.substr(close + 1));
            if (!rest.empty() && !isCommentStart(rest.front()))
                return fail(line, join({key, ": unexpected text after the quoted value: '", excerpt(rest),
                                         ellipsis(rest), "'"}));
            value.quoted = true;
            value.text = std::string(s.substr(1, close - 1));
            return true;
        }
        std::size_t end = 0;
        while (end < s.size() && !isCommentStart(s[end]))
            ++end;
        const std::string_view bare = trim(s.substr(0, end));
        value.text = std::string(bare);
        double number = 0.0;
        switch (parseNumber(bare, number)) {
        case NumberText::Number:
            value.isNumber = true;
            value.number = number;
            break;
        case NumberText::OutOfRange:
            return fail(line, join({key, " = ", excerpt(bare), ellipsis(bare), " is out of the range of numbers"}));
        case NumberText::NotANumber:
            break;
        }
        return true;
    }

    void addEntry(TirEntry entry) {
        TirFile& file = result.file;
        const std::string k = indexKey(entry.section, entry.key);
        const auto found = file.bySectionAndKey.find(k);
        if (found != file.bySectionAndKey.end()) {
            TirEntry& earlier = file.entries[found->second];
            if (repeatWarnings < maxRepeatWarnings) {
                ++repeatWarnings;
                result.warnings.push_back(lineText(entry.line) + entry.key + " repeats [" + entry.section +
                                          "] " + entry.key + " of line " + std::to_string(earlier.line) +
                                          "; the later value is used");
            } else {
                ++repeatsNotListed;
            }
            earlier.value = std::move(entry.value);
            earlier.line = entry.line;
            return;
        }
        file.bySectionAndKey.emplace(k, file.entries.size());
        if (entry.section != "UNITS")
            file.byKey.emplace(entry.key, file.entries.size());
        file.entries.push_back(std::move(entry));
    }

    bool parseLine(std::string_view raw, int line) {
        const std::string_view s = trim(raw);
        if (s.empty() || isCommentStart(s.front()))
            return true;
        if (s.front() == '[')
            return parseSectionHeader(s, line);
        // KEY = value when an '=' comes before any comment; otherwise a table row.
        std::size_t equals = std::string_view::npos;
        for (std::size_t i = 0; i < s.size() && !isCommentStart(s[i]); ++i) {
            if (s[i] == '=') {
                equals = i;
                break;
            }
        }
        if (!inSection)
            return fail(line, join({"not a tyre property file (.tir): '", excerpt(s), ellipsis(s),
                                    "' comes before the first [SECTION] header"}));
        if (equals == std::string_view::npos) {
            std::size_t end = 0;
            while (end < s.size() && !isCommentStart(s[end]))
                ++end;
            result.file.tableRows.push_back({currentSection, std::string(trim(s.substr(0, end))), line});
            return true;
        }
        const std::string_view keyText = trim(s.substr(0, equals));
        if (keyText.empty())
            return fail(line, "'=' without a key before it");
        for (char c : keyText)
            if (!isKeyChar(c))
                return fail(line, join({"'", excerpt(keyText), ellipsis(keyText),
                                         "' is not a key (letters, digits and _)"}));
        TirEntry entry{currentSection, upper(keyText), {}, line};
        if (!parseValue(s.substr(equals + 1), line, entry.key, entry.value))
            return false;
        addEntry(std::move(entry));
        return true;
    }

    bool parse(std::string_view text) {
        // One entry per line at most: reserving the indexes' buckets up front (8 bytes a
        // line) spares them their rehashing, a third of the time of a megabyte of keys.
        std::size_t lines = 1;
        for (char c : text)
            lines += c == '\n' || c == '\r';
        result.file.bySectionAndKey.reserve(lines);
        result.file.byKey.reserve(lines);
        int line = 1;
        std::size_t start = 0;
        for (std::size_t i = 0; i <= text.size(); ++i) {
            const bool atEnd = i == text.size();
            const char c = atEnd ? '\n' : text[i];
            if (c == '\n' || c == '\r') {
                if (!parseLine(text.substr(start, i - start), line))
                    return false;
                if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                    ++i; // CRLF is one line end
                start = i + 1;
                ++line;
                continue;
            }
            const auto u = static_cast<unsigned char>(c);
            if ((u < 0x20 && c != '\t') || u == 0x7f)
                return fail(line, "binary data (control character " + std::to_string(int(u)) +
                                      "): not a tyre property file (.tir)");
        }
        if (result.file.sections.empty())
            return fail(1, "not a tyre property file (.tir): no [SECTION] header");
        if (repeatsNotListed > 0)
            result.warnings.push_back("and " + std::to_string(repeatsNotListed) + " more repeated keys");
        return true;
    }
};

} // namespace

const TirEntry* TirFile::find(std::string_view section, std::string_view key) const {
    const auto found = bySectionAndKey.find(indexKey(section, key));
    return found == bySectionAndKey.end() ? nullptr : &entries[found->second];
}

const TirEntry* TirFile::findPreferring(std::string_view section, std::string_view key) const {
    if (const TirEntry* e = find(section, key))
        return e;
    const auto found = byKey.find(upper(key));
    return found == byKey.end() ? nullptr : &entries[found->second];
}

const TirSectionHeader* TirFile::findSection(std::string_view name) const {
    const std::string wanted = upper(name);
    for (const TirSectionHeader& s : sections)
        if (s.name == wanted)
            return &s;
    return nullptr;
}

TirParseResult parseTirText(std::string_view text) {
    Parser parser;
    parser.result.ok = parser.parse(withoutUtf8Bom(text));
    if (!parser.result.ok)
        parser.result.file = {};
    return std::move(parser.result);
}

std::string tirValueText(const TirValue& value) {
    const std::string_view text = excerpt(value.text);
    return value.quoted ? join({"'", text, ellipsis(value.text), "'"}) : join({text, ellipsis(value.text)});
}

} // namespace vtw
