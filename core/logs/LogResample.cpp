#include "core/logs/LogResample.h"

#include "core/analysis/TraceInterpolation.h"
#include "core/logs/LogReader.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

// The value of the last sample at or before each of `at` (the first sample's before it).
std::vector<double> heldOnto(const std::vector<double>& xs, const std::vector<double>& ys,
                             const std::vector<double>& at) {
    std::vector<double> out(at.size());
    for (std::size_t k = 0; k < at.size(); ++k) {
        const auto after = std::upper_bound(xs.begin(), xs.end(), at[k]);
        out[k] = ys[after == xs.begin() ? 0 : std::size_t(after - xs.begin()) - 1];
    }
    return out;
}

} // namespace

ResampleResult resampleLog(const ChannelTable& log, double rateHz) {
    const ChannelColumn* time = log.find(channelTableTime);
    if (!time || time->values.empty())
        return {std::nullopt, QStringLiteral("resampling needs a time channel")};
    if (!(rateHz > 0.0 && rateHz <= maxResampleRate))
        return {std::nullopt, QString("the rate must be above 0 and at most %1 Hz").arg(maxResampleRate)};
    const double first = time->values.front(), last = time->values.back();
    // A duration of whole periods, short by a rounding (2.3 s - 1.2 s is 1.0999...), still
    // ends on a sample of the grid.
    const double count = std::floor((last - first) * rateHz * (1.0 + 1e-12)) + 1.0;
    if (!(count <= double(maxLogRows)))
        return {std::nullopt, QString("%1 s at %2 Hz is more than %3 samples")
                                  .arg(last - first)
                                  .arg(rateHz)
                                  .arg(maxLogRows)};
    std::vector<double> grid(static_cast<std::size_t>(count));
    for (std::size_t k = 0; k < grid.size(); ++k)
        grid[k] = std::min(first + double(k) / rateHz, last); // never past the last sample by rounding
    ChannelTable out;
    for (const ChannelColumn& c : log.columns()) {
        std::vector<double> values = c.name == channelTableTime ? grid
                                     : c.name == "gear"         ? heldOnto(time->values, c.values, grid)
                                                                : interpolateOnto(time->values, c.values, grid);
        out.add({c.name, c.unit, c.label, std::move(values)});
    }
    return {std::move(out), {}};
}

} // namespace vtw
