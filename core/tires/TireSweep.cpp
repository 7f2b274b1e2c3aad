#include "core/tires/TireSweep.h"

#include "core/base/Units.h"

#include <algorithm>
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

constexpr const char* columnNames[] = {"slip_ratio", "slip_angle_deg", "fx_N", "fy_N"};

} // namespace

void appendSweepNumber(std::string& out, double v, const char* nonFinite) {
    if (!std::isfinite(v)) {
        out += nonFinite;
        return;
    }
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
    out.append(buffer, result.ptr);
}

std::vector<TireSweepRow> sweepSlipRatio(const Tire& tire, const SweepConditions& conditions,
                                         const SweepRange& slipRatio, double slipAngle) {
    return sweepCombined(tire, conditions, slipRatio, fixedSlip(slipAngle));
}

std::vector<TireSweepRow> sweepSlipAngle(const Tire& tire, const SweepConditions& conditions,
                                         const SweepRange& slipAngle, double slipRatio) {
    return sweepCombined(tire, conditions, fixedSlip(slipRatio), slipAngle);
}

std::vector<TireSweepRow> sweepCombined(const Tire& tire, const SweepConditions& conditions,
                                        const SweepRange& slipRatio, const SweepRange& slipAngle) {
    return sweepSlipGrid<TireSweepRow>(slipRatio, slipAngle, [&](double kappa, double alpha) {
        return evaluateRow(tire, conditions, kappa, alpha);
    });
}

bool SweepPeaks::asymmetric(double forceShare, double slipTolerance) const {
    if (!positive || !negative)
        return positive.has_value() != negative.has_value();
    const double a = std::abs(positive->force), b = std::abs(negative->force);
    return std::abs(a - b) > forceShare * std::max(a, b) ||
           std::abs(positive->slip + negative->slip) > slipTolerance;
}

SweepPeaks sweepPeaks(const std::vector<TireSweepRow>& rows, bool lateral) {
    SweepPeaks peaks;
    for (const TireSweepRow& r : rows) {
        const double slip = lateral ? r.slipAngle : r.slipRatio;
        const double force = lateral ? -r.fy : r.fx;
        if (slip == 0.0)
            continue;
        std::optional<SweepSidePeak>& side = slip > 0.0 ? peaks.positive : peaks.negative;
        if (!side || std::abs(force) > std::abs(side->force))
            side = SweepSidePeak{force, slip};
    }
    return peaks;
}

std::vector<LoadSweepRow> sweepLoad(const Tire& tire, const SweepConditions& conditions, const SweepRange& loads) {
    // Small enough that the curvature of any model's curve at zero slip changes the
    // difference by far less than its display, large enough to stay clear of rounding.
    constexpr double delta = 1e-5;
    std::vector<LoadSweepRow> rows;
    rows.reserve(std::size_t(std::max(loads.count, 0)));
    for (int i = 0; i < loads.count; ++i) {
        SweepConditions at = conditions;
        at.normalLoad = loads.at(i);
        const FrictionLimits limits = tire.limits(at.normalLoad, at.surfaceMu);
        const double fyLeft = evaluateRow(tire, at, 0.0, -delta).fy;
        const double fyRight = evaluateRow(tire, at, 0.0, delta).fy;
        const double load = at.normalLoad;
        rows.push_back({load, load > 0.0 ? limits.fxMax / load : 0.0, load > 0.0 ? limits.fyMax / load : 0.0,
                        (fyLeft - fyRight) / (2.0 * delta)});
    }
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
        appendSweepNumber(out, r.slipRatio, "nan");
        out += ',';
        appendSweepNumber(out, units::radToDeg(r.slipAngle), "nan");
        out += ',';
        appendSweepNumber(out, r.fx, "nan");
        out += ',';
        appendSweepNumber(out, r.fy, "nan");
        out += '\n';
    }
    return out;
}

std::string sweepToJson(const std::vector<TireSweepRow>& rows, const SweepConditions& conditions) {
    std::string out;
    out.reserve(256 + rows.size() * 72);
    out += "{\n  \"conditions\": {\"normal_load_N\": ";
    appendSweepNumber(out, conditions.normalLoad, "null");
    out += ", \"surface_mu\": ";
    appendSweepNumber(out, conditions.surfaceMu, "null");
    out += ", \"contact_speed_mps\": ";
    appendSweepNumber(out, conditions.contactSpeed, "null");
    out += ", \"previous_fx_N\": ";
    appendSweepNumber(out, conditions.previousFx, "null");
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
        appendSweepNumber(out, r.slipRatio, "null");
        out += ", ";
        appendSweepNumber(out, units::radToDeg(r.slipAngle), "null");
        out += ", ";
        appendSweepNumber(out, r.fx, "null");
        out += ", ";
        appendSweepNumber(out, r.fy, "null");
        out += ']';
    }
    out += rows.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

} // namespace vtw
