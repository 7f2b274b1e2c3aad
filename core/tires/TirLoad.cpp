#include "core/tires/TirLoad.h"

#include "core/base/Units.h"

#include <cmath>
#include <cstdio>

namespace vtw {

namespace {

struct ProbePoint {
    double kappa, alpha, fz, camber, pressure, vx;
};

bool finiteAt(const TirModel& model, const ProbePoint& q, const char*& what) {
    const TirForces f = model.forces(q.kappa, q.alpha, q.fz, q.camber, q.pressure, q.vx);
    what = !std::isfinite(f.fx) ? "Fx" : !std::isfinite(f.fy) ? "Fy" : !std::isfinite(f.mz) ? "Mz" : nullptr;
    return what == nullptr;
}

std::string pointText(const ProbePoint& q, bool withPressure) {
    char buffer[200];
    std::snprintf(buffer, sizeof buffer, "kappa %g, alpha %g deg, Fz %g N, camber %g deg%s", q.kappa,
                  units::radToDeg(q.alpha), q.fz, units::radToDeg(q.camber), withPressure ? ", p " : "");
    std::string text = buffer;
    if (withPressure) {
        std::snprintf(buffer, sizeof buffer, "%g Pa", q.pressure);
        text += buffer;
    }
    std::snprintf(buffer, sizeof buffer, ", vx %g m/s", q.vx);
    return text + buffer;
}

// The first grid point where the model is not finite, if any.
bool findNonFinite(const TirModel& model, const TirCoefficients& c, ProbePoint& bad, const char*& what) {
    // Slips from locked to spinning and beyond the usual peaks, loads from none to three times
    // nominal, camber both ways, pressures around nominal, at rest, fading and at speed.
    constexpr double kappas[] = {-1.0, -0.3, -0.1, -0.02, 0.0, 0.02, 0.1, 0.3, 1.0};
    constexpr double alphasDeg[] = {-60.0, -15.0, -5.0, -1.0, 0.0, 1.0, 5.0, 15.0, 60.0};
    constexpr double loadShares[] = {0.0, 0.05, 0.5, 1.0, 2.0, 3.0};
    constexpr double cambersDeg[] = {-6.0, 0.0, 6.0};
    const bool pressureTerms = c.version != TirVersion::Mf5 && c.NOMPRES > 0.0;
    const double pressureShares[] = {1.0, 0.5, 1.5};
    const int pressureCount = pressureTerms ? 3 : 1;
    const double speeds[] = {0.0, 0.5 * c.VXLOW, c.LONGVL > 0.0 ? c.LONGVL : 10.0};
    const double fz0 = c.FNOMIN * c.LFZO;
    for (double share : loadShares)
        for (double camberDeg : cambersDeg)
            for (int pressureIndex = 0; pressureIndex < pressureCount; ++pressureIndex)
                for (double vx : speeds)
                    for (double kappa : kappas)
                        for (double alphaDeg : alphasDeg) {
                            const ProbePoint q{kappa,
                                               units::degToRad(alphaDeg),
                                               share * fz0,
                                               units::degToRad(camberDeg),
                                               pressureShares[pressureIndex] * c.NOMPRES,
                                               vx};
                            if (!finiteAt(model, q, what)) {
                                bad = q;
                                return true;
                            }
                        }
    return false;
}

} // namespace

std::string probeTirModel(const TirCoefficients& coefficients, const TirFile& file) {
    const TirModel model(coefficients);
    ProbePoint bad{};
    const char* what = nullptr;
    if (!findNonFinite(model, coefficients, bad, what))
        return {};
    const bool withPressure = coefficients.version != TirVersion::Mf5 && coefficients.NOMPRES > 0.0;
    const std::string point = " finite at " + pointText(bad, withPressure);
    // Blame the first coefficient of the file whose neutral value mends that point.
    const TirCoefficients neutral;
    for (const TirCoefficientInfo& info : tirCoefficientTable()) {
        if (coefficients.*info.member == neutral.*info.member)
            continue;
        TirCoefficients mended = coefficients;
        mended.*info.member = neutral.*info.member;
        if (!(mended.FNOMIN > 0.0 && mended.UNLOADED_RADIUS > 0.0 && mended.LFZO > 0.0))
            continue;
        const char* stillBad = nullptr;
        if (finiteAt(TirModel(mended), bad, stillBad)) {
            const TirEntry* e = file.findPreferring(info.section, info.name);
            std::string blamed = e ? "line " + std::to_string(e->line) + ": " : std::string();
            blamed += info.name;
            if (e)
                blamed += " = " + e->value.text;
            return blamed + " makes the model's " + what + " not" + point;
        }
    }
    return std::string("the model's ") + what + " is not" + point;
}

TirLoadResult loadTir(std::string_view text) {
    TirLoadResult result;
    TirParseResult parsed = parseTirText(text);
    result.warnings = std::move(parsed.warnings);
    if (!parsed.ok) {
        result.error = std::move(parsed.error);
        return result;
    }
    result.file = std::move(parsed.file);
    TirCoefficientsResult read = tirCoefficientsFromFile(result.file);
    result.warnings.insert(result.warnings.end(), read.warnings.begin(), read.warnings.end());
    if (!read.ok) {
        result.error = std::move(read.error);
        return result;
    }
    std::string probeError = probeTirModel(read.coefficients, result.file);
    if (!probeError.empty()) {
        result.error = std::move(probeError);
        return result;
    }
    result.coefficients = read.coefficients;
    return result;
}

} // namespace vtw
