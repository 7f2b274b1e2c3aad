#include "core/tires/TireModel.h"

#include "core/lanes/CombinedSlip.h"
#include "core/lanes/LinearTire.h"
#include "core/lanes/MagicFormulaTire.h"
#include "core/lanes/Pacejka94Tire.h"
#include "core/tires/PeakSearch.h"
#include "core/tires/TireModels.h"

#include <cmath>

// The one place that turns a model kind into forces, for every model of TireModelList
// (TireModels.h): each model's struct (core/tires/models/) prepares its peaks and gives
// its forces and limits; a pure-slip model gives its pure curves, which the rule of
// TireParams::combinedSlip combines here. evaluateBatch() serves both evaluate() (one
// wheel) and evaluateAxle() (two: the step's path for the models WheelTires does not run
// as four lanes): each model's inline functions over the batch, no allocation. Peaks that
// have no closed form are found once, in the constructor, by a search on the pure curves.

namespace vtw {

namespace {

constexpr double searchContactSpeed = 10.0; // m/s, slip-speed model's peak search

} // namespace

double tirPressure(const TireParams& p) { return p.pressure > 0.0 ? p.pressure : p.tir.coefficients.NOMPRES; }

Tire::Tire(const TireParams& params) : m_params(params) {
    const TireParams& p = m_params;
    m_prepared.camber = p.camber;
    m_prepared.tirPressure = tirPressure(p);
    withTireModel(p.model, [&]<class Model>() { Model::prepare(Model::of(p), m_prepared); });
    // Each model's pure peaks; the normalised-slip combination is not used at pure slip,
    // so these searches only see the pure curves.
    if (m_prepared.searchPeakSlips) {
        auto pureForce = [this](double kappa, double alpha) {
            TireInput in;
            in.slipRatio = kappa;
            in.slipAngle = alpha;
            in.normalLoad = referenceLoad;
            in.contactSpeed = searchContactSpeed;
            return evaluate(in);
        };
        m_prepared.peakSlipRatio =
            findPeak([&](double s) { return std::fabs(pureForce(-s, 0.0).fx); }, maxSearchSlipRatio).slip;
        m_prepared.peakSlipAngle =
            findPeak([&](double a) { return std::fabs(pureForce(0.0, a).fy); }, maxSearchSlipAngle).slip;
    }
    // A degenerate curve (all zero, or peaking at zero slip) has no peak to normalise by;
    // keep a positive slip so the normalised-slip method stays defined.
    constexpr double fallbackPeakSlip = 0.1;
    if (!(m_prepared.peakSlipRatio > 0.0))
        m_prepared.peakSlipRatio = fallbackPeakSlip;
    if (!(m_prepared.peakSlipAngle > 0.0))
        m_prepared.peakSlipAngle = fallbackPeakSlip;
}

TireForce Tire::evaluate(const TireInput& in) const {
    TireForce out[1];
    evaluateBatch<1>({in}, out);
    return out[0];
}

void Tire::evaluateAxle(const TireInput (&in)[2], TireForce (&out)[2]) const {
    evaluateBatch<2>(in, out);
}

template <int n> void Tire::evaluateBatch(const TireInput (&in)[n], TireForce (&out)[n]) const {
    // A wheel without load or on a surface without grip makes no force. It still runs
    // through the batch, as an unloaded wheel on grip 1, and is zeroed at the end.
    TireBatch<n> b(in, m_params.combinedSlip);
    for (int w = 0; w < n; ++w) {
        b.loaded[w] = in[w].normalLoad > 0.0 && in[w].surfaceMu > 0.0;
        b.fz[w] = b.loaded[w] ? in[w].normalLoad : 0.0;
        b.grip[w] = b.loaded[w] ? in[w].surfaceMu : 1.0;
        b.kappa[w] = in[w].slipRatio;
        b.alpha[w] = in[w].slipAngle;
        // Normalised-slip peaks follow the surface by similarity (the peak slip scales with mu).
        b.kappaPeak[w] = m_prepared.peakSlipRatio * b.grip[w];
        b.alphaPeak[w] = m_prepared.peakSlipAngle * b.grip[w];
    }
    double fx[n]{}, fy[n]{}; // in the slips' signs (SlipForce)
    // Forced inline, so that the batch stays one function, as a switch with a case per
    // model would leave it: its arrays in registers, not passed to a call per model.
    withTireModel(m_params.model, [&]<class Model>() __attribute__((always_inline)) {
        const auto& p = Model::of(m_params);
        if constexpr (Model::pureSlip) {
            double fxMax[n], fyMax[n];
            auto pure = Model::template pureCurves<n>(p, m_prepared, b, fxMax, fyMax);
            combineSlips(b.method, b.kappa, b.alpha, fxMax, fyMax, b.kappaPeak, b.alphaPeak, pure, fx, fy);
        } else {
            Model::template forces<n>(p, m_prepared, b, fx, fy);
        }
    });
    for (int w = 0; w < n; ++w)
        out[w] = b.loaded[w] ? TireForce{fx[w], -fy[w]} : TireForce{};
}

FrictionLimits Tire::limits(double normalLoad, double surfaceMu) const {
    const double fz = normalLoad;
    const double grip = surfaceMu;
    if (!(fz > 0.0) || !(grip > 0.0))
        return {};
    FrictionLimits out;
    withTireModel(m_params.model, [&]<class Model>() __attribute__((always_inline)) {
        out = Model::limits(Model::of(m_params), m_prepared, fz, grip);
    });
    return out;
}

} // namespace vtw
