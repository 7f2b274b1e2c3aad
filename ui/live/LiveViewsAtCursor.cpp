#include "ui/live/LiveViewsAtCursor.h"

#include "core/sim/FrictionEnvelope.h"
#include "ui/live/GGEnvelope.h"
#include "ui/live/LiveHistory.h"
#include "ui/live/PathTrace.h"
#include "core/sim/Telemetry.h"
#include "core/base/Units.h"

#include <algorithm>
#include <string>

namespace vtw {

namespace {

constexpr std::size_t maxTrailPoints = 90;
const char* const wheelNames[WheelCount] = {"FL", "FR", "RL", "RR"};

std::size_t channel(const std::string& name) {
    return static_cast<std::size_t>(std::max(0, channelIndex(name)));
}

/// The tier holding `time` and the sample at or before it, with the trail's first
/// sample `seconds` earlier (within the same tier) and a stride of at most maxTrailPoints.
struct SampleAt {
    bool recent = true;
    std::size_t index = 0, trailFirst = 0, step = 1;
};

std::optional<SampleAt> sampleAt(const LiveHistory& history, double time, double trailSeconds) {
    if (history.empty() || time < history.firstTime() || time > history.lastTime())
        return std::nullopt;
    SampleAt s;
    s.recent = !history.recentTime().empty() && time >= history.recentTime().front();
    const auto times = s.recent ? history.recentTime() : history.archiveTime();
    const auto after = std::upper_bound(times.begin(), times.end(), time);
    if (after == times.begin())
        return std::nullopt;
    s.index = static_cast<std::size_t>(after - times.begin()) - 1;
    s.trailFirst = static_cast<std::size_t>(
        std::lower_bound(times.begin(), times.begin() + static_cast<std::ptrdiff_t>(s.index), time - trailSeconds) -
        times.begin());
    s.step = std::max<std::size_t>(1, (s.index - s.trailFirst) / maxTrailPoints);
    return s;
}

std::span<const double> column(const LiveHistory& history, const SampleAt& s, const std::string& name) {
    return s.recent ? history.recent(channel(name)) : history.archive(channel(name));
}

} // namespace

void EnvelopeRecord::add(double time, const std::array<FrictionLimits, WheelCount>& limits) {
    if (!m_frames.empty() && time <= m_frames.back().time) {
        if (time == m_frames.back().time)
            m_frames.back().limits = limits;
        return; // a frame of no new sample, or of a run that went back: keep times increasing
    }
    if (m_frames.size() >= capacity)
        m_frames.erase(m_frames.begin(), m_frames.begin() + static_cast<std::ptrdiff_t>(capacity / 2));
    m_frames.push_back({time, limits});
}

std::optional<std::array<FrictionLimits, WheelCount>> EnvelopeRecord::at(double time) const {
    if (m_frames.empty())
        return std::nullopt;
    const auto after = std::upper_bound(m_frames.begin(), m_frames.end(), time,
                                        [](double t, const Frame& f) { return t < f.time; });
    return after == m_frames.begin() ? m_frames.front().limits : std::prev(after)->limits;
}

std::optional<FrictionEllipseData> frictionDataAt(const LiveHistory& history, const EnvelopeRecord& envelopes,
                                                  double time, double trailSeconds) {
    const auto s = sampleAt(history, time, trailSeconds);
    const auto limits = envelopes.at(time);
    if (!s || !limits)
        return std::nullopt;
    const auto times = s->recent ? history.recentTime() : history.archiveTime();
    FrictionEllipseData data;
    data.trailSeconds = trailSeconds;
    for (std::size_t w = 0; w < WheelCount; ++w) {
        const std::string name = wheelNames[w];
        const auto fx = column(history, *s, "fx_" + name);
        const auto fy = column(history, *s, "fy_" + name);
        WheelFrictionData& d = data.wheels[w];
        d.fxMax = (*limits)[w].fxMax;
        d.fyMax = (*limits)[w].fyMax;
        d.fx = fx[s->index];
        d.fy = fy[s->index];
        d.load = column(history, *s, "load_" + name)[s->index];
        d.usage = envelopeUsage(d.fx, d.fy, (*limits)[w]);
        for (std::size_t i = s->trailFirst; i <= s->index; i += s->step)
            d.trail.push_back({fx[i], fy[i], times[s->index] - times[i]});
    }
    return data;
}

std::optional<GGData> ggDataAt(const LiveHistory& history, const GGEnvelope& envelope, double time,
                               double trailSeconds) {
    const auto s = sampleAt(history, time, trailSeconds);
    if (!s)
        return std::nullopt;
    const double g = units::gravity;
    const auto ax = column(history, *s, "ax");
    const auto ay = column(history, *s, "ay");
    GGData data;
    data.ax = ax[s->index] / g;
    data.ay = ay[s->index] / g;
    for (std::size_t i = s->trailFirst; i <= s->index; i += s->step)
        data.trail.push_back({ax[i] / g, ay[i] / g});
    data.envelopeRadius.resize(static_cast<std::size_t>(envelope.sectors()));
    for (int k = 0; k < envelope.sectors(); ++k)
        data.envelopeRadius[static_cast<std::size_t>(k)] = envelope.radius(k);
    return data;
}

std::optional<TopDownData> topDownDataAt(const LiveHistory& history, const WorkerStatus& status,
                                         const PathTrace& path, double time) {
    const auto s = sampleAt(history, time, 0.0);
    if (!s)
        return std::nullopt;
    const auto value = [&](const std::string& name) { return column(history, *s, name)[s->index]; };
    TopDownData d;
    d.geometry = status.geometry;
    d.path = path.points();
    d.pathSpeed = path.speeds();
    d.x = value("x");
    d.y = value("y");
    d.heading = value("heading");
    d.vx = value("vx");
    d.vy = value("vy");
    d.yawRate = value("yaw_rate");
    d.steerAngle = value("steer_angle");
    d.sideslip = value("sideslip");
    d.wheelSteer = {value("steer_FL"), value("steer_FR"), 0.0, 0.0};
    for (std::size_t w = 0; w < WheelCount; ++w) {
        const std::string name = wheelNames[w];
        d.slipAngle[w] = value("slip_angle_" + name);
        d.fx[w] = value("fx_" + name);
        d.fy[w] = value("fy_" + name);
    }
    d.suspension = status.hasSample && status.latest.suspension.active;
    d.roll = value("roll");
    d.pitch = value("pitch");
    return d;
}

} // namespace vtw
