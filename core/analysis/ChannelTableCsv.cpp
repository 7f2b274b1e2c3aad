#include "core/analysis/ChannelTableCsv.h"

#include "core/analysis/ChannelTable.h"

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

} // namespace vtw
