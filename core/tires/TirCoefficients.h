#pragma once

// The Magic Formula coefficients of a tyre property file, in SI units, with the
// version they are to be evaluated as (docs/physics.md 12). Members carry the
// names the file format gives them, so the equations read as in the sources.

#include "core/tires/TirFile.h"
#include "core/tires/TirUnits.h"

#include <string>
#include <string_view>
#include <vector>

namespace vtw {

/// The Magic Formula version a file is written for. MF 5.x covers MF-Tyre 5.0 to 5.2
/// and Adams' PAC2002; 6.1 and 6.2 share the steady-state force equations.
enum class TirVersion { Mf5, Mf61, Mf62 };

/// TYRESIDE: the side of the vehicle the tyre was measured on (Unknown: no mirroring).
enum class TyreSide { Unknown, Left, Right };

/// "MF 5.x", "MF 6.1", "MF 6.2".
std::string_view tirVersionName(TirVersion version);

struct TirCoefficients {
    TirVersion version = TirVersion::Mf5;
    int fittyp = 0;                 ///< FITTYP as written (0 when absent)
    std::string propertyFileFormat; ///< PROPERTY_FILE_FORMAT as written (may be empty)
    TyreSide side = TyreSide::Unknown;
    /// Slips are combined by the friction ellipse of the pure peaks rather than the MF's
    /// weighting functions: FE_METHOD = 'YES', or a file without the weighting
    /// coefficients of one direction (RBX1 and RCX1, or RBY1 and RCY1, all 0).
    bool frictionEllipse = false;

    // [MODEL]
    double VXLOW = 1.0;   ///< m/s, below which the shifts fade out
    double LONGVL = 16.7; ///< m/s, measurement speed (reference of LMUV)
    // [DIMENSION], [VERTICAL], [OPERATING_CONDITIONS]
    double UNLOADED_RADIUS = 0.0; ///< m, R0
    double FNOMIN = 0.0;          ///< N, nominal load Fz0
    double NOMPRES = 0.0;         ///< Pa, nominal pressure p0 (MF 6.x; 0: no pressure terms)
    double INFLPRES = 0.0;        ///< Pa, the file's inflation pressure (MF 6.x; 0 if absent)
    // Validity ranges (informative: the model extrapolates beyond them). 0 when absent.
    double FZMIN = 0.0, FZMAX = 0.0;   ///< N
    double KPUMIN = 0.0, KPUMAX = 0.0; ///< slip ratio
    double ALPMIN = 0.0, ALPMAX = 0.0; ///< rad
    double CAMMIN = 0.0, CAMMAX = 0.0; ///< rad
    double PRESMIN = 0.0, PRESMAX = 0.0; ///< Pa

    // [SCALING_COEFFICIENTS]: 1 is neutral (LMUV: 0).
    double LFZO = 1, LCX = 1, LMUX = 1, LEX = 1, LKX = 1, LHX = 1, LVX = 1, LGAX = 1;
    double LCY = 1, LMUY = 1, LEY = 1, LKY = 1, LKYC = 1, LKZC = 1, LHY = 1, LVY = 1, LGAY = 1;
    double LTR = 1, LRES = 1, LGAZ = 1, LXAL = 1, LYKA = 1, LVYKA = 1, LS = 1, LMUV = 0;

    // [LONGITUDINAL_COEFFICIENTS]
    double PCX1 = 0, PDX1 = 0, PDX2 = 0, PDX3 = 0, PEX1 = 0, PEX2 = 0, PEX3 = 0, PEX4 = 0;
    double PKX1 = 0, PKX2 = 0, PKX3 = 0, PHX1 = 0, PHX2 = 0, PVX1 = 0, PVX2 = 0;
    double PPX1 = 0, PPX2 = 0, PPX3 = 0, PPX4 = 0;
    double RBX1 = 0, RBX2 = 0, RBX3 = 0, RCX1 = 0, REX1 = 0, REX2 = 0, RHX1 = 0;

