#pragma once

// The lap of a track driven in the full dynamic model (docs/physics.md 14): a driver
// (LineDriver) follows the track's line at a pace of the quasi-steady lap's speeds
// (docs/physics.md 13) on the same setup, and the run is judged as a lap: lap and
// sector times, how far the car strayed from the line, and whether it kept to the
// track. A car that leaves the track, spins or stops ends the lap there, with the
// reason instead of a lap time; so does one that weaves, crawls or falls far behind
// its plan over a sector (LapJudge): a lap survived is not a lap driven.

#include "core/maneuvers/LapJudge.h"
#include "core/maneuvers/LineDriver.h"
#include "core/maneuvers/Maneuver.h"
#include "core/lap/LapSimulation.h"
#include "core/track/TrackLimits.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vtw {

/// m between the stations of the line a dynamic lap drives (the quasi-steady lap's
/// default): finer than any car moves off its line in a step's worth of preview.
inline constexpr double dynamicLapStationStep = 1.0;

/// m/s^2 over each step of a speed profile along a closed line's stations (v dv/ds,
/// constant between stations; the last step runs to the first station).
std::vector<double> profileAccelerations(const std::vector<double>& distance, const std::vector<double>& speed,
                                         double length);
/// s each sector of a speed profile takes (each step at its mean speed).
std::vector<double> sectorTimesOf(const std::vector<double>& distance, const std::vector<double>& speed,
                                  double length, const std::vector<double>& sectorStarts);

class DynamicLap : public Maneuver {
public:
    /// The track (its centre line and widths, for the limits), the path driven (a
    /// line of it, sampled) and where the sectors start on that path (m).
    DynamicLap(std::shared_ptr<const Track> track, std::shared_ptr<const TrackPath> path,
               std::vector<double> sectorStarts, const LineDriverSettings& settings = {});

    std::string id() const override { return "dynamic-lap"; }
    std::string title() const override { return "Lap of a track (dynamic)"; }
    /// The setup as it is; the first one given fixes the quasi-steady lap whose speeds
    /// the driver aims for (a live edit changes the car, not the targets).
    Setup adaptSetup(const Setup& setup) const override;
    InitialConditions initialConditions(const Setup& setup) const override;
    DriverInputs control(const Simulator& sim) override;
    void observe(const StepSample& sample) override;
    bool finished() const override { return m_ended; }
    /// Twice the target lap time (the quasi-steady lap's over the pace), the run-up and
    /// half a minute; before the setup is known, the path at a crawl (slowestMeanSpeed).
    double timeLimit() const override;
    MetricList metrics() const override;

    /// Aim for these shares of the quasi-steady speeds, one per station of the path,
    /// instead of the pace's one share everywhere (the limit driver's learned plan,
    /// LimitLap). Set before the run starts.
    void setSpeedShares(std::vector<double> shares);

    /// How hard the car was pressed at each station of the path on the lap (the
    /// largest magnitudes seen there): what the limit driver learns from.
    struct StationStrain {
        double sideslip = 0.0; ///< rad
        /// Each axle's slip angle over the one where its tyres' force peaks (at their
        /// reference load): above 1, that end slides.
        double frontSlide = 0.0;
        double rearSlide = 0.0;
        double lateral = 0.0;  ///< m from the line
        double swinging = 0.0; ///< s the car had been swinging as a weave does (LapJudge::swingingFor)
    };
    const std::vector<StationStrain>& strain() const { return m_strain; }
    /// A learning lap (LimitLap): a verdict of the judge (a weave, a crawl, a slow
    /// sector) makes it no lap, but the car drives on to the finish, so that the rest of
    /// the lap still shows where it is pressed. Leaving the track, a spin or a stop
    /// still end it. Set before the run starts.
    void setDrivesOnAfterVerdict(bool on) { m_drivesOn = on; }
    /// m along the lap where it ended without a time, or where the judge's verdict fell
    /// (negative on the run-up); none for a lap with a time, or one that ended before
    /// the start line was known.
    std::optional<double> endedAt() const { return m_endedAt; }
    /// m along the lap the car got to (0..length).
    double drivenTo() const;
    /// The lap time, once the finish is crossed.
    std::optional<double> lapTime() const { return m_lapTime; }
    /// The speed aimed for at each station (m/s), once the run has started.
    const std::vector<double>& targetSpeeds() const { return m_judge.plan().speed; }

