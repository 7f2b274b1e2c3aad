#pragma once

// An axle's tire as the coefficients of a .tir file (docs/physics.md 12.7): the
// simplified magic formula maps exactly onto PAC2002 coefficients; a table is
// fitted with the magic formula first; the other models' pure curves are
// sampled at the nominal load and fitted the same way.

#include "core/tires/TirCoefficients.h"
#include "core/tires/TireParams.h"
#include "core/base/Curve.h"

#include <string>

namespace vtw {

struct TirExportResult {
    bool ok = false;
    std::string error; ///< why no file can be made (a fit that failed)
    TirCoefficients coefficients;
    /// How the coefficients were obtained, one line for the file's header and the user:
    /// "magic formula, exact" or "magic-formula fit of the table (rms 0.004 Fx/Fz, ...)".
    std::string method;
    /// Largest |Fx/Fz| and |Fy/Fz| gaps of the fit at the points it was fitted to (0 when exact).
    double longitudinalResidual = 0.0, lateralResidual = 0.0;
};

/// The points a model without a formula of its own is fitted to: its pure curve of one
/// direction at `load`, normalised by the load (slip ratio, or slip angle in rad).
Curve tirExportSamples(const TireParams& params, double load, bool lateral);

/// The .tir coefficients of `params` at surface grip 1: the .tir model's own; else for a
/// tyre of nominal load `nominalLoad` (N, > 0), the unloaded radius taken as the rolling
/// radius.
TirExportResult tirForTire(const TireParams& params, double nominalLoad);

} // namespace vtw
