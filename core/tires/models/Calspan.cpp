#include "core/tires/models/Calspan.h"

#include "core/base/Units.h"
#include "core/tires/TireParams.h"

#include <cmath>

namespace vtw {

double calspanSaturation(const CalspanParams& p, double num, double den) {
    constexpr double fourOverPi = 4.0 / units::pi;
    if (num <= den) {
        if (!(den > 0.0))
            return 0.0;
        const double s = num / den;
        const double n = ((p.C1 * s + p.C2) * s + fourOverPi) * s;
        const double d = ((p.C1 * s + p.C3) * s + p.C4) * s + 1.0;
        return n / d;
    }
    // f = (C1 + C2 w + (4/pi) w^2) / (C1 + C3 w + C4 w^2 + w^3), w = 1/sigma.
    const double w = den / num;
    const double n = p.C1 + (p.C2 + fourOverPi * w) * w;
    const double d = p.C1 + (p.C3 + (p.C4 + w) * w) * w;
    return d > 0.0 ? n / d : 0.0;
}

SlipForce calspanForce(const CalspanParams& p, double kappa, double alpha, double normalLoad,
                       double grip, double previousFx) {
    const double fz = normalLoad / units::newtonsPerPound; // lb
    const double mu0 = p.mu0 * grip;
    if (!(fz > 0.0) || !(mu0 > 0.0))
        return {};
    const double S = practicalSlipFromRatio(kappa);
    const double s = std::fabs(S);
    const double sinA = std::sin(alpha);
    const double cosA = std::cos(alpha);
    const double tanA = sinA / cosA;

    // Contact length (in): static, then changed by the last step's longitudinal force.
    const double ap0 = 0.0768 * std::sqrt(fz * p.ratedLoad_lb) /
                       (p.treadWidth_in * (p.inflationPressure_psi + 5.0));
    const double fxRatio = previousFx / units::newtonsPerPound / fz;
    const double ap = ap0 * std::max(0.0, 1.0 - p.Ka * fxRatio);

    const double stiffnessScale = 2.0 / (ap0 * ap0);
    // Beyond the load where the fitted polynomial turns negative the tire has no cornering
    // stiffness left; clamp rather than let the force change sign.
    const double Ks = std::max(0.0, stiffnessScale * (p.A0 + p.A1 * fz - (p.A1 / p.A2) * fz * fz));
    const double Kc = stiffnessScale * fz * p.CSFZ;

    // sigma = pi ap^2 / (8 mu0 Fz) * sqrt(Ks^2 tan^2 + Kc^2 (S/(1-S))^2), kept as a ratio
    // num/den with the (1 - S) moved to the denominator: finite at S = 1.
    const double lateralDemand = Ks * tanA;
    const double oneMinusS = 1.0 - s;
    const double sigmaNum =
        units::pi * ap * ap / (8.0 * mu0 * fz) *
        std::sqrt(lateralDemand * lateralDemand * oneMinusS * oneMinusS + Kc * Kc * s * s);
    const double f = calspanSaturation(p, sigmaNum, oneMinusS);

    const double composite = std::sqrt(sinA * sinA + s * s * cosA * cosA);
    const double KcPrime = Kc + (Ks - Kc) * composite;
    const double mu = mu0 * (1.0 - p.Kmu * composite);
    const double longitudinalDemand = KcPrime * s;
    const double demand =
        std::sqrt(lateralDemand * lateralDemand + longitudinalDemand * longitudinalDemand);
    if (!(demand > 0.0))
        return {}; // free rolling: sigma = 0, no force
    const double scale = mu * fz * f / demand * units::newtonsPerPound; // N per unit demand
    const double fx = scale * longitudinalDemand;
    return {S < 0.0 ? -fx : fx, scale * lateralDemand};
}

void calspanParameterRules(const TireParams& params, std::vector<TireParameterProblem>& out) {
    const CalspanParams& c = params.calspan;
    if (c.A2 > 0 && c.ratedLoad_lb > 0) {
        const double fz = c.ratedLoad_lb;
        const double ks = c.A0 + c.A1 * fz - (c.A1 / c.A2) * fz * fz;
        if (!(ks > 0))
            out.push_back({"A1", "lateral stiffness polynomial A0 + A1 Fz - (A1/A2) Fz^2 must be positive "
                                 "at the rated load"});
    }
}

} // namespace vtw
