#pragma once

// Putting one run's trace on another run's x samples, so a difference can be
// taken point by point although two setups never sample at the same distance
// (and, on time, not over the same duration).

#include <vector>

namespace vtw {

/// y(x) of a trace sampled at xs (non-decreasing; repeated x such as distance
/// at standstill allowed), linearly interpolated at each of `at`. NaN outside
/// the trace's x range, so a plot leaves a gap instead of inventing values.
std::vector<double> interpolateOnto(const std::vector<double>& xs, const std::vector<double>& ys,
                                    const std::vector<double>& at);

/// One trace minus another at the other's samples: y(x) of (xs, ys) interpolated onto
/// baseX, less baseY there. NaN where the trace does not reach. With time as y and
/// distance as x, the racer's delta-time: > 0 where the trace is behind the base.
std::vector<double> differenceOnto(const std::vector<double>& xs, const std::vector<double>& ys,
                                   const std::vector<double>& baseX, const std::vector<double>& baseY);

} // namespace vtw