    // [LATERAL_COEFFICIENTS]
    double PCY1 = 0, PDY1 = 0, PDY2 = 0, PDY3 = 0, PEY1 = 0, PEY2 = 0, PEY3 = 0, PEY4 = 0, PEY5 = 0;
    double PKY1 = 0, PKY2 = 0, PKY3 = 0, PKY4 = 2, PKY5 = 0, PKY6 = 0, PKY7 = 0;
    double PHY1 = 0, PHY2 = 0, PHY3 = 0, PVY1 = 0, PVY2 = 0, PVY3 = 0, PVY4 = 0;
    double PPY1 = 0, PPY2 = 0, PPY3 = 0, PPY4 = 0, PPY5 = 0;
    double RBY1 = 0, RBY2 = 0, RBY3 = 0, RBY4 = 0, RCY1 = 0, REY1 = 0, REY2 = 0, RHY1 = 0, RHY2 = 0;
    double RVY1 = 0, RVY2 = 0, RVY3 = 0, RVY4 = 0, RVY5 = 0, RVY6 = 0;

    // [ALIGNING_COEFFICIENTS]
    double QBZ1 = 0, QBZ2 = 0, QBZ3 = 0, QBZ4 = 0, QBZ5 = 0, QBZ9 = 0, QBZ10 = 0, QCZ1 = 0;
    double QDZ1 = 0, QDZ2 = 0, QDZ3 = 0, QDZ4 = 0, QDZ6 = 0, QDZ7 = 0, QDZ8 = 0, QDZ9 = 0;
    double QDZ10 = 0, QDZ11 = 0;
    double QEZ1 = 0, QEZ2 = 0, QEZ3 = 0, QEZ4 = 0, QEZ5 = 0, QHZ1 = 0, QHZ2 = 0, QHZ3 = 0, QHZ4 = 0;
    double PPZ1 = 0, PPZ2 = 0, SSZ1 = 0, SSZ2 = 0, SSZ3 = 0, SSZ4 = 0;

    friend bool operator==(const TirCoefficients&, const TirCoefficients&) = default;
};

/// The coefficients a setup's .tir model has before a file is imported: the simplified
/// magic formula's default curves as PAC2002 (docs/physics.md 12.7; TirFromMagicFormula.h).
TirCoefficients defaultTirCoefficients();

/// One coefficient the model reads: where the format keeps it and what it is.
struct TirCoefficientInfo {
    const char* name;
    const char* section; ///< its usual section (found in any other one too)
    double TirCoefficients::*member;
    TirDimension dimension;
    enum Use { AllVersions, Mf5Only, Mf6Only, Informative } use;
};

/// Every coefficient TirCoefficients holds, in the format's order.
const std::vector<TirCoefficientInfo>& tirCoefficientTable();

/// Whether the model of `version` reads a coefficient of this use (Informative: never).
bool tirCoefficientUsedBy(TirCoefficientInfo::Use use, TirVersion version);

/// A number in the shortest form that reads back to the same double.
std::string tirNumberText(double v);

struct TirCoefficientsResult {
    bool ok = false;
    TirCoefficients coefficients;
    std::vector<std::string> warnings; ///< missing coefficients (with the defaults taken), ignored ones
    std::string error;                 ///< "line N: ..." where a line is to blame
};

/// The coefficients of a parsed file: version (FITTYP, else PROPERTY_FILE_FORMAT), units
/// converted to SI, missing coefficients set to their neutral values (scaling factors 1,
/// LMUV 0, PKY4 2, the others 0; VXLOW 1 m/s, LONGVL 16.7 m/s) and listed as warnings.
/// Refuses a file without FNOMIN or UNLOADED_RADIUS, a coefficient that is text, an
/// unknown unit, and values that break the model's definitions (FNOMIN, LFZO, R0 <= 0).
TirCoefficientsResult tirCoefficientsFromFile(const TirFile& file);

} // namespace vtw
