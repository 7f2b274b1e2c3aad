#pragma once

#include "core/vehicle/Setup.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace vtw::cli {

/// `export --tir`: the .tir text of one axle's tyre (docs/physics.md 12.7), or nullopt
/// with the reason printed. `axle` is "front" or "rear"; `nominalLoad` (N) empty for the
/// axle's static wheel load.
std::optional<QByteArray> tirExportText(const Setup& setup, const QString& setupName, const QString& axle,
                                        const QString& nominalLoad);

/// `import --tir`: the file read (bounded) and set as the tire model of `axle` ("front",
/// "rear" or "both"). Returns Ok, or the exit code with the reason printed.
int importTir(Setup& setup, const QString& path, const QString& axle, bool useUnloadedRadius);

} // namespace vtw::cli
