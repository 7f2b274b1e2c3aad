#pragma once

// Adapter for the grip overlays of a comparison: the G-G diagram (lateral
// against longitudinal acceleration) and the friction ellipse (per-wheel
// forces over load), one colour per setup, for the page and the report.

#include <cstddef>

class QCustomPlot;

namespace vtw {

struct ComparisonData;

enum class GripView {
    GG,             ///< ay against ax, in g
    FrictionEllipse ///< Fy/Fz against Fx/Fz per wheel
};

/// Draws the overlay of maneuver m. `wheel` picks FL..RR (0..3) for the
/// friction ellipse, -1 for all four. Returns the number of setups drawn.
int plotGripOverlay(QCustomPlot* plot, const ComparisonData& data, std::size_t maneuver,
                    GripView view, int wheel = -1);

/// Gives both axes the same scale (one g is as long across as up) at the
/// plot's current size, keeping all the data drawn. Call after the plot has its
/// final size (and again after a resize); it replots.
void equaliseGripScales(QCustomPlot* plot);

} // namespace vtw
