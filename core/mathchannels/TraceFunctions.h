#pragma once

// The functions of a math channel that need a whole trace rather than one sample:
// muParser evaluates a formula sample by sample, so these are applied to the series
// of their argument first. All take time (s) as the axis: non-decreasing and finite
// (checkTimeAxis says where it is not).

#include <optional>
#include <string>
#include <vector>

namespace vtw {

/// Empty when t is finite and never decreases; else which sample breaks that.
std::optional<std::string> checkTimeAxis(const std::vector<double>& t);

/// dy/dt at every sample: the slope at that sample of the parabola through it and its
/// two neighbours (at the ends, the two samples inward), which is exact for a
/// quadratic even on uneven spacing. NaN where the stencil holds a NaN or two equal
/// times, and everywhere for fewer than two samples (a straight line for two).
std::vector<double> derivativeOverTime(const std::vector<double>& t, const std::vector<double>& y);

/// The integral of y over t from the first sample, by the trapezoid rule. An interval
/// with a NaN at either end adds nothing (a gap in a log does not end the sum), and
/// the result is NaN at the NaN samples themselves.
std::vector<double> integralOverTime(const std::vector<double>& t, const std::vector<double>& y);

/// The mean of y over the samples within window/2 either side of each sample
/// (centred: no lag, which suits recorded runs; at the ends the window is cut short).
/// NaN samples are left out of the mean; NaN where the window holds no finite sample.
std::vector<double> movingAverageCentred(const std::vector<double>& t, const std::vector<double>& y,
                                         double windowSeconds);

} // namespace vtw
