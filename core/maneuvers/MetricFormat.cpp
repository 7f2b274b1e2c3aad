#include "MetricFormat.h"

#include <charconv>

namespace vtw {

namespace {

std::string number(double v) {
    char buffer[32];
    const auto r = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, r.ptr);
}

// Metric keys and labels are ASCII set by the core; quote defensively anyway.
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + '"';
}

} // namespace

std::string metricsToJson(const MetricList& metrics, int indent) {
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    const char* newline = indent > 0 ? "\n" : "";
    std::string out = "{";
    out += newline;
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        const Metric& m = metrics[i];
        out += pad + quoted(m.key) + (indent > 0 ? ": " : ":") + (m.reached ? number(m.value) : "null");
        out += i + 1 < metrics.size() ? "," : "";
        out += newline;
    }
    return out + "}";
}

} // namespace vtw
