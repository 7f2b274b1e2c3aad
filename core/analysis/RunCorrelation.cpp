#include "core/analysis/RunCorrelation.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace vtw {

RunCorrelation correlateRuns(const ChannelTable& reference, const ChannelTable& aligned, std::string_view axis) {
    const ChannelColumn* x = reference.find(axis);
    if (!x)
        throw std::invalid_argument("the reference has no " + std::string(axis) + " channel");
    if (aligned.sampleCount() != reference.sampleCount())
        throw std::invalid_argument("the aligned run is not on the reference's samples");
    RunCorrelation out{std::string(axis), x->unit, {}};
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    for (const ChannelColumn& c : aligned.columns()) {
        const ChannelColumn* ref = reference.find(c.name);
        if (c.name == axis || !ref || ref->unit != c.unit)
            continue;
        ChannelCorrelation row{c.name, c.unit, 0, nan, nan, nan};
        double sum = 0.0, largest = -1.0;
        for (std::size_t k = 0; k < c.values.size(); ++k) {
            const double e = c.values[k] - ref->values[k];
            if (!std::isfinite(e))
                continue;
            sum += e * e;
            ++row.samples;
            if (std::abs(e) > largest) {
                largest = std::abs(e);
                row.at = x->values[k];
            }
        }
        if (row.samples) {
            row.rms = std::sqrt(sum / double(row.samples));
            row.maxAbs = largest;
        }
        out.channels.push_back(std::move(row));
    }
    return out;
}

} // namespace vtw
