// libFuzzer entry point for the driving-script reader (Load script, `vtw-cli run
// --script`): rows or problems, never both; accepted rows keep the script's rules
// and come back the same through the writer.

#include "FuzzSupport.h"

#include "core/setupfile/ScriptCsv.h"

#include <cmath>

using namespace vtw;

namespace {

bool keepsTheRules(const std::vector<ScriptRow>& rows, int forwardGears) {
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const ScriptRow& r = rows[i];
        const bool inRange = r.time >= 0.0 && r.time <= maxScriptDuration && r.throttle >= 0.0 &&
                             r.throttle <= 1.0 && r.brake >= 0.0 && r.brake <= 1.0 &&
                             r.steer >= -1.0 && r.steer <= 1.0 && r.gear >= -1 &&
                             r.gear <= forwardGears;
        if (!inRange || (i > 0 && !(r.time > rows[i - 1].time)))
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes = fuzz::bytesOf(data, size);
    for (const int forwardGears : {1, 6}) {
        const ScriptReadResult r = readScriptCsv(bytes, forwardGears);
        fuzz::require(r.ok() != r.rows.empty(), "rows exactly when there are no errors");
        if (!r.ok())
            continue;
        fuzz::require(keepsTheRules(r.rows, forwardGears), "accepted rows keep the script's rules");
        const ScriptReadResult again = readScriptCsv(writeScriptCsv(r.rows), forwardGears);
        fuzz::require(again.ok() && again.rows == r.rows, "accepted rows read back the same");
    }
    return 0;
}