    /// Why the lap ended without a time (left the track, spun, stopped); empty otherwise.
    std::string endReason() const override { return m_reason; }
    /// The quasi-steady lap whose speeds the driver aims for, once the run has started.
    const LapResult* quasiSteadyLap() const { return m_reference ? &m_reference->lap : nullptr; }
    const LineDriver& driver() const { return m_driver; }
    const LapJudge& judge() const { return m_judge; }
    const Track& track() const { return *m_track; }
    const TrackPath& path() const { return *m_path; }

    /// The time (s) at which the lap's clock started: when the car crossed the start
    /// line after its run-up; negative before.
    double lapStartTime() const { return m_crossings.empty() ? -1.0 : m_crossings.front(); }

    /// A lap that takes this many times its target is no lap (the time limit)...
    static constexpr double slowLapFactor = 2.0;
    /// s: ...with this much more for a short lap's sake.
    static constexpr double timeLimitMargin = 30.0;
    /// m/s: the time limit's crawl, before the setup is known.
    static constexpr double slowestMeanSpeed = 15.0;
    /// s: the car starts this long before the start line at its target speed, so that
    /// its tyres have taken their slip angles and the driver has settled by the line...
    static constexpr double runUpTime = 5.0;
    /// ...but no further back than this share of the lap.
    static constexpr double maxRunUpShare = 0.25;
    /// rad: beyond this sideslip the car has spun.
    static constexpr double spinSideslip = 30.0 * 3.14159265358979323846 / 180.0;
    /// m/s: below this speed, past the first second, the car has stopped.
    static constexpr double stoppedSpeed = 1.0;

private:
    /// The quasi-steady lap of the setup and the driver's targets from it, computed
    /// by the first of initialConditions() and control() to need them.
    struct Reference {
        PerformanceEnvelope envelope;
        LapResult lap;
    };
    const Reference& reference(const Setup& setup) const;
    /// m before the start line where the run starts.
    double runUpDistance(const Setup& setup) const;
    /// The share of the quasi-steady speed aimed for at a station.
    double shareAt(std::size_t station) const;
    void end(const std::string& reason);
    /// A verdict of the judge: ends the lap, or (setDrivesOnAfterVerdict) only marks it.
    void judged(const std::string& reason);

    std::shared_ptr<const Track> m_track;
    std::shared_ptr<const TrackPath> m_path;
    std::vector<double> m_sectorStarts;
    LineDriverSettings m_settings;
    mutable std::shared_ptr<const Reference> m_reference;
    bool m_targetsSet = false;
    LineDriver m_driver;

    // The judge: where the car is against the line (through the driver's projector,
    // which has found the same point when the sample is the state it steered from)
    // and against the track's edges.
    TrackLimits m_limits;
    LapJudge m_judge;
    std::vector<double> m_shares;          ///< per station; empty: the pace everywhere
    double m_slowestShare = 0.0;           ///< the least of m_shares (the time limit's), or the pace
    std::vector<StationStrain> m_strain;   ///< per station, over the lap
    std::optional<double> m_endedAt;
    double m_halfTrack = 0.8; ///< m, half the car's widest axle track
    double m_frontLever = 1.25, m_rearLever = 1.25; ///< m, from the centre of mass to each axle
    double m_frontPeakSlip = 0.1, m_rearPeakSlip = 0.1; ///< rad, each axle's tyres' peak slip angle
    bool m_located = false;
    double m_lastAlong = 0.0, m_progress = 0.0; ///< m; progress counts on past the finish
    double m_lastTime = 0.0, m_lastProgress = 0.0;
    std::vector<double> m_crossings; ///< s from the run's start, when each sector start was passed
    std::optional<double> m_lapTime; ///< s, from the start line to the finish
    bool m_ended = false;
    bool m_drivesOn = false;
    std::string m_reason;
    double m_maxLateral = 0.0, m_sumLateral2 = 0.0;
    long m_samples = 0;
    double m_minEdgeMargin = 1e9; ///< m, the outer wheels' least distance inside an edge
    double m_topSpeed = 0.0;
    std::optional<double> m_offTrackAt;   ///< m along the lap, negative on the run-up
    std::optional<double> m_offTrackTime; ///< s from the run's start
};

} // namespace vtw
