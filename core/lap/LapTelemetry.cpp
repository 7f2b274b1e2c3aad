#include "core/lap/LapTelemetry.h"

#include <algorithm>
#include <cmath>

namespace vtw {

Telemetry lapTelemetry(const LapTrace& trace) {
    Telemetry telemetry;
    const std::size_t n = trace.distance.size();
    telemetry.reserve(n);
    for (std::size_t k = 0; k < n; ++k) {
        StepSample s;
        s.time = trace.time[k];
        s.distance = trace.distance[k];
        s.body.x = trace.x[k];
        s.body.y = trace.y[k];
        s.body.vx = trace.speed[k]; // the lap is driven without sideslip
        s.body.yawRate = trace.speed[k] * trace.curvature[k]; // following the line: r = v kappa
        // The heading along the line: towards the next station (from the previous at the finish).
        const std::size_t a = k + 1 < n ? k : k - 1, b = k + 1 < n ? k + 1 : k;
        if (n >= 2)
            s.body.heading = std::atan2(trace.y[b] - trace.y[a], trace.x[b] - trace.x[a]);
        s.forces.longitudinalAccel = trace.ax[k];
        s.forces.lateralAccel = trace.ay[k];
        s.forces.engineRpm = trace.rpm[k];
        s.inputs.throttle = trace.throttle[k];
        s.inputs.brake = trace.brake[k];
        s.gear = trace.gear[k];
        telemetry.record(s);
    }
    return telemetry;
}

const std::vector<std::string>& lapTelemetryChannels() {
    static const std::vector<std::string> channels = {"time",     "x",     "y",     "distance", "speed",
                                                      "vx",       "heading", "yaw_rate", "ax",     "ay",
                                                      "throttle", "brake", "gear",    "rpm"};
    return channels;
}

bool lapFillsChannel(const std::string& name) {
    const std::vector<std::string>& filled = lapTelemetryChannels();
    return std::find(filled.begin(), filled.end(), name) != filled.end();
}

ChannelTable lapChannelTable(const LapTrace& trace) {
    ChannelTable table = channelTableOf(lapTelemetry(trace));
    for (const ChannelInfo& info : channelCatalogue())
        if (!lapFillsChannel(info.name))
            table.remove(info.name);
    return table;
}

ChannelTable channelTableOf(const LapTrace& t) {
    ChannelTable table;
    const auto add = [&](const char* name, const char* unit, const char* label, std::vector<double> values) {
        table.add({name, unit, label, std::move(values)});
    };
    add("distance", "m", "Distance", t.distance);
    add("time", "s", "Time", t.time);
    add("speed", "m/s", "Speed", t.speed);
    add("gear", "1", "Gear", std::vector<double>(t.gear.begin(), t.gear.end()));
    add("rpm", "rpm", "Engine speed", t.rpm);
    add("ax", "m/s^2", "Longitudinal acceleration", t.ax);
    add("ay", "m/s^2", "Lateral acceleration", t.ay);
    add("throttle", "1", "Throttle", t.throttle);
    add("brake", "1", "Brake", t.brake);
    add("x", "m", "Position x", t.x);
    add("y", "m", "Position y", t.y);
    add("curvature", "1/m", "Curvature", t.curvature);
    return table;
}

} // namespace vtw
