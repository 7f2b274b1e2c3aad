#include "core/analysis/TraceInterpolation.h"

#include <algorithm>
#include <limits>

namespace vtw {

std::vector<double> interpolateOnto(const std::vector<double>& xs, const std::vector<double>& ys,
                                    const std::vector<double>& at) {
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> out(at.size(), nan);
    const std::size_t n = std::min(xs.size(), ys.size());
    if (n == 0)
        return out;
    const auto begin = xs.begin(), end = xs.begin() + static_cast<std::ptrdiff_t>(n);
    for (std::size_t k = 0; k < at.size(); ++k) {
        const double x = at[k];
        if (!(x >= xs.front() && x <= xs[n - 1]))
            continue;
        // First sample at or beyond x; with repeated x the last of the run
        // before it is the segment's start, so a standstill does not divide by zero.
        const auto hi = std::lower_bound(begin, end, x);
        const std::size_t h = static_cast<std::size_t>(hi - begin);
        if (xs[h] == x || h == 0) {
            out[k] = ys[h];
            continue;
        }
        const std::size_t l = h - 1;
        const double t = (x - xs[l]) / (xs[h] - xs[l]);
        out[k] = ys[l] + t * (ys[h] - ys[l]);
    }
    return out;
}

std::vector<double> differenceOnto(const std::vector<double>& xs, const std::vector<double>& ys,
                                   const std::vector<double>& baseX, const std::vector<double>& baseY) {
    std::vector<double> out = interpolateOnto(xs, ys, baseX);
    for (std::size_t k = 0; k < out.size(); ++k)
        out[k] = k < baseY.size() ? out[k] - baseY[k] : std::numeric_limits<double>::quiet_NaN();
    return out;
}

} // namespace vtw
