// libFuzzer entry point for the setup loader. Any input must give either a
// valid Setup or errors, in bounded time and memory; an accepted setup must
// also survive a write/read round trip unchanged (a second oracle besides the
// sanitizers).

#include "FuzzSupport.h"

#include "core/setupfile/SetupJson.h"

using namespace vtw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const SetupLoadResult loaded = loadSetup(fuzz::bytesOf(data, size));
    fuzz::require(loaded.ok() == loaded.errors.isEmpty(), "a setup exactly when there are no errors");
    if (!loaded.ok())
        return 0;
    const SetupLoadResult again = loadSetup(writeSetup(*loaded.setup, loaded.unknownKeys));
    fuzz::require(again.ok() && *again.setup == *loaded.setup &&
                      again.unknownKeys == loaded.unknownKeys,
                  "an accepted setup reads back the same, unknown keys included");
    return 0;
}
