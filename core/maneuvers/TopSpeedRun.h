#pragma once

#include "core/maneuvers/Maneuver.h"

#include <vector>

namespace vtw {

/// Full throttle until the car stops accelerating: top speed is where drive
/// force meets drag plus rolling resistance (docs/physics.md 1), not a parameter.
/// The run starts at `startSpeedKmh` to save time. Because the approach to the
/// equilibrium is asymptotic, the final figure extrapolates the last two
/// one-second windows of (speed, acceleration) to zero acceleration.
/// Only windows in one gear count, starting `shiftSettleSeconds` after a shift
/// has finished: the torque cut of an upshift pulls a window's mean
/// acceleration down without the car being anywhere near its equilibrium
/// (docs/physics.md 1 and 3), and after the shift it is the new gear's
/// equilibrium that the car approaches.
/// The driver starts in the gear with the most drive force and shifts up as soon
/// as the next gear gives more and still beats the resistance, so the run settles
/// in the fastest reachable gear (an automatic box shifts on rpm lines: it may
/// upshift into a tall overdrive and settle lower, or never reach its line and
/// stay in a gear slower than the next).
/// With `fixedGear` > 0 the run holds that gear instead.
class TopSpeedRun : public Maneuver {
public:
    explicit TopSpeedRun(double startSpeedKmh = 100.0, int fixedGear = 0)
        : m_startSpeedKmh(startSpeedKmh), m_fixedGear(fixedGear) {}
    std::string id() const override { return "top-speed"; }
    std::string title() const override { return "Top speed"; }
    Setup adaptSetup(const Setup& setup) const override;
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_done; }
    double timeLimit() const override { return 400.0; }
    MetricList metrics() const override;

    /// Mean acceleration over a window below which the car has stopped accelerating (m/s^2).
    /// Small enough that the extrapolation across what is left is short: near a
    /// steeply falling torque curve the slope of a(v) changes within a few km/h
    /// (0.05 stopped a Golf 1 % short of its balance).
    static constexpr double settledAccel = 0.005;
    static constexpr double windowSeconds = 1.0;
    /// s after a shift's torque cut before the windows start again: the
    /// driveline's wind-up after the torque returns dies out well within it.
    static constexpr double shiftSettleSeconds = 0.5;

private:
    struct Window {
        double speed = 0.0, accel = 0.0;
    };
    double m_startSpeedKmh;
    int m_fixedGear;
    double m_windowStart = -1.0, m_sumSpeed = 0.0, m_sumAccel = 0.0;
    int m_gear = 0;              ///< the gear of the last sample
    double m_shiftTime = 0.2;    ///< s, the setup's torque-cut time
    double m_quietFrom = 0.0;    ///< s, windows start no earlier (after a shift)
    long m_count = 0;
    std::vector<Window> m_windows;
    bool m_done = false;
    bool m_startGearChosen = false;
    double m_topSpeed = 0.0, m_time = 0.0;
};

} // namespace vtw
