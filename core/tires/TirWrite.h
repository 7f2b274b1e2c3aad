#pragma once

// Magic Formula coefficients written back as a tyre property file (.tir), the
// text other tools (MFeval, Adams, CarSim, Chrono) read. SI units throughout,
// every number with enough digits to come back bit for bit, and only the
// coefficients the file's version uses (plus the informative ranges), so that
// reading the text again gives the same TirCoefficients (docs/physics.md 12.7).

#include "core/tires/TirCoefficients.h"

#include <string>

namespace vtw {

/// What the file says about itself beside the coefficients.
struct TirWriteHeader {
    std::string title;  ///< one line, e.g. "Front tyre of Corvette C5"
    std::string source; ///< where the coefficients came from (file name, fit, ...)
};

/// The .tir text of `coefficients`: [MDI_HEADER], [UNITS] (SI), [MODEL] (FITTYP and
/// PROPERTY_FILE_FORMAT naming the version, TYRESIDE, FE_METHOD when the tyre is
/// combined by the friction ellipse although it has weighting coefficients), then the
/// operating conditions, ranges and coefficients section by section.
std::string tirFileText(const TirCoefficients& coefficients, const TirWriteHeader& header);

} // namespace vtw
