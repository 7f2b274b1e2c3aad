#include "ui/live/LiveViewData.h"

#include "core/sim/FrictionEnvelope.h"
#include "ui/live/GGEnvelope.h"
#include "ui/live/LiveHistory.h"
#include "ui/live/PathTrace.h"
#include "core/sim/Telemetry.h"
#include "core/base/Units.h"
#include "core/trackfiles/TrackPreparation.h"
#include "core/track/TrackEdges.h"

#include <algorithm>
#include <string>

namespace vtw {

namespace {

constexpr std::size_t maxTrailPoints = 90;

std::size_t channel(const std::string& name) {
    return static_cast<std::size_t>(std::max(0, channelIndex(name)));
}

/// Indices into the recent tier covering the last `seconds`, at most maxTrailPoints apart.
struct TrailRange {
    std::size_t first = 0, last = 0, step = 1;
};

TrailRange trailRange(const LiveHistory& history, double seconds) {
    const auto time = history.recentTime();
    TrailRange r;
    if (time.empty())
        return r;
    const double from = time.back() - seconds;
    r.first =
        static_cast<std::size_t>(std::lower_bound(time.begin(), time.end(), from) - time.begin());
    r.last = time.size();
    r.step = std::max<std::size_t>(1, (r.last - r.first) / maxTrailPoints);
    return r;
}

} // namespace

FrictionEllipseData makeFrictionData(const WorkerStatus& status, const LiveHistory& history,
                                     double trailSeconds) {
    static const char* names[WheelCount] = {"FL", "FR", "RL", "RR"};
    FrictionEllipseData data;
    data.trailSeconds = trailSeconds;
    const TrailRange range = trailRange(history, trailSeconds);
    const auto time = history.recentTime();
    for (std::size_t w = 0; w < WheelCount; ++w) {
        WheelFrictionData& d = data.wheels[w];
        if (status.hasSample) {
            d.fxMax = status.limits[w].fxMax;
            d.fyMax = status.limits[w].fyMax;
            d.fx = status.latest.forces.fx[w];
            d.fy = status.latest.forces.fy[w];
            d.load = status.latest.load[w];
            d.usage = envelopeUsage(d.fx, d.fy, status.limits[w]);
        }
        const auto fx = history.recent(channel(std::string("fx_") + names[w]));
        const auto fy = history.recent(channel(std::string("fy_") + names[w]));
        for (std::size_t i = range.first; i < range.last; i += range.step)
            d.trail.push_back({fx[i], fy[i], time.back() - time[i]});
    }
    return data;
}

GGData makeGGData(const WorkerStatus& status, const LiveHistory& history,
                  const GGEnvelope& envelope, double trailSeconds) {
    GGData data;
    const double g = units::gravity;
    if (status.hasSample) {
        data.ax = status.latest.forces.longitudinalAccel / g;
        data.ay = status.latest.forces.lateralAccel / g;
    }
    const TrailRange range = trailRange(history, trailSeconds);
    const auto ax = history.recent(channel("ax"));
    const auto ay = history.recent(channel("ay"));
    for (std::size_t i = range.first; i < range.last; i += range.step)
        data.trail.push_back({ax[i] / g, ay[i] / g});
    data.envelopeRadius.resize(static_cast<std::size_t>(envelope.sectors()));
    for (int s = 0; s < envelope.sectors(); ++s)
        data.envelopeRadius[static_cast<std::size_t>(s)] = envelope.radius(s);
    return data;
}

TopDownTrack makeTopDownTrack(const PreparedTrack& track) {
    const auto points = [](const std::vector<double>& x, const std::vector<double>& y) {
        std::vector<QPointF> out;
        out.reserve(x.size());
        for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
            out.emplace_back(x[i], y[i]);
        return out;
    };
    TopDownTrack out;
    const TrackEdges edges = trackEdges(track.track);
    out.leftEdge = points(edges.leftX, edges.leftY);
    out.rightEdge = points(edges.rightX, edges.rightY);
    out.line = points(track.path.x, track.path.y);
    return out;
}

TopDownData makeTopDownData(const WorkerStatus& status, const PathTrace& path) {
    TopDownData d;
    d.geometry = status.geometry;
    d.path = path.points();
    d.pathSpeed = path.speeds();
    if (!status.hasSample)
        return d;
    const StepSample& s = status.latest;
    d.x = s.body.x;
    d.y = s.body.y;
    d.heading = s.body.heading;
    d.vx = s.body.vx;
    d.vy = s.body.vy;
    d.yawRate = s.body.yawRate;
    d.steerAngle = s.steerAngle;
    d.sideslip = s.sideslip();
    d.wheelSteer = {s.steerLeft(), s.steerRight(), 0.0, 0.0};
    for (std::size_t w = 0; w < WheelCount; ++w) {
        d.slipAngle[w] = s.forces.slipAngle[w];
        d.fx[w] = s.forces.fx[w];
        d.fy[w] = s.forces.fy[w];
    }
    d.suspension = s.suspension.active;
    d.roll = s.suspension.roll;
    d.pitch = s.suspension.pitch;
    d.path.emplace_back(s.body.x, s.body.y); // the path reaches the car
    d.pathSpeed.push_back(s.speed());
    return d;
}

} // namespace vtw
