#pragma once

#include "Setup.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace vtw::cli {

/// `export --tir`: the .tir text of one axle's tyre (docs/physics.md 14.7), or nullopt
/// with the reason printed. `axle` is "front" or "rear"; `nominalLoad` (N) empty for the
/// axle's static wheel load.
std::optional<QByteArray> tirExportText(const Setup& setup, const QString& setupName, const QString& axle,
                                        const QString& nominalLoad);

} // namespace vtw::cli
