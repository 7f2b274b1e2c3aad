#include "core/logs/LogLaps.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

// A lap distance that falls by less than this is noise or a stop, not the line, m.
constexpr double minimumWrapDrop = 10.0;

std::vector<std::size_t> beaconStarts(const std::vector<double>& beacon) {
    std::vector<std::size_t> starts;
    for (std::size_t k = 1; k < beacon.size(); ++k)
        if (beacon[k] > beacon[k - 1])
            starts.push_back(k);
    return starts;
}

std::vector<std::size_t> timeStarts(const std::vector<double>& time, std::vector<double> marks) {
    std::sort(marks.begin(), marks.end());
    std::vector<std::size_t> starts;
    for (double mark : marks) {
        const auto at = std::lower_bound(time.begin(), time.end(), mark);
        if (at != time.end())
            starts.push_back(std::size_t(at - time.begin()));
    }
    return starts;
}

std::vector<std::size_t> wrapStarts(const std::vector<double>& distance) {
    std::vector<std::size_t> starts;
    for (std::size_t k = 1; k < distance.size(); ++k) {
        const double before = distance[k - 1];
        if (distance[k] < 0.5 * before && before - distance[k] > minimumWrapDrop)
            starts.push_back(k);
    }
    return starts;
}

} // namespace

std::vector<LogLapSpan> splitLogLaps(const ChannelTable& log, const std::vector<double>& beacon,
                                     const std::vector<double>& beaconTimes) {
    const std::size_t n = log.sampleCount();
    std::vector<std::size_t> starts;
    const ChannelColumn* time = log.find(channelTableTime);
    const ChannelColumn* distance = log.find(channelTableDistance);
    if (beacon.size() == n && !beacon.empty())
        starts = beaconStarts(beacon);
    else if (!beaconTimes.empty() && time)
        starts = timeStarts(time->values, beaconTimes);
    else if (distance)
        starts = wrapStarts(distance->values);
    starts.insert(starts.begin(), 0);
    starts.push_back(n);
    std::vector<LogLapSpan> spans;
    for (std::size_t k = 0; k + 1 < starts.size(); ++k)
        if (starts[k + 1] >= starts[k] + 2)
            spans.push_back({starts[k], starts[k + 1]});
    return spans;
}

ChannelTable logLap(const ChannelTable& log, const LogLapSpan& span) {
    ChannelTable lap;
    const auto begin = std::ptrdiff_t(span.begin), end = std::ptrdiff_t(span.end);
    for (const ChannelColumn& c : log.columns()) {
        ChannelColumn part{c.name, c.unit, c.label, {c.values.begin() + begin, c.values.begin() + end}};
        if ((c.name == channelTableTime || c.name == channelTableDistance) && !part.values.empty()) {
            const double zero = part.values.front();
            for (double& v : part.values)
                v -= zero;
        }
        lap.add(std::move(part));
    }
    return lap;
}

} // namespace vtw
