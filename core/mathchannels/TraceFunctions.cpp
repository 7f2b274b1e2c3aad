#include "core/mathchannels/TraceFunctions.h"

#include <cmath>
#include <limits>

namespace vtw {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// The slope at x of the parabola through (x0,y0), (x1,y1), (x2,y2): the derivative of
// its Lagrange form. NaN when two of the x coincide.
double parabolaSlope(double x0, double x1, double x2, double y0, double y1, double y2, double x) {
    const double d01 = x0 - x1, d02 = x0 - x2, d12 = x1 - x2;
    if (d01 == 0.0 || d02 == 0.0 || d12 == 0.0)
        return nan;
    return y0 * ((x - x1) + (x - x2)) / (d01 * d02) - y1 * ((x - x0) + (x - x2)) / (d01 * d12) +
           y2 * ((x - x0) + (x - x1)) / (d02 * d12);
}

} // namespace

std::optional<std::string> checkTimeAxis(const std::vector<double>& t) {
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (!std::isfinite(t[i]))
            return "time is not a finite number at sample " + std::to_string(i);
        if (i > 0 && t[i] < t[i - 1])
            return "time goes back at sample " + std::to_string(i);
    }
    return std::nullopt;
}

std::vector<double> derivativeOverTime(const std::vector<double>& t, const std::vector<double>& y) {
    const std::size_t n = std::min(t.size(), y.size());
    std::vector<double> d(n, nan);
    if (n == 2) {
        const double dt = t[1] - t[0];
        d[0] = d[1] = dt > 0.0 ? (y[1] - y[0]) / dt : nan;
        return d;
    }
    for (std::size_t i = 0; n >= 3 && i < n; ++i) {
        // The stencil: the sample and its neighbours, shifted inward at the ends.
        const std::size_t c = i == 0 ? 1 : (i == n - 1 ? n - 2 : i);
        d[i] = parabolaSlope(t[c - 1], t[c], t[c + 1], y[c - 1], y[c], y[c + 1], t[i]);
    }
    return d;
}

std::vector<double> integralOverTime(const std::vector<double>& t, const std::vector<double>& y) {
    const std::size_t n = std::min(t.size(), y.size());
    std::vector<double> out(n, nan);
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0 && std::isfinite(y[i - 1]) && std::isfinite(y[i]))
            sum += 0.5 * (y[i - 1] + y[i]) * (t[i] - t[i - 1]);
        if (std::isfinite(y[i]))
            out[i] = sum;
    }
    return out;
}

std::vector<double> movingAverageCentred(const std::vector<double>& t, const std::vector<double>& y,
                                         double windowSeconds) {
    const std::size_t n = std::min(t.size(), y.size());
    std::vector<double> out(n, nan);
    // A sample exactly half a window away belongs to it, although its time was rounded.
    const double half = 0.5 * windowSeconds * (1.0 + 1e-9);
    // The window [lo, hi) slides forward with the sample; sum and count hold its finite values.
    std::size_t lo = 0, hi = 0, count = 0;
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        while (hi < n && t[hi] <= t[i] + half) {
            if (std::isfinite(y[hi])) {
                sum += y[hi];
                ++count;
            }
            ++hi;
        }
        while (lo < hi && t[lo] < t[i] - half) {
            if (std::isfinite(y[lo])) {
                sum -= y[lo];
                --count;
            }
            ++lo;
        }
        if (count == 0)
            sum = 0.0; // what rounding left of the values that moved out
        if (count > 0)
            out[i] = sum / static_cast<double>(count);
    }
    return out;
}

} // namespace vtw
