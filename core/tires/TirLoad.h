#pragma once

// A tyre property file from text to a usable Magic Formula model: parsed
// (TirFile.h), its coefficients taken in SI units (TirCoefficients.h), and the
// model probed over a grid of slips, loads, cambers, pressures and speeds so
// that a file whose values make it non-finite is refused at load, not in a run.

#include "core/tires/MagicFormulaTir.h"
#include "core/tires/TirCoefficients.h"
#include "core/tires/TirFile.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtw {

struct TirLoadResult {
    std::optional<TirCoefficients> coefficients; ///< set when the file was accepted
    TirFile file;                      ///< every section, key and table row, unknown ones included
    std::vector<std::string> warnings; ///< what was defaulted, repeated or ignored
    std::string error;                 ///< why the file was refused (with its line where one is to blame)
    bool ok() const { return coefficients.has_value(); }
};

/// Reads a .tir file's text. Bounded: linear in the text, plus a fixed probe of the model.
TirLoadResult loadTir(std::string_view text);

/// The probe alone: empty when the model's forces and moment are finite at every point of
/// the grid (docs/physics.md 12.1), otherwise a message naming the first point that is not,
/// and the coefficient to blame where setting one back to its neutral value mends it.
std::string probeTirModel(const TirCoefficients& coefficients, const TirFile& file);

} // namespace vtw
