#include "core/tires/TirExport.h"

#include "core/tires/MagicFormulaFit.h"
#include "core/tires/TirFromMagicFormula.h"
#include "core/tires/TireModel.h"

#include <cstdio>

namespace vtw {

namespace {

// Where a model without a formula of its own is sampled for the fit: beyond both
// peaks of every model here (docs/physics.md 6), finely enough that the fit's
// residual reflects the curve, not the sampling.
constexpr int samples = 61;
constexpr double largestSlipRatio = 0.6;
constexpr double largestSlipAngle = 0.35;   // rad, 20 degrees
constexpr double sampleContactSpeed = 10.0; // m/s, the slip-speed model's curves depend on it

std::string fitText(const MagicFormulaFitResult& x, const MagicFormulaFitResult& y) {
    char buffer[160];
    std::snprintf(buffer, sizeof buffer, "largest residual %.4f Fx/Fz and %.4f Fy/Fz", x.maxAbsResidual,
                  y.maxAbsResidual);
    return buffer;
}

} // namespace

Curve tirExportSamples(const TireParams& params, double load, bool lateral) {
    if (params.model == TireModelKind::Table)
        return lateral ? params.table.lateral : params.table.longitudinal;
    const Tire tire(params);
    std::vector<CurvePoint> points;
    for (int i = 0; i < samples; ++i) {
        const double x = (lateral ? largestSlipAngle : largestSlipRatio) * i / (samples - 1);
        TireInput in;
        in.normalLoad = load;
        in.contactSpeed = sampleContactSpeed;
        (lateral ? in.slipAngle : in.slipRatio) = x;
        const TireForce f = tire.evaluate(in);
        points.push_back({x, (lateral ? -f.fy : f.fx) / load});
    }
    return Curve(std::move(points));
}

TirExportResult tirForTire(const TireParams& params, double nominalLoad) {
    TirExportResult r;
    if (params.model == TireModelKind::Tir) { // its own coefficients, as they are
        r.coefficients = params.tir.coefficients;
        r.method = "coefficients of the .tir model, from " + params.tir.source;
        r.ok = true;
        return r;
    }
    MagicFormulaParams formula;
    if (params.model == TireModelKind::MagicFormula) {
        formula = params.magicFormula;
        r.method = "simplified magic formula, mapped exactly";
    } else {
        const bool table = params.model == TireModelKind::Table;
        const MagicFormulaFitResult fx = fitMagicFormula(tirExportSamples(params, nominalLoad, false));
        const MagicFormulaFitResult fy = fitMagicFormula(tirExportSamples(params, nominalLoad, true));
        if (!fx.ok || !fy.ok) {
            r.error = std::string("the magic formula cannot be fitted to the ") + (fx.ok ? "lateral" : "longitudinal") +
                      " curve: " + (fx.ok ? fy.error : fx.error);
            return r;
        }
        formula.longitudinal = fx.coefficients;
        formula.lateral = fy.coefficients;
        r.longitudinalResidual = fx.maxAbsResidual;
        r.lateralResidual = fy.maxAbsResidual;
        r.method = std::string("simplified magic formula fitted to the ") +
                   (table ? "table" : "model's curves at the nominal load") + ", " + fitText(fx, fy);
    }
    r.coefficients = tirFromMagicFormula(formula, nominalLoad, params.radius);
    r.ok = true;
    return r;
}

} // namespace vtw
