#include "WheelTires.h"

#include <cmath>

namespace vtw {

namespace {

// The same value on the two wheels of each axle.
VTW_LANE Quad perAxle(double front, double rear) { return quad(front, front, rear, rear); }

} // namespace

WheelTires::WheelTires(const TireParams& front, const TireParams& rear) : m_front(front), m_rear(rear) {
    m_method = front.combinedSlip;
    if (front.model == rear.model && front.combinedSlip == rear.combinedSlip) {
        if (front.model == TireModelKind::MagicFormula)
            m_path = Path::MagicFormula;
        else if (front.model == TireModelKind::Linear)
            m_path = Path::Linear;
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
        m_absPeakFactor[j] = perAxle(std::fabs(f.D), std::fabs(r.D));
        m_peakShape[j] = perAxle(magicFormulaPeakShape(f.C, f.E), magicFormulaPeakShape(r.C, r.E));
    }
    m_frictionCoefficient = perAxle(front.linear.frictionCoefficient, rear.linear.frictionCoefficient);
    m_longitudinalStiffness =
        perAxle(front.linear.longitudinalStiffness, rear.linear.longitudinalStiffness);
    m_corneringStiffness = perAxle(front.linear.corneringStiffness, rear.linear.corneringStiffness);
}

void WheelTires::evaluateAxleByAxle(const WheelTireInputs& in, Quad& fx, Quad& fy) const {
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
        fx[i] = forces[i / 2][i % 2].fx;
        fy[i] = forces[i / 2][i % 2].fy;
    }
}

} // namespace vtw
