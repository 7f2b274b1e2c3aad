#pragma once

#include "core/sim/Simulator.h"

#include <string>

namespace vtw {

/// Watches a steer test for a spin: a sideslip beyond `limitDeg` means the car
/// swapped ends instead of following the steer, so the figures that assume a car
/// responding to its steer (a yaw-rate gain, a response time) do not hold. The
/// step steer and the sine steer share it so that they call the same thing a spin.
class SpinWatch {
public:
    explicit SpinWatch(double limitDeg) : m_limitDeg(limitDeg) {}
    void observe(const StepSample& sample);
    bool spun() const;
    /// Why the figures do not hold, naming the sideslip reached; empty without a spin.
    std::string reason() const;
    double maxSideslip() const { return m_maxSideslip; } ///< rad

private:
    double m_limitDeg;
    double m_maxSideslip = 0.0;
};

} // namespace vtw
