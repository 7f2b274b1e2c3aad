#pragma once

// Whether a dynamic lap is being driven or only survived (docs/physics.md 14.4). A
// car that weaves about its line, crawls far below the speed planned for it, or
// takes far longer than planned over a sector has not driven the lap, whatever its
// clock says at the finish. The judge watches the lap sample by sample (the run-up
// is not judged); its first verdict ends the lap, as a spin does.

#include "core/sim/StepSample.h"
#include "core/base/Units.h"

#include <cstddef>
#include <string>
#include <vector>

namespace vtw {

/// What the driver was asked to do: the quasi-steady lap at the pace asked.
struct LapPlan {
    std::vector<double> speed;        ///< m/s at each station of the path driven
    std::vector<double> sectorStarts; ///< m along the path
    std::vector<double> sectorTimes;  ///< s each sector takes at that speed
    double pace = 1.0;                ///< the share of the quasi-steady speeds, for the messages
};

class LapJudge {
public:
    void setPlan(LapPlan plan);
    /// m from the centre of mass to the rear axle, for the rear axle's slip angle (0:
    /// the car's sideslip stands in for it).
    void setRearAxleDistance(double distance) { m_rearAxleDistance = distance; }
    const LapPlan& plan() const { return m_plan; }

    /// One sample on the lap, at `station` of the path whose curvature there is
    /// `curvature` (1/m, left positive). Why the lap is no lap, or empty.
    std::string watch(const StepSample& sample, std::size_t station, double curvature);
    /// Sector `sector` has taken `seconds` so far (finished or not): why that is no
    /// lap, or empty.
    std::string sectorTime(std::size_t sector, double seconds) const;
    /// s the swing has been past a weave's thresholds at `time` (0 while it is not): a
    /// weave in the making, weaveTime before it is one.
    double swingingFor(double time) const { return m_weavingSince >= 0.0 ? time - m_weavingSince : 0.0; }

    /// s: the time constant over which the swing of the yaw rate about the line's
    /// (speed times curvature) and of the sideslip is measured: about a weave's period.
    static constexpr double swingTimeConstant = 2.0;
    /// rad/s: a yaw rate swinging about the line's by more than this (standard
    /// deviation; a weave of +-15 deg/s has 10.6)...
    static constexpr double weaveYawRate = units::degToRad(8.0);
    /// rad: ...while the rear axle's slip angle swings by more than this (the rear slides;
    /// a car late through a chicane swings its yaw rate with its rear all but still)...
    static constexpr double slidingSideslip = units::degToRad(1.0);
    /// rad: ...or the rear axle's slip angle swinging by more than this...
    static constexpr double weaveSideslip = units::degToRad(4.0);
    /// s: ...for longer than this is a limit cycle, not a correction.
    static constexpr double weaveTime = 4.0;
    /// Below this share of the planned speed...
    static constexpr double crawlShare = 0.6;
    /// s: ...for longer than this the car crawls.
    static constexpr double crawlTime = 5.0;
    /// A sector taking more than this many times its planned time was not driven.
    static constexpr double slowSectorFactor = 1.25;

private:
    /// An exponentially weighted mean and mean square: the swing is their variance.
    struct Swing {
        double mean = 0.0, meanSquare = 0.0;
        void add(double value, double weight);
        double deviation() const;
    };

    LapPlan m_plan;
    double m_rearAxleDistance = 0.0;
    Swing m_yawError, m_sideslip;
    double m_lastTime = 0.0;
    bool m_started = false;
    double m_weavingSince = -1.0;  ///< s; negative while not weaving
    double m_crawlingSince = -1.0; ///< s; negative while not crawling
    double m_largestYawSwing = 0.0, m_largestSideslipSwing = 0.0; ///< over the present weave
};

} // namespace vtw
