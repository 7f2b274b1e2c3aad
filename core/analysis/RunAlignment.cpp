#include "core/analysis/RunAlignment.h"

#include "core/analysis/TraceInterpolation.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace vtw {

namespace {

const ChannelColumn& axisOf(const ChannelTable& table, std::string_view name, const char* which) {
    const ChannelColumn* column = table.find(name);
    if (!column || column->values.empty())
        throw std::invalid_argument(std::string(which) + " run has no " + std::string(name) + " channel");
    return *column;
}

struct Difference {
    double rms = 0.0;
    std::size_t samples = 0;
};

Difference rmsDifference(const std::vector<double>& a, const std::vector<double>& b) {
    Difference d;
    double sum = 0.0;
    for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) {
        const double e = a[k] - b[k];
        if (std::isfinite(e)) {
            sum += e * e;
            ++d.samples;
        }
    }
    d.rms = d.samples ? std::sqrt(sum / double(d.samples)) : 0.0;
    return d;
}

} // namespace

std::string_view alignAxisChannel(AlignAxis axis) {
    return axis == AlignAxis::Distance ? channelTableDistance : channelTableTime;
}

ChannelTable alignOnto(const ChannelTable& reference, const ChannelTable& other, AlignAxis axis,
                       double timeOffset) {
    const std::string_view name = alignAxisChannel(axis);
    const ChannelColumn& at = axisOf(reference, name, "the reference");
    std::vector<double> xs = axisOf(other, name, "the other").values;
    if (axis == AlignAxis::Time) {
        for (double& x : xs)
            x += timeOffset;
    } else {
        for (std::size_t k = 1; k < xs.size(); ++k)
            xs[k] = std::max(xs[k], xs[k - 1]);
    }
    ChannelTable out;
    out.add(at);
    for (const ChannelColumn& c : other.columns())
        if (c.name != name)
            out.add({c.name, c.unit, c.label, interpolateOnto(xs, c.values, at.values)});
    return out;
}

TimeOffsetFit findTimeOffset(const ChannelTable& reference, const ChannelTable& other,
                             std::string_view channel, double window, double step) {
    const ChannelColumn* refTime = reference.find(channelTableTime);
    const ChannelColumn* otherTime = other.find(channelTableTime);
    const ChannelColumn* refValues = reference.find(channel);
    const ChannelColumn* otherValues = other.find(channel);
    TimeOffsetFit best;
    if (!refTime || !otherTime || !refValues || !otherValues || refTime->values.size() < 2 ||
        otherTime->values.size() < 2 || !(step > 0.0) || !(window >= 0.0))
        return best;
    const double refDuration = refTime->values.back() - refTime->values.front();
    const double otherDuration = otherTime->values.back() - otherTime->values.front();
    const double minimumOverlap = 0.5 * std::min(refDuration, otherDuration);
    const std::size_t minimumSamples =
        std::size_t(double(refTime->values.size()) * (refDuration > 0 ? minimumOverlap / refDuration : 1.0));
    std::vector<double> xs(otherTime->values.size());
    auto tryOffset = [&](double offset) {
        for (std::size_t k = 0; k < xs.size(); ++k)
            xs[k] = otherTime->values[k] + offset;
        const double overlap = std::min(refTime->values.back(), xs.back()) -
                               std::max(refTime->values.front(), xs.front());
        if (overlap < minimumOverlap)
            return;
        const Difference d = rmsDifference(interpolateOnto(xs, otherValues->values, refTime->values),
                                           refValues->values);
        if (d.samples < std::max<std::size_t>(minimumSamples, 2))
            return;
        if (!best.found || d.rms < best.rms)
            best = {true, offset, d.rms, d.samples};
    };
    const long coarse = long(std::ceil(window / step));
    for (long k = -coarse; k <= coarse; ++k)
        tryOffset(std::clamp(double(k) * step, -window, window));
    // Twice ten times finer round the best, for an offset finer than the search's step.
    double fine = step;
    for (int pass = 0; pass < 2 && best.found; ++pass) {
        const double centre = best.offset;
        fine /= 10.0;
        for (int k = -10; k <= 10; ++k)
            tryOffset(std::clamp(centre + k * fine, -window, window));
    }
    return best;
}

} // namespace vtw
