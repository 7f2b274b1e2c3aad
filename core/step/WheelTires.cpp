#include "core/step/WheelTires.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

// The same value on the two wheels of each axle.
VTW_LANE Quad perAxle(double front, double rear) { return quad(front, front, rear, rear); }

} // namespace

WheelTires::WheelTires(const TireParams& front, const TireParams& rear, double surfaceMu,
                       double largestLoad)
    : m_front(front), m_rear(rear) {
    m_method = front.combinedSlip;
    if (front.model == rear.model && front.combinedSlip == rear.combinedSlip) {
        if (front.model == TireModelKind::MagicFormula)
            m_path = Path::MagicFormula;
        else if (front.model == TireModelKind::Linear)
            m_path = Path::Linear;
    }
    // The .tir model combines its slips by its own equations: any rules will do.
    if (front.model == TireModelKind::Tir && rear.model == TireModelKind::Tir) {
        m_path = Path::Tir;
        prepareTirLanes(m_front, m_rear, m_tir);
    }
    m_peakSlipRatio = perAxle(m_front.peakSlipRatio(), m_rear.peakSlipRatio());
    m_peakSlipAngle = perAxle(m_front.peakSlipAngle(), m_rear.peakSlipAngle());

    const MagicFormulaCoefficients* sets[2][2] = {
        {&front.magicFormula.longitudinal, &rear.magicFormula.longitudinal},
        {&front.magicFormula.lateral, &rear.magicFormula.lateral}};
    for (int j = 0; j < 2; ++j) {
        const MagicFormulaCoefficients& f = *sets[j][0];
        const MagicFormulaCoefficients& r = *sets[j][1];
        m_magicFormula.B[j] = perAxle(f.B, r.B);
        m_magicFormula.C[j] = perAxle(f.C, r.C);
        m_magicFormula.D[j] = perAxle(f.D, r.D);
        m_magicFormula.E[j] = perAxle(f.E, r.E);
        m_magicFormula.straight[j] = straightLanes(m_magicFormula.E[j]);
        m_absPeakFactor[j] = perAxle(std::fabs(f.D), std::fabs(r.D));
        m_peakShape[j] = perAxle(magicFormulaPeakShape(f.C, f.E), magicFormulaPeakShape(r.C, r.E));
    }
    m_frictionCoefficient = perAxle(front.linear.frictionCoefficient, rear.linear.frictionCoefficient);
    m_longitudinalStiffness =
        perAxle(front.linear.longitudinalStiffness, rear.linear.longitudinalStiffness);
    m_corneringStiffness = perAxle(front.linear.corneringStiffness, rear.linear.corneringStiffness);

    constexpr int calspanTablePoints = 64;
    m_tableGrip = surfaceMu;
    m_tableStep = std::max(largestLoad, 1.0) / (calspanTablePoints - 1);
    for (int axle = 0; axle < 2; ++axle) {
        const Tire& t = axle == 0 ? m_front : m_rear;
        if (t.params().model != TireModelKind::Calspan)
            continue;
        for (int i = 0; i < calspanTablePoints; ++i)
            m_calspanPeaks[axle].push_back(t.limits(i * m_tableStep, surfaceMu));
    }
}

FrictionLimits WheelTires::limits(int wheel, double load, double grip) const {
    const std::vector<FrictionLimits>& table = m_calspanPeaks[wheel < 2 ? 0 : 1];
    if (table.empty() || grip != m_tableGrip || !(load >= 0.0))
        return tire(wheel).limits(load, grip);
    const double position = load / m_tableStep;
    const auto below = static_cast<std::size_t>(position);
    if (below + 1 >= table.size())
        return tire(wheel).limits(load, grip);
    const double t = position - static_cast<double>(below);
    const FrictionLimits& a = table[below];
    const FrictionLimits& b = table[below + 1];
    return {a.fxMax + t * (b.fxMax - a.fxMax), a.fyMax + t * (b.fyMax - a.fyMax)};
}

VTW_WHEEL_LANES_CLONES
void WheelTires::evaluateTir(const WheelTireInputs& in, WheelTireForces& out) const {
    // The MF's slip variable is the slip angle's tangent.
    const Quad tanSlipAngle = fastSinReduced(in.slipAngle) / fastCos(in.slipAngle);
    TirLaneForces forces;
    tirLaneForces(m_tir, {in.slipRatio, tanSlipAngle, in.normalLoad, in.surfaceMu, in.contactSpeed}, forces);
    out.fx = forces.fx;
    out.fy = forces.fy;
    out.fxMax = forces.fxMax;
    out.fyMax = forces.fyMax;
}

void WheelTires::evaluateAxleByAxle(const WheelTireInputs& in, WheelTireForces& out) const {
    TireInput wheels[2][2]; // [axle][side]
    for (int i = 0; i < 4; ++i) {
        TireInput& w = wheels[i / 2][i % 2];
        w.slipRatio = in.slipRatio[i];
        w.slipAngle = in.slipAngle[i];
        w.normalLoad = in.normalLoad[i];
        w.surfaceMu = in.surfaceMu[i];
        w.contactSpeed = in.contactSpeed[i];
        w.previousFx = in.previousFx[i];
    }
    TireForce forces[2][2];
    m_front.evaluateAxle(wheels[0], forces[0]);
    m_rear.evaluateAxle(wheels[1], forces[1]);
    for (int i = 0; i < 4; ++i) {
        out.fx[i] = forces[i / 2][i % 2].fx;
        out.fy[i] = forces[i / 2][i % 2].fy;
        const FrictionLimits envelope = limits(i, in.normalLoad[i], in.surfaceMu[i]);
        out.fxMax[i] = envelope.fxMax;
        out.fyMax[i] = envelope.fyMax;
    }
}

} // namespace vtw
