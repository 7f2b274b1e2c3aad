#include "core/lap/LapTraceCsv.h"

#include <charconv>

namespace vtw {

std::string lapTraceCsv(const LapTrace& t, const std::vector<ChannelColumn>& extra) {
    const std::vector<double>* columns[] = {&t.distance, &t.time, &t.x,  &t.y,        &t.curvature, &t.speed,
                                            nullptr,     &t.rpm,  &t.ax, &t.ay, &t.throttle, &t.brake};
    std::string out = "distance [m],time [s],x [m],y [m],curvature [1/m],speed [m/s],gear [1],rpm [rpm],"
                      "ax [m/s^2],ay [m/s^2],throttle [1],brake [1],limit";
    for (const ChannelColumn& column : extra)
        out += "," + column.name + " [" + column.unit + "]";
    out += '\n';
    char buffer[32];
    for (std::size_t row = 0; row < t.distance.size(); ++row) {
        for (const std::vector<double>* column : columns) {
            // The gear is the one whole-number column.
            const auto written = column ? std::to_chars(buffer, buffer + sizeof buffer, (*column)[row])
                                        : std::to_chars(buffer, buffer + sizeof buffer, t.gear[row]);
            out.append(buffer, written.ptr);
            out += ',';
        }
        out += lapLimitKey(t.limit[row]);
        for (const ChannelColumn& column : extra) {
            out += ',';
            const auto written = std::to_chars(buffer, buffer + sizeof buffer, column.values[row]);
            out.append(buffer, written.ptr);
        }
        out += '\n';
    }
    return out;
}

} // namespace vtw
