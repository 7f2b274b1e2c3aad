#pragma once

#include "core/sim/StepSample.h"
#include "core/base/Metric.h"

namespace vtw {

/// How long each axle's wheels were locked during a braking run. A wheel is locked
/// while its slip ratio is at or below `lockedSlipRatio` (it turns at 5 % or less of
/// the speed its tread passes over the road) and the car moves faster than
/// `movingSpeed` (below that the slip ratio's low-speed floor, not the wheel, sets it).
/// An axle counts as locked while either of its wheels is: one locked front wheel
/// already takes the steering and most of that axle's braking grip
/// (docs/physics.md, maneuvers).
class WheelLockTimer {
public:
    static constexpr double lockedSlipRatio = -0.95;
    static constexpr double movingSpeed = 1.0; ///< m/s

    void observe(const StepSample& sample);
    double frontSeconds() const { return m_seconds[0]; }
    double rearSeconds() const { return m_seconds[1]; }
    /// The metrics wheel_lock_front_s and wheel_lock_rear_s.
    MetricList metrics() const;

private:
    double m_seconds[2] = {0.0, 0.0};
    double m_lastTime = 0.0;
    bool m_hasLast = false;
    bool m_locked[2] = {false, false}; ///< at the last sample
};

} // namespace vtw
