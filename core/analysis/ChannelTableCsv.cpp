#include "ChannelTableCsv.h"

#include "ChannelTable.h"
#include "lap/LapSimulation.h"

#include <charconv>

namespace vtw {

std::string channelTableCsv(const ChannelTable& table) {
    std::string out;
    const auto& columns = table.columns();
    for (std::size_t c = 0; c < columns.size(); ++c) {
        if (c)
            out += ',';
        out += columns[c].name + " [" + columns[c].unit + "]";
    }
    out += '\n';
    char buffer[32];
    for (std::size_t row = 0; row < table.sampleCount(); ++row) {
        for (std::size_t c = 0; c < columns.size(); ++c) {
            if (c)
                out += ',';
            const auto written = std::to_chars(buffer, buffer + sizeof buffer, columns[c].values[row]);
            out.append(buffer, written.ptr);
        }
        out += '\n';
    }
    return out;
}

ChannelTable channelTableOf(const LapTrace& t) {
    ChannelTable table;
    table.add({"distance", "m", "Distance", t.distance});
    table.add({"time", "s", "Time", t.time});
    table.add({"x", "m", "x", t.x});
    table.add({"y", "m", "y", t.y});
    table.add({"curvature", "1/m", "Curvature", t.curvature});
    table.add({"speed", "m/s", "Speed", t.speed});
    table.add({"gear", "1", "Gear", std::vector<double>(t.gear.begin(), t.gear.end())});
    table.add({"rpm", "rpm", "Engine speed", t.rpm});
    table.add({"ax", "m/s^2", "Longitudinal acceleration", t.ax});
    table.add({"ay", "m/s^2", "Lateral acceleration", t.ay});
    table.add({"throttle", "1", "Throttle", t.throttle});
    table.add({"brake", "1", "Brake", t.brake});
    return table;
}

} // namespace vtw
