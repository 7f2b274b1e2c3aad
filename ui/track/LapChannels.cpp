#include "ui/track/LapChannels.h"

#include "core/base/Units.h"

#include <QCoreApplication>

#include <algorithm>

namespace vtw {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("vtw::LapChannels", text);
}

} // namespace

const std::vector<LapChannel>& lapChannels() {
    static const std::vector<LapChannel> channels = {
        {"speed", tr("Speed"), "km/h", units::kmhPerMps, [](const LapTrace& t) -> const auto& { return t.speed; }},
        {"ax", tr("Longitudinal acceleration"), "m/s^2", 1.0,
         [](const LapTrace& t) -> const auto& { return t.ax; }},
        {"ay", tr("Lateral acceleration"), "m/s^2", 1.0,
         [](const LapTrace& t) -> const auto& { return t.ay; }},
        {"rpm", tr("Engine speed"), "rpm", 1.0, [](const LapTrace& t) -> const auto& { return t.rpm; }},
        {"throttle", tr("Throttle"), "%", 100.0, [](const LapTrace& t) -> const auto& { return t.throttle; }},
        {"brake", tr("Brake"), "%", 100.0, [](const LapTrace& t) -> const auto& { return t.brake; }},
        {"curvature", tr("Curvature"), "1/m", 1.0,
         [](const LapTrace& t) -> const auto& { return t.curvature; }},
        {"time", tr("Time"), "s", 1.0, [](const LapTrace& t) -> const auto& { return t.time; }},
    };
    return channels;
}

const LapChannel* findLapChannel(const QString& key) {
    for (const LapChannel& c : lapChannels()) {
        if (key == QLatin1String(c.key))
            return &c;
    }
    return nullptr;
}

ShownLapChannel showLapChannel(const LapTrace& trace, const LapChannel& channel, UnitSystem units) {
    const DisplayUnit shown = metricDisplayUnit(QString::fromLatin1(channel.unit), units);
    ShownLapChannel out;
    out.unit = shown.symbol;
    const std::vector<double>& raw = channel.column(trace);
    out.values.reserve(raw.size());
    for (double v : raw)
        out.values.push_back(v * channel.scale * shown.scale);
    return out;
}

std::vector<double> limitLevels(const LapTrace& trace) {
    std::vector<double> out;
    out.reserve(trace.limit.size());
    for (LapLimit l : trace.limit)
        out.push_back(static_cast<double>(l));
    return out;
}

QStringList limitNames() {
    // In the order of LapLimit's values.
    return {tr("Grip"), tr("Power"), tr("Top speed"), tr("Brakes")};
}

std::size_t nearestStation(const LapTrace& trace, double distance) {
    const std::vector<double>& d = trace.distance;
    if (d.empty())
        return 0;
    const auto hi = std::lower_bound(d.begin(), d.end(), distance);
    if (hi == d.begin())
        return 0;
    if (hi == d.end())
        return d.size() - 1;
    const auto lo = hi - 1;
    return static_cast<std::size_t>((distance - *lo <= *hi - distance ? lo : hi) - d.begin());
}

MapPoint positionAt(const LapTrace& trace, double distance) {
    const std::vector<double>& d = trace.distance;
    if (d.empty())
        return {};
    if (distance <= d.front())
        return {trace.x.front(), trace.y.front()};
    if (distance >= d.back())
        return {trace.x.back(), trace.y.back()};
    const std::size_t h = static_cast<std::size_t>(std::upper_bound(d.begin(), d.end(), distance) - d.begin());
    const std::size_t l = h - 1;
    const double t = (distance - d[l]) / (d[h] - d[l]);
    return {trace.x[l] + t * (trace.x[h] - trace.x[l]), trace.y[l] + t * (trace.y[h] - trace.y[l])};
}

} // namespace vtw
