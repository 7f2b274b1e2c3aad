#pragma once

// The mappings the program brings: a MoTeC i2 export with MoTeC's usual channel names,
// and the workbench's own telemetry and lap trace CSV (so a run written by the CLI reads
// back as it was).

#include "core/logs/LogMapping.h"

#include <vector>

namespace vtw {

/// The built-in presets, each with a short key the CLI's --map takes: "motec", "workbench".
struct BuiltInLogPreset {
    const char* key;
    LogMapping mapping;
};
const std::vector<BuiltInLogPreset>& builtInLogPresets();
/// The built-in preset of that key, or nullptr.
const LogMapping* findBuiltInLogPreset(const QString& key);

} // namespace vtw
