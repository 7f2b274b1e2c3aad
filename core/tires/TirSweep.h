#pragma once

// A .tir model evaluated over a range of slips, for the CLI's `tire --tir` and
// plots: the same ranges and column layout as TireSweep.h, plus the aligning
// moment and the conditions a Magic Formula tyre depends on.

#include "core/tires/MagicFormulaTir.h"
#include "core/tires/TireSweep.h"

#include <string>
#include <vector>

namespace vtw {

/// What every point of a .tir sweep shares.
struct TirSweepConditions {
    double normalLoad = 4000.0; ///< Fz, N
    double camber = 0.0;        ///< inclination, rad (docs/physics.md 12.2)
    double pressure = 0.0;      ///< Pa (MF 6.x with NOMPRES; ignored otherwise)
    double speed = 16.7;        ///< vx, m/s
};

struct TirSweepRow {
    double slipRatio = 0.0; ///< kappa
    double slipAngle = 0.0; ///< alpha, rad
    double fx = 0.0;        ///< N
    double fy = 0.0;        ///< N
    double mz = 0.0;        ///< N m
};

/// Slip-ratio sweep at a fixed slip angle, slip-angle sweep (rad) at a fixed slip ratio,
/// and the grid over both (slip ratio outer), as in TireSweep.h.
std::vector<TirSweepRow> sweepTirSlipRatio(const TirModel& model, const TirSweepConditions& conditions,
                                           const SweepRange& slipRatio, double slipAngle = 0.0);
std::vector<TirSweepRow> sweepTirSlipAngle(const TirModel& model, const TirSweepConditions& conditions,
                                           const SweepRange& slipAngle, double slipRatio = 0.0);
std::vector<TirSweepRow> sweepTirCombined(const TirModel& model, const TirSweepConditions& conditions,
                                          const SweepRange& slipRatio, const SweepRange& slipAngle);

/// CSV: header `slip_ratio,slip_angle_deg,fx_N,fy_N,mz_Nm`, slip angle in degrees, numbers in
/// shortest round-trip form ("nan" if not finite), '\n' line ends.
std::string tirSweepToCsv(const std::vector<TirSweepRow>& rows);

/// JSON: {"tir": {"version", "fittyp", "tyre_side", "mirrored"}, "conditions": {"normal_load_N",
/// "camber_deg", "pressure_Pa" (null when the model has no pressure terms), "speed_mps"},
/// "columns": [...the CSV header...], "rows": [[...], ...]}. Non-finite numbers are null.
std::string tirSweepToJson(const std::vector<TirSweepRow>& rows, const TirModel& model,
                           const TirSweepConditions& conditions);

} // namespace vtw
