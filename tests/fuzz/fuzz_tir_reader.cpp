// libFuzzer entry point for the .tir reader (docs/physics.md 12.1). Any input must give
// either coefficients or an error, in bounded time and memory, without undefined
// behaviour; and line ends must not matter: the same text with CRLF or CR line ends
// must give the same result, the same warnings and the same error, line numbers included
// (a second oracle besides the sanitizers).

#include "core/tires/TirLoad.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

std::string withLineEnds(std::string_view text, const char* end) {
    std::string out;
    out.reserve(text.size() * 2);
    for (char c : text) {
        if (c == '\n')
            out += end;
        else
            out += c;
    }
    return out;
}

bool same(const vtw::TirLoadResult& a, const vtw::TirLoadResult& b) {
    return a.ok() == b.ok() && a.error == b.error && a.warnings == b.warnings &&
           (!a.ok() || *a.coefficients == *b.coefficients);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const vtw::TirLoadResult loaded = vtw::loadTir(text);
    if (loaded.ok() != loaded.error.empty())
        std::abort();
    if (loaded.ok() && !(loaded.coefficients->FNOMIN > 0.0 && loaded.coefficients->UNLOADED_RADIUS > 0.0 &&
                         loaded.coefficients->LFZO > 0.0))
        std::abort();
    if (text.find('\r') == std::string_view::npos) {
        if (!same(loaded, vtw::loadTir(withLineEnds(text, "\r\n"))) ||
            !same(loaded, vtw::loadTir(withLineEnds(text, "\r"))))
            std::abort();
    }
    return 0;
}
