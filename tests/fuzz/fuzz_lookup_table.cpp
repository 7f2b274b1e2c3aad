// libFuzzer entry point for the `rpm|value` table reader (racing games' lookup
// tables: Import curve, `vtw-cli import --format lut`, `vtw-cli convert`).

#include "CurveReaderChecks.h"

using namespace vtw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::checkCurveReader(
        fuzz::bytesOf(data, size),
        [](const QByteArray& b, const CurveRules& rules) { return readLookupTable(b, rules); },
        [](const Curve& c) { return writeLookupTable(c); });
    return 0;
}
