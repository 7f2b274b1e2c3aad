#include "core/maneuvers/MetricFormat.h"

#include "core/vehicle/Targets.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

namespace vtw {

namespace {

// Metric keys are ASCII set by the core; reasons and a target's source are text that
// may come from the user, so control characters are escaped too (as \u escapes, as
// JSON requires; UTF-8 passes through, as JSON allows).
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

std::string jsonQuoted(const std::string& text) { return quoted(text); }

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
        out += pad + quoted(m.key) + colon + (m.reached ? jsonNumber(m.value) : "null");
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

std::string metricsToJson(const MetricList& metrics, const std::vector<PublishedFigure>& targets,
                          int indent) {
    std::vector<std::pair<const Metric*, const PublishedFigure*>> matched;
    for (const Metric& m : metrics) {
        for (const PublishedFigure& t : targets) {
            if (t.metricKey == m.key)
                matched.emplace_back(&m, &t);
        }
    }
    std::string plain = metricsToJson(metrics, indent);
    if (matched.empty())
        return plain;
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    const std::string pad2 = pad + pad, pad3 = pad2 + pad;
    const char* newline = indent > 0 ? "\n" : "";
    const char* colon = indent > 0 ? ": " : ":";
    // Reopen the plain object: drop its closing brace, add the "targets" member.
    plain.pop_back();
    if (indent > 0)
        plain.pop_back(); // the newline before the brace
    std::string out = plain + (metrics.empty() ? "" : ",") + newline;
    out += pad + quoted("targets") + colon + "{" + newline;
    for (std::size_t i = 0; i < matched.size(); ++i) {
        const auto [m, t] = matched[i];
        const double deviation = m->reached ? targetDeviation(m->value, t->value) : NAN;
        out += pad2 + quoted(m->key) + colon + "{" + newline;
        out += pad3 + quoted("target") + colon + jsonNumber(t->value) + "," + newline;
        out += pad3 + quoted("deviation_pct") + colon +
               (std::isfinite(deviation) ? jsonNumber(100.0 * deviation) : "null") + "," + newline;
        out += pad3 + quoted("source") + colon + quoted(t->source) + newline;
        out += pad2 + "}" + (i + 1 < matched.size() ? "," : "") + newline;
    }
    out += pad + "}" + newline;
    return out + "}";
}

std::string jsonNumber(double v) {
    if (!std::isfinite(v))
        return "null";
    char buffer[32];
    const auto r = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, r.ptr);
}

} // namespace vtw
