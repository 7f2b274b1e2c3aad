#include "MetricFormat.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

namespace vtw {

namespace {

std::string number(double v) {
    if (!std::isfinite(v))
        return "null"; // JSON has no NaN or infinity
    char buffer[32];
    const auto r = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, r.ptr);
}

// Metric keys and reasons are text set by the core; quote defensively anyway
// (control characters as \u escapes, as JSON requires).
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(c));
            out += escape;
        } else {
            out += c;
        }
    }
    return out + '"';
}

} // namespace

std::string metricsToJson(const MetricList& metrics, int indent) {
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    const char* newline = indent > 0 ? "\n" : "";
    const char* colon = indent > 0 ? ": " : ":";
    std::vector<const Metric*> invalid;
    for (const Metric& m : metrics) {
        if (!m.valid)
            invalid.push_back(&m);
    }
    std::string out = "{";
    out += newline;
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        const Metric& m = metrics[i];
        out += pad + quoted(m.key) + colon + (m.reached ? number(m.value) : "null");
        out += i + 1 < metrics.size() || !invalid.empty() ? "," : "";
        out += newline;
    }
    if (!invalid.empty()) {
        out += pad + quoted("invalid_metrics") + colon + "{" + newline;
        for (std::size_t i = 0; i < invalid.size(); ++i) {
            out += pad + pad + quoted(invalid[i]->key) + colon + "{" + quoted("valid") + colon + "false," +
                   (indent > 0 ? " " : "") + quoted("invalid_reason") + colon +
                   quoted(invalid[i]->invalidReason) + "}";
            out += i + 1 < invalid.size() ? "," : "";
            out += newline;
        }
        out += pad + "}" + newline;
    }
    return out + "}";
}

} // namespace vtw
