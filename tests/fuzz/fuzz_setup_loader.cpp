// libFuzzer entry point for the setup loader. Any input must give either a
// valid Setup or errors, in bounded time and memory; an accepted setup must
// also survive a write/read round trip unchanged (a second oracle besides the
// sanitizers).

#include "setupfile/SetupJson.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const vtw::SetupLoadResult loaded = vtw::loadSetup(bytes);
    if (loaded.ok() != loaded.errors.isEmpty())
        std::abort();
    if (!loaded.ok())
        return 0;
    const vtw::SetupLoadResult again =
        vtw::loadSetup(vtw::writeSetup(*loaded.setup, loaded.unknownKeys));
    if (!again.ok() || !(*again.setup == *loaded.setup) || again.unknownKeys != loaded.unknownKeys)
        std::abort();
    return 0;
}
