#include "TireSweep.h"

#include "../Units.h"

#include <charconv>
#include <cmath>

namespace vtw {

namespace {

TireSweepRow evaluateRow(const Tire& tire, const SweepConditions& c, double kappa, double alpha) {
    TireInput in;
    in.slipRatio = kappa;
    in.slipAngle = alpha;
    in.normalLoad = c.normalLoad;
    in.surfaceMu = c.surfaceMu;
    in.contactSpeed = c.contactSpeed;
    in.previousFx = c.previousFx;
    const TireForce f = tire.evaluate(in);
    return {kappa, alpha, f.fx, f.fy};
}

std::size_t countOf(const SweepRange& r) {
    return r.count > 0 ? std::size_t(r.count) : 0;
}

// Shortest text that reads back to the same double; null for JSON's sake if not finite.
void appendNumber(std::string& out, double v, const char* nonFinite) {
    if (!std::isfinite(v)) {
        out += nonFinite;
        return;
    }
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
    out.append(buffer, result.ptr);
}

constexpr const char* columnNames[] = {"slip_ratio", "slip_angle_deg", "fx_N", "fy_N"};

} // namespace

std::vector<TireSweepRow> sweepSlipRatio(const Tire& tire, const SweepConditions& conditions,
                                         const SweepRange& slipRatio, double slipAngle) {
    std::vector<TireSweepRow> rows;
    rows.reserve(countOf(slipRatio));
    for (int i = 0; i < slipRatio.count; ++i)
        rows.push_back(evaluateRow(tire, conditions, slipRatio.at(i), slipAngle));
    return rows;
}

std::vector<TireSweepRow> sweepSlipAngle(const Tire& tire, const SweepConditions& conditions,
                                         const SweepRange& slipAngle, double slipRatio) {
    std::vector<TireSweepRow> rows;
    rows.reserve(countOf(slipAngle));
    for (int i = 0; i < slipAngle.count; ++i)
        rows.push_back(evaluateRow(tire, conditions, slipRatio, slipAngle.at(i)));
    return rows;
}

std::vector<TireSweepRow> sweepCombined(const Tire& tire, const SweepConditions& conditions,
                                        const SweepRange& slipRatio, const SweepRange& slipAngle) {
    std::vector<TireSweepRow> rows;
    rows.reserve(countOf(slipRatio) * countOf(slipAngle));
    for (int i = 0; i < slipRatio.count; ++i)
        for (int j = 0; j < slipAngle.count; ++j)
            rows.push_back(evaluateRow(tire, conditions, slipRatio.at(i), slipAngle.at(j)));
    return rows;
}

std::string sweepToCsv(const std::vector<TireSweepRow>& rows) {
    std::string out;
    out.reserve(32 + rows.size() * 64);
    for (int c = 0; c < 4; ++c) {
        out += columnNames[c];
        out += c < 3 ? ',' : '\n';
    }
    for (const TireSweepRow& r : rows) {
        appendNumber(out, r.slipRatio, "nan");
        out += ',';
        appendNumber(out, units::radToDeg(r.slipAngle), "nan");
        out += ',';
        appendNumber(out, r.fx, "nan");
        out += ',';
        appendNumber(out, r.fy, "nan");
        out += '\n';
    }
    return out;
}

std::string sweepToJson(const std::vector<TireSweepRow>& rows, const SweepConditions& conditions) {
    std::string out;
    out.reserve(256 + rows.size() * 72);
    out += "{\n  \"conditions\": {\"normal_load_N\": ";
    appendNumber(out, conditions.normalLoad, "null");
    out += ", \"surface_mu\": ";
    appendNumber(out, conditions.surfaceMu, "null");
    out += ", \"contact_speed_mps\": ";
    appendNumber(out, conditions.contactSpeed, "null");
    out += ", \"previous_fx_N\": ";
    appendNumber(out, conditions.previousFx, "null");
    out += "},\n  \"columns\": [";
    for (int c = 0; c < 4; ++c) {
        out += '"';
        out += columnNames[c];
        out += c < 3 ? "\", " : "\"],\n";
    }
    out += "  \"rows\": [";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const TireSweepRow& r = rows[i];
        out += i == 0 ? "\n    [" : ",\n    [";
        appendNumber(out, r.slipRatio, "null");
        out += ", ";
        appendNumber(out, units::radToDeg(r.slipAngle), "null");
        out += ", ";
        appendNumber(out, r.fx, "null");
        out += ", ";
        appendNumber(out, r.fy, "null");
        out += ']';
    }
    out += rows.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

} // namespace vtw
