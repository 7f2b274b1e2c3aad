#pragma once

// A tyre property file's coefficients as an axle's tire model (docs/physics.md 12):
// what the window's import and `vtw-cli import --tir` both do to an axle.

#include "core/tires/TireParams.h"

#include <string>

namespace vtw {

/// `current` with the .tir model chosen and holding `coefficients` (from the file named
/// `source`), at the file's nominal pressure. The rolling radius becomes the file's
/// UNLOADED_RADIUS only when asked: it is the unloaded radius, the setup's is the loaded
/// one, so the choice is the user's. Every other model's parameters are kept.
TireParams tiresWithTir(const TireParams& current, const TirCoefficients& coefficients, const std::string& source,
                        bool useUnloadedRadius);

} // namespace vtw
