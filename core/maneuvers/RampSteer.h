#pragma once

#include "core/maneuvers/DriverControllers.h"
#include "core/maneuvers/LinearFit.h"
#include "core/maneuvers/Maneuver.h"

namespace vtw {

/// Ramp steer at constant speed: the road-wheel angle rises slowly and the
/// speed is held. In quasi-steady state delta = L r/u + K (u r / g), so the
/// understeer gradient K is the slope of (delta - L r/u) against ay/g over
/// the linear range (Gillespie ch. 6; docs/physics.md 9).
///
/// Quasi-steady: a steer ramp is a step in steer rate, and the yaw response
/// to that step has a start transient; once it has died away the yaw rate
/// follows the steer with a lag tau, so the steer runs rate x tau ahead of
/// the steady-state steer for the same lateral acceleration. With linear tyres
/// tau is constant and only moves the fit's intercept; with real tyres tau
/// grows with ay and tilts the slope by rate x dtau/d(ay). So the steer ramps
/// up through the linear range and back down at the same rate: on the way
/// down the lag has the other sign, and the mean of the two legs' slopes
/// cancels it. Each leg is fitted only to samples from `settleSeconds` after
/// it began (the rate's step starts a transient). A ramp so fast that a leg
/// covers less than `minFittedShare` of the linear range after its transient
/// gives a gradient (the rising leg's fit over the whole range, transient
/// included, as a plain ramp would) reported invalid with that reason. After
/// the two legs the steer rises at least at `limitRampRate` to the grip limit
/// (the maximum lateral acceleration).
class RampSteer : public Maneuver {
public:
    explicit RampSteer(double speedKmh = 80.0, double rampDegPerSecond = defaultRampRate)
        : m_speedKmh(speedKmh), m_rampRate(rampDegPerSecond) {}
    std::string id() const override { return "ramp-steer"; }
    std::string title() const override { return "Ramp steer"; }
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_done; }
    double timeLimit() const override { return 300.0; } // room for slow ramps at low speed
    MetricList metrics() const override;

    static constexpr double linearRangeG = 0.3;
    static constexpr double fitStartG = 0.02;      ///< below this the fit's x has no spread
    static constexpr double defaultRampRate = 0.1; ///< deg/s of road-wheel angle
    /// s after the ramp starts before the fit takes samples: many times a car's
    /// yaw time constant (a few tenths of a second at road speeds).
    static constexpr double settleSeconds = 2.0;
    /// The settled fit must cover at least this share of the linear range.
    static constexpr double minFittedShare = 0.5;
    static constexpr double limitRampRate = 0.5; ///< deg/s, at least, past the linear range

private:
    enum class Phase { Up, Down, Limit };
    double m_speedKmh, m_rampRate;
    SpeedHold m_speed;
    double m_wheelbase = 2.5;
    bool m_done = false;
    double m_maxAy = 0.0;
    Phase m_phase = Phase::Up;
    double m_phaseStart = 0.0, m_phaseSteer = 0.0; ///< s, rad: where the phase's ramp starts
    double m_upAyAtSettle = -1.0;   ///< ay/g when the rising leg's transient had settled
    double m_downAyAtSettle = -1.0; ///< ay/g when the falling leg's transient had settled
    LinearFit m_fit;                ///< every rising sample in the linear range (a plain ramp)
    LinearFit m_upFit, m_downFit;   ///< the samples after each leg's start transient
};

} // namespace vtw
