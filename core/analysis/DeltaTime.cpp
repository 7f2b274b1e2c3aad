#include "core/analysis/DeltaTime.h"

#include "core/analysis/ChannelTable.h"
#include "core/analysis/TraceInterpolation.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

// Time and distance of a table, or the reason they cannot be used. Interpolation by
// distance needs it never to decrease (a standstill repeats it, which is fine).
std::string axesOf(const ChannelTable& table, const char* which, const ChannelColumn*& time,
                   const ChannelColumn*& distance) {
    time = table.find(channelTableTime);
    distance = table.find(channelTableDistance);
    if (!time || !distance)
        return std::string(which) + " has no " + (time ? "distance" : "time") + " channel";
    const auto& d = distance->values;
    if (std::any_of(d.begin(), d.end(), [](double v) { return !std::isfinite(v); }))
        return std::string(which) + ": its distance is not a number everywhere";
    if (std::adjacent_find(d.begin(), d.end(), [](double a, double b) { return b < a; }) != d.end())
        return std::string(which) + ": its distance decreases";
    return {};
}

} // namespace

DeltaTimeTrace deltaTimeByDistance(const ChannelTable& run, const ChannelTable& reference) {
    DeltaTimeTrace out;
    const ChannelColumn *runTime, *runDistance, *refTime, *refDistance;
    out.error = axesOf(run, "the run", runTime, runDistance);
    if (out.error.empty())
        out.error = axesOf(reference, "the reference", refTime, refDistance);
    if (!out.error.empty())
        return out;
    out.distance = refDistance->values;
    out.delta = differenceOnto(runDistance->values, runTime->values, refDistance->values, refTime->values);
    return out;
}

} // namespace vtw
