#pragma once

// The limit driver (docs/physics.md 14.5): the dynamic lap driven at speeds it learns
// over repeated laps, instead of one fixed share of the quasi-steady lap's. It starts
// at a safe share everywhere; after each lap it raises the share where the car was
// calm and lowers it where the car slid, strayed from its line, spun or left the
// track; it stops when the best lap no longer improves, or at a lap cap. The run then
// drives the best valid lap again (the laps are deterministic, so it is that lap, to
// the bit), with its telemetry and metrics, and the laps it took to learn.

#include "core/maneuvers/DynamicLap.h"

#include <memory>
#include <vector>

namespace vtw {

struct LimitLapSettings {
    /// The first lap's share of the car's envelope everywhere (LapOptions::gripShares).
    double startShare = 0.9;
    double raise = 0.02;      ///< per lap where the car was calm and nothing higher strained it
    double smallestRaise = 0.0025; ///< the narrowest bracket between calm and strained
    double minShare = 0.6;
    /// Above 1: the quasi-steady lap is an upper bound on paper, and the learning must be
    /// free to find where the dynamic car is faster than it (then the two models
    /// disagree about the car, and the output says so).
    double maxShare = 1.05;
    int maxLaps = 20;
    int minLaps = 4;
    /// The best lap improving by less than this share over the last `settleLaps` laps
    /// with a time ends the learning.
    double settleShare = 0.0005;
    int settleLaps = 3;
    // What counts as strained at a station (the largest magnitudes on the lap there):
    /// rad of sideslip: past it a slide is on its way to a spin, whatever the tyres say.
    double strainSideslip = units::degToRad(12.0);
    /// An axle's slip angle over its tyres' peak one (DynamicLap::StationStrain): that
    /// end slides. A yaw rate off the line's is no strain: in a tight chicane it lags a
    /// line that turns from one lock to the other, at any speed.
    double strainSlide = 1.5;
    double strainLateral = 1.0; ///< m from the line
    /// s of swinging as a weave does, half the time that makes it one (LapJudge).
    double strainSwinging = 2.0;
    /// m before a strained station that share the blame: the speed there decided the
    /// state the car reached it with...
    double blameDistance = 120.0;
    /// ...and before where a lap ended (a weave is judged seconds after it began).
    double endBlameDistance = 300.0;
    /// m: the shares are averaged over this window, so the profile stays drivable.
    double smoothing = 30.0;
};

class LimitLap : public Maneuver {
public:
    LimitLap(std::shared_ptr<const Track> track, std::shared_ptr<const TrackPath> path,
             std::vector<double> sectorStarts, const LineDriverSettings& driver = {},
             const LimitLapSettings& settings = {});

    std::string id() const override { return "dynamic-lap"; }
    std::string title() const override { return "Lap of a track (dynamic, limit driver)"; }
    /// Learns the speeds on the run's setup (the first one given), then starts the
    /// best lap's run-up.
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override;
    double timeLimit() const override;
    /// The best lap's metrics, with laps_driven.
    MetricList metrics() const override;
    /// The lap driven's (DynamicLap::endReason).
    std::string endReason() const override { return m_final ? m_final->endReason() : std::string(); }

    /// The learning laps stop early when `hooks.cancel` is set, and report after each.
    void setPreparationHooks(PreparationHooks hooks) override { m_hooks = std::move(hooks); }

    /// Once learned: the lap driven (the best one found).
    const DynamicLap* lap() const { return m_final.get(); }
    int lapsDriven() const { return m_lapsDriven; }
    /// Each learning lap's time, s (NaN for a lap that ended without one).
    const std::vector<double>& learningLapTimes() const { return m_lapTimes; }

private:
    std::unique_ptr<DynamicLap> makeLap(const std::vector<double>& shares) const;
    void learn(const Setup& setup) const;
    /// Per station: the highest share it was calm at, and the lowest it was strained at.
    struct Bounds {
        std::vector<double> calm, strained;
    };
    void reportProgress(double best) const;
    /// The car was pressed beyond what it holds at a station.
    bool strained(const DynamicLap::StationStrain& s) const;
    /// The next lap's shares from this lap's, narrowing each station's bounds.
    std::vector<double> nextShares(const std::vector<double>& shares, Bounds& bounds, const DynamicLap& lap,
                                   const std::vector<double>& full) const;

    std::shared_ptr<const Track> m_track;
    std::shared_ptr<const TrackPath> m_path;
    std::vector<double> m_sectorStarts;
    LineDriverSettings m_driver;
    LimitLapSettings m_settings;
    PreparationHooks m_hooks;
    // Learned once, on the first setup the run gives (as the dynamic lap's targets are).
    mutable std::unique_ptr<DynamicLap> m_final;
    mutable int m_lapsDriven = 0;
    mutable std::vector<double> m_lapTimes;
};

} // namespace vtw
