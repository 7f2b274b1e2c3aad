#pragma once

// How far a driver lifts the throttle as the rear of the car slides (docs/physics.md
// 14.3): nothing while the rear tyres have grip to spare, all of it once they are past
// their peak. Where "spare" ends depends on the tyre and on its load, so the slip
// angles that bound the lift are tabulated over the load once per car, and read at the
// more loaded rear wheel's, the one whose saturation is the axle's.

#include <vector>

namespace vtw {

class Simulator;
class Tire;

class SlideLift {
public:
    /// Tabulated for a car's rear tyre up to `maxLoad` (N); `staticLoad` (N) stands in
    /// for the wheels' loads before the first step.
    SlideLift(const Tire& rearTire, double maxLoad, double staticLoad);

    /// The share of the throttle to take off (0..1) for the car's state and the rear
    /// wheels' loads in the simulator's last step.
    double lift(const Simulator& sim) const;

    /// rad at a load (N): where the pure lateral force first reaches saturationShare of
    /// its peak, and where the lift is complete (the peak's slip angle, at least
    /// fullLiftSpan times the first).
    double onsetSlip(double load) const;
    double fullLiftSlip(double load) const;

    /// Of the peak lateral force: below it the tyre has grip to spare.
    static constexpr double saturationShare = 0.98;
    /// A tyre that peaks soon after its onset (a linear one capped at mu Fz) still gets
    /// a lift this wide, so the throttle comes off smoothly.
    static constexpr double fullLiftSpan = 1.5;
    /// Loads tabulated (from 0 to the most).
    static constexpr int loadIntervals = 16;

private:
    double interpolate(const std::vector<double>& table, double load) const;

    double m_loadStep = 1.0;
    double m_staticLoad = 0.0;
    std::vector<double> m_onset, m_full; ///< rad, at loads 0, step, 2 step, ...
};

} // namespace vtw
