#include "core/maneuvers/WheelLock.h"

namespace vtw {

void WheelLockTimer::observe(const StepSample& s) {
    // The interval since the last sample counts for the state seen at its start.
    if (m_hasLast) {
        for (int axle = 0; axle < 2; ++axle)
            m_seconds[axle] += m_locked[axle] ? s.time - m_lastTime : 0.0;
    }
    const bool moving = s.speed() > movingSpeed;
    for (int axle = 0; axle < 2; ++axle) {
        const int left = axle == 0 ? FL : RL, right = axle == 0 ? FR : RR;
        m_locked[axle] = moving && (s.forces.slipRatio[left] <= lockedSlipRatio ||
                                    s.forces.slipRatio[right] <= lockedSlipRatio);
    }
    m_lastTime = s.time;
    m_hasLast = true;
}

MetricList WheelLockTimer::metrics() const {
    using S = MetricSense;
    return {
        makeMetric("wheel_lock_front_s", "Front wheels locked", "s", S::LowerIsBetter, true, m_seconds[0]),
        makeMetric("wheel_lock_rear_s", "Rear wheels locked", "s", S::LowerIsBetter, true, m_seconds[1]),
    };
}

} // namespace vtw
