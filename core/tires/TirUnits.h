#pragma once

// The [UNITS] section of a tyre property file: the factors that turn the file's
// lengths, forces, angles, times and pressures into SI (docs/physics.md 12.1).

#include "core/tires/TirFile.h"

#include <string>
#include <vector>

namespace vtw {

/// Physical quantity of a value, for the [UNITS] conversion. The Magic Formula
/// coefficients themselves are dimensionless (slip angle and camber enter in rad).
enum class TirDimension { None, Length, Force, Angle, Speed, Pressure };

/// SI value of one file unit of each quantity (1 for a file in SI units).
struct TirUnitFactors {
    double length = 1.0;   ///< m
    double force = 1.0;    ///< N
    double angle = 1.0;    ///< rad
    double time = 1.0;     ///< s
    double pressure = 1.0; ///< Pa
    double mass = 1.0;     ///< kg
    double of(TirDimension dimension) const;
};

struct TirUnitsResult {
    bool ok = false;
    TirUnitFactors factors;
    std::vector<std::string> warnings;
    std::string error; ///< "line N: ..." for a unit this program does not know
};

/// Reads [UNITS] (LENGTH, FORCE, ANGLE, MASS, TIME, PRESSURE; names in any case, e.g.
/// 'meter', 'mm', 'kN', 'deg', 'psi'). A file without [UNITS] is taken as SI, with a
/// warning. An unknown unit of a quantity the model uses is an error; of MASS (unused),
/// a warning.
TirUnitsResult tirUnitsFromFile(const TirFile& file);

} // namespace vtw
