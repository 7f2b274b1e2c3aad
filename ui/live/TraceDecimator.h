#pragma once

#include <span>
#include <vector>

namespace vtw {

struct TracePoint {
    double t = 0.0;
    double v = 0.0;
};

/// Reduces a time series to what a plot of `columns` pixel columns can show:
/// for every column, its minimum and maximum samples (in time order)
/// - so a spike one sample wide still reaches its height, which plain
/// subsampling would lose. Ranges with fewer samples than that pass unchanged.
/// Appends to `out`; values are multiplied by `scale` (display units).
/// `time` must be sorted; samples outside [t0, t1] are skipped, except one on
/// each side so the line reaches the plot's edges.
void decimateMinMax(std::span<const double> time, std::span<const double> values, double t0,
                    double t1, int columns, double scale, std::vector<TracePoint>& out);

} // namespace vtw
