#include "ui/live/TraceDecimator.h"

#include <algorithm>
#include <cmath>

namespace vtw {

void decimateMinMax(std::span<const double> time, std::span<const double> values, double t0,
                    double t1, int columns, double scale, std::vector<TracePoint>& out) {
    const std::size_t n = std::min(time.size(), values.size());
    if (n == 0 || t1 < t0)
        return;
    auto first = static_cast<std::size_t>(std::lower_bound(time.begin(), time.begin() + n, t0) -
                                          time.begin());
    auto last = static_cast<std::size_t>(std::upper_bound(time.begin(), time.begin() + n, t1) -
                                         time.begin());
    if (first > 0)
        --first; // one sample before the window so the line enters from the edge
    if (last < n)
        ++last;
    const std::size_t count = last - first;
    columns = std::max(columns, 1);
    if (count <= static_cast<std::size_t>(2 * columns)) {
        for (std::size_t i = first; i < last; ++i)
            out.push_back({time[i], values[i] * scale});
        return;
    }
    // Columns per second: a multiply per sample instead of a divide, which
    // halves the cost of a tick with 60 s windows at 1 kHz.
    const double columnsPerSecond = columns / (t1 - t0);
    std::size_t i = first;
    while (i < last) {
        // One bucket: the samples in the same pixel column as sample i. The
        // column of every sample comes from the same expression, so rounding
        // cannot split a column in two.
        auto column = [&](std::size_t k) { return std::floor((time[k] - t0) * columnsPerSecond); };
        const double bucket = column(i);
        std::size_t lo = i, hi = i;
        std::size_t j = i + 1;
        for (; j < last && column(j) == bucket; ++j) {
            if (values[j] < values[lo])
                lo = j;
            if (values[j] > values[hi])
                hi = j;
        }
        // The extremes in time order: the column spans min..max and the line
        // from the previous column joins at the right end.
        const std::size_t a = std::min(lo, hi), b = std::max(lo, hi);
        out.push_back({time[a], values[a] * scale});
        if (b != a)
            out.push_back({time[b], values[b] * scale});
        i = j;
    }
}

} // namespace vtw
