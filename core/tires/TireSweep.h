#pragma once

#include "core/tires/TireModel.h"

#include <optional>
#include <string>
#include <vector>

// A configured tire evaluated over a range of slips, for plots and export (the
// UI's tire curves, the CLI's `tire` command). Plain vectors of rows; the text
// writers need no Qt.

namespace vtw {

/// The conditions every point of a sweep shares.
struct SweepConditions {
    double normalLoad = 4000.0; ///< Fz, N
    double surfaceMu = 1.0;     ///< surface grip scale (see SurfacePresets.h)
    double contactSpeed = 10.0; ///< |vx| at the wheel, m/s (slip-speed model only)
    double previousFx = 0.0;    ///< N, Calspan's contact-length term (0: no history)
};

/// `count` evenly spaced values from `from` to `to` inclusive (count 1: just `from`).
struct SweepRange {
    double from = 0.0;
    double to = 0.0;
    int count = 1;
    double at(int i) const { return count > 1 ? from + (to - from) * i / (count - 1) : from; }
};

/// The points of a slip grid in the sweeps' order: for each slip ratio (outer), every
/// slip angle (inner); a fixed slip is a range of one. evaluate(kappa, alpha) gives a
/// row. One walker for every model's sweeps (TireSweep, TirSweep).
template <class Row, class Evaluate>
std::vector<Row> sweepSlipGrid(const SweepRange& slipRatio, const SweepRange& slipAngle,
                               Evaluate evaluate) {
    const int ratios = slipRatio.count > 0 ? slipRatio.count : 0;
    const int angles = slipAngle.count > 0 ? slipAngle.count : 0;
    std::vector<Row> rows;
    rows.reserve(std::size_t(ratios) * std::size_t(angles));
    for (int i = 0; i < ratios; ++i)
        for (int j = 0; j < angles; ++j)
            rows.push_back(evaluate(slipRatio.at(i), slipAngle.at(j)));
    return rows;
}

/// A fixed slip as a range of one value.
inline SweepRange fixedSlip(double value) { return {value, value, 1}; }

/// Appends the shortest text that reads back to the same double, or nonFinite.
void appendSweepNumber(std::string& out, double v, const char* nonFinite);

/// One evaluated point. Forces in the wheel frame, signs as in TireForce.
struct TireSweepRow {
    double slipRatio = 0.0; ///< kappa, dimensionless
    double slipAngle = 0.0; ///< alpha, rad
    double fx = 0.0;        ///< N
    double fy = 0.0;        ///< N
};

/// Slip-ratio sweep at a fixed slip angle (0 = pure longitudinal).
std::vector<TireSweepRow> sweepSlipRatio(const Tire& tire, const SweepConditions& conditions,
                                         const SweepRange& slipRatio, double slipAngle = 0.0);

/// Slip-angle sweep (rad) at a fixed slip ratio (0 = pure lateral).
std::vector<TireSweepRow> sweepSlipAngle(const Tire& tire, const SweepConditions& conditions,
                                         const SweepRange& slipAngle, double slipRatio = 0.0);

/// The largest force of a sweep on one side of zero slip, and where it is.
struct SweepSidePeak {
    double force = 0.0; ///< N, signed as plotted: Fx, or the side force -Fy
    double slip = 0.0;  ///< the slip ratio, or the slip angle in rad
};

/// A sweep's peaks on each side of zero slip: what a caption of the curve as drawn
/// names. A tyre with shifts (a .tir file's SHY, SVY, ...) peaks differently on each.
struct SweepPeaks {
    std::optional<SweepSidePeak> positive; ///< largest |force| at slip > 0
    std::optional<SweepSidePeak> negative; ///< largest |force| at slip < 0
    /// Whether the sides are not mirror images: peak magnitudes more than
    /// `forceShare` of the larger apart, or their slips more than `slipTolerance` apart.
    bool asymmetric(double forceShare, double slipTolerance) const;
};

/// The peaks of a slip-ratio sweep (lateral false: Fx against kappa) or of a slip-angle
/// sweep (lateral true: -Fy against alpha, the force that opposes the slip).
SweepPeaks sweepPeaks(const std::vector<TireSweepRow>& rows, bool lateral);

/// Grid over both slips: for each slip ratio (outer), every slip angle (inner).
std::vector<TireSweepRow> sweepCombined(const Tire& tire, const SweepConditions& conditions,
                                        const SweepRange& slipRatio, const SweepRange& slipAngle);

/// How a tire's grip and cornering stiffness change with load: the two curves a tyre
/// engineer reads first.
struct LoadSweepRow {
    double normalLoad = 0.0;         ///< Fz, N
    double peakMuX = 0.0;            ///< largest Fx / Fz (Tire::limits at this load)
    double peakMuY = 0.0;            ///< largest |Fy| / Fz (Tire::limits at this load)
    double corneringStiffness = 0.0; ///< C_alpha = -dFy/dalpha at alpha = 0, kappa = 0, N/rad
};

/// The tire at each load of `loads` (N), on the conditions' surface; their normalLoad
/// is not used. The cornering stiffness is a central difference over +-1e-5 rad.
std::vector<LoadSweepRow> sweepLoad(const Tire& tire, const SweepConditions& conditions, const SweepRange& loads);

/// CSV text: header `slip_ratio,slip_angle_deg,fx_N,fy_N`, one line per row, slip angle
/// in degrees, numbers in shortest round-trip form, '\n' line ends.
std::string sweepToCsv(const std::vector<TireSweepRow>& rows);

/// JSON text: {"conditions": {"normal_load_N", "surface_mu", "contact_speed_mps",
/// "previous_fx_N"}, "columns": [...the CSV header...], "rows": [[kappa, alpha_deg, fx, fy],
/// ...]}. Non-finite numbers are written as null.
std::string sweepToJson(const std::vector<TireSweepRow>& rows, const SweepConditions& conditions);

} // namespace vtw
