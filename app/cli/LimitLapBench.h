#pragma once

// The limit lap's benchmark figures (docs/physics.md 14.5): the time one converged
// limit lap of Spa takes on one core, and the limit lap of every library car on every
// library track against its quasi-steady lap.

#include <string>

namespace vtw::cli {

/// Appends the line `limit_lap_spa_s ...` (the library's default car, one run) to `out`.
bool benchLimitLapSpa(std::string& out);

/// Every library car on every library track, one line each, printed as it is driven.
/// False if a lap could not be set up.
bool benchEveryLimitLap();

} // namespace vtw::cli
