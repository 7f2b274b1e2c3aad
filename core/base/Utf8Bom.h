#pragma once

// The UTF-8 byte-order mark some editors (Windows Notepad) put at the start of a
// text file. Every text reader skips it before its first line, so that the first
// section, header or row is read as written; a rewrite keeps it.

#include <cstddef>
#include <string_view>

namespace vtw {

inline constexpr std::string_view utf8Bom = "\xEF\xBB\xBF";

/// 3 when `text` starts with the mark, else 0: the bytes a reader skips.
inline std::size_t utf8BomLength(std::string_view text) {
    return text.substr(0, utf8Bom.size()) == utf8Bom ? utf8Bom.size() : 0;
}

/// `text` without a leading mark.
inline std::string_view withoutUtf8Bom(std::string_view text) { return text.substr(utf8BomLength(text)); }

} // namespace vtw
