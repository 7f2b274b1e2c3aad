#include "core/tires/TirSweep.h"

#include "core/base/Units.h"

#include <cmath>

namespace vtw {

namespace {

TirSweepRow evaluate(const TirModel& model, const TirSweepConditions& c, double kappa, double alpha) {
    const TirForces f = model.forces(kappa, alpha, c.normalLoad, c.camber, c.pressure, c.speed);
    return {kappa, alpha, f.fx, f.fy, f.mz};
}

constexpr const char* columnNames[] = {"slip_ratio", "slip_angle_deg", "fx_N", "fy_N", "mz_Nm"};
constexpr int columnCount = 5;

void appendRow(std::string& out, const TirSweepRow& r, const char* separator, const char* nonFinite) {
    const double values[columnCount] = {r.slipRatio, units::radToDeg(r.slipAngle), r.fx, r.fy, r.mz};
    for (int i = 0; i < columnCount; ++i) {
        if (i > 0)
            out += separator;
        appendSweepNumber(out, values[i], nonFinite);
    }
}

const char* sideName(TyreSide side) {
    switch (side) {
    case TyreSide::Left:
        return "left";
    case TyreSide::Right:
        return "right";
    case TyreSide::Unknown:
        break;
    }
    return "unknown";
}

} // namespace

std::vector<TirSweepRow> sweepTirSlipRatio(const TirModel& model, const TirSweepConditions& conditions,
                                           const SweepRange& slipRatio, double slipAngle) {
    return sweepTirCombined(model, conditions, slipRatio, fixedSlip(slipAngle));
}

std::vector<TirSweepRow> sweepTirSlipAngle(const TirModel& model, const TirSweepConditions& conditions,
                                           const SweepRange& slipAngle, double slipRatio) {
    return sweepTirCombined(model, conditions, fixedSlip(slipRatio), slipAngle);
}

std::vector<TirSweepRow> sweepTirCombined(const TirModel& model, const TirSweepConditions& conditions,
                                          const SweepRange& slipRatio, const SweepRange& slipAngle) {
    return sweepSlipGrid<TirSweepRow>(slipRatio, slipAngle, [&](double kappa, double alpha) {
        return evaluate(model, conditions, kappa, alpha);
    });
}

std::string tirSweepToCsv(const std::vector<TirSweepRow>& rows) {
    std::string out;
    out.reserve(48 + rows.size() * 80);
    for (int c = 0; c < columnCount; ++c) {
        out += columnNames[c];
        out += c + 1 < columnCount ? ',' : '\n';
    }
    for (const TirSweepRow& r : rows) {
        appendRow(out, r, ",", "nan");
        out += '\n';
    }
    return out;
}

std::string tirSweepToJson(const std::vector<TirSweepRow>& rows, const TirModel& model,
                           const TirSweepConditions& conditions) {
    const TirCoefficients& c = model.coefficients();
    const bool pressureTerms = c.version != TirVersion::Mf5 && c.NOMPRES > 0.0;
    std::string out;
    out.reserve(384 + rows.size() * 90);
    out += "{\n  \"tir\": {\"version\": \"";
    out += tirVersionName(c.version);
    out += "\", \"fittyp\": ";
    out += c.fittyp != 0 ? std::to_string(c.fittyp) : "null";
    out += ", \"tyre_side\": \"";
    out += sideName(c.side);
    out += "\", \"mirrored\": ";
    out += model.mirrored() ? "true" : "false";
    out += "},\n  \"conditions\": {\"normal_load_N\": ";
    appendSweepNumber(out, conditions.normalLoad, "null");
    out += ", \"camber_deg\": ";
    appendSweepNumber(out, units::radToDeg(conditions.camber), "null");
    out += ", \"pressure_Pa\": ";
    appendSweepNumber(out, pressureTerms ? conditions.pressure : NAN, "null");
    out += ", \"speed_mps\": ";
    appendSweepNumber(out, conditions.speed, "null");
    out += "},\n  \"columns\": [";
    for (int col = 0; col < columnCount; ++col) {
        out += '"';
        out += columnNames[col];
        out += col + 1 < columnCount ? "\", " : "\"],\n";
    }
    out += "  \"rows\": [";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        out += i == 0 ? "\n    [" : ",\n    [";
        appendRow(out, rows[i], ", ", "null");
        out += ']';
    }
    out += rows.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

} // namespace vtw
